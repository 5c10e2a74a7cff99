//! A match to show the console with (its tests, snapshots and benchmark): VK Partizan (team 1, white) against VK Crvena zvezda
//! (team 2, blue), 13 players a side with caps 1–13 (player ids 101–113 and 201–213), quarters
//! of 8 minutes, two officials.

use polodesk_domain::events::{EventInput, EventView};
use polodesk_domain::views::matches::MatchView;
use serde_json::json;

const HOME: [&str; 13] = [
    "Lazović Marko",
    "Mandić Dušan",
    "Jakšić Viktor",
    "Dedović Đorđe",
    "Ćuk Milan",
    "Pijetlović Duško",
    "Rašović Strahinja",
    "Prlainović Andrija",
    "Filipović Filip",
    "Gocić Nikola",
    "Vico Sava",
    "Jokić Luka",
    "Mitrović Branislav",
];
const AWAY: [&str; 13] = [
    "Glušac Radomir",
    "Lazić Ognjen",
    "Dašić Uroš",
    "Subotić Nemanja",
    "Vapenski Petar",
    "Ranđelović Stefan",
    "Vlachopoulos Ioannis",
    "Avramović Aleksa",
    "Drašović Nikola",
    "Šimić Luka",
    "Gardašević Vuk",
    "Basara Marko",
    "Perić Danilo",
];

pub fn game() -> MatchView {
    let players = |team: u64, names: &[&str; 13]| {
        names
            .iter()
            .enumerate()
            .map(|(i, full)| {
                let (surname, name) = full.split_once(' ').unwrap_or((full, ""));
                let cap = i as u64 + 1;
                json!({
                    "id": team * 100 + cap, "matchId": 7, "teamId": team,
                    "playerId": team * 100 + cap,
                    "positionId": if cap == 1 || cap == 13 { 400 } else { 401 },
                    "number": cap, "capNumber": cap,
                    "player": { "name": name, "surname": surname },
                })
            })
            .collect::<Vec<_>>()
    };
    let mut all = players(1, &HOME);
    all.extend(players(2, &AWAY));
    let mut fields: serde_json::Value = serde_json::from_str(
        r#"{
        "id": 7, "homeTeamId": 1, "awayTeamId": 2,
        "homeTeamDisplayName": "VK Partizan", "awayTeamDisplayName": "VK Crvena zvezda",
        "homeTeam": null, "awayTeam": null, "federationId": 1, "competitionId": 3,
        "competition": null, "competitionDisplayName": "Super liga", "competitionLogo": null,
        "federationLogo": null, "countryId": null, "country": null, "cityId": null, "city": null,
        "venue": "Banjica", "round": "3", "number": "12", "description": null,
        "matchSegmentId": 303, "matchSegment": "Quarter", "matchSegmentLength": 8,
        "startDate": "2026-11-24T18:00:00Z", "endDate": null, "logPinRequired": true,
        "statusId": 200, "status": "Not_Started",
        "homeTeamGoalsQ1": 0, "homeTeamGoalsQ2": 0, "homeTeamGoalsQ3": 0, "homeTeamGoalsQ4": 0,
        "homeTeamGoalsOT": 0, "awayTeamGoalsQ1": 0, "awayTeamGoalsQ2": 0, "awayTeamGoalsQ3": 0,
        "awayTeamGoalsQ4": 0, "awayTeamGoalsOT": 0, "homeTeamGoalsTotal": 0,
        "awayTeamGoalsTotal": 0, "decidedByShootout": false, "logClosed": false, "revision": 0,
        "referees": [], "delegates": [], "coaches": []
    }"#,
    )
    .expect("the test match's fields are JSON");
    fields["players"] = json!(all);
    fields["officials"] = json!([
            { "id": 1, "matchId": 7, "officialId": 11, "roleId": 600, "confirmed": false,
              "confirmedAt": null, "official": { "name": "Boris", "surname": "Margeta" } },
            { "id": 2, "matchId": 7, "officialId": 12, "roleId": 601, "confirmed": false,
              "confirmedAt": null, "official": { "name": "Ana", "surname": "Kovač" } },
    ]);
    serde_json::from_value(fields).expect("the test match is a valid MatchView")
}

/// A server event from its API form.
pub fn event(id: u64, value: serde_json::Value) -> EventView {
    let mut input: EventInput = serde_json::from_value(value).expect("a valid event input");
    input.match_id = Some(7);
    let fields = input.validate().expect("a valid event");
    EventView::from(polodesk_domain::events::Event { id, fields })
}
