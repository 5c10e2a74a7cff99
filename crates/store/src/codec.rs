//! Versioned records: every stored value is a little-endian `u16` version tag followed by the
//! bincode encoding of that version's struct. A record read with an older tag goes through its
//! type's `migrate`, so data written by an older release opens in a newer one.

use redb::ReadableTable;

use crate::tables::RecordTable;
use crate::tables::SEQUENCES;
use crate::txn::WriteTx;
use crate::{Result, StoreError};

const CONFIG: bincode::config::Configuration = bincode::config::standard();

pub trait Record: bincode::Encode + bincode::Decode<()> + Sized {
    /// The entity's name in messages ("City 4 was not found.").
    const ENTITY: &'static str;
    const TABLE: RecordTable;
    /// The version tag written with new records.
    const VERSION: u16;

    /// Keeps what mirrors the table outside the file in step with a put (the match search's
    /// catalog); every write of a record passes here, so no caller can forget it.
    fn written(&self, _tx: &WriteTx<'_>, _id: u64) {}

    /// The same for a removal.
    fn removed(_tx: &WriteTx<'_>, _id: u64) {}

    /// Reads a record written with an older version tag.
    fn migrate(version: u16, _bytes: &[u8]) -> Result<Self> {
        Err(StoreError::UnknownVersion {
            entity: Self::ENTITY,
            version,
        })
    }
}

/// Implements `Record` for a record kind still at version 1, with no migration and nothing
/// mirrored outside its table: `record_v1!(Stored<ClubFields>, "Club", CLUBS);`.
macro_rules! record_v1 {
    ($record:ty, $entity:literal, $table:ident $(, $hooks:item)*) => {
        impl $crate::codec::Record for $record {
            const ENTITY: &'static str = $entity;
            const TABLE: $crate::tables::RecordTable =
                $crate::tables::RecordTable::of($crate::tables::$table);
            const VERSION: u16 = 1;
            $($hooks)*
        }
    };
}
pub(crate) use record_v1;

/// A domain `…Fields` struct stored through its serde form (bincode's serde compatibility),
/// which spares a mirror struct per entity. Its encoding is pinned by a golden test in the store,
/// so a change to the struct cannot slip by: it needs a new record version and a migration.
/// Such structs must not use serde's `flatten`, `skip_serializing_if` or untagged enums.
/// In an export document (see `portable`) it is just its serde form.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Stored<T>(pub T);

impl<T> From<T> for Stored<T> {
    fn from(value: T) -> Self {
        Stored(value)
    }
}

impl<T: serde::Serialize> bincode::Encode for Stored<T> {
    fn encode<E: bincode::enc::Encoder>(
        &self,
        encoder: &mut E,
    ) -> Result<(), bincode::error::EncodeError> {
        bincode::serde::Compat(&self.0).encode(encoder)
    }
}

impl<T: serde::de::DeserializeOwned, C> bincode::Decode<C> for Stored<T> {
    fn decode<D: bincode::de::Decoder<Context = C>>(
        decoder: &mut D,
    ) -> Result<Self, bincode::error::DecodeError> {
        Ok(Stored(bincode::serde::Compat::<T>::decode(decoder)?.0))
    }
}

pub fn encode<R: Record>(record: &R) -> Result<Vec<u8>> {
    let mut bytes = R::VERSION.to_le_bytes().to_vec();
    bincode::encode_into_std_write(record, &mut bytes, CONFIG)?;
    Ok(bytes)
}

pub fn decode<R: Record>(bytes: &[u8]) -> Result<R> {
    let Some((tag, body)) = bytes.split_first_chunk::<2>() else {
        return Err(StoreError::Backend(format!(
            "a stored {} record is truncated",
            R::ENTITY
        )));
    };
    match u16::from_le_bytes(*tag) {
        version if version == R::VERSION => decode_body(body),
        version => R::migrate(version, body),
    }
}

/// Decodes one version's struct from a record body; migrations use it for their old shapes.
pub fn decode_body<T: bincode::Decode<()>>(body: &[u8]) -> Result<T> {
    Ok(bincode::decode_from_slice(body, CONFIG)?.0)
}

pub fn get<R: Record>(table: &impl ReadableTable<u64, &'static [u8]>, id: u64) -> Result<R> {
    match table.get(id)? {
        Some(bytes) => decode(bytes.value()),
        None => Err(StoreError::NotFound {
            entity: R::ENTITY,
            id,
        }),
    }
}

/// Those of `ids` the table holds, in the order asked; missing ones are skipped.
pub fn existing<R: Record>(
    table: &impl ReadableTable<u64, &'static [u8]>,
    ids: &[u64],
) -> Result<Vec<(u64, R)>> {
    let mut found = Vec::with_capacity(ids.len());
    for &id in ids {
        if let Some(bytes) = table.get(id)? {
            found.push((id, decode(bytes.value())?));
        }
    }
    Ok(found)
}

pub fn all<R: Record>(table: &impl ReadableTable<u64, &'static [u8]>) -> Result<Vec<(u64, R)>> {
    table
        .iter()?
        .map(|entry| {
            let (id, bytes) = entry?;
            Ok((id.value(), decode(bytes.value())?))
        })
        .collect()
}

/// Hands out the next id of `R`'s table; ids are never reused.
pub fn next_id<R: Record>(tx: &WriteTx<'_>) -> Result<u64> {
    let mut sequences = tx.open_table(SEQUENCES)?;
    let table = R::TABLE.def();
    let name = redb::TableHandle::name(&table);
    let next = sequences.get(name)?.map_or(0, |v| v.value()) + 1;
    sequences.insert(name, next)?;
    Ok(next)
}

/// The sequence of refresh-token families, a sign-in secret's counter.
pub const REFRESH_FAMILIES: &str = "refresh_families";

/// Hands out the next refresh-token family number.
pub fn next_family(tx: &WriteTx<'_>) -> Result<u64> {
    let mut sequences = tx.open_table(SEQUENCES)?;
    let next = sequences.get(REFRESH_FAMILIES)?.map_or(0, |v| v.value()) + 1;
    sequences.insert(REFRESH_FAMILIES, next)?;
    Ok(next)
}

pub fn put<R: Record>(tx: &WriteTx<'_>, id: u64, record: &R) -> Result<()> {
    tx.open_table(R::TABLE.def())?
        .insert(id, encode(record)?.as_slice())?;
    record.written(tx, id);
    Ok(())
}

pub fn remove<R: Record>(tx: &WriteTx<'_>, id: u64) -> Result<R> {
    let mut table = tx.open_table(R::TABLE.def())?;
    let removed = table.remove(id)?;
    let record = match removed {
        Some(bytes) => decode(bytes.value())?,
        None => {
            return Err(StoreError::NotFound {
                entity: R::ENTITY,
                id,
            });
        }
    };
    R::removed(tx, id);
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use redb::{ReadableDatabase, TableDefinition};

    /// A record whose first release stored only a name; the second added a universal name.
    #[derive(Debug, PartialEq, bincode::Encode, bincode::Decode)]
    struct PlaceV1 {
        name: String,
    }

    #[derive(Debug, PartialEq, bincode::Encode, bincode::Decode)]
    struct Place {
        name: String,
        name_universal: String,
    }

    impl Record for PlaceV1 {
        const ENTITY: &'static str = "Place";
        const TABLE: RecordTable = RecordTable::of(TableDefinition::new("places"));
        const VERSION: u16 = 1;
    }

    impl Record for Place {
        const ENTITY: &'static str = "Place";
        const TABLE: RecordTable = RecordTable::of(TableDefinition::new("places"));
        const VERSION: u16 = 2;

        fn migrate(version: u16, bytes: &[u8]) -> Result<Self> {
            match version {
                1 => {
                    let old: PlaceV1 = decode_body(bytes)?;
                    Ok(Place {
                        name_universal: old.name.clone(),
                        name: old.name,
                    })
                }
                _ => Err(StoreError::UnknownVersion {
                    entity: Self::ENTITY,
                    version,
                }),
            }
        }
    }

    fn insert<R: Record>(tx: &WriteTx<'_>, record: &R) -> Result<u64> {
        let id = next_id::<R>(tx)?;
        put(tx, id, record)?;
        Ok(id)
    }

    #[test]
    fn record_with_older_version_tag_is_read_through_its_migration() {
        let db = redb::Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .unwrap();
        let raw = db.begin_write().unwrap();
        let tx = WriteTx::new(&raw);
        let old_id = insert(
            &tx,
            &PlaceV1 {
                name: "Kotor".into(),
            },
        )
        .unwrap();
        let new = Place {
            name: "Beograd".into(),
            name_universal: "Belgrade".into(),
        };
        let new_id = insert(&tx, &new).unwrap();
        raw.commit().unwrap();

        let tx = db.begin_read().unwrap();
        let table = tx.open_table(Place::TABLE.def()).unwrap();
        let migrated: Place = get(&table, old_id).unwrap();
        assert_eq!(
            migrated,
            Place {
                name: "Kotor".into(),
                name_universal: "Kotor".into()
            }
        );
        assert_eq!(get::<Place>(&table, new_id).unwrap(), new);
        assert_eq!(new_id, old_id + 1, "one sequence per table");
    }

    #[test]
    fn unknown_and_truncated_records_are_errors_not_panics() {
        let mut bytes = encode(&Place {
            name: "a".into(),
            name_universal: "a".into(),
        })
        .unwrap();
        bytes[0] = 9;
        assert!(matches!(
            decode::<Place>(&bytes),
            Err(StoreError::UnknownVersion {
                entity: "Place",
                version: 9
            })
        ));
        assert!(matches!(decode::<Place>(&[2]), Err(StoreError::Backend(_))));
        assert!(matches!(
            decode::<Place>(&[2, 0, 0xff]),
            Err(StoreError::Backend(_))
        ));
    }
}
