//! Every redb table of the store, in one place. Entity tables map an id to a versioned record
//! (see `codec`); index tables map a lookup key to ids.

use redb::{MultimapTableDefinition, ReadTransaction, ReadableTableMetadata, TableDefinition};

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

/// country id → city ids.
pub const CITIES_BY_COUNTRY: IdIndex = MultimapTableDefinition::new("cities_by_country");

pub fn is_empty(tx: &ReadTransaction, table: EntityTable) -> Result<bool> {
    match tx.open_table(table) {
        Ok(table) => Ok(table.is_empty()?),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(true),
        Err(e) => Err(e.into()),
    }
}
