//! What the public pages (`/live`) read of a competition: only what a spectator may see, in
//! one answer — its live matches, the results of its current round and its tables.

use serde::{Deserialize, Serialize};

use super::matches::MatchView;
use super::standings::StandingGroupView;
use crate::codes::MatchStatus;
use crate::matches::Match;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PublicCompetition {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub season: Option<String>,
    /// Base64 PNG.
    pub logo: Option<String>,
    /// The matches being played now, by start.
    pub live: Vec<MatchView>,
    /// The round `round_matches` belong to (`None` for matches without a round).
    pub round: Option<String>,
    /// The current round's matches, by start.
    pub round_matches: Vec<MatchView>,
    pub standings: Vec<StandingGroupView>,
}

/// A public competition as the public pages list it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PublicCompetitionRef {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub season: Option<String>,
}

/// The nearest days before and after a spectator's day that have a match of a public
/// competition, so a day without matches points to the last results and the next fixtures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchDays {
    /// The latest day before it with a match; none when there was none.
    pub previous: Option<crate::dates::Date>,
    /// The first day after it with a match; none when none is scheduled.
    pub next: Option<crate::dates::Date>,
}

/// The round a competition's page shows: that of the latest match that has begun (played,
/// being played or finished), else that of the next match to start. Cancelled matches do not
/// choose it. `None` inside: the chosen matches have no round. `matches` are by start.
pub fn current_round(matches: &[Match]) -> Option<Option<&str>> {
    let begun = matches.iter().rev().find(|m| {
        m.state.status_id != MatchStatus::NotStarted && m.state.status_id != MatchStatus::Cancelled
    });
    begun
        .or_else(|| {
            matches
                .iter()
                .find(|m| m.state.status_id == MatchStatus::NotStarted)
        })
        .map(|m| m.state.fields.round.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::Instant;
    use crate::matches::{MatchFields, MatchState};

    fn game(id: u64, round: Option<&str>, status_id: MatchStatus) -> Match {
        let start = Instant(i64::try_from(id).unwrap_or(0) * 3600);
        let mut state = MatchState::new(MatchFields {
            round: round.map(str::to_owned),
            ..MatchFields::new(1, 2, 1, start)
        });
        state.status_id = status_id;
        Match { id, state }
    }

    #[test]
    fn the_current_round_is_the_latest_begun_else_the_next_to_start() {
        use MatchStatus::{Cancelled, Finished, FirstPeriod, NotStarted};
        let season = [
            game(1, Some("1"), Finished),
            game(2, Some("1"), Finished),
            game(3, Some("2"), FirstPeriod),
            game(4, Some("2"), NotStarted),
            game(5, Some("3"), Cancelled),
            game(6, Some("3"), NotStarted),
        ];
        assert_eq!(current_round(&season), Some(Some("2")));
        assert_eq!(current_round(&season[..2]), Some(Some("1")));
        // Nothing begun: the first match still to start.
        assert_eq!(current_round(&season[3..]), Some(Some("2")));
        assert_eq!(current_round(&[game(7, None, Finished)]), Some(None));
        assert_eq!(current_round(&season[4..5]), None);
        assert_eq!(current_round(&[]), None);
    }
}
