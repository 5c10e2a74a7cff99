//! The official scoresheet of a match (spec 02 §9), as both PDF renderers draw it: the header,
//! white (home) and blue (away) with their coaches and 16 lineup slots (personal fouls with
//! their code and period, goals per period), the progressive log of every event with the
//! scoresheet's remark codes and the running score, the results per period, the timeouts and
//! challenges with their times, and the officials. Pure: the renderers only lay it out.

use serde::{Deserialize, Serialize};

use crate::codes::{CardType, CoachRole, ExclusionType, Period, ShotType};
use crate::events::EventView;
use crate::views::matches::{MatchView, PersonName};

/// A scoresheet's remark codes (spec 02 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Code {
    /// Challenge.
    #[serde(rename = "CH")]
    Challenge,
    /// Timeout.
    #[serde(rename = "TO")]
    Timeout,
    /// Swim-off won.
    #[serde(rename = "#")]
    SwimOff,
    #[serde(rename = "RC")]
    RedCard,
    #[serde(rename = "YC")]
    YellowCard,
    /// Exclusion (a personal foul).
    #[serde(rename = "E")]
    Exclusion,
    /// Exclusion with substitution (misconduct: out for the rest of the match).
    #[serde(rename = "ES")]
    Suspension,
    /// Exclusion for brutality.
    #[serde(rename = "EB")]
    Brutality,
    /// Penalty foul.
    #[serde(rename = "P")]
    Penalty,
    /// Goal from regular attack.
    #[serde(rename = "G")]
    Goal,
    /// Extra-man (power play) goal.
    #[serde(rename = "EG")]
    ExtraManGoal,
    /// Penalty goal.
    #[serde(rename = "PG")]
    PenaltyGoal,
    /// Penalty shootout goal.
    #[serde(rename = "PSG")]
    ShootoutGoal,
}

impl Code {
    /// The personal fouls that fill a player's three boxes.
    pub fn is_personal_foul(self) -> bool {
        matches!(
            self,
            Code::Exclusion | Code::Suspension | Code::Brutality | Code::Penalty
        )
    }

    fn of_exclusion(kind: ExclusionType) -> Code {
        match kind {
            ExclusionType::Exclusion => Code::Exclusion,
            ExclusionType::Suspension => Code::Suspension,
            ExclusionType::Brutality => Code::Brutality,
            ExclusionType::Penalty => Code::Penalty,
        }
    }

    fn of_goal(kind: ShotType) -> Code {
        match kind {
            ShotType::RegularAttack => Code::Goal,
            ShotType::PowerPlay => Code::ExtraManGoal,
            ShotType::Penalty => Code::PenaltyGoal,
            ShotType::PenaltyShootout => Code::ShootoutGoal,
        }
    }
}

/// White (home) or blue (away), as the scoresheet names the sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    White,
    Blue,
}

/// Who an event is for: a cap, a coach (HC or AC), or the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Mark {
    pub colour: Colour,
    /// The cap, or "HC" / "AC", or none for the team.
    pub who: Option<String>,
}

/// One row of the progressive log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogRow {
    pub period: Period,
    /// mm:ss as the clock read.
    pub time: String,
    pub mark: Mark,
    pub code: Code,
    /// White's and blue's goals after a goal; none on other rows.
    pub score: Option<(u32, u32)>,
}

/// A personal foul in a player's box: its code and the period it was given in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Foul {
    pub code: Code,
    pub period: Period,
}

/// One of a side's lineup slots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    /// The slot, 1 to 16.
    pub number: u8,
    pub cap: u8,
    pub name: String,
    /// At most three (spec 02 §9), in the order given.
    pub fouls: Vec<Foul>,
    /// Goals in the 1st to 4th periods and overtime (the shootout's column).
    pub goals: [u32; 5],
}

/// A timeout or challenge: when it was called.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Call {
    pub period: Period,
    pub time: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamSheet {
    pub name: String,
    pub colour: Colour,
    pub head_coach: Option<String>,
    pub assistant_coach: Option<String>,
    /// Slots 1 to 16 in order; an empty slot has no row.
    pub slots: Vec<Slot>,
    /// At most two of each.
    pub timeouts: Vec<Call>,
    pub challenges: Vec<Call>,
    /// Goals per period, overtime doubling as the shootout, and in total.
    pub goals: [u32; 5],
    pub total: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OfficialLine {
    /// The role's label (Referee, Delegate...).
    pub role: String,
    pub name: String,
    pub confirmed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Scoresheet {
    pub competition: String,
    pub game_number: Option<String>,
    pub venue: Option<String>,
    pub city: Option<String>,
    /// DD.MM.YYYY. (UTC).
    pub date: String,
    /// HH:mm (UTC).
    pub start: String,
    pub end: Option<String>,
    pub white: TeamSheet,
    pub blue: TeamSheet,
    pub log: Vec<LogRow>,
    /// The overtime column holds the shootout's goals.
    pub decided_by_shootout: bool,
    pub officials: Vec<OfficialLine>,
}

fn full_name(name: &Option<PersonName>) -> String {
    name.as_ref()
        .map(|n| format!("{} {}", n.surname, n.name))
        .unwrap_or_default()
}

fn clock(event: &EventView) -> String {
    format!("{:02}:{:02}", event.minute, event.seconds)
}

fn column(period: Period) -> usize {
    crate::matches::period_column(period)
}

/// `DD.MM.YYYY.` and `HH:mm` of an instant, in UTC.
fn day_and_time(at: crate::dates::Instant) -> (String, String) {
    let days = at.0.div_euclid(86_400);
    let seconds = at.0.rem_euclid(86_400);
    let date = crate::dates::Date::from_unix_days(days)
        .map(|d| format!("{:02}.{:02}.{}.", d.day, d.month, d.year))
        .unwrap_or_default();
    (
        date,
        format!("{:02}:{:02}", seconds / 3600, seconds % 3600 / 60),
    )
}

impl Scoresheet {
    /// The scoresheet of `game` and its `events` (any order; the log is put in clock order).
    pub fn of(game: &MatchView, events: &[EventView]) -> Scoresheet {
        let mut events: Vec<&EventView> = events.iter().collect();
        events.sort_by_key(|e| (e.period_id, std::cmp::Reverse((e.minute, e.seconds)), e.id));
        let side = |team_id: u64| {
            if team_id == game.home_team_id {
                Colour::White
            } else {
                Colour::Blue
            }
        };
        let cap_of = |player_id: u64| {
            game.players
                .iter()
                .find(|p| p.player_id == player_id)
                .map(|p| p.cap_number.to_string())
        };
        let coach_mark = |coach_id: u64| {
            game.coaches
                .iter()
                .find(|c| c.coach_id == coach_id)
                .map(|c| {
                    match c.role_id {
                        CoachRole::HeadCoach => "HC",
                        CoachRole::AssistantCoach => "AC",
                    }
                    .to_owned()
                })
        };
        let mut white = team_sheet(game, Colour::White);
        let mut blue = team_sheet(game, Colour::Blue);
        let mut log = Vec::new();
        let mut running = (0, 0);
        for event in events {
            let row = |colour, who, code| LogRow {
                period: event.period_id,
                time: clock(event),
                mark: Mark { colour, who },
                code,
                score: None,
            };
            if let Some(call) = &event.timeout {
                let colour = side(call.team_id);
                sheet(&mut white, &mut blue, colour).timeouts.push(Call {
                    period: event.period_id,
                    time: clock(event),
                });
                log.push(row(colour, None, Code::Timeout));
            } else if let Some(call) = &event.challenge {
                let colour = side(call.team_id);
                sheet(&mut white, &mut blue, colour).challenges.push(Call {
                    period: event.period_id,
                    time: clock(event),
                });
                log.push(row(colour, None, Code::Challenge));
            } else if let Some(swim) = &event.swimoff {
                log.push(row(
                    side(swim.winner_team_id),
                    cap_of(swim.winner_swimmer_id),
                    Code::SwimOff,
                ));
            } else if let Some(card) = &event.card {
                let who = card
                    .carded_player_id
                    .and_then(cap_of)
                    .or_else(|| card.carded_coach_id.and_then(coach_mark));
                let code = match card.type_id {
                    CardType::Yellow => Code::YellowCard,
                    CardType::Red => Code::RedCard,
                };
                log.push(row(side(card.team_id), who, code));
            } else if let Some(exclusion) = &event.exclusion {
                let colour = side(exclusion.team_id);
                let code = Code::of_exclusion(exclusion.type_id);
                if let Some(player) = exclusion.excluded_player_id
                    && let Some(slot) = sheet(&mut white, &mut blue, colour)
                        .slots
                        .iter_mut()
                        .find(|s| Some(s.cap.to_string()) == cap_of(player))
                    && slot.fouls.len() < crate::events::EXCLUSIONS_PER_PLAYER
                {
                    slot.fouls.push(Foul {
                        code,
                        period: event.period_id,
                    });
                }
                let who = exclusion
                    .excluded_player_id
                    .and_then(cap_of)
                    .or_else(|| exclusion.excluded_coach_id.and_then(coach_mark));
                log.push(row(colour, who, code));
            } else if let Some(shot) = &event.shot
                && shot.is_goal
            {
                let colour = side(shot.team_id);
                let period = column(event.period_id);
                let team = sheet(&mut white, &mut blue, colour);
                team.goals[period] += 1;
                team.total += 1;
                if let Some(slot) = team
                    .slots
                    .iter_mut()
                    .find(|s| Some(s.cap.to_string()) == cap_of(shot.taken_by_id))
                {
                    slot.goals[period] += 1;
                }
                match colour {
                    Colour::White => running.0 += 1,
                    Colour::Blue => running.1 += 1,
                }
                log.push(LogRow {
                    score: Some(running),
                    ..row(
                        colour,
                        cap_of(shot.taken_by_id),
                        Code::of_goal(shot.type_id),
                    )
                });
            }
        }
        let (date, start) = day_and_time(game.start_date);
        Scoresheet {
            competition: game.competition_display_name.clone(),
            game_number: game.number.clone(),
            venue: game.venue.clone(),
            city: game.city.as_ref().map(|c| c.name.clone()),
            date,
            start,
            end: game.end_date.map(|end| day_and_time(end).1),
            white,
            blue,
            log,
            decided_by_shootout: game.score.decided_by_shootout,
            officials: game
                .officials
                .iter()
                .map(|o| OfficialLine {
                    role: o.role_id.label().to_owned(),
                    name: full_name(&o.official),
                    confirmed: o.confirmed,
                })
                .collect(),
        }
    }
}

fn sheet<'a>(
    white: &'a mut TeamSheet,
    blue: &'a mut TeamSheet,
    colour: Colour,
) -> &'a mut TeamSheet {
    match colour {
        Colour::White => white,
        Colour::Blue => blue,
    }
}

fn team_sheet(game: &MatchView, colour: Colour) -> TeamSheet {
    let (team_id, name) = match colour {
        Colour::White => (game.home_team_id, &game.home_team_display_name),
        Colour::Blue => (game.away_team_id, &game.away_team_display_name),
    };
    let coach = |role| {
        game.coaches
            .iter()
            .find(|c| c.team_id == team_id && c.role_id == role)
            .map(|c| full_name(&c.coach))
    };
    let mut slots: Vec<Slot> = game
        .players
        .iter()
        .filter(|p| p.team_id == team_id)
        .map(|p| Slot {
            number: p.number,
            cap: p.cap_number,
            name: full_name(&p.player),
            fouls: Vec::new(),
            goals: [0; 5],
        })
        .collect();
    slots.sort_by_key(|s| s.number);
    TeamSheet {
        name: name.clone(),
        colour,
        head_coach: coach(CoachRole::HeadCoach),
        assistant_coach: coach(CoachRole::AssistantCoach),
        slots,
        timeouts: Vec::new(),
        challenges: Vec::new(),
        goals: [0; 5],
        total: 0,
    }
}

#[cfg(test)]
mod tests {
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
        let sheet = Scoresheet::of(&game(), &events);
        type Shown = (String, Option<String>, Code, Option<(u32, u32)>);
        let log: Vec<Shown> = sheet
            .log
            .iter()
            .map(|row| (row.time.clone(), row.mark.who.clone(), row.code, row.score))
            .collect();
        assert_eq!(
            log,
            vec![
                ("08:00".into(), Some("5".into()), Code::SwimOff, None),
                (
                    "07:10".into(),
                    Some("5".into()),
                    Code::ExtraManGoal,
                    Some((0, 1))
                ),
                ("06:00".into(), Some("7".into()), Code::Exclusion, None),
                ("05:30".into(), Some("7".into()), Code::Goal, Some((1, 1))),
                ("05:00".into(), None, Code::Timeout, None),
                ("04:00".into(), Some("HC".into()), Code::YellowCard, None),
                (
                    "00:00".into(),
                    Some("7".into()),
                    Code::ShootoutGoal,
                    Some((2, 1))
                ),
            ]
        );
        let seven = &sheet.white.slots[1];
        assert_eq!((seven.cap, seven.name.as_str()), (7, "Đurić A"));
        assert_eq!(
            seven.fouls,
            vec![Foul {
                code: Code::Exclusion,
                period: Period::First
            }]
        );
        assert_eq!(seven.goals, [1, 0, 0, 0, 1]);
        assert_eq!((sheet.white.goals, sheet.white.total), ([1, 0, 0, 0, 1], 2));
        assert_eq!(
            sheet.blue.timeouts,
            vec![Call {
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
        assert_eq!(sheet.officials[0].name, "Petković Lazar");
        let json = serde_json::to_value(&sheet.log[1]).expect("JSON");
        assert_eq!(json["code"], "EG");
        assert_eq!(json["mark"]["colour"], "blue");
    }
}
