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

impl MatchScore {
    /// The result as a list shows it: the score after regular time, and a shootout that
    /// decided the match beside it ("9–9, 4–3 pen."), never the two added up.
    pub fn result_text(&self) -> String {
        if !self.decided_by_shootout {
            return format!(
                "{}–{}",
                self.home_team_goals_total, self.away_team_goals_total
            );
        }
        let home = self.home_q1 + self.home_q2 + self.home_q3 + self.home_q4;
        let away = self.away_q1 + self.away_q2 + self.away_q3 + self.away_q4;
        format!("{home}–{away}, {}–{} pen.", self.home_ot, self.away_ot)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn score(home: [u32; 5], away: [u32; 5], decided_by_shootout: bool) -> MatchScore {
        MatchScore {
            id: 1,
            status_id: MatchStatus::Finished,
            status: "Finished".into(),
            home_q1: home[0],
            home_q2: home[1],
            home_q3: home[2],
            home_q4: home[3],
            home_ot: home[4],
            away_q1: away[0],
            away_q2: away[1],
            away_q3: away[2],
            away_q4: away[3],
            away_ot: away[4],
            home_team_goals_total: home.iter().sum(),
            away_team_goals_total: away.iter().sum(),
            decided_by_shootout,
            log_closed: true,
            revision: 1,
        }
    }

    #[test]
    fn a_shootout_stands_beside_the_regular_time_score() {
        let shootout = score([2, 3, 1, 3, 4], [3, 2, 2, 2, 3], true);
        assert_eq!(shootout.result_text(), "9–9, 4–3 pen.");
        // Overtime goals without a shootout count in the score.
        let overtime = score([2, 3, 1, 3, 1], [3, 2, 2, 2, 0], false);
        assert_eq!(overtime.result_text(), "10–9");
    }
}
