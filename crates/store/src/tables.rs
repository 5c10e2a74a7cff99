//! Every redb table of the store, in one place. Entity tables map an id to a versioned record
//! (see `codec`); index tables map a lookup key to ids.

use redb::{
    Key, MultimapTableDefinition, ReadTransaction, ReadableTableMetadata, TableDefinition, Value,
};

use crate::Result;

pub type EntityTable = TableDefinition<'static, u64, &'static [u8]>;
pub type IdIndex = MultimapTableDefinition<'static, u64, u64>;

/// `schema_version` and other single values.
pub const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// The last id handed out, per entity table name.
pub const SEQUENCES: TableDefinition<&str, u64> = TableDefinition::new("sequences");

pub const COUNTRIES: EntityTable = TableDefinition::new("countries");
pub const CITIES: EntityTable = TableDefinition::new("cities");
pub const CATEGORIES: EntityTable = TableDefinition::new("categories");
pub const COMPETITION_TYPES: EntityTable = TableDefinition::new("competition_types");

pub const USERS: EntityTable = TableDefinition::new("users");
pub const FEDERATIONS: EntityTable = TableDefinition::new("federations");
pub const CLUBS: EntityTable = TableDefinition::new("clubs");
pub const TEAMS: EntityTable = TableDefinition::new("teams");
pub const COMPETITIONS: EntityTable = TableDefinition::new("competitions");
pub const PERSONS: EntityTable = TableDefinition::new("persons");
pub const COACHES: EntityTable = TableDefinition::new("coaches");
pub const PLAYERS: EntityTable = TableDefinition::new("players");
pub const OFFICIALS: EntityTable = TableDefinition::new("officials");

pub const CLUB_COACHES: EntityTable = TableDefinition::new("club_coaches");
pub const CLUB_PLAYERS: EntityTable = TableDefinition::new("club_players");
pub const TEAM_COACHES: EntityTable = TableDefinition::new("team_coaches");
pub const TEAM_PLAYERS: EntityTable = TableDefinition::new("team_players");
pub const FEDERATION_OFFICIALS: EntityTable = TableDefinition::new("federation_officials");
pub const COMPETITION_TEAMS: EntityTable = TableDefinition::new("competition_teams");
/// (link kind, end kind, end id) → link ids: the links of either end (see `links`).
pub const LINKS: MultimapTableDefinition<(u8, u8, u64), u64> =
    MultimapTableDefinition::new("links");

pub const MATCHES: EntityTable = TableDefinition::new("matches");
pub const EVENTS: EntityTable = TableDefinition::new("events");
/// (what, its id) → match ids: the matches of a competition, team, player, coach or official.
pub const MATCHES_BY: MultimapTableDefinition<(u8, u64), u64> =
    MultimapTableDefinition::new("matches_by");
/// match id → its event ids.
pub const EVENTS_BY_MATCH: IdIndex = MultimapTableDefinition::new("events_by_match");
/// (match id, the logging client's event id) → event id: a retried POST finds its event.
pub const EVENT_CLIENT_IDS: TableDefinition<(u64, &str), u64> =
    TableDefinition::new("event_client_ids");
/// match official id → match id.
pub const MATCH_OFFICIALS: TableDefinition<u64, u64> = TableDefinition::new("match_officials");
/// (match id, sequence) → one entry of the match's history.
pub const MATCH_HISTORY: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("match_history");
/// official id → the wrong PINs typed for that official.
pub const PIN_GUARDS: EntityTable = TableDefinition::new("pin_guards");

/// Secrets, keyed by the SHA-256 of their value (hex).
pub type SecretTableDef = TableDefinition<'static, &'static str, &'static [u8]>;
pub const SESSIONS: SecretTableDef = TableDefinition::new("sessions");
pub const REFRESH_TOKENS: SecretTableDef = TableDefinition::new("refresh_tokens");
pub const API_TOKENS: SecretTableDef = TableDefinition::new("api_tokens");
pub const SET_PASSWORD_LINKS: SecretTableDef = TableDefinition::new("set_password_links");
/// Revoked refresh-token families → when to forget them (Unix seconds): once neither their
/// refresh tokens nor the access tokens issued with them can work.
pub const REVOKED_FAMILIES: TableDefinition<u64, u64> =
    TableDefinition::new("revoked_families_until");
/// Issuer session (by digest) → when it last signed its browser in (Unix seconds).
pub const SESSION_USES: TableDefinition<&str, u64> = TableDefinition::new("session_uses");
/// (user id, refresh-token family) → that sign-in's device record.
pub const SIGN_INS: TableDefinition<(u64, u64), &[u8]> = TableDefinition::new("sign_ins");
/// User id → how many times that user's sign-ins were ended. Access tokens carry the count
/// they were issued under; an older one is refused.
pub const SIGN_IN_GENERATIONS: TableDefinition<u64, u64> =
    TableDefinition::new("sign_in_generations");

/// User id → that user's two-step sign-in (see `two_step`).
pub const TWO_STEP: TableDefinition<u64, &[u8]> = TableDefinition::new("two_step");
/// What happened to each account's sign-in, by user and sequence (`account_activity.rs`).
pub const ACCOUNT_ACTIVITY: TableDefinition<(u64, u64), &[u8]> =
    TableDefinition::new("account_activity");
/// Lower-cased email → user id.
pub const USERS_BY_EMAIL: TableDefinition<&str, u64> = TableDefinition::new("users_by_email");
/// User id → the hash of that user's current API token.
pub const API_TOKEN_BY_USER: TableDefinition<u64, &str> = TableDefinition::new("api_token_by_user");
/// country id → city ids.
pub const CITIES_BY_COUNTRY: IdIndex = MultimapTableDefinition::new("cities_by_country");

/// Every table that holds records: a store is empty when all of them are (its sequences and
/// schema version do not count, and the indexes follow the records).
pub const RECORD_TABLES: [EntityTable; 22] = [
    COUNTRIES,
    CITIES,
    CATEGORIES,
    COMPETITION_TYPES,
    USERS,
    PERSONS,
    FEDERATIONS,
    CLUBS,
    TEAMS,
    COMPETITIONS,
    COACHES,
    PLAYERS,
    OFFICIALS,
    CLUB_COACHES,
    CLUB_PLAYERS,
    TEAM_COACHES,
    TEAM_PLAYERS,
    FEDERATION_OFFICIALS,
    COMPETITION_TEAMS,
    MATCHES,
    EVENTS,
    PIN_GUARDS,
];

/// Something done to each table of the store with its key and value types: creating it,
/// copying it into a backup, applying a logged write to it.
pub(crate) trait EachTable {
    fn table<K: Key + 'static, V: Value + 'static>(
        &mut self,
        table: TableDefinition<'static, K, V>,
    ) -> Result<()>;

    fn multimap<K: Key + 'static, V: Key + 'static>(
        &mut self,
        table: MultimapTableDefinition<'static, K, V>,
    ) -> Result<()>;
}

/// Visits every table of the store. A table missing here is missing from new stores, backups and
/// the replay of the write-ahead log, so each of those refuses what it does not know.
pub(crate) fn each(visit: &mut impl EachTable) -> Result<()> {
    visit.table(META)?;
    visit.table(SEQUENCES)?;
    for table in RECORD_TABLES {
        visit.table(table)?;
    }
    for table in [SESSIONS, REFRESH_TOKENS, API_TOKENS, SET_PASSWORD_LINKS] {
        visit.table(table)?;
    }
    visit.table(REVOKED_FAMILIES)?;
    visit.table(SIGN_INS)?;
    visit.table(SESSION_USES)?;
    visit.table(SIGN_IN_GENERATIONS)?;
    visit.table(USERS_BY_EMAIL)?;
    visit.table(API_TOKEN_BY_USER)?;
    visit.table(TWO_STEP)?;
    visit.table(ACCOUNT_ACTIVITY)?;
    visit.multimap(CITIES_BY_COUNTRY)?;
    visit.multimap(LINKS)?;
    visit.multimap(MATCHES_BY)?;
    visit.multimap(EVENTS_BY_MATCH)?;
    visit.table(EVENT_CLIENT_IDS)?;
    visit.table(MATCH_OFFICIALS)?;
    visit.table(MATCH_HISTORY)?;
    visit.multimap(crate::name_index::NAMES)?;
    Ok(())
}

pub fn is_empty(tx: &ReadTransaction, table: EntityTable) -> Result<bool> {
    match tx.open_table(table) {
        Ok(table) => Ok(table.is_empty()?),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(true),
        Err(e) => Err(e.into()),
    }
}

/// A table of versioned records by id, as the store's traits name it; its redb definition stays
/// inside the store.
#[derive(Clone, Copy)]
pub struct RecordTable(EntityTable);

impl std::fmt::Debug for RecordTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("RecordTable")
            .field(&redb::TableHandle::name(&self.0))
            .finish()
    }
}

impl RecordTable {
    pub(crate) const fn of(table: EntityTable) -> Self {
        Self(table)
    }

    pub(crate) const fn def(self) -> EntityTable {
        self.0
    }
}

/// A table of secrets by the hash of their value, as the `Secret` trait names it.
#[derive(Clone, Copy)]
pub struct SecretTable(SecretTableDef);

impl std::fmt::Debug for SecretTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("SecretTable")
            .field(&redb::TableHandle::name(&self.0))
            .finish()
    }
}

impl SecretTable {
    pub(crate) const fn of(table: SecretTableDef) -> Self {
        Self(table)
    }

    pub(crate) const fn def(self) -> SecretTableDef {
        self.0
    }
}
