use serde_json::{Value, json};

use super::*;

fn game() -> MatchView {
    let player = |team: u64, cap: u64, surname: &str| {
        json!({"id": team * 100 + cap, "matchId": 9, "teamId": team,
            "playerId": team * 100 + cap, "positionId": 401, "number": cap,
            "capNumber": cap, "player": {"name": "A", "surname": surname}})
    };
    let mut fields: Value = serde_json::from_str(
        r#"{"id": 9, "homeTeamId": 1, "awayTeamId": 2, "homeTeamDisplayName": "VK Šabac",
        "awayTeamDisplayName": "VK Radnički", "homeTeam": null, "awayTeam": null,
        "federationId": 1, "competitionId": 3, "competition": null,
        "competitionDisplayName": "Kup Srbije", "competitionLogo": null,
        "federationLogo": null, "countryId": null, "country": null, "cityId": 4,
        "city": {"id": 4, "name": "Kragujevac", "nameUniversal": "Kragujevac"},
        "venue": "Park", "round": "1", "number": "K-7", "description": null,
        "matchSegmentId": 303, "matchSegment": "Quarter", "matchSegmentLength": 8,
        "startDate": "2026-11-24T18:30:00Z", "endDate": "2026-11-24T19:55:00Z",
        "statusId": 206, "status": "Finished", "homeTeamGoalsQ1": 1,
        "homeTeamGoalsQ2": 0, "homeTeamGoalsQ3": 0, "homeTeamGoalsQ4": 0,
        "homeTeamGoalsOT": 1, "awayTeamGoalsQ1": 1, "awayTeamGoalsQ2": 0,
        "awayTeamGoalsQ3": 0, "awayTeamGoalsQ4": 0, "awayTeamGoalsOT": 0,
        "homeTeamGoalsTotal": 2, "awayTeamGoalsTotal": 1, "decidedByShootout": true,
        "logClosed": false, "revision": 9, "referees": [], "delegates": [],
        "officials": [{"id": 1, "matchId": 9, "officialId": 5, "roleId": 600,
            "confirmed": true, "confirmedAt": null,
            "official": {"name": "Lazar", "surname": "Petković"}}]}"#,
    )
    .expect("JSON");
    fields["players"] = json!([
        player(1, 1, "Čolić"),
        player(1, 7, "Đurić"),
        player(2, 1, "Žarić"),
        player(2, 5, "Šarić")
    ]);
    fields["coaches"] = json!([{"id": 1, "matchId": 9, "teamId": 2, "coachId": 70,
        "roleId": 500, "coach": {"name": "Dejan", "surname": "Savić"}}]);
    serde_json::from_value(fields).expect("a match")
}

fn event(id: u64, period: u64, minute: u8, seconds: u8, body: Value) -> EventView {
    let mut value = json!({"id": id, "matchId": 9, "periodId": period, "minute": minute,
        "seconds": seconds, "clientId": null, "pairedEventId": null, "timeout": null,
        "swimoff": null, "card": null, "turnover": null, "exclusion": null, "shot": null,
        "challenge": null});
    for (key, field) in body.as_object().expect("an object") {
        value[key] = field.clone();
    }
    serde_json::from_value(value).expect("an event")
}

#[test]
fn the_log_codes_every_event_with_the_running_score_and_fills_the_boxes() {
    let shot = |team, by, kind, goal| {
        json!({"typeId": 705, "shot": {"teamId": team, "typeId": kind, "takenById": by,
            "isGoal": goal}})
    };
    let events = vec![
        event(6, 1204, 0, 0, shot(1, 107, 1103, true)),
        event(
            1,
            1200,
            8,
            0,
            json!({"typeId": 701, "swimoff": {"homeTeamSwimmerId": 107,
            "awayTeamSwimmerId": 205, "winnerSwimmerId": 205, "winnerTeamId": 2}}),
        ),
        event(2, 1200, 7, 10, shot(2, 205, 1102, true)),
        event(
            3,
            1200,
            6,
            0,
            json!({"typeId": 704, "exclusion": {"teamId": 1,
            "typeId": 1000, "excludedPlayerId": 107}}),
        ),
        event(4, 1200, 5, 30, shot(1, 107, 1100, true)),
        event(
            5,
            1200,
            5,
            0,
            json!({"typeId": 700, "timeout": {"teamId": 2}}),
        ),
        event(
            7,
            1200,
            4,
            0,
            json!({"typeId": 702, "card": {"teamId": 2, "typeId": 800,
            "cardedCoachId": 70}}),
        ),
        event(8, 1200, 3, 0, shot(2, 205, 1100, false)),
    ];
    let sheet = Scoresheet::of(&game(), &events, TemplateLanguage::Rs);
    type Shown = (String, Option<String>, RemarkCode, Option<(u32, u32)>);
    let log: Vec<Shown> = sheet
        .log
        .iter()
        .map(|row| {
            let score = row.score.map(|s| (s.white, s.blue));
            (row.time.clone(), row.mark.who.clone(), row.code, score)
        })
        .collect();
    assert_eq!(
        log,
        vec![
            ("08:00".into(), Some("5".into()), RemarkCode::SwimOff, None),
            (
                "07:10".into(),
                Some("5".into()),
                RemarkCode::ExtraManGoal,
                Some((0, 1))
            ),
            (
                "06:00".into(),
                Some("7".into()),
                RemarkCode::Exclusion,
                None
            ),
            (
                "05:30".into(),
                Some("7".into()),
                RemarkCode::Goal,
                Some((1, 1))
            ),
            ("05:00".into(), None, RemarkCode::Timeout, None),
            (
                "04:00".into(),
                Some("HC".into()),
                RemarkCode::YellowCard,
                None
            ),
            (
                "00:00".into(),
                Some("7".into()),
                RemarkCode::ShootoutGoal,
                Some((2, 1))
            ),
        ]
    );
    let seven = &sheet.white.slots[1];
    assert_eq!((seven.cap, seven.name.as_str()), (7, "Đurić A"));
    assert_eq!(
        seven.fouls,
        vec![Foul {
            code: RemarkCode::Exclusion,
            period: Period::First
        }]
    );
    assert_eq!(seven.goals, [1, 0, 0, 0, 1]);
    assert_eq!((sheet.white.goals, sheet.white.total), ([1, 0, 0, 0, 1], 2));
    assert_eq!(
        sheet.blue.timeouts,
        vec![SheetCall {
            period: Period::First,
            time: "05:00".into()
        }]
    );
    assert_eq!(sheet.blue.head_coach.as_deref(), Some("Savić Dejan"));
    assert_eq!(
        (sheet.date.as_str(), sheet.start.as_str()),
        ("24.11.2026.", "18:30")
    );
    assert_eq!(sheet.end.as_deref(), Some("19:55"));
    assert_eq!(sheet.city.as_deref(), Some("Kragujevac"));
    assert!(sheet.decided_by_shootout);
    assert_eq!(sheet.result, "1:1 (1:0)");
    assert_eq!(
        sheet.file_name,
        "Scoresheet_VK Šabac_VK Radnički_24.11.2026.pdf"
    );
    assert_eq!(sheet.labels.personal_fouls, "Lične greške");
    assert_eq!(sheet.officials[0].role, "Sudija");
    assert_eq!(sheet.officials[0].name, "Petković Lazar");
    let json = serde_json::to_value(&sheet.log[1]).expect("JSON");
    assert_eq!(json["code"], "EG");
    assert_eq!(json["mark"]["colour"], "blue");
}

#[test]
fn the_codes_are_the_specs_thirteen_printed_as_the_json_names_them() {
    let printed: Vec<&str> = RemarkCode::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(
        printed,
        [
            "CH", "TO", "#", "RC", "YC", "E", "ES", "EB", "P", "G", "EG", "PG", "PSG"
        ]
    );
    for code in RemarkCode::ALL {
        assert_eq!(serde_json::to_value(code).expect("JSON"), code.as_str());
    }
}
