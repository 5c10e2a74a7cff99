//! The schema version in the `meta` table, and the steps that bring an older store up to date
//! when it is opened.

use redb::{
    Database, Key, MultimapTableDefinition, ReadTransaction, ReadableTable, TableDefinition, Value,
    WriteTransaction,
};

use crate::tables::{self, EachTable, META};
use crate::{Result, StoreError};

/// The schema this release writes. Raise it with a step in `upgrade` whenever a change needs
/// more than a record migration (a new index to fill, a table to split).
/// 4 writes competitions of record version 3, which an older release cannot read: it refuses
/// the store rather than fail on its competitions.
/// 5 keeps each sign-in's device and last use, each issuer session's last use, and the time to
/// forget a revoked family.
/// 6 keeps two-step sign-in (`two_step`): an older release would let its users in with the
/// password alone, so it refuses the store.
pub const SCHEMA_VERSION: u64 = 7;

/// Revoked families as schema 4 kept them: for ever, without a time.
const REVOKED_FAMILIES_4: redb::TableDefinition<u64, ()> =
    redb::TableDefinition::new("revoked_families");

const VERSION_KEY: &str = "schema_version";

/// Creates every table on a new store and upgrades an older one, in one transaction.
pub fn prepare(db: &Database) -> Result<()> {
    let tx = db.begin_write()?;
    create_tables(&tx)?;
    let found = tx.open_table(META)?.get(VERSION_KEY)?.map(|v| v.value());
    match found {
        None => {
            tx.open_table(META)?.insert(VERSION_KEY, SCHEMA_VERSION)?;
        }
        Some(version) if version > SCHEMA_VERSION => {
            return Err(StoreError::Backend(format!(
                "the store has schema version {version}, newer than this release's \
                 {SCHEMA_VERSION}: use a newer PoloDesk"
            )));
        }
        Some(version) => {
            // The steps from the found version up, in order.
            if version < 2 {
                crate::name_index::rebuild(&crate::txn::WriteTx::new(&tx))?;
            }
            // Version 3 adds the match tables, which `create_tables` made empty above; version
            // 4 changes no table (competitions migrate as they are read).
            if version < 5 {
                upgrade_to_5(&tx)?;
            }
            // Version 6 adds the two-step table and 7 the account activity table, made empty
            // above like the match tables.
            tx.open_table(META)?.insert(VERSION_KEY, SCHEMA_VERSION)?;
        }
    }
    tx.commit()?;
    Ok(())
}

fn upgrade_to_5(tx: &WriteTransaction) -> Result<()> {
    let mut revoked = Vec::new();
    // Opened in a write, a table schema 4 did not have yet is made empty, then deleted.
    for entry in tx.open_table(REVOKED_FAMILIES_4)?.iter()? {
        revoked.push(entry?.0.value());
    }
    tx.delete_table(REVOKED_FAMILIES_4)?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::sign_ins::upgrade_to_5(&crate::txn::WriteTx::new(tx), &revoked, now)
}

pub fn stored_version(tx: &ReadTransaction) -> Result<u64> {
    let meta = tx.open_table(META)?;
    let version = meta.get(VERSION_KEY)?.map(|v| v.value());
    version.ok_or_else(|| StoreError::Backend("the store has no schema version".into()))
}

fn create_tables(tx: &WriteTransaction) -> Result<()> {
    tables::each(&mut Create(tx))
}

/// Opening a table in a write creates it, empty.
struct Create<'t>(&'t WriteTransaction);

impl EachTable for Create<'_> {
    fn table<K: Key + 'static, V: Value + 'static>(
        &mut self,
        table: TableDefinition<'static, K, V>,
    ) -> Result<()> {
        self.0.open_table(table)?;
        Ok(())
    }

    fn multimap<K: Key + 'static, V: Key + 'static>(
        &mut self,
        table: MultimapTableDefinition<'static, K, V>,
    ) -> Result<()> {
        self.0.open_multimap_table(table)?;
        Ok(())
    }
}
