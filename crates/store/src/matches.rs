//! Matches and their logs: the fixture with its lineups, officials and score in one record;
//! events in their own table; the history of every write to a log; the wrong-PIN counts of
//! officials. Each call is one transaction, so an event, its double-exclusion mirror, the
//! recomputed score and the history entry land together or not at all.

use std::sync::PoisonError;

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::dates::Instant;
use polodesk_domain::events::{self, Event, EventFields, EventView};
use polodesk_domain::matches::{
    self as rules, CoachRow, HistoryEntry, Match, MatchCoach, MatchFields, MatchOfficial,
    MatchPlayer, MatchState, OfficialRow, PlayerRow,
};
use polodesk_domain::memberships::{CompetitionTeamFields, TeamCoachFields, TeamPlayerFields};
use polodesk_domain::pin_guard::{PinGuard, PinRefusal};
use polodesk_domain::validation::ValidationErrors;
use redb::{ReadableMultimapTable, ReadableTable};

use crate::codec::{self, Record, Stored};
use crate::links::{Owner, links_in};
use crate::match_catalog::{MatchCatalog, MatchQuery};
use crate::tables::RecordTable;
use crate::tables::{
    self, EVENT_CLIENT_IDS, EVENTS_BY_MATCH, EntityTable, MATCH_HISTORY, MATCH_OFFICIALS,
    MATCHES_BY,
};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

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

impl Record for Stored<EventFields> {
    const ENTITY: &'static str = "Event";
    const TABLE: RecordTable = RecordTable::of(tables::EVENTS);
    const VERSION: u16 = 1;
}

impl Record for Stored<PinGuard> {
    const ENTITY: &'static str = "PIN guard";
    const TABLE: RecordTable = RecordTable::of(tables::PIN_GUARDS);
    const VERSION: u16 = 1;
}

type MatchRecord = Stored<MatchState>;
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
/// partner, the match with its new score, and whether a retried POST only found its event.
#[derive(Debug, Clone)]
pub struct EventWrite {
    pub event: Event,
    pub paired: Option<Event>,
    pub removed_pair: Option<u64>,
    pub game: Match,
    pub replayed: bool,
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

fn invalid(field: &str, message: &str) -> StoreError {
    StoreError::Invalid(ValidationErrors::single(field, message))
}

fn conflict(message: impl Into<String>) -> StoreError {
    StoreError::Conflict(message.into())
}

/// Refuses a lineup or bench change that drops someone an event names, with each side's
/// message once (spec 02 §5).
fn refuse_referenced(mut messages: Vec<String>) -> Result<()> {
    if messages.is_empty() {
        return Ok(());
    }
    messages.sort();
    messages.dedup();
    Err(conflict(messages.join(" ")))
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

/// Writes an event with its entries in the match's event list and client-id index.
pub(crate) fn put_event(tx: &WriteTx<'_>, id: u64, fields: &EventFields) -> Result<()> {
    codec::put(tx, id, &Stored(fields.clone()))?;
    tx.open_multimap_table(EVENTS_BY_MATCH)?
        .insert(fields.match_id, id)?;
    if let Some(client_id) = &fields.client_id {
        tx.open_table(EVENT_CLIENT_IDS)?
            .insert((fields.match_id, client_id.as_str()), id)?;
    }
    Ok(())
}

/// Writes a match of an export as it was (its revision too), with its index entries, after
/// checking that everything it names exists.
pub(crate) fn restore_match(tx: &WriteTx<'_>, id: u64, state: &MatchState) -> Result<()> {
    for (what, of) in index_keys(state) {
        let (table, entity) = match what {
            1 => (tables::COMPETITIONS, "Competition"),
            2 => (tables::TEAMS, "Team"),
            3 => (tables::PLAYERS, "Player"),
            4 => (tables::COACHES, "Coach"),
            _ => (tables::OFFICIALS, "Official"),
        };
        if tx.open_table(table)?.get(of)?.is_none() {
            return Err(StoreError::NotFound { entity, id: of });
        }
    }
    index_match(tx, id, None, state)?;
    let mut officials = tx.open_table(MATCH_OFFICIALS)?;
    for official in &state.officials {
        if officials.insert(official.id, id)?.is_some() {
            return Err(conflict(format!(
                "Its match official {} is in another match too.",
                official.id
            )));
        }
    }
    codec::put(tx, id, &Stored(state.clone()))
}

/// Writes an event of an export with its index entries, after checking its match exists and
/// its client id is new.
pub(crate) fn restore_event(tx: &WriteTx<'_>, id: u64, fields: &EventFields) -> Result<()> {
    codec::get::<MatchRecord>(&tx.open_table(tables::MATCHES)?, fields.match_id)?;
    if let Some(client_id) = &fields.client_id
        && tx
            .open_table(EVENT_CLIENT_IDS)?
            .get((fields.match_id, client_id.as_str()))?
            .is_some()
    {
        return Err(conflict(format!(
            "Its client id {client_id} is taken by another event of its match."
        )));
    }
    put_event(tx, id, fields)
}

/// Writes one history entry of an export in its place, after checking its match exists.
pub(crate) fn restore_history(
    tx: &WriteTx<'_>,
    match_id: u64,
    sequence: u64,
    entry: HistoryEntry,
) -> Result<()> {
    codec::get::<MatchRecord>(&tx.open_table(tables::MATCHES)?, match_id)?;
    tx.open_table(MATCH_HISTORY)?.insert(
        (match_id, sequence),
        codec::encode(&Stored(entry))?.as_slice(),
    )?;
    Ok(())
}

/// The writes of one transaction on one match, with what they need in reach.
struct Tx<'a> {
    tx: &'a WriteTx<'a>,
}

impl Tx<'_> {
    fn load(&self, id: u64) -> Result<MatchState> {
        let record: MatchRecord = codec::get(&self.tx.open_table(tables::MATCHES)?, id)?;
        Ok(record.0)
    }

    /// Writes the match (one revision on) and its index entries.
    fn save(&self, id: u64, old: Option<&MatchState>, new: &mut MatchState) -> Result<()> {
        new.revision = old.map_or(0, |o| o.revision) + 1;
        index_match(self.tx, id, old, new)?;
        codec::put(self.tx, id, &Stored(new.clone()))
    }

    fn history(
        &self,
        match_id: u64,
        actor: &Actor,
        action: &str,
        before: Option<String>,
        after: Option<String>,
    ) -> Result<()> {
        let mut table = self.tx.open_table(MATCH_HISTORY)?;
        let next = table
            .range((match_id, 0)..=(match_id, u64::MAX))?
            .next_back()
            .transpose()?
            .map_or(1, |(key, _)| key.value().1 + 1);
        let entry = HistoryEntry {
            at: actor.at,
            user_id: actor.user_id,
            user: actor.user.clone(),
            action: action.to_owned(),
            before,
            after,
        };
        table.insert((match_id, next), codec::encode(&Stored(entry))?.as_slice())?;
        Ok(())
    }

    /// Lets a log write through (see `MatchState::open_for_write`), noting a reopening.
    fn open_log(&self, match_id: u64, state: &mut MatchState, actor: &Actor) -> Result<()> {
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
    fn opened(&self, match_id: u64, actor: &Actor) -> Result<(MatchState, MatchState)> {
        let before = self.load(match_id)?;
        let mut state = before.clone();
        self.open_log(match_id, &mut state, actor)?;
        Ok((before, state))
    }

    fn events(&self, match_id: u64) -> Result<Vec<Event>> {
        let table = self.tx.open_table(tables::EVENTS)?;
        let ids: Vec<u64> = self
            .tx
            .open_multimap_table(EVENTS_BY_MATCH)?
            .get(match_id)?
            .map(|id| Ok(id?.value()))
            .collect::<Result<_>>()?;
        ids.into_iter()
            .map(|id| {
                let record: EventRecord = codec::get(&table, id)?;
                Ok(Event {
                    id,
                    fields: record.0,
                })
            })
            .collect()
    }

    fn put_event(&self, id: u64, fields: &EventFields) -> Result<()> {
        put_event(self.tx, id, fields)
    }

    fn remove_event(&self, id: u64) -> Result<EventFields> {
        let old: EventRecord = codec::remove(self.tx, id)?;
        self.tx
            .open_multimap_table(EVENTS_BY_MATCH)?
            .remove(old.0.match_id, id)?;
        if let Some(client_id) = &old.0.client_id {
            self.tx
                .open_table(EVENT_CLIENT_IDS)?
                .remove((old.0.match_id, client_id.as_str()))?;
        }
        Ok(old.0)
    }

    /// Recomputes the score from `all` the match's events and saves the match.
    fn rescore(
        &self,
        match_id: u64,
        before: &MatchState,
        mut state: MatchState,
        all: &[Event],
    ) -> Result<Match> {
        state.score = events::score(&state, all);
        self.save(match_id, Some(before), &mut state)?;
        Ok(Match {
            id: match_id,
            state,
        })
    }

    /// The competition, teams, country and city a match names exist, and both teams are
    /// entered in the competition.
    fn check_fixture(&self, fields: &MatchFields) -> Result<()> {
        let exists = |table: EntityTable, id: u64| -> Result<bool> {
            Ok(self.tx.open_table(table)?.get(id)?.is_some())
        };
        let mut errors = ValidationErrors::new();
        if !exists(tables::COMPETITIONS, fields.competition_id)? {
            errors.add("competitionId", "The chosen competition does not exist.");
        }
        for (field, id) in [
            ("homeTeamId", fields.home_team_id),
            ("awayTeamId", fields.away_team_id),
        ] {
            if !exists(tables::TEAMS, id)? {
                errors.add(field, "The chosen team does not exist.");
            }
        }
        if errors.is_empty() {
            let entered: Vec<u64> = links_in::<CompetitionTeamFields>(
                self.tx,
                Owner::Competition(fields.competition_id),
            )?
            .into_iter()
            .map(|l| l.fields.team_id)
            .collect();
            for (field, id) in [
                ("homeTeamId", fields.home_team_id),
                ("awayTeamId", fields.away_team_id),
            ] {
                if !entered.contains(&id) {
                    errors.add(field, rules::TEAMS_NOT_IN_COMPETITION);
                }
            }
        }
        if !errors.is_empty() {
            return Err(StoreError::Invalid(errors));
        }
        if let Some(country_id) = fields.country_id {
            crate::federations::check_place(self.tx, country_id, fields.city_id)?;
        }
        Ok(())
    }

    fn next_row_id(&self, sequence: &str) -> Result<u64> {
        let mut sequences = self.tx.open_table(tables::SEQUENCES)?;
        let next = sequences.get(sequence)?.map_or(0, |v| v.value()) + 1;
        sequences.insert(sequence, next)?;
        Ok(next)
    }

    /// Lineup rows from checked input: players from the team's roster (their cap number by
    /// default), ids kept for rows that stay.
    fn players(&self, state: &MatchState, rows: Vec<PlayerRow>) -> Result<Vec<MatchPlayer>> {
        let mut errors = ValidationErrors::new();
        let mut players = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            let kept = state
                .players
                .iter()
                .find(|p| p.team_id == row.team_id && p.player_id == row.player_id);
            // A row that stays keeps its player even if the roster changed since.
            if let Some(kept) = kept {
                players.push(MatchPlayer {
                    position_id: row.position_id,
                    number: row.number,
                    cap_number: row.cap_number.unwrap_or(kept.cap_number),
                    ..kept.clone()
                });
                continue;
            }
            let roster = links_in::<TeamPlayerFields>(self.tx, Owner::Team(row.team_id))?;
            let Some(member) = roster.iter().find(|l| l.fields.player_id == row.player_id) else {
                errors.add(
                    &format!("matchPlayers[{i}].playerId"),
                    "This player is not in the team's roster.",
                );
                continue;
            };
            players.push(MatchPlayer {
                id: self.next_row_id("match_players")?,
                team_id: row.team_id,
                player_id: row.player_id,
                position_id: row.position_id,
                number: row.number,
                cap_number: row
                    .cap_number
                    .or(member.fields.cap_number)
                    .unwrap_or(row.number),
            });
        }
        errors.finish(players).map_err(StoreError::Invalid)
    }

    fn coaches(&self, state: &MatchState, rows: Vec<CoachRow>) -> Result<Vec<MatchCoach>> {
        let mut errors = ValidationErrors::new();
        let mut coaches = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            if let Some(kept) = state
                .coaches
                .iter()
                .find(|c| c.coach_id == row.coach_id && c.team_id == row.team_id)
            {
                coaches.push(MatchCoach {
                    role_id: row.role_id,
                    ..kept.clone()
                });
                continue;
            }
            let bench = links_in::<TeamCoachFields>(self.tx, Owner::Team(row.team_id))?;
            if !bench.iter().any(|l| l.fields.coach_id == row.coach_id) {
                errors.add(
                    &format!("matchCoaches[{i}].coachId"),
                    "This coach is not a coach of the team.",
                );
                continue;
            }
            coaches.push(MatchCoach {
                id: self.next_row_id("match_coaches")?,
                team_id: row.team_id,
                coach_id: row.coach_id,
                role_id: row.role_id,
            });
        }
        errors.finish(coaches).map_err(StoreError::Invalid)
    }

    fn officials(
        &self,
        match_id: u64,
        state: &MatchState,
        rows: Vec<OfficialRow>,
    ) -> Result<Vec<MatchOfficial>> {
        let mut errors = ValidationErrors::new();
        let table = self.tx.open_table(tables::OFFICIALS)?;
        let mut officials = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            if table.get(row.official_id)?.is_none() {
                errors.add(
                    &format!("matchOfficials[{i}].officialId"),
                    "The chosen official does not exist.",
                );
                continue;
            }
            let kept = state
                .officials
                .iter()
                .find(|o| o.official_id == row.official_id)
                .cloned();
            let official = match kept {
                Some(old) => MatchOfficial {
                    role_id: row.role_id,
                    ..old
                },
                None => {
                    let id = self.next_row_id("match_officials")?;
                    self.tx.open_table(MATCH_OFFICIALS)?.insert(id, match_id)?;
                    MatchOfficial {
                        id,
                        official_id: row.official_id,
                        role_id: row.role_id,
                        confirmed: false,
                        confirmed_at: None,
                    }
                }
            };
            officials.push(official);
        }
        drop(table);
        let mut ids = self.tx.open_table(MATCH_OFFICIALS)?;
        for old in &state.officials {
            if !officials.iter().any(|o| o.id == old.id) {
                ids.remove(old.id)?;
            }
        }
        errors.finish(officials).map_err(StoreError::Invalid)
    }

    /// Deletes a match with its events, history and index entries.
    fn delete(&self, id: u64) -> Result<()> {
        let old = self.load(id)?;
        for event in self.events(id)? {
            self.remove_event(event.id)?;
        }
        let mut index = self.tx.open_multimap_table(MATCHES_BY)?;
        for key in index_keys(&old) {
            index.remove(key, id)?;
        }
        let mut officials = self.tx.open_table(MATCH_OFFICIALS)?;
        for official in &old.officials {
            officials.remove(official.id)?;
        }
        let mut history = self.tx.open_table(MATCH_HISTORY)?;
        history.retain_in((id, 0)..=(id, u64::MAX), |_, _| false)?;
        codec::remove::<MatchRecord>(self.tx, id)?;
        Ok(())
    }
}

/// Deletes the matches of a competition or team, as part of deleting it.
pub(crate) fn delete_matches_of(tx: &WriteTx<'_>, of: MatchesOf) -> Result<()> {
    let ids: Vec<u64> = tx
        .open_multimap_table(MATCHES_BY)?
        .get(of.key())?
        .map(|id| Ok(id?.value()))
        .collect::<Result<_>>()?;
    let t = Tx { tx };
    for id in ids {
        t.delete(id)?;
    }
    Ok(())
}

/// Refuses to delete a coach, player or official a match names: its lineups, officials and
/// events would point at no one (the match's history is kept whole).
pub(crate) fn refuse_if_in_matches(tx: &WriteTx<'_>, of: MatchesOf) -> Result<()> {
    let named = tx
        .open_multimap_table(MATCHES_BY)?
        .get(of.key())?
        .next()
        .is_some();
    let what = match of {
        MatchesOf::Player(_) => "player",
        MatchesOf::Coach(_) => "club manager",
        MatchesOf::Official(_) => "official",
        MatchesOf::Competition(_) | MatchesOf::Team(_) => return Ok(()),
    };
    if named {
        return Err(conflict(format!(
            "This {what} cannot be deleted because a match names them; remove them from its lineups or officials first."
        )));
    }
    Ok(())
}

/// Builds the catalog from the stored matches (at open).
pub(crate) fn load_catalog(db: &redb::Database) -> Result<MatchCatalog> {
    use redb::ReadableDatabase;
    let tx = db.begin_read()?;
    catalog_of(&tx.open_table(tables::MATCHES)?)
}

fn catalog_of(table: &impl ReadableTable<u64, &'static [u8]>) -> Result<MatchCatalog> {
    let mut catalog = MatchCatalog::default();
    for (id, record) in codec::all::<MatchRecord>(table)? {
        catalog.put(id, &record.0);
    }
    Ok(catalog)
}

/// Creates a match inside a write (the API's create, an import).
pub(crate) fn create_match_in(
    tx: &WriteTx<'_>,
    fields: MatchFields,
    actor: &Actor,
) -> Result<Match> {
    let t = Tx { tx };
    t.check_fixture(&fields)?;
    let id = codec::next_id::<MatchRecord>(tx)?;
    let mut state = MatchState::new(fields);
    t.save(id, None, &mut state)?;
    t.history(id, actor, "Match created", None, json(&state.fields))?;
    Ok(Match { id, state })
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

    pub async fn create_match(&self, fields: MatchFields, actor: Actor) -> Result<Match> {
        self.write(move |tx| create_match_in(tx, fields, &actor))
            .await
    }

    /// Replaces the match form's fields and moves the status (forward only).
    pub async fn update_match(
        &self,
        id: u64,
        fields: MatchFields,
        status: Option<MatchStatus>,
        actor: Actor,
    ) -> Result<Match> {
        self.match_write(move |t| {
            let before = t.load(id)?;
            let mut state = before.clone();
            if status.is_none_or(|next| next == before.status_id) && fields == before.fields {
                return Ok(Match { id, state });
            }
            if let Some(next) = status
                && !before.status_id.can_move_to(next)
            {
                return Err(conflict(before.status_id.refusal(next)));
            }
            t.open_log(id, &mut state, &actor)?;
            // The fixture is checked when it changes: a team later withdrawn from the
            // competition must not stop its matches from being finished.
            let f = &before.fields;
            let fixture = (
                f.competition_id,
                f.home_team_id,
                f.away_team_id,
                f.country_id,
                f.city_id,
            );
            if fixture
                != (
                    fields.competition_id,
                    fields.home_team_id,
                    fields.away_team_id,
                    fields.country_id,
                    fields.city_id,
                )
            {
                t.check_fixture(&fields)?;
            }
            let teams_changed = (fields.home_team_id, fields.away_team_id)
                != (before.fields.home_team_id, before.fields.away_team_id);
            if teams_changed
                && (!before.players.is_empty()
                    || !before.coaches.is_empty()
                    || !t.events(id)?.is_empty())
            {
                return Err(conflict(rules::TEAMS_LOCKED));
            }
            if let Some(next) = status
                && next != before.status_id
            {
                if !before.status_id.can_move_to(next) {
                    return Err(conflict(before.status_id.refusal(next)));
                }
                state.status_id = next;
                t.history(
                    id,
                    &actor,
                    "Status changed",
                    json(&before.status_id),
                    json(&next),
                )?;
            }
            if fields != before.fields {
                t.history(
                    id,
                    &actor,
                    "Match updated",
                    json(&before.fields),
                    json(&fields),
                )?;
                state.fields = fields;
            }
            t.save(id, Some(&before), &mut state)?;
            Ok(Match { id, state })
        })
        .await
    }

    pub async fn delete_match(&self, id: u64) -> Result<()> {
        self.match_write(move |t| t.delete(id)).await
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
    pub fn search_matches(&self, query: &MatchQuery) -> Result<(Vec<Match>, u64)> {
        let (ids, total) = self
            .catalog
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .search(query);
        let tx = self.read()?;
        let table = tx.open_table(tables::MATCHES)?;
        let mut matches = Vec::with_capacity(ids.len());
        for id in ids {
            match codec::get::<MatchRecord>(&table, id) {
                Ok(record) => matches.push(Match {
                    id,
                    state: record.0,
                }),
                Err(StoreError::NotFound { .. }) => {}
                Err(other) => return Err(other),
            }
        }
        Ok((matches, total))
    }

    /// Replaces lineups, coaches and officials: only before the match starts for players and
    /// coaches, never removing a player an event names, never on a closed log but by a
    /// correction.
    pub async fn change_log(&self, id: u64, change: LogChange, actor: Actor) -> Result<Match> {
        self.match_write(move |t| {
            let (before, mut state) = t.opened(id, &actor)?;
            if (change.players.is_some() || change.coaches.is_some())
                && before.status_id != MatchStatus::NotStarted
            {
                return Err(conflict(rules::LINEUP_LOCKED));
            }
            if let Some(rows) = change.players {
                let players = t.players(&state, rows)?;
                let all = t.events(id)?;
                let mut refused = Vec::new();
                for old in &state.players {
                    let stays = players
                        .iter()
                        .any(|p| p.team_id == old.team_id && p.player_id == old.player_id);
                    if !stays
                        && let Some(side) =
                            events::referenced(old.team_id, old.player_id, &state, &all)
                    {
                        refused.push(events::referenced_message(side));
                    }
                }
                refuse_referenced(refused)?;
                t.history(
                    id,
                    &actor,
                    "Lineups changed",
                    json(&state.players),
                    json(&players),
                )?;
                state.players = players;
            }
            if let Some(rows) = change.coaches {
                let coaches = t.coaches(&state, rows)?;
                let all = t.events(id)?;
                let refused: Vec<String> = state
                    .coaches
                    .iter()
                    .filter(|old| !coaches.iter().any(|c| c.coach_id == old.coach_id))
                    .filter_map(|old| {
                        events::coach_referenced(old.team_id, old.coach_id, &state, &all)
                    })
                    .map(events::coach_referenced_message)
                    .collect();
                refuse_referenced(refused)?;
                t.history(
                    id,
                    &actor,
                    "Coaches changed",
                    json(&state.coaches),
                    json(&coaches),
                )?;
                state.coaches = coaches;
            }
            if let Some(rows) = change.officials {
                let officials = t.officials(id, &state, rows)?;
                t.history(
                    id,
                    &actor,
                    "Officials changed",
                    json(&state.officials),
                    json(&officials),
                )?;
                state.officials = officials;
            }
            t.save(id, Some(&before), &mut state)?;
            Ok(Match { id, state })
        })
        .await
    }

    /// The match a match official belongs to.
    pub fn match_of_official_entry(&self, match_official_id: u64) -> Result<Match> {
        let match_id = {
            let tx = self.read()?;
            let table = tx.open_table(MATCH_OFFICIALS)?;
            let found = table.get(match_official_id)?.map(|v| v.value());
            found.ok_or(StoreError::NotFound {
                entity: "Match official",
                id: match_official_id,
            })?
        };
        self.get_match(match_id)
    }

    /// Adds one official to a match (`POST /api/MatchOfficials`).
    pub async fn add_match_official(
        &self,
        match_id: u64,
        row: OfficialRow,
        actor: Actor,
    ) -> Result<(Match, MatchOfficial)> {
        self.match_write(move |t| {
            let before = t.load(match_id)?;
            if before
                .officials
                .iter()
                .any(|o| o.official_id == row.official_id)
            {
                return Err(invalid("officialId", rules::OFFICIAL_TWICE));
            }
            let mut state = before.clone();
            t.open_log(match_id, &mut state, &actor)?;
            let mut rows: Vec<OfficialRow> = state
                .officials
                .iter()
                .map(|o| OfficialRow {
                    official_id: o.official_id,
                    role_id: o.role_id,
                })
                .collect();
            rows.push(row.clone());
            let officials = t.officials(match_id, &state, rows).map_err(|e| match e {
                StoreError::Invalid(_) => {
                    invalid("officialId", "The chosen official does not exist.")
                }
                other => other,
            })?;
            let added = officials
                .iter()
                .find(|o| o.official_id == row.official_id)
                .cloned();
            t.history(match_id, &actor, "Official assigned", None, json(&added))?;
            state.officials = officials;
            t.save(match_id, Some(&before), &mut state)?;
            let added = added
                .ok_or_else(|| StoreError::Backend("the added official went missing".into()))?;
            Ok((
                Match {
                    id: match_id,
                    state,
                },
                added,
            ))
        })
        .await
    }

    /// Changes the role of a match official, or which official it is.
    pub async fn update_match_official(
        &self,
        match_official_id: u64,
        row: OfficialRow,
        actor: Actor,
    ) -> Result<(Match, MatchOfficial)> {
        let match_id = self.match_of_official_entry(match_official_id)?.id;
        self.match_write(move |t| {
            let before = t.load(match_id)?;
            if before
                .officials
                .iter()
                .any(|o| o.official_id == row.official_id && o.id != match_official_id)
            {
                return Err(invalid("officialId", rules::OFFICIAL_TWICE));
            }
            let mut state = before.clone();
            t.open_log(match_id, &mut state, &actor)?;
            if t.tx
                .open_table(tables::OFFICIALS)?
                .get(row.official_id)?
                .is_none()
            {
                return Err(invalid("officialId", "The chosen official does not exist."));
            }
            let entry = state
                .officials
                .iter_mut()
                .find(|o| o.id == match_official_id)
                .ok_or(StoreError::NotFound {
                    entity: "Match official",
                    id: match_official_id,
                })?;
            let old = entry.clone();
            if entry.official_id != row.official_id {
                entry.confirmed = false;
                entry.confirmed_at = None;
            }
            entry.official_id = row.official_id;
            entry.role_id = row.role_id;
            let updated = entry.clone();
            t.history(
                match_id,
                &actor,
                "Official changed",
                json(&old),
                json(&updated),
            )?;
            t.save(match_id, Some(&before), &mut state)?;
            Ok((
                Match {
                    id: match_id,
                    state,
                },
                updated,
            ))
        })
        .await
    }

    pub async fn delete_match_official(
        &self,
        match_official_id: u64,
        actor: Actor,
    ) -> Result<Match> {
        let match_id = self.match_of_official_entry(match_official_id)?.id;
        self.match_write(move |t| {
            let (before, mut state) = t.opened(match_id, &actor)?;
            let old = state
                .officials
                .iter()
                .find(|o| o.id == match_official_id)
                .cloned();
            state.officials.retain(|o| o.id != match_official_id);
            t.tx.open_table(MATCH_OFFICIALS)?
                .remove(match_official_id)?;
            t.history(match_id, &actor, "Official removed", json(&old), None)?;
            t.save(match_id, Some(&before), &mut state)?;
            Ok(Match {
                id: match_id,
                state,
            })
        })
        .await
    }

    /// Marks the log confirmed by one match official (the PIN was checked by the caller) and
    /// clears that official's wrong-PIN count.
    pub async fn confirm_match_log(
        &self,
        match_official_id: u64,
        actor: Actor,
    ) -> Result<(Match, MatchOfficial)> {
        let match_id = self.match_of_official_entry(match_official_id)?.id;
        self.match_write(move |t| {
            let before = t.load(match_id)?;
            if before.status_id != MatchStatus::Finished {
                return Err(conflict(rules::NOT_FINISHED));
            }
            let mut state = before.clone();
            let entry = state
                .officials
                .iter_mut()
                .find(|o| o.id == match_official_id)
                .ok_or(StoreError::NotFound {
                    entity: "Match official",
                    id: match_official_id,
                })?;
            entry.confirmed = true;
            entry.confirmed_at = Some(actor.at);
            let confirmed = entry.clone();
            t.tx.open_table(tables::PIN_GUARDS)?
                .remove(confirmed.official_id)?;
            t.history(match_id, &actor, "Log confirmed", None, json(&confirmed))?;
            t.save(match_id, Some(&before), &mut state)?;
            Ok((
                Match {
                    id: match_id,
                    state,
                },
                confirmed,
            ))
        })
        .await
    }

    /// Starts a PIN attempt for an official, in the writer's order: refused while paused or
    /// locked, otherwise counted as wrong until the log is confirmed (which clears the count), so
    /// parallel guesses cannot all pass the check before any is counted.
    pub async fn start_pin_attempt(
        &self,
        official_id: u64,
        now: i64,
    ) -> Result<std::result::Result<PinGuard, PinRefusal>> {
        self.write(move |tx| {
            let table = tx.open_table(tables::PIN_GUARDS)?;
            let mut guard = match codec::get::<Stored<PinGuard>>(&table, official_id) {
                Ok(guard) => guard.0,
                Err(StoreError::NotFound { .. }) => PinGuard::default(),
                Err(other) => return Err(other),
            };
            drop(table);
            if let Err(refusal) = guard.check(now) {
                return Ok(Err(refusal));
            }
            guard.fail(now);
            codec::put(tx, official_id, &Stored(guard.clone()))?;
            Ok(Ok(guard))
        })
        .await
    }

    pub fn events_of(&self, match_id: u64) -> Result<Vec<Event>> {
        let tx = self.read()?;
        tx.open_table(tables::MATCHES)?
            .get(match_id)?
            .ok_or(StoreError::NotFound {
                entity: "Match",
                id: match_id,
            })?;
        let ids: Vec<u64> = tx
            .open_multimap_table(EVENTS_BY_MATCH)?
            .get(match_id)?
            .map(|id| Ok(id?.value()))
            .collect::<Result<_>>()?;
        let table = tx.open_table(tables::EVENTS)?;
        let mut events: Vec<Event> = ids
            .into_iter()
            .map(|id| {
                let record: EventRecord = codec::get(&table, id)?;
                Ok(Event {
                    id,
                    fields: record.0,
                })
            })
            .collect::<Result<_>>()?;
        events.sort_by_key(|e| (e.fields.clock_key(), e.id));
        Ok(events)
    }

    pub fn event(&self, id: u64) -> Result<Event> {
        let tx = self.read()?;
        let record: EventRecord = codec::get(&tx.open_table(tables::EVENTS)?, id)?;
        Ok(Event {
            id,
            fields: record.0,
        })
    }

    /// Records an event (and the other half of a double exclusion) and rescores the match. A
    /// retried POST with a known client id returns the first event and changes nothing.
    pub async fn create_event(&self, fields: EventFields, actor: Actor) -> Result<EventWrite> {
        self.match_write(move |t| {
            let match_id = fields.match_id;
            let before = match t.load(match_id) {
                Err(StoreError::NotFound { .. }) => {
                    return Err(invalid("matchId", "The chosen match does not exist."));
                }
                other => other?,
            };
            if let Some(client_id) = &fields.client_id {
                let known =
                    t.tx.open_table(EVENT_CLIENT_IDS)?
                        .get((match_id, client_id.as_str()))?
                        .map(|v| v.value());
                if let Some(id) = known {
                    let record: EventRecord = codec::get(&t.tx.open_table(tables::EVENTS)?, id)?;
                    let paired = match record.0.paired_event_id {
                        Some(pair) => Some(Event {
                            id: pair,
                            fields: codec::get::<EventRecord>(
                                &t.tx.open_table(tables::EVENTS)?,
                                pair,
                            )?
                            .0,
                        }),
                        None => None,
                    };
                    return Ok(EventWrite {
                        event: Event {
                            id,
                            fields: record.0,
                        },
                        paired,
                        removed_pair: None,
                        game: Match {
                            id: match_id,
                            state: before,
                        },
                        replayed: true,
                    });
                }
            }
            let mut state = before.clone();
            t.open_log(match_id, &mut state, &actor)?;
            let mut others = t.events(match_id)?;
            events::check_in_match(&fields, &state, &others).map_err(StoreError::Invalid)?;
            let id = codec::next_id::<EventRecord>(t.tx)?;
            let mut event = Event { id, fields };
            let paired = match events::mirrored(&event.fields, &state) {
                Some(mirror) => {
                    others.push(event.clone());
                    events::check_in_match(&mirror, &state, &others)
                        .map_err(StoreError::Invalid)?;
                    let pair_id = codec::next_id::<EventRecord>(t.tx)?;
                    event.fields.paired_event_id = Some(pair_id);
                    let pair = Event {
                        id: pair_id,
                        fields: EventFields {
                            paired_event_id: Some(id),
                            ..mirror
                        },
                    };
                    t.put_event(pair_id, &pair.fields)?;
                    others.push(pair.clone());
                    Some(pair)
                }
                None => {
                    others.push(event.clone());
                    None
                }
            };
            t.put_event(id, &event.fields)?;
            for written in std::iter::once(&event).chain(&paired) {
                let after = json(&EventView::from(written.clone()));
                t.history(match_id, &actor, "Event created", None, after)?;
            }
            // `others` now holds every event of the match, the new ones with their final ids.
            if let Some(stale) = others.iter_mut().find(|e| e.id == id) {
                stale.fields.paired_event_id = event.fields.paired_event_id;
            }
            let game = t.rescore(match_id, &before, state, &others)?;
            Ok(EventWrite {
                event,
                paired,
                removed_pair: None,
                game,
                replayed: false,
            })
        })
        .await
    }

    /// Replaces an event; the other half of a double exclusion follows (made, changed or
    /// removed).
    pub async fn update_event(
        &self,
        id: u64,
        mut fields: EventFields,
        actor: Actor,
    ) -> Result<EventWrite> {
        self.match_write(move |t| {
            let old: EventRecord = codec::get(&t.tx.open_table(tables::EVENTS)?, id)?;
            let old = old.0;
            if fields.match_id != old.match_id {
                return Err(invalid("matchId", "An event cannot move to another match."));
            }
            let match_id = old.match_id;
            let (before, state) = t.opened(match_id, &actor)?;
            let mut others: Vec<Event> = t
                .events(match_id)?
                .into_iter()
                .filter(|e| e.id != id && Some(e.id) != old.paired_event_id)
                .collect();
            events::check_in_match(&fields, &state, &others).map_err(StoreError::Invalid)?;
            fields.client_id = old.client_id.clone();
            let mut removed_pair = None;
            let mut pair_before = None;
            let paired = match (events::mirrored(&fields, &state), old.paired_event_id) {
                (Some(mirror), pair) => {
                    others.push(Event {
                        id,
                        fields: fields.clone(),
                    });
                    events::check_in_match(&mirror, &state, &others)
                        .map_err(StoreError::Invalid)?;
                    others.pop();
                    // A replaced half keeps its client id, so its retried POST still finds it.
                    let (pair_id, client_id) = match pair {
                        Some(pair_id) => {
                            let replaced = t.remove_event(pair_id)?;
                            let client_id = replaced.client_id.clone();
                            pair_before = Some(Event {
                                id: pair_id,
                                fields: replaced,
                            });
                            (pair_id, client_id)
                        }
                        None => (codec::next_id::<EventRecord>(t.tx)?, None),
                    };
                    let pair = Event {
                        id: pair_id,
                        fields: EventFields {
                            paired_event_id: Some(id),
                            client_id,
                            ..mirror
                        },
                    };
                    t.put_event(pair_id, &pair.fields)?;
                    fields.paired_event_id = Some(pair_id);
                    Some(pair)
                }
                (None, Some(pair_id)) => {
                    pair_before = Some(Event {
                        id: pair_id,
                        fields: t.remove_event(pair_id)?,
                    });
                    removed_pair = Some(pair_id);
                    fields.paired_event_id = None;
                    None
                }
                (None, None) => None,
            };
            t.remove_event(id)?;
            t.put_event(id, &fields)?;
            let event = Event { id, fields };
            t.history(
                match_id,
                &actor,
                "Event updated",
                json(&EventView::from(Event { id, fields: old })),
                json(&EventView::from(event.clone())),
            )?;
            if pair_before.is_some() || paired.is_some() {
                let view = |e: &Option<Event>| e.clone().map(EventView::from);
                let action = match (&pair_before, &paired) {
                    (None, Some(_)) => "Event created",
                    (Some(_), None) => "Event deleted",
                    _ => "Event updated",
                };
                t.history(
                    match_id,
                    &actor,
                    action,
                    json(&view(&pair_before)),
                    json(&view(&paired)),
                )?;
            }
            others.push(event.clone());
            others.extend(paired.clone());
            let game = t.rescore(match_id, &before, state, &others)?;
            Ok(EventWrite {
                event,
                paired,
                removed_pair,
                game,
                replayed: false,
            })
        })
        .await
    }

    /// Removes an event and the other half of a double exclusion.
    pub async fn delete_event(&self, id: u64, actor: Actor) -> Result<EventWrite> {
        self.match_write(move |t| {
            let old = t.remove_event(id)?;
            let match_id = old.match_id;
            let (before, state) = t.opened(match_id, &actor)?;
            let removed_pair = match old.paired_event_id {
                Some(pair) if t.tx.open_table(tables::EVENTS)?.get(pair)?.is_some() => {
                    Some(Event {
                        id: pair,
                        fields: t.remove_event(pair)?,
                    })
                }
                _ => None,
            };
            let event = Event { id, fields: old };
            for removed in std::iter::once(&event).chain(&removed_pair) {
                let before_write = json(&EventView::from(removed.clone()));
                t.history(match_id, &actor, "Event deleted", before_write, None)?;
            }
            let all = t.events(match_id)?;
            let game = t.rescore(match_id, &before, state, &all)?;
            let removed_pair = removed_pair.map(|pair| pair.id);
            Ok(EventWrite {
                event,
                paired: None,
                removed_pair,
                game,
                replayed: false,
            })
        })
        .await
    }

    /// A match's history, oldest first.
    pub fn match_history(&self, match_id: u64) -> Result<Vec<HistoryEntry>> {
        let tx = self.read()?;
        tx.open_table(tables::MATCHES)?
            .get(match_id)?
            .ok_or(StoreError::NotFound {
                entity: "Match",
                id: match_id,
            })?;
        let table = tx.open_table(MATCH_HISTORY)?;
        table
            .range((match_id, 0)..=(match_id, u64::MAX))?
            .map(|entry| {
                let (_, bytes) = entry?;
                Ok(codec::decode::<Stored<HistoryEntry>>(bytes.value())?.0)
            })
            .collect()
    }

    /// Recomputes from their events the scores of a competition's matches (the standings'
    /// "from scratch"); returns how many changed.
    pub async fn rescore_competition(&self, competition_id: u64) -> Result<usize> {
        self.match_write(move |t| {
            let ids: Vec<u64> =
                t.tx.open_multimap_table(MATCHES_BY)?
                    .get(MatchesOf::Competition(competition_id).key())?
                    .map(|id| Ok(id?.value()))
                    .collect::<Result<_>>()?;
            let mut changed = 0;
            for id in ids {
                let before = t.load(id)?;
                let score = events::score(&before, &t.events(id)?);
                if score != before.score {
                    let mut state = MatchState {
                        score,
                        ..before.clone()
                    };
                    t.save(id, Some(&before), &mut state)?;
                    changed += 1;
                }
            }
            Ok(changed)
        })
        .await
    }
}

/// History entries live in `MATCH_HISTORY`, keyed by match and sequence; `TABLE` only
/// satisfies the trait.
impl Record for Stored<HistoryEntry> {
    const ENTITY: &'static str = "Match history entry";
    const TABLE: RecordTable = RecordTable::of(tables::MATCHES);
    const VERSION: u16 = 1;
}

/// A whole match log, written at once inside a [`crate::Batch`] (the demo season, imports): the
/// fixture, its lineups, bench and officials, its events in order, the status it ends in and the
/// officials' confirmations.
#[derive(Debug, Clone)]
pub struct MatchLog {
    pub fields: MatchFields,
    pub players: Vec<PlayerRow>,
    pub coaches: Vec<CoachRow>,
    pub officials: Vec<OfficialRow>,
    /// In log order; each one's `match_id` is set to the new match's.
    pub events: Vec<EventFields>,
    pub status: MatchStatus,
    /// The officials (by official id) who confirmed the log, and when; only on a finished match.
    pub confirmations: Vec<(u64, Instant)>,
}

impl crate::Batch<'_> {
    /// Writes a whole match log in the batch's transaction, through the same checks and in the
    /// same order as the API's calls (fixture, lineups from the rosters, officials, every event
    /// against the log so far with its double-exclusion mirror, status, confirmations), with a
    /// history entry for each step.
    pub fn write_match_log(&self, log: MatchLog, actor: &Actor) -> Result<Match> {
        let t = Tx { tx: self.tx };
        t.check_fixture(&log.fields)?;
        let id = codec::next_id::<MatchRecord>(t.tx)?;
        let mut state = MatchState::new(log.fields);
        t.save(id, None, &mut state)?;
        t.history(id, actor, "Match created", None, json(&state.fields))?;
        let created = state.clone();
        state.players = t.players(&state, log.players)?;
        t.history(id, actor, "Lineups changed", None, json(&state.players))?;
        state.coaches = t.coaches(&state, log.coaches)?;
        t.history(id, actor, "Coaches changed", None, json(&state.coaches))?;
        state.officials = t.officials(id, &state, log.officials)?;
        t.history(id, actor, "Officials changed", None, json(&state.officials))?;
        if log.status != MatchStatus::NotStarted {
            if !MatchStatus::NotStarted.can_move_to(log.status) {
                return Err(conflict(MatchStatus::NotStarted.refusal(log.status)));
            }
            state.status_id = log.status;
            t.history(
                id,
                actor,
                "Status changed",
                json(&MatchStatus::NotStarted),
                json(&log.status),
            )?;
        }
        let mut all: Vec<Event> = Vec::with_capacity(log.events.len());
        for mut fields in log.events {
            fields.match_id = id;
            events::check_in_match(&fields, &state, &all).map_err(StoreError::Invalid)?;
            let event_id = codec::next_id::<EventRecord>(t.tx)?;
            let mut event = Event {
                id: event_id,
                fields,
            };
            let pair = match events::mirrored(&event.fields, &state) {
                Some(mirror) => {
                    all.push(event.clone());
                    events::check_in_match(&mirror, &state, &all).map_err(StoreError::Invalid)?;
                    all.pop();
                    let pair_id = codec::next_id::<EventRecord>(t.tx)?;
                    event.fields.paired_event_id = Some(pair_id);
                    Some(Event {
                        id: pair_id,
                        fields: EventFields {
                            paired_event_id: Some(event_id),
                            ..mirror
                        },
                    })
                }
                None => None,
            };
            for written in std::iter::once(event).chain(pair) {
                t.put_event(written.id, &written.fields)?;
                let after = json(&EventView::from(written.clone()));
                t.history(id, actor, "Event created", None, after)?;
                all.push(written);
            }
        }
        state.score = events::score(&state, &all);
        for (official_id, at) in log.confirmations {
            if state.status_id != MatchStatus::Finished {
                return Err(conflict(rules::NOT_FINISHED));
            }
            let entry = state
                .officials
                .iter_mut()
                .find(|o| o.official_id == official_id)
                .ok_or_else(|| {
                    invalid(
                        "matchOfficials",
                        "Only an official of the match can confirm its log.",
                    )
                })?;
            entry.confirmed = true;
            entry.confirmed_at = Some(at);
            let confirmed = entry.clone();
            let who = Actor {
                at,
                ..actor.clone()
            };
            t.history(id, &who, "Log confirmed", None, json(&confirmed))?;
        }
        t.save(id, Some(&created), &mut state)?;
        Ok(Match { id, state })
    }
}
