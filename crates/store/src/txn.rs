//! The store's own write transaction: what the entities' hooks and every write see of the
//! backend, so the store's public traits name no redb type.

use std::cell::RefCell;

use polodesk_domain::matches::MatchState;
use redb::{Key, MultimapTableDefinition, TableDefinition, TableError, Value, WriteTransaction};

use crate::catalog::Change;
use crate::match_catalog::Row;
use crate::place_names::Place;
use crate::redo::{LoggedMultimap, LoggedTable, Noter, Redo};

/// One write transaction of the store. It notes every match row, team name, place name and name
/// index entry it writes or removes, so the in-memory catalog follows the write once it is
/// committed, whatever made it (an event, a cascade from a deleted team, an import, a restore).
/// A logged one also keeps every change it makes to a table, for the write-ahead log.
pub struct WriteTx<'a> {
    tx: &'a WriteTransaction,
    catalog: RefCell<Vec<Change>>,
    redo: Option<RefCell<Redo>>,
}

impl std::fmt::Debug for WriteTx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WriteTx")
    }
}

impl<'a> WriteTx<'a> {
    /// A transaction whose changes are not logged: made durable by its own commit (a schema
    /// upgrade at open) or never committed (a rehearsal).
    pub(crate) fn new(tx: &'a WriteTransaction) -> Self {
        Self {
            tx,
            catalog: RefCell::default(),
            redo: None,
        }
    }

    /// A transaction whose changes are logged, for the writer.
    pub(crate) fn logged(tx: &'a WriteTransaction) -> Self {
        Self {
            redo: Some(RefCell::default()),
            ..Self::new(tx)
        }
    }

    /// Notes a match as written (see `codec::Record::written`).
    pub(crate) fn match_written(&self, id: u64, state: &MatchState) {
        self.catalog
            .borrow_mut()
            .push(Change::Match(id, Some(Row::of(state))));
    }

    pub(crate) fn match_removed(&self, id: u64) {
        self.catalog.borrow_mut().push(Change::Match(id, None));
    }

    /// Notes a team's names as written, for the search by a team's name.
    pub(crate) fn team_written(&self, id: u64, name: &str, name_universal: &str) {
        let names = crate::match_catalog::team_names(name, name_universal);
        self.catalog
            .borrow_mut()
            .push(Change::Team(id, Some(names)));
    }

    pub(crate) fn team_removed(&self, id: u64) {
        self.catalog.borrow_mut().push(Change::Team(id, None));
    }

    /// Notes an entry of the name index as added or removed: its holder, folded surname and
    /// name.
    pub(crate) fn name_indexed(
        &self,
        holder: u8,
        surname: String,
        name: String,
        id: u64,
        added: bool,
    ) {
        self.catalog.borrow_mut().push(Change::Name {
            holder,
            surname,
            name,
            id,
            added,
        });
    }

    /// Notes a country's or city's names as written.
    pub(crate) fn place_written(&self, place: Place, id: u64, name: &str, name_universal: &str) {
        let names = crate::place_names::entry(id, name, name_universal);
        self.catalog
            .borrow_mut()
            .push(Change::Place(place, id, Some(names)));
    }

    pub(crate) fn place_removed(&self, place: Place, id: u64) {
        self.catalog
            .borrow_mut()
            .push(Change::Place(place, id, None));
    }

    /// Notes a link of kind `kind` made or removed between `first` and its member `second`.
    pub(crate) fn linked(&self, kind: u8, first: u64, second: u64, added: bool) {
        self.catalog
            .borrow_mut()
            .push(Change::Link(kind, first, second, added));
    }

    /// The catalog changes to apply once the transaction is committed, and its log.
    pub(crate) fn into_parts(self) -> (Vec<Change>, Redo) {
        (
            self.catalog.into_inner(),
            self.redo.map(RefCell::into_inner).unwrap_or_default(),
        )
    }

    pub(crate) fn open_table<K: Key + 'static, V: Value + 'static>(
        &self,
        table: TableDefinition<'static, K, V>,
    ) -> Result<LoggedTable<'_, 'a, K, V>, TableError> {
        let opened = self.tx.open_table(table)?;
        let log = Noter::new(redb::TableHandle::name(&table), self.redo.as_ref());
        Ok(LoggedTable::new(opened, log))
    }

    pub(crate) fn open_multimap_table<K: Key + 'static, V: Key + 'static>(
        &self,
        table: MultimapTableDefinition<'static, K, V>,
    ) -> Result<LoggedMultimap<'_, 'a, K, V>, TableError> {
        let opened = self.tx.open_multimap_table(table)?;
        let log = Noter::new(redb::MultimapTableHandle::name(&table), self.redo.as_ref());
        Ok(LoggedMultimap::new(opened, log))
    }
}
