//! The score of a match as every reader shows it: the API's match views, the live hub's
//! messages, the CLI, the console and the PDF renderers.

use serde::{Deserialize, Serialize};

use crate::codes::MatchStatus;
use crate::matches::Match;

/// Goals per period and in total for each side (spec 02 §3), as the goal events give them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchScore {
    pub id: u64,
    pub status_id: MatchStatus,
    pub status: String,
    #[serde(rename = "homeTeamGoalsQ1")]
    pub home_q1: u32,
    #[serde(rename = "homeTeamGoalsQ2")]
    pub home_q2: u32,
    #[serde(rename = "homeTeamGoalsQ3")]
    pub home_q3: u32,
    #[serde(rename = "homeTeamGoalsQ4")]
    pub home_q4: u32,
    /// Overtime, which doubles as the penalty shootout column.
    #[serde(rename = "homeTeamGoalsOT")]
    pub home_ot: u32,
    #[serde(rename = "awayTeamGoalsQ1")]
    pub away_q1: u32,
    #[serde(rename = "awayTeamGoalsQ2")]
    pub away_q2: u32,
    #[serde(rename = "awayTeamGoalsQ3")]
    pub away_q3: u32,
    #[serde(rename = "awayTeamGoalsQ4")]
    pub away_q4: u32,
    #[serde(rename = "awayTeamGoalsOT")]
    pub away_ot: u32,
    pub home_team_goals_total: u32,
    pub away_team_goals_total: u32,
    /// The log holds penalty shootout shots.
    pub decided_by_shootout: bool,
    /// Every assigned official has confirmed the log.
    pub log_closed: bool,
    /// Counts the match's writes: a viewer keeps the score of the highest it has seen.
    pub revision: u64,
}

pub fn score_of(game: &Match) -> MatchScore {
    let s = &game.state.score;
    MatchScore {
        id: game.id,
        status_id: game.state.status_id,
        status: game.state.status_id.name().to_owned(),
        home_q1: s.home[0],
        home_q2: s.home[1],
        home_q3: s.home[2],
        home_q4: s.home[3],
        home_ot: s.home[4],
        away_q1: s.away[0],
        away_q2: s.away[1],
        away_q3: s.away[2],
        away_q4: s.away[3],
        away_ot: s.away[4],
        home_team_goals_total: s.home_total(),
        away_team_goals_total: s.away_total(),
        decided_by_shootout: s.shootout,
        log_closed: game.state.log_closed(),
        revision: game.state.revision,
    }
}
