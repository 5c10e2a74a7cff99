//! The store's own write transaction: what the entities' hooks and every write see of the
//! backend, so the store's public traits name no redb type.

use redb::{
    Key, MultimapTable, MultimapTableDefinition, Table, TableDefinition, TableError, Value,
    WriteTransaction,
};

/// One write transaction of the store.
pub struct WriteTx<'a> {
    tx: &'a WriteTransaction,
}

impl std::fmt::Debug for WriteTx<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WriteTx")
    }
}

impl<'a> WriteTx<'a> {
    pub(crate) fn new(tx: &'a WriteTransaction) -> Self {
        Self { tx }
    }

    pub(crate) fn open_table<K: Key + 'static, V: Value + 'static>(
        &self,
        table: TableDefinition<K, V>,
    ) -> Result<Table<'a, K, V>, TableError> {
        self.tx.open_table(table)
    }

    pub(crate) fn open_multimap_table<K: Key + 'static, V: Key + 'static>(
        &self,
        table: MultimapTableDefinition<K, V>,
    ) -> Result<MultimapTable<'a, K, V>, TableError> {
        self.tx.open_multimap_table(table)
    }
}
