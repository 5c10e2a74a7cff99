//! The official scoresheet of a match (spec 02 §9), as both PDF renderers draw it: the header,
//! white (home) and blue (away) with their coaches and 16 lineup slots (personal fouls with
//! their code and period, goals per period), the progressive log of every event with the
//! scoresheet's remark codes and the running score, the results per period, the timeouts and
//! challenges with their times, and the officials. Pure: the renderers only lay it out.

mod labels;

use serde::{Deserialize, Serialize};

use crate::codes::{CardType, CoachRole, ExclusionType, Period, ShotType, TemplateLanguage};
use crate::events::EventView;
use crate::views::matches::{MatchView, PersonName};

pub use labels::Labels;

/// A scoresheet's remark codes (spec 02 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum RemarkCode {
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

impl RemarkCode {
    /// The code as printed (and as the JSON names it).
    pub const fn as_str(self) -> &'static str {
        match self {
            RemarkCode::Challenge => "CH",
            RemarkCode::Timeout => "TO",
            RemarkCode::SwimOff => "#",
            RemarkCode::RedCard => "RC",
            RemarkCode::YellowCard => "YC",
            RemarkCode::Exclusion => "E",
            RemarkCode::Suspension => "ES",
            RemarkCode::Brutality => "EB",
            RemarkCode::Penalty => "P",
            RemarkCode::Goal => "G",
            RemarkCode::ExtraManGoal => "EG",
            RemarkCode::PenaltyGoal => "PG",
            RemarkCode::ShootoutGoal => "PSG",
        }
    }

    pub const ALL: [RemarkCode; 13] = [
        RemarkCode::Challenge,
        RemarkCode::Timeout,
        RemarkCode::SwimOff,
        RemarkCode::RedCard,
        RemarkCode::YellowCard,
        RemarkCode::Exclusion,
        RemarkCode::Suspension,
        RemarkCode::Brutality,
        RemarkCode::Penalty,
        RemarkCode::Goal,
        RemarkCode::ExtraManGoal,
        RemarkCode::PenaltyGoal,
        RemarkCode::ShootoutGoal,
    ];

    fn of_exclusion(kind: ExclusionType) -> RemarkCode {
        match kind {
            ExclusionType::Exclusion => RemarkCode::Exclusion,
            ExclusionType::Suspension => RemarkCode::Suspension,
            ExclusionType::Brutality => RemarkCode::Brutality,
            ExclusionType::Penalty => RemarkCode::Penalty,
        }
    }

    fn of_goal(kind: ShotType) -> RemarkCode {
        match kind {
            ShotType::RegularAttack => RemarkCode::Goal,
            ShotType::PowerPlay => RemarkCode::ExtraManGoal,
            ShotType::Penalty => RemarkCode::PenaltyGoal,
            ShotType::PenaltyShootout => RemarkCode::ShootoutGoal,
        }
    }
}

/// White (home) or blue (away), as the scoresheet names the sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum CapColour {
    White,
    Blue,
}

/// Who an event is for: a cap, a coach (HC or AC), or the team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SheetMark {
    pub colour: CapColour,
    /// The cap, or "HC" / "AC", or none for the team.
    pub who: Option<String>,
}

/// One row of the progressive log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LogRow {
    pub period: Period,
    /// mm:ss as the clock read.
    pub time: String,
    pub mark: SheetMark,
    pub code: RemarkCode,
    /// The score after a goal; none on other rows.
    pub score: Option<SheetScore>,
}

/// White's and blue's goals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SheetScore {
    pub white: u32,
    pub blue: u32,
}

/// A personal foul in a player's box: its code and the period it was given in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Foul {
    pub code: RemarkCode,
    pub period: Period,
}

/// One of a side's lineup slots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SheetSlot {
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
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SheetCall {
    pub period: Period,
    pub time: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamSheet {
    pub name: String,
    pub colour: CapColour,
    pub head_coach: Option<String>,
    pub assistant_coach: Option<String>,
    /// Slots 1 to 16 in order; an empty slot has no row.
    pub slots: Vec<SheetSlot>,
    /// At most two of each.
    pub timeouts: Vec<SheetCall>,
    pub challenges: Vec<SheetCall>,
    /// Goals per period, overtime doubling as the shootout, and in total.
    pub goals: [u32; 5],
    pub total: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OfficialLine {
    /// The role's label (Referee, Delegate...).
    pub role: String,
    pub name: String,
    pub confirmed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Scoresheet {
    /// The competition's template language, which the labels are in.
    pub language: TemplateLanguage,
    pub labels: Labels,
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
    /// As results are written: "9:8", or the regular time's score then the shootout's,
    /// "10:10 (4:3)".
    pub result: String,
    pub officials: Vec<OfficialLine>,
    /// `Scoresheet_{home}_{away}_{date}.pdf` (spec 02 §9), the date as DD.MM.YYYY and no
    /// character a file system refuses.
    pub file_name: String,
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
    let seconds = at.0.rem_euclid(86_400);
    let date = at.date().map(|d| d.dotted()).unwrap_or_default();
    (
        date,
        format!("{:02}:{:02}", seconds / 3600, seconds % 3600 / 60),
    )
}

impl Scoresheet {
    /// The scoresheet of `game` and its `events` (any order; the log is put in clock order).
    pub fn of(game: &MatchView, events: &[EventView], language: TemplateLanguage) -> Scoresheet {
        let mut events: Vec<&EventView> = events.iter().collect();
        events.sort_by_key(|e| (e.period_id, std::cmp::Reverse((e.minute, e.seconds)), e.id));
        let side = |team_id: u64| {
            if team_id == game.home_team_id {
                CapColour::White
            } else {
                CapColour::Blue
            }
        };
        let lineup_row = |player_id: u64| game.players.iter().find(|p| p.player_id == player_id);
        let cap_of = |player_id: u64| lineup_row(player_id).map(|p| p.cap_number.to_string());
        // A player's slot on the sheet is their lineup slot.
        let slot_of = |player_id: u64| lineup_row(player_id).map(|p| p.number);
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
        let mut white = team_sheet(game, CapColour::White);
        let mut blue = team_sheet(game, CapColour::Blue);
        let mut log = Vec::new();
        let mut running = SheetScore { white: 0, blue: 0 };
        for event in events {
            let row = |colour, who, code| LogRow {
                period: event.period_id,
                time: clock(event),
                mark: SheetMark { colour, who },
                code,
                score: None,
            };
            if let Some(call) = &event.timeout {
                let colour = side(call.team_id);
                sheet(&mut white, &mut blue, colour)
                    .timeouts
                    .push(SheetCall {
                        period: event.period_id,
                        time: clock(event),
                    });
                log.push(row(colour, None, RemarkCode::Timeout));
            } else if let Some(call) = &event.challenge {
                let colour = side(call.team_id);
                sheet(&mut white, &mut blue, colour)
                    .challenges
                    .push(SheetCall {
                        period: event.period_id,
                        time: clock(event),
                    });
                log.push(row(colour, None, RemarkCode::Challenge));
            } else if let Some(swim) = &event.swimoff {
                log.push(row(
                    side(swim.winner_team_id),
                    cap_of(swim.winner_swimmer_id),
                    RemarkCode::SwimOff,
                ));
            } else if let Some(card) = &event.card {
                let who = card
                    .carded_player_id
                    .and_then(cap_of)
                    .or_else(|| card.carded_coach_id.and_then(coach_mark));
                let code = match card.type_id {
                    CardType::Yellow => RemarkCode::YellowCard,
                    CardType::Red => RemarkCode::RedCard,
                };
                log.push(row(side(card.team_id), who, code));
            } else if let Some(exclusion) = &event.exclusion {
                let colour = side(exclusion.team_id);
                let code = RemarkCode::of_exclusion(exclusion.type_id);
                if let Some(player) = exclusion.excluded_player_id
                    && let Some(slot) = sheet(&mut white, &mut blue, colour)
                        .slots
                        .iter_mut()
                        .find(|s| Some(s.number) == slot_of(player))
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
                    .find(|s| Some(s.number) == slot_of(shot.taken_by_id))
                {
                    slot.goals[period] += 1;
                }
                match colour {
                    CapColour::White => running.white += 1,
                    CapColour::Blue => running.blue += 1,
                }
                log.push(LogRow {
                    score: Some(running),
                    ..row(
                        colour,
                        cap_of(shot.taken_by_id),
                        RemarkCode::of_goal(shot.type_id),
                    )
                });
            }
        }
        let (date, start) = day_and_time(game.start_date);
        let result = result(&white, &blue, game.score.decided_by_shootout);
        let file_name = file_name(&white.name, &blue.name, &date);
        Scoresheet {
            language,
            labels: Labels::of(language),
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
            result,
            officials: game
                .officials
                .iter()
                .map(|o| OfficialLine {
                    role: Labels::role(language, o.role_id).to_owned(),
                    name: full_name(&o.official),
                    confirmed: o.confirmed,
                })
                .collect(),
            file_name,
        }
    }
}

fn file_name(home: &str, away: &str, date: &str) -> String {
    let safe = |text: &str| -> String {
        text.chars()
            .map(|c| match c {
                '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|' => '-',
                c if c.is_control() => '-',
                c => c,
            })
            .collect()
    };
    format!(
        "Scoresheet_{}_{}_{}.pdf",
        safe(home),
        safe(away),
        date.trim_end_matches('.')
    )
}

fn result(white: &TeamSheet, blue: &TeamSheet, decided_by_shootout: bool) -> String {
    if decided_by_shootout {
        let regular = |team: &TeamSheet| team.total - team.goals[4];
        format!(
            "{}:{} ({}:{})",
            regular(white),
            regular(blue),
            white.goals[4],
            blue.goals[4]
        )
    } else {
        format!("{}:{}", white.total, blue.total)
    }
}

fn sheet<'a>(
    white: &'a mut TeamSheet,
    blue: &'a mut TeamSheet,
    colour: CapColour,
) -> &'a mut TeamSheet {
    match colour {
        CapColour::White => white,
        CapColour::Blue => blue,
    }
}

fn team_sheet(game: &MatchView, colour: CapColour) -> TeamSheet {
    let (team_id, name) = match colour {
        CapColour::White => (game.home_team_id, &game.home_team_display_name),
        CapColour::Blue => (game.away_team_id, &game.away_team_display_name),
    };
    let coach = |role| {
        game.coaches
            .iter()
            .find(|c| c.team_id == team_id && c.role_id == role)
            .map(|c| full_name(&c.coach))
    };
    let mut slots: Vec<SheetSlot> = game
        .players
        .iter()
        .filter(|p| p.team_id == team_id)
        .map(|p| SheetSlot {
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
mod tests;
