//! The whole store as one versioned JSON document (export and restore), and a consistent copy
//! of the live redb file (backup).
//!
//! An export is read in one read transaction, so it is one consistent moment of the store. Its
//! rows are the stored records in their serde form, in id order, and it carries no time of its
//! own: exporting a restored store gives the same bytes. Sign-in secrets (sessions, refresh
//! tokens, API tokens, set-password links) and wrong-PIN counters are left out; password and PIN
//! hashes stay in, and so do the keys and recovery-code hashes of two-step sign-in (a restored
//! account that signed in with two steps still must), so the document is a full backup of the
//! data and must be kept as such.
//!
//! A restore writes a document into an empty store in one write transaction, through the same
//! `on_write` checks and index upkeep as every create, so each reference is checked and no index
//! can drift from what normal writes make. Ids and sequences are kept.
//!
//! A backup copies every table, secrets included, into a new redb file inside one read
//! transaction; `polodesk serve` opens it as `<data>/polodesk.redb`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use polodesk_domain::clubs::{Club, ClubFields};
use polodesk_domain::coaches::{Coach, CoachFields};
use polodesk_domain::competitions::{Competition, CompetitionFields};
use polodesk_domain::events::EventFields;
use polodesk_domain::federations::{Federation, FederationFields};
use polodesk_domain::matches::{HistoryEntry, MatchState};
use polodesk_domain::memberships::{
    ClubCoachFields, ClubPlayerFields, CompetitionTeamFields, FederationOfficialFields, Link,
    TeamCoachFields, TeamPlayerFields,
};
use polodesk_domain::officials::Official;
use polodesk_domain::persons::Person;
use polodesk_domain::players::{Player, PlayerFields};
use polodesk_domain::reference::{Category, City, CompetitionType, Country};
use polodesk_domain::teams::{Team, TeamFields};
use polodesk_domain::users::User;
use redb::{
    Database, MultimapTableDefinition, MultimapTableHandle, ReadTransaction, ReadableTable,
    TableDefinition, TableHandle, WriteTransaction,
};
use serde::{Deserialize, Serialize};

use crate::codec::{self, Record, Stored};
use crate::identity::{PersonRecord, UserRecord};
use crate::people::OfficialRecord;
use crate::records::{CategoryRecord, CityRecord, CompetitionTypeRecord, CountryRecord};
use crate::reference::{Entity, RecordWrite};
use crate::tables::{self, EachTable};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError, TwoStep};

/// The `format` of an export document.
pub const EXPORT_FORMAT: &str = "polodesk-export";
/// The `version` of the document this release writes. Raise it whenever a stored record's
/// shape changes, since the rows are the records' serde forms; 2 added competitions' `isPublic`,
/// 3 the users' two-step sign-in.
pub const EXPORT_VERSION: u32 = 3;
/// The oldest version this release still reads (fields added since take their defaults).
const OLDEST_READ_VERSION: u64 = 1;

/// One stored record and its id.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Row<R> {
    id: u64,
    record: R,
}

/// One entry of a match's history, with its place in it.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HistoryRow {
    match_id: u64,
    sequence: u64,
    entry: HistoryEntry,
}

/// A user's two-step sign-in that is on.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TwoStepRow {
    user_id: u64,
    /// The authenticator app's key, in hex.
    key: String,
    /// The last time step whose code was accepted (a code is not taken twice after a restore).
    last_step: u64,
    /// The hashes of the recovery codes not used yet.
    recovery_codes: Vec<String>,
}

impl TwoStepRow {
    fn new(user_id: u64, two_step: TwoStep) -> Self {
        Self {
            user_id,
            key: hex::encode(two_step.key),
            last_step: two_step.last_step,
            recovery_codes: two_step.recovery,
        }
    }

    fn two_step(self) -> Result<TwoStep> {
        let refused = || {
            StoreError::BadDocument(format!(
                "The export's twoStep row of user {} has a key that is not hex.",
                self.user_id
            ))
        };
        let key = hex::decode(&self.key).map_err(|_| refused())?;
        if key.is_empty() {
            return Err(refused());
        }
        Ok(TwoStep {
            key,
            on: true,
            last_step: self.last_step,
            recovery: self.recovery_codes,
        })
    }
}

/// The whole store as one document (see the module documentation). Its fields are the store's
/// own record shapes, so it is read and written only as JSON: `to_json` and `from_json`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Export {
    format: String,
    version: u32,
    schema_version: u64,
    countries: Vec<Row<CountryRecord>>,
    cities: Vec<Row<CityRecord>>,
    categories: Vec<Row<CategoryRecord>>,
    competition_types: Vec<Row<CompetitionTypeRecord>>,
    federations: Vec<Row<FederationFields>>,
    clubs: Vec<Row<ClubFields>>,
    teams: Vec<Row<TeamFields>>,
    competitions: Vec<Row<CompetitionFields>>,
    persons: Vec<Row<PersonRecord>>,
    coaches: Vec<Row<CoachFields>>,
    players: Vec<Row<PlayerFields>>,
    officials: Vec<Row<OfficialRecord>>,
    club_coaches: Vec<Row<ClubCoachFields>>,
    club_players: Vec<Row<ClubPlayerFields>>,
    team_coaches: Vec<Row<TeamCoachFields>>,
    team_players: Vec<Row<TeamPlayerFields>>,
    federation_officials: Vec<Row<FederationOfficialFields>>,
    competition_teams: Vec<Row<CompetitionTeamFields>>,
    users: Vec<Row<UserRecord>>,
    /// Absent before version 3.
    #[serde(default)]
    two_step: Vec<TwoStepRow>,
    matches: Vec<Row<MatchState>>,
    events: Vec<Row<EventFields>>,
    match_history: Vec<HistoryRow>,
    /// The last id handed out, by sequence name (entity tables and lineup rows).
    sequences: BTreeMap<String, u64>,
}

impl Export {
    /// The document as pretty JSON text, ending with a newline.
    pub fn to_json(&self) -> Vec<u8> {
        // Serializing plain structs, strings and numbers into memory cannot fail.
        let mut bytes = serde_json::to_vec_pretty(self).unwrap_or_default();
        bytes.push(b'\n');
        bytes
    }

    /// Reads a document, saying where JSON that does not fit it went wrong, and checks its
    /// format and version (references are checked by `Store::restore`).
    pub fn from_json(bytes: &[u8]) -> Result<Self> {
        // The header first, so a document of another kind or version gets that answer rather
        // than one about its fields.
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Header {
            format: Option<serde_json::Value>,
            version: Option<serde_json::Value>,
        }
        let header: Header = serde_json::from_slice(bytes).map_err(|e| bad_json(&e))?;
        if header.format.as_ref().and_then(|f| f.as_str()) != Some(EXPORT_FORMAT) {
            return Err(StoreError::BadDocument(format!(
                "This is not a PoloDesk export: its \"format\" must be \"{EXPORT_FORMAT}\"."
            )));
        }
        let readable = OLDEST_READ_VERSION..=u64::from(EXPORT_VERSION);
        if !header
            .version
            .as_ref()
            .and_then(serde_json::Value::as_u64)
            .is_some_and(|v| readable.contains(&v))
        {
            return Err(StoreError::BadDocument(format!(
                "This export has version {}; this release reads versions {OLDEST_READ_VERSION} to {EXPORT_VERSION}.",
                header
                    .version
                    .map_or_else(|| "none".to_owned(), |v| v.to_string())
            )));
        }
        let export: Export = serde_json::from_slice(bytes).map_err(|e| bad_json(&e))?;
        if export.schema_version > crate::SCHEMA_VERSION {
            return Err(StoreError::BadDocument(format!(
                "This export was made by a newer release (schema version {}, this release has {}).",
                export.schema_version,
                crate::SCHEMA_VERSION
            )));
        }
        Ok(export)
    }

    /// How many records the document holds, over every kind.
    pub fn record_count(&self) -> usize {
        self.countries.len()
            + self.cities.len()
            + self.categories.len()
            + self.competition_types.len()
            + self.federations.len()
            + self.clubs.len()
            + self.teams.len()
            + self.competitions.len()
            + self.persons.len()
            + self.coaches.len()
            + self.players.len()
            + self.officials.len()
            + self.club_coaches.len()
            + self.club_players.len()
            + self.team_coaches.len()
            + self.team_players.len()
            + self.federation_officials.len()
            + self.competition_teams.len()
            + self.users.len()
            + self.matches.len()
            + self.events.len()
            + self.match_history.len()
    }
}

fn bad_json(error: &serde_json::Error) -> StoreError {
    StoreError::BadDocument(format!(
        "The export is not valid: {error} (line {}, column {}).",
        error.line(),
        error.column()
    ))
}

fn rows<R: Record>(tx: &ReadTransaction) -> Result<Vec<Row<R>>> {
    Ok(codec::all::<R>(&tx.open_table(R::TABLE.def())?)?
        .into_iter()
        .map(|(id, record)| Row { id, record })
        .collect())
}

fn stored_rows<T>(tx: &ReadTransaction) -> Result<Vec<Row<T>>>
where
    Stored<T>: Record,
{
    Ok(rows::<Stored<T>>(tx)?
        .into_iter()
        .map(|row| Row {
            id: row.id,
            record: row.record.0,
        })
        .collect())
}

fn export_in(tx: &ReadTransaction) -> Result<Export> {
    let mut match_history = Vec::new();
    for entry in tx.open_table(tables::MATCH_HISTORY)?.iter()? {
        let (key, bytes) = entry?;
        let (match_id, sequence) = key.value();
        let entry = codec::decode::<Stored<HistoryEntry>>(bytes.value())?.0;
        match_history.push(HistoryRow {
            match_id,
            sequence,
            entry,
        });
    }
    let mut sequences = BTreeMap::new();
    for entry in tx.open_table(tables::SEQUENCES)?.iter()? {
        let (name, last) = entry?;
        // Refresh tokens stay out, and so does their counter: signing in changes no export.
        if name.value() != codec::REFRESH_FAMILIES {
            sequences.insert(name.value().to_owned(), last.value());
        }
    }
    Ok(Export {
        format: EXPORT_FORMAT.to_owned(),
        version: EXPORT_VERSION,
        schema_version: crate::schema::stored_version(tx)?,
        countries: rows(tx)?,
        cities: rows(tx)?,
        categories: rows(tx)?,
        competition_types: rows(tx)?,
        federations: stored_rows(tx)?,
        clubs: stored_rows(tx)?,
        teams: stored_rows(tx)?,
        competitions: stored_rows(tx)?,
        persons: rows(tx)?,
        coaches: stored_rows(tx)?,
        players: stored_rows(tx)?,
        officials: rows(tx)?,
        club_coaches: stored_rows(tx)?,
        club_players: stored_rows(tx)?,
        team_coaches: stored_rows(tx)?,
        team_players: stored_rows(tx)?,
        federation_officials: stored_rows(tx)?,
        competition_teams: stored_rows(tx)?,
        users: rows(tx)?,
        two_step: crate::two_step::all_on(tx)?
            .into_iter()
            .map(|(user_id, two_step)| TwoStepRow::new(user_id, two_step))
            .collect(),
        matches: stored_rows(tx)?,
        events: stored_rows(tx)?,
        match_history,
        sequences,
    })
}

/// Reports a rejected row under its kind and id.
fn in_row(kind: &str, id: u64, error: StoreError) -> StoreError {
    match error {
        StoreError::Invalid(errors) => {
            StoreError::BadDocument(format!("The export's {kind} row {id} is refused: {errors}"))
        }
        StoreError::NotFound {
            entity,
            id: missing,
        } => StoreError::BadDocument(format!(
            "The export's {kind} row {id} refers to {} {missing}, which it does not hold.",
            entity.to_lowercase()
        )),
        StoreError::Conflict(message) => StoreError::BadDocument(format!(
            "The export's {kind} row {id} is refused: {message}"
        )),
        other => other,
    }
}

/// Writes the rows of `E` through its `on_write`, as a create would, keeping their ids.
fn restore_rows<E: Entity>(tx: &WriteTx<'_>, kind: &str, rows: Vec<Row<E::Record>>) -> Result<()> {
    let mut last = 0;
    for Row { id, mut record } in rows {
        if id <= last {
            return Err(StoreError::BadDocument(format!(
                "The export's {kind} are not in id order at id {id}."
            )));
        }
        last = id;
        let new = &mut record;
        E::on_write(tx, RecordWrite { id, old: None, new }).map_err(|e| in_row(kind, id, e))?;
        codec::put(tx, id, &record)?;
    }
    Ok(())
}

fn stored<T>(rows: Vec<Row<T>>) -> Vec<Row<Stored<T>>> {
    rows.into_iter()
        .map(|row| Row {
            id: row.id,
            record: Stored(row.record),
        })
        .collect()
}

/// The message of a restore into a store that holds data.
pub const NOT_EMPTY: &str = "The store is not empty: a restore needs a store without any \
     records (a new data folder).";

fn refuse_unless_empty(tx: &WriteTx<'_>) -> Result<()> {
    use redb::ReadableTableMetadata;
    let mut holding = Vec::new();
    for table in tables::RECORD_TABLES {
        if !tx.open_table(table)?.is_empty()? {
            holding.push(table.name().to_owned());
        }
    }
    if !tx.open_table(tables::MATCH_HISTORY)?.is_empty()? {
        holding.push(tables::MATCH_HISTORY.name().to_owned());
    }
    for table in [
        tables::SESSIONS,
        tables::REFRESH_TOKENS,
        tables::API_TOKENS,
        tables::SET_PASSWORD_LINKS,
    ] {
        if !tx.open_table(table)?.is_empty()? {
            holding.push(table.name().to_owned());
        }
    }
    if !tx.open_table(tables::TWO_STEP)?.is_empty()? {
        holding.push(tables::TWO_STEP.name().to_owned());
    }
    if !tx.open_table(tables::ACCOUNT_ACTIVITY)?.is_empty()? {
        holding.push(tables::ACCOUNT_ACTIVITY.name().to_owned());
    }
    if holding.is_empty() {
        Ok(())
    } else {
        Err(StoreError::Conflict(format!(
            "{NOT_EMPTY} It holds {}.",
            holding.join(", ")
        )))
    }
}

/// Checks that each sequence is at or past the ids it handed out, so no later create reuses
/// one.
fn check_sequences(doc: &Export) -> Result<()> {
    let lineup_rows = |pick: fn(&MatchState) -> Vec<u64>| {
        doc.matches
            .iter()
            .flat_map(|m| pick(&m.record))
            .max()
            .unwrap_or(0)
    };
    let highest = |ids: &mut dyn Iterator<Item = u64>| ids.max().unwrap_or(0);
    let needs: [(&str, u64); 24] = [
        (
            "countries",
            highest(&mut doc.countries.iter().map(|r| r.id)),
        ),
        ("cities", highest(&mut doc.cities.iter().map(|r| r.id))),
        (
            "categories",
            highest(&mut doc.categories.iter().map(|r| r.id)),
        ),
        (
            "competition_types",
            highest(&mut doc.competition_types.iter().map(|r| r.id)),
        ),
        (
            "federations",
            highest(&mut doc.federations.iter().map(|r| r.id)),
        ),
        ("clubs", highest(&mut doc.clubs.iter().map(|r| r.id))),
        ("teams", highest(&mut doc.teams.iter().map(|r| r.id))),
        (
            "competitions",
            highest(&mut doc.competitions.iter().map(|r| r.id)),
        ),
        ("persons", highest(&mut doc.persons.iter().map(|r| r.id))),
        ("coaches", highest(&mut doc.coaches.iter().map(|r| r.id))),
        ("players", highest(&mut doc.players.iter().map(|r| r.id))),
        (
            "officials",
            highest(&mut doc.officials.iter().map(|r| r.id)),
        ),
        (
            "club_coaches",
            highest(&mut doc.club_coaches.iter().map(|r| r.id)),
        ),
        (
            "club_players",
            highest(&mut doc.club_players.iter().map(|r| r.id)),
        ),
        (
            "team_coaches",
            highest(&mut doc.team_coaches.iter().map(|r| r.id)),
        ),
        (
            "team_players",
            highest(&mut doc.team_players.iter().map(|r| r.id)),
        ),
        (
            "federation_officials",
            highest(&mut doc.federation_officials.iter().map(|r| r.id)),
        ),
        (
            "competition_teams",
            highest(&mut doc.competition_teams.iter().map(|r| r.id)),
        ),
        ("users", highest(&mut doc.users.iter().map(|r| r.id))),
        ("matches", highest(&mut doc.matches.iter().map(|r| r.id))),
        ("events", highest(&mut doc.events.iter().map(|r| r.id))),
        (
            "match_players",
            lineup_rows(|m| m.players.iter().map(|p| p.id).collect()),
        ),
        (
            "match_coaches",
            lineup_rows(|m| m.coaches.iter().map(|c| c.id).collect()),
        ),
        (
            "match_officials",
            lineup_rows(|m| m.officials.iter().map(|o| o.id).collect()),
        ),
    ];
    for (name, highest) in needs {
        let last = doc.sequences.get(name).copied().unwrap_or(0);
        if last < highest {
            return Err(StoreError::BadDocument(format!(
                "The export's sequence \"{name}\" is at {last}, behind its id {highest}."
            )));
        }
    }
    Ok(())
}

fn restore_in(tx: &WriteTx<'_>, doc: Export) -> Result<()> {
    refuse_unless_empty(tx)?;
    check_sequences(&doc)?;
    restore_rows::<Country>(tx, "countries", doc.countries)?;
    restore_rows::<City>(tx, "cities", doc.cities)?;
    restore_rows::<Category>(tx, "categories", doc.categories)?;
    restore_rows::<CompetitionType>(tx, "competitionTypes", doc.competition_types)?;
    restore_rows::<Federation>(tx, "federations", stored(doc.federations))?;
    restore_rows::<Club>(tx, "clubs", stored(doc.clubs))?;
    restore_rows::<Team>(tx, "teams", stored(doc.teams))?;
    restore_rows::<Competition>(tx, "competitions", stored(doc.competitions))?;

    // A person's coach, player and official are claimed by those rows as a create claims
    // them; what the document says the person holds must come out the same.
    let mut held = Vec::with_capacity(doc.persons.len());
    let persons = doc
        .persons
        .into_iter()
        .map(|mut row| {
            held.push((row.id, row.record.identities()));
            row.record.clear_identities();
            row
        })
        .collect();
    restore_rows::<Person>(tx, "persons", persons)?;
    restore_rows::<Coach>(tx, "coaches", stored(doc.coaches))?;
    restore_rows::<Player>(tx, "players", stored(doc.players))?;
    restore_rows::<Official>(tx, "officials", doc.officials)?;
    let table = tx.open_table(PersonRecord::TABLE.def())?;
    for (id, expected) in held {
        let person: PersonRecord = codec::get(&table, id)?;
        if person.identities() != expected {
            return Err(StoreError::BadDocument(format!(
                "The export's persons row {id} does not match the coaches, players and \
                 officials that name it."
            )));
        }
    }
    drop(table);

    restore_rows::<Link<ClubCoachFields>>(tx, "clubCoaches", stored(doc.club_coaches))?;
    restore_rows::<Link<ClubPlayerFields>>(tx, "clubPlayers", stored(doc.club_players))?;
    restore_rows::<Link<TeamCoachFields>>(tx, "teamCoaches", stored(doc.team_coaches))?;
    restore_rows::<Link<TeamPlayerFields>>(tx, "teamPlayers", stored(doc.team_players))?;
    restore_rows::<Link<FederationOfficialFields>>(
        tx,
        "federationOfficials",
        stored(doc.federation_officials),
    )?;
    restore_rows::<Link<CompetitionTeamFields>>(
        tx,
        "competitionTeams",
        stored(doc.competition_teams),
    )?;
    restore_rows::<User>(tx, "users", doc.users)?;
    restore_two_steps(tx, doc.two_step)?;

    for row in doc.matches {
        crate::matches::restore_match(tx, row.id, &row.record)
            .map_err(|e| in_row("matches", row.id, e))?;
    }
    for row in doc.events {
        crate::matches::restore_event(tx, row.id, &row.record)
            .map_err(|e| in_row("events", row.id, e))?;
    }
    for row in doc.match_history {
        crate::matches::restore_history(tx, row.match_id, row.sequence, row.entry)
            .map_err(|e| in_row("matchHistory", row.match_id, e))?;
    }

    let mut sequences = tx.open_table(tables::SEQUENCES)?;
    for (name, last) in &doc.sequences {
        sequences.insert(name.as_str(), *last)?;
    }
    Ok(())
}

/// Writes the users' two-step sign-in, each of a user the document holds.
fn restore_two_steps(tx: &WriteTx<'_>, rows: Vec<TwoStepRow>) -> Result<()> {
    let users = tx.open_table(UserRecord::TABLE.def())?;
    let mut last = 0;
    for row in rows {
        let user_id = row.user_id;
        if user_id <= last {
            return Err(StoreError::BadDocument(format!(
                "The export's twoStep rows are not in user order at user {user_id}."
            )));
        }
        last = user_id;
        if users.get(user_id)?.is_none() {
            return Err(StoreError::BadDocument(format!(
                "The export's twoStep row of user {user_id} refers to a user it does not hold."
            )));
        }
        crate::two_step::restore_two_step(tx, user_id, &row.two_step()?)?;
    }
    Ok(())
}

/// Copies every table the store knows (`tables::each`) and answers their names, so the backup
/// can refuse a table the file holds that is not among them.
struct Copy<'t> {
    from: &'t ReadTransaction,
    to: &'t WriteTransaction,
    copied: BTreeSet<String>,
}

impl EachTable for Copy<'_> {
    fn table<K: redb::Key + 'static, V: redb::Value + 'static>(
        &mut self,
        table: TableDefinition<'static, K, V>,
    ) -> Result<()> {
        let source = self.from.open_table(table)?;
        let mut target = self.to.open_table(table)?;
        for entry in source.iter()? {
            let (key, value) = entry?;
            target.insert(key.value(), value.value())?;
        }
        self.copied.insert(table.name().to_owned());
        Ok(())
    }

    fn multimap<K: redb::Key + 'static, V: redb::Key + 'static>(
        &mut self,
        table: MultimapTableDefinition<'static, K, V>,
    ) -> Result<()> {
        use redb::ReadableMultimapTable;
        let source = self.from.open_multimap_table(table)?;
        let mut target = self.to.open_multimap_table(table)?;
        for entry in source.iter()? {
            let (key, values) = entry?;
            for value in values {
                target.insert(key.value(), value?.value())?;
            }
        }
        self.copied.insert(table.name().to_owned());
        Ok(())
    }
}

impl Store {
    /// The whole store as one document, read in one transaction (a consistent moment).
    pub fn export(&self) -> Result<Export> {
        export_in(&*self.read()?)
    }

    /// Loads a document into this store, which must be empty (no records at all), in one
    /// transaction: all of it lands or nothing does.
    pub async fn restore(&self, doc: Export) -> Result<()> {
        self.write(move |tx| restore_in(tx, doc)).await
    }

    /// Writes a consistent copy of the store, secrets included, as a new redb file at `dest`
    /// (which must not exist yet); `polodesk serve` opens it as `<data>/polodesk.redb`.
    /// Returns how many bytes the file has.
    pub fn backup(&self, dest: &Path) -> Result<u64> {
        if dest.exists() {
            return Err(StoreError::Backend(format!(
                "the backup file {} exists already",
                dest.display()
            )));
        }
        let from = self.read()?;
        let copy = Database::create(dest)?;
        let to = copy.begin_write()?;
        let copied = {
            let mut each = Copy {
                from: &from,
                to: &to,
                copied: BTreeSet::new(),
            };
            tables::each(&mut each)?;
            each.copied
        };
        // The copy has no write-ahead log: nothing may be replayed on it.
        to.open_table(tables::META)?.remove(crate::wal::EPOCH_KEY)?;
        let unknown: Vec<String> = from
            .list_tables()?
            .map(|t| t.name().to_owned())
            .chain(from.list_multimap_tables()?.map(|t| t.name().to_owned()))
            .filter(|name| !copied.contains(name))
            .collect();
        if !unknown.is_empty() {
            return Err(StoreError::Backend(format!(
                "the backup does not know the tables {}",
                unknown.join(", ")
            )));
        }
        to.commit()?;
        drop(copy);
        let size = std::fs::metadata(dest)
            .map_err(|e| StoreError::Backend(format!("cannot read {}: {e}", dest.display())))?
            .len();
        Ok(size)
    }

    /// True when the store holds no records at all (a restore may go in).
    pub fn has_no_records(&self) -> Result<bool> {
        let tx = self.read()?;
        for table in tables::RECORD_TABLES {
            if !tables::is_empty(&tx, table)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
