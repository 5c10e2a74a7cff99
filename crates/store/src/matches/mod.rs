//! Matches and their logs: the fixture with its lineups, officials and score in one record;
//! events in their own table; the history of every write to a log; the wrong-PIN counts of
//! officials. Each call is one transaction, so an event, its double-exclusion mirror, the
//! recomputed score and the history entry land together or not at all.

mod batch;
mod fixture;
mod history;
mod lineups;
mod logged_events;
mod pin_guard;

use std::sync::PoisonError;

use polodesk_domain::dates::Instant;
use polodesk_domain::events::{Event, EventFields};
use polodesk_domain::matches::{CoachRow, Match, MatchState, OfficialRow, PlayerRow};

use crate::codec::{self, Record, Stored};
use crate::match_catalog::MatchQuery;
use crate::reference::invalid;
use crate::tables::RecordTable;
use crate::tables::{self, MATCHES_BY};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

pub use batch::MatchLog;
pub(crate) use fixture::{create_match_in, delete_matches_of, refuse_if_in_matches, restore_match};
pub(crate) use history::restore_history;
pub(crate) use logged_events::restore_event;

impl Record for Stored<MatchState> {
    const ENTITY: &'static str = "Match";
    const TABLE: RecordTable = RecordTable::of(tables::MATCHES);
    const VERSION: u16 = 1;

    fn written(&self, tx: &WriteTx<'_>, id: u64) {
        tx.match_written(id, &self.0);
    }

    fn removed(tx: &WriteTx<'_>, id: u64) {
        tx.match_removed(id);
    }
}

pub(crate) type MatchRecord = Stored<MatchState>;
type EventRecord = Stored<EventFields>;

/// Who writes to a log, when, and whether they may correct a confirmed one (federation staff,
/// administrators).
#[derive(Debug, Clone)]
pub struct Actor {
    pub user_id: u64,
    pub user: String,
    pub at: Instant,
    pub may_correct: bool,
}

/// What an event write did: the event (the removed one for a delete), its double-exclusion
/// partner, the match with its new score, and whether the call was a replay that wrote
/// nothing (a retried POST found its event, or a PUT sent the event as it already is).
#[derive(Debug, Clone)]
pub struct EventWrite {
    pub event: Event,
    pub paired: Option<Event>,
    pub removed_pair: Option<u64>,
    pub game: Match,
    pub replayed: bool,
    /// The write cleared officials' confirmations of the log (they certified it as it was).
    pub reopened: bool,
}

/// What a match list is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchesOf {
    Competition(u64),
    Team(u64),
    Player(u64),
    Coach(u64),
    Official(u64),
}

impl MatchesOf {
    fn key(self) -> (u8, u64) {
        match self {
            MatchesOf::Competition(id) => (1, id),
            MatchesOf::Team(id) => (2, id),
            MatchesOf::Player(id) => (3, id),
            MatchesOf::Coach(id) => (4, id),
            MatchesOf::Official(id) => (5, id),
        }
    }
}

/// The lineup parts one call replaces; `None` leaves a part as it is.
#[derive(Debug, Clone, Default)]
pub struct LogChange {
    pub players: Option<Vec<PlayerRow>>,
    pub coaches: Option<Vec<CoachRow>>,
    pub officials: Option<Vec<OfficialRow>>,
}

fn index_keys(state: &MatchState) -> Vec<(u8, u64)> {
    let f = &state.fields;
    let mut keys = vec![
        MatchesOf::Competition(f.competition_id).key(),
        MatchesOf::Team(f.home_team_id).key(),
        MatchesOf::Team(f.away_team_id).key(),
    ];
    keys.extend(
        state
            .players
            .iter()
            .map(|p| MatchesOf::Player(p.player_id).key()),
    );
    keys.extend(
        state
            .coaches
            .iter()
            .map(|c| MatchesOf::Coach(c.coach_id).key()),
    );
    keys.extend(
        state
            .officials
            .iter()
            .map(|o| MatchesOf::Official(o.official_id).key()),
    );
    keys.sort_unstable();
    keys.dedup();
    keys
}

fn conflict(message: impl Into<String>) -> StoreError {
    StoreError::Conflict(message.into())
}

fn json<T: serde::Serialize>(value: &T) -> Option<String> {
    serde_json::to_string(value).ok()
}

/// Keeps the `MATCHES_BY` entries of a match in step with its new state. Most saves (an
/// event's rescore) change no index entry: only the difference is written.
pub(crate) fn index_match(
    tx: &WriteTx<'_>,
    id: u64,
    old: Option<&MatchState>,
    new: &MatchState,
) -> Result<()> {
    let before = old.map(index_keys).unwrap_or_default();
    let after = index_keys(new);
    if before != after {
        let mut index = tx.open_multimap_table(MATCHES_BY)?;
        for key in before.iter().filter(|k| !after.contains(k)) {
            index.remove(*key, id)?;
        }
        for key in after.iter().filter(|k| !before.contains(k)) {
            index.insert(*key, id)?;
        }
    }
    Ok(())
}

/// The writes of one transaction on one match, with what they need in reach.
struct Tx<'a> {
    tx: &'a WriteTx<'a>,
}

impl Tx<'_> {
    pub(super) fn load(&self, id: u64) -> Result<MatchState> {
        let record: MatchRecord = codec::get(&self.tx.open_table(tables::MATCHES)?, id)?;
        Ok(record.0)
    }

    /// Writes the match (one revision on) and its index entries.
    pub(super) fn save(
        &self,
        id: u64,
        old: Option<&MatchState>,
        new: &mut MatchState,
    ) -> Result<()> {
        new.revision = old.map_or(0, |o| o.revision) + 1;
        index_match(self.tx, id, old, new)?;
        codec::put(self.tx, id, &Stored(new.clone()))
    }

    /// Lets a log write through (see `MatchState::open_for_write`), noting a reopening.
    pub(super) fn open_log(
        &self,
        match_id: u64,
        state: &mut MatchState,
        actor: &Actor,
    ) -> Result<()> {
        let reopened = state.open_for_write(actor.may_correct).map_err(conflict)?;
        if reopened {
            self.history(
                match_id,
                actor,
                "Confirmation reopened by a correction",
                None,
                None,
            )?;
        }
        Ok(())
    }

    /// The match as it was, and a copy open for this write (see `open_log`).
    pub(super) fn opened(&self, match_id: u64, actor: &Actor) -> Result<(MatchState, MatchState)> {
        let before = self.load(match_id)?;
        let mut state = before.clone();
        self.open_log(match_id, &mut state, actor)?;
        Ok((before, state))
    }
}

/// Refuses a read about a match that does not exist, without decoding it.
fn match_must_exist(tx: &redb::ReadTransaction, match_id: u64) -> Result<()> {
    match tx.open_table(tables::MATCHES)?.get(match_id)? {
        Some(_) => Ok(()),
        None => Err(StoreError::NotFound {
            entity: "Match",
            id: match_id,
        }),
    }
}

impl Store {
    /// Runs a match write with the match helpers in reach.
    async fn match_write<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&Tx<'_>) -> Result<T> + Send + 'static,
    {
        self.write(move |tx| op(&Tx { tx })).await
    }

    /// As `match_write`, for a write of the live log that may run twice and so shares a
    /// transaction with the others queued with it.
    async fn repeatable_match_write<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: Fn(&Tx<'_>) -> Result<T> + Send + 'static,
    {
        self.write_repeatable(move |tx| op(&Tx { tx })).await
    }

    pub fn get_match(&self, id: u64) -> Result<Match> {
        let tx = self.read()?;
        let record: MatchRecord = codec::get(&tx.open_table(tables::MATCHES)?, id)?;
        Ok(Match {
            id,
            state: record.0,
        })
    }

    /// Several matches by id, in the order asked.
    pub fn get_matches(&self, ids: &[u64]) -> Result<Vec<Match>> {
        let tx = self.read()?;
        let table = tx.open_table(tables::MATCHES)?;
        ids.iter()
            .map(|&id| {
                let record: MatchRecord = codec::get(&table, id)?;
                Ok(Match {
                    id,
                    state: record.0,
                })
            })
            .collect()
    }

    /// Every match, by id.
    pub fn all_matches(&self) -> Result<Vec<Match>> {
        let tx = self.read()?;
        Ok(codec::all::<MatchRecord>(&tx.open_table(tables::MATCHES)?)?
            .into_iter()
            .map(|(id, record)| Match {
                id,
                state: record.0,
            })
            .collect())
    }

    /// The matches of a competition, team, player, coach or official, latest first.
    pub fn matches_of(&self, of: MatchesOf) -> Result<Vec<Match>> {
        let ids: Vec<u64> = {
            let tx = self.read()?;
            tx.open_multimap_table(MATCHES_BY)?
                .get(of.key())?
                .map(|id| Ok(id?.value()))
                .collect::<Result<_>>()?
        };
        let mut matches = self.get_matches(&ids)?;
        matches.sort_by_key(|m| std::cmp::Reverse((m.state.fields.start_date, m.id)));
        Ok(matches)
    }

    /// The ids of the matches of `of` (for access lists), without reading them.
    pub fn match_ids_of(&self, of: MatchesOf) -> Result<Vec<u64>> {
        let tx = self.read()?;
        tx.open_multimap_table(MATCHES_BY)?
            .get(of.key())?
            .map(|id| Ok(id?.value()))
            .collect()
    }

    /// One page of the match search and the number of matches that match. A match deleted
    /// between reading the catalog and reading the page is left out.
    /// The teams whose folded name or universal name contains `needle`, itself folded
    /// (`validation::fold`), in id order; read from memory.
    pub fn teams_named(&self, needle: &str) -> Vec<u64> {
        self.catalog
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .matches
            .teams_named(needle)
    }

    pub fn search_matches(&self, query: &MatchQuery) -> Result<(Vec<Match>, u64)> {
        let (ids, total) = self
            .catalog
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .matches
            .search(query);
        let tx = self.read()?;
        let table = tx.open_table(tables::MATCHES)?;
        let matches = codec::existing::<MatchRecord>(&table, &ids)?
            .into_iter()
            .map(|(id, record)| Match {
                id,
                state: record.0,
            })
            .collect();
        Ok((matches, total))
    }
}
