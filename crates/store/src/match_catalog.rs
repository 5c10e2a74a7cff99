//! The match search's working set: one small row per match, held in memory and kept in step by
//! every match write, so a paged search with its total over tens of thousands of matches reads
//! no records but the page's (docs/benchmarks.md). Rows are ordered by start, then id.

use std::collections::{BTreeMap, HashMap};

use polodesk_domain::codes::{FilterOperator, MatchStatus};
use polodesk_domain::dates::Instant;
use polodesk_domain::matches::MatchState;
use polodesk_domain::validation::fold;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Row {
    competition_id: u64,
    home_team_id: u64,
    away_team_id: u64,
    status: MatchStatus,
    venue: String,
    round: String,
}

#[derive(Debug, Default)]
pub(crate) struct MatchCatalog {
    rows: BTreeMap<(i64, u64), Row>,
    starts: HashMap<u64, i64>,
}

/// A match's catalog row as a write left it: `None` when the match was deleted.
pub(crate) type Change = (u64, Option<(i64, Row)>);

impl Row {
    /// A match's start and its row.
    pub(crate) fn of(state: &MatchState) -> (i64, Row) {
        let f = &state.fields;
        let row = Row {
            competition_id: f.competition_id,
            home_team_id: f.home_team_id,
            away_team_id: f.away_team_id,
            status: state.status_id,
            venue: f.venue.as_deref().map(fold).unwrap_or_default(),
            round: f.round.as_deref().map(fold).unwrap_or_default(),
        };
        (f.start_date.0, row)
    }
}

impl MatchCatalog {
    /// Applies the changes of one committed write, in the order they were made.
    pub(crate) fn apply(&mut self, changes: Vec<Change>) {
        for (id, row) in changes {
            self.remove(id);
            if let Some((start, row)) = row {
                self.starts.insert(id, start);
                self.rows.insert((start, id), row);
            }
        }
    }

    pub(crate) fn put(&mut self, id: u64, state: &MatchState) {
        self.apply(vec![(id, Some(Row::of(state)))]);
    }

    pub(crate) fn remove(&mut self, id: u64) {
        if let Some(start) = self.starts.remove(&id) {
            self.rows.remove(&(start, id));
        }
    }

    /// The ids of one page of matching matches, and how many match in all.
    pub(crate) fn search(&self, query: &MatchQuery) -> (Vec<u64>, u64) {
        // Unfiltered, in start order: the total is the row count and only the page is visited.
        if query.unfiltered() && query.sort == MatchSort::StartDate {
            let keys = self.rows.keys().map(|key| key.1);
            let page: Vec<u64> = if query.descending {
                keys.rev().skip(query.skip).take(query.take).collect()
            } else {
                keys.skip(query.skip).take(query.take).collect()
            };
            return (page, self.rows.len() as u64);
        }
        let matching = self
            .rows
            .iter()
            .filter(|(key, row)| query.matches(key.0, row));
        match query.sort {
            MatchSort::StartDate => {
                let ids: Box<dyn Iterator<Item = u64>> = if query.descending {
                    Box::new(matching.rev().map(|(key, _)| key.1))
                } else {
                    Box::new(matching.map(|(key, _)| key.1))
                };
                let mut total = 0u64;
                let mut page = Vec::with_capacity(query.take);
                for (i, id) in ids.enumerate() {
                    if i >= query.skip && page.len() < query.take {
                        page.push(id);
                    }
                    total += 1;
                }
                (page, total)
            }
            sort => {
                let mut rows: Vec<(&(i64, u64), &Row)> = matching.collect();
                rows.sort_by(|a, b| {
                    let order = match sort {
                        MatchSort::Venue => a.1.venue.cmp(&b.1.venue),
                        MatchSort::Round => a.1.round.cmp(&b.1.round),
                        MatchSort::Status => (a.1.status as u16).cmp(&(b.1.status as u16)),
                        MatchSort::Competition => a.1.competition_id.cmp(&b.1.competition_id),
                        MatchSort::Id | MatchSort::StartDate => std::cmp::Ordering::Equal,
                    };
                    order.then(a.0.1.cmp(&b.0.1))
                });
                if query.descending {
                    rows.reverse();
                }
                let total = rows.len() as u64;
                let page = rows
                    .into_iter()
                    .skip(query.skip)
                    .take(query.take)
                    .map(|(key, _)| key.1)
                    .collect();
                (page, total)
            }
        }
    }
}

/// The order of a match search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MatchSort {
    #[default]
    StartDate,
    Id,
    Venue,
    Round,
    Status,
    Competition,
}

/// What a match search asks for; text needles are folded by the caller's `fold`. The default
/// has no filter and takes nothing.
#[derive(Debug, Clone, Default)]
pub struct MatchQuery {
    pub competition_id: Option<u64>,
    /// Matches whose home team is one of these (the teams whose name matched).
    pub home_teams: Option<Vec<u64>>,
    pub away_teams: Option<Vec<u64>>,
    /// Matches with this team on either side.
    pub team_id: Option<u64>,
    pub venue: Option<String>,
    pub round: Option<String>,
    pub statuses: Option<Vec<MatchStatus>>,
    /// Every condition must hold; EQ means the same UTC day.
    pub start: Vec<(FilterOperator, Instant)>,
    pub sort: MatchSort,
    pub descending: bool,
    pub skip: usize,
    pub take: usize,
}

impl MatchQuery {
    /// No filter: the first `take` matches by start date, earliest first.
    pub fn first(take: usize) -> Self {
        MatchQuery {
            take,
            ..MatchQuery::default()
        }
    }

    fn unfiltered(&self) -> bool {
        self.competition_id.is_none()
            && self.home_teams.is_none()
            && self.away_teams.is_none()
            && self.team_id.is_none()
            && self.venue.is_none()
            && self.round.is_none()
            && self.statuses.is_none()
            && self.start.is_empty()
    }

    fn matches(&self, start: i64, row: &Row) -> bool {
        self.competition_id.is_none_or(|c| row.competition_id == c)
            && self
                .team_id
                .is_none_or(|t| row.home_team_id == t || row.away_team_id == t)
            && self
                .home_teams
                .as_ref()
                .is_none_or(|t| t.contains(&row.home_team_id))
            && self
                .away_teams
                .as_ref()
                .is_none_or(|t| t.contains(&row.away_team_id))
            && self
                .statuses
                .as_ref()
                .is_none_or(|s| s.contains(&row.status))
            && self
                .venue
                .as_ref()
                .is_none_or(|v| row.venue.contains(v.as_str()))
            && self
                .round
                .as_ref()
                .is_none_or(|r| row.round.contains(r.as_str()))
            && self.start.iter().all(|(op, at)| match op {
                FilterOperator::Eq => start.div_euclid(86_400) == at.0.div_euclid(86_400),
                FilterOperator::Gt => start > at.0,
                FilterOperator::Lt => start < at.0,
                FilterOperator::Gte => start >= at.0,
                FilterOperator::Lte => start <= at.0,
                FilterOperator::Contains => true,
            })
    }
}

#[cfg(test)]
mod tests {
    use polodesk_domain::matches::MatchFields;

    use super::*;

    /// Five matches a day apart: ids 1 to 5, match 3 at the Tašmajdan pool, match 4 finished,
    /// matches 2 and 5 between teams 20 and 10.
    fn catalog() -> MatchCatalog {
        let mut catalog = MatchCatalog::default();
        for id in 1..=5u64 {
            let (home, away) = if id % 3 == 2 { (20, 10) } else { (10, 20) };
            let mut state = MatchState::new(MatchFields {
                venue: (id == 3).then(|| "Tašmajdan".to_owned()),
                ..MatchFields::new(
                    home,
                    away,
                    7,
                    Instant(1_000_000 + i64::try_from(id).unwrap_or(0) * 86_400),
                )
            });
            if id == 4 {
                state.status_id = MatchStatus::Finished;
            }
            catalog.put(id, &state);
        }
        catalog
    }

    fn query() -> MatchQuery {
        MatchQuery {
            descending: true,
            ..MatchQuery::first(2)
        }
    }

    #[test]
    fn pages_come_latest_first_with_the_total_filtered_or_not() {
        let catalog = catalog();
        assert_eq!(catalog.search(&query()), (vec![5, 4], 5));
        assert_eq!(
            catalog.search(&MatchQuery { skip: 4, ..query() }),
            (vec![1], 5)
        );
        assert_eq!(
            catalog.search(&MatchQuery { skip: 9, ..query() }),
            (vec![], 5)
        );
        let ascending = MatchQuery {
            descending: false,
            ..query()
        };
        assert_eq!(catalog.search(&ascending), (vec![1, 2], 5));
        // A filter that keeps everything goes the scanning way and must agree.
        let everything = MatchQuery {
            competition_id: Some(7),
            ..query()
        };
        assert_eq!(catalog.search(&everything), catalog.search(&query()));
    }

    #[test]
    fn filters_narrow_the_total() {
        let catalog = catalog();
        let home_20 = MatchQuery {
            home_teams: Some(vec![20]),
            ..query()
        };
        assert_eq!(catalog.search(&home_20), (vec![5, 2], 2));
        let finished = MatchQuery {
            statuses: Some(vec![MatchStatus::Finished]),
            ..query()
        };
        assert_eq!(catalog.search(&finished), (vec![4], 1));
        let pool = MatchQuery {
            venue: Some(fold("tasmaj")),
            ..query()
        };
        assert_eq!(catalog.search(&pool), (vec![3], 1));
        let from_day_3 = MatchQuery {
            start: vec![(FilterOperator::Gte, Instant(1_000_000 + 3 * 86_400))],
            ..query()
        };
        assert_eq!(catalog.search(&from_day_3).1, 3);
        let day_2 = MatchQuery {
            start: vec![(FilterOperator::Eq, Instant(1_000_000 + 2 * 86_400 + 3_600))],
            ..query()
        };
        assert_eq!(
            catalog.search(&day_2),
            (vec![2], 1),
            "EQ is the same UTC day"
        );
        assert_eq!(
            catalog.search(&MatchQuery {
                competition_id: Some(8),
                ..query()
            }),
            (vec![], 0)
        );
    }

    #[test]
    fn a_moved_or_removed_match_leaves_no_stale_row() {
        let mut catalog = catalog();
        let (_, total) = catalog.search(&query());
        let mut moved = MatchState::new(MatchFields::new(10, 20, 7, Instant(0)));
        moved.status_id = MatchStatus::Cancelled;
        catalog.put(5, &moved);
        assert_eq!(catalog.search(&query()), (vec![4, 3], total));
        catalog.remove(4);
        catalog.remove(42);
        assert_eq!(catalog.search(&query()), (vec![3, 2], total - 1));
        assert_eq!(catalog.rows.len(), 4);
        let last = MatchQuery { skip: 3, ..query() };
        assert_eq!(
            catalog.search(&last),
            (vec![5], 4),
            "the moved match is now the earliest"
        );
    }
}
