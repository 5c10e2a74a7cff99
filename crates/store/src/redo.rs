//! What a write transaction changed, as a redo log: each insert and removal with its table's
//! name and the raw bytes of its key and value. The writer appends a batch's log to the
//! write-ahead log (`wal`) in place of a durable commit; after a crash the log is applied again
//! on top of the last durable commit.
//!
//! Writes reach the log because a `WriteTx` only hands out `LoggedTable` and `LoggedMultimap`,
//! which have no way to change a table without noting it.

use std::borrow::Borrow;
use std::cell::RefCell;
use std::ops::RangeBounds;

use redb::{
    AccessGuard, Key, MultimapRange, MultimapTable, MultimapTableDefinition, MultimapTableHandle,
    MultimapValue, Range, ReadableMultimapTable, ReadableTable, ReadableTableMetadata,
    StorageError, Table, TableDefinition, TableHandle, TableStats, Value, WriteTransaction,
};

use crate::tables::EachTable;
use crate::{Result, StoreError};

/// A transaction that would log more than this (an import, a restore) stops logging, and its
/// batch is made durable by a commit of its own instead.
const LIMIT: usize = 4 << 20;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Insert = 1,
    Remove = 2,
    MultiInsert = 3,
    MultiRemove = 4,
}

impl Kind {
    fn of(byte: u8) -> Option<Self> {
        [
            Self::Insert,
            Self::Remove,
            Self::MultiInsert,
            Self::MultiRemove,
        ]
        .into_iter()
        .find(|kind| *kind as u8 == byte)
    }

    fn has_value(self) -> bool {
        matches!(self, Self::Insert | Self::MultiInsert | Self::MultiRemove)
    }
}

/// The changes of one or more transactions, in order.
#[derive(Debug, Default)]
pub(crate) struct Redo {
    bytes: Vec<u8>,
    /// Past `LIMIT`: the changes are no longer kept.
    overflowed: bool,
}

impl Redo {
    fn push(&mut self, kind: Kind, table: &str, key: &[u8], value: Option<&[u8]>) {
        if self.overflowed {
            return;
        }
        let size = 2 + table.len() + 8 + key.len() + value.map_or(0, <[u8]>::len);
        let (Ok(name_len), Ok(key_len)) = (u8::try_from(table.len()), u32::try_from(key.len()))
        else {
            self.overflow();
            return;
        };
        if self.bytes.len() + size > LIMIT {
            self.overflow();
            return;
        }
        self.bytes.push(kind as u8);
        self.bytes.push(name_len);
        self.bytes.extend_from_slice(table.as_bytes());
        self.bytes.extend_from_slice(&key_len.to_le_bytes());
        self.bytes.extend_from_slice(key);
        if let Some(value) = value {
            // A value is under redb's 3 GiB limit and this log's LIMIT, so it fits in a u32.
            let value_len = u32::try_from(value.len()).unwrap_or(u32::MAX);
            self.bytes.extend_from_slice(&value_len.to_le_bytes());
            self.bytes.extend_from_slice(value);
        }
    }

    fn overflow(&mut self) {
        self.overflowed = true;
        self.bytes = Vec::new();
    }

    /// Adds the changes of a transaction committed after those already here; a batch's log
    /// is held to the same limit as one transaction's.
    pub(crate) fn append(&mut self, later: Redo) {
        if later.overflowed || self.bytes.len() + later.bytes.len() > LIMIT {
            self.overflow();
        } else if !self.overflowed {
            self.bytes.extend_from_slice(&later.bytes);
        }
    }

    /// The log to append, or `None` when it grew too long to keep.
    pub(crate) fn bytes(&self) -> Option<&[u8]> {
        (!self.overflowed).then_some(&self.bytes)
    }
}

/// One change read back from a log.
struct Op<'b> {
    kind: Kind,
    table: &'b str,
    key: &'b [u8],
    value: &'b [u8],
}

fn damaged() -> StoreError {
    StoreError::Backend("the write-ahead log holds a change it cannot read".to_owned())
}

fn take<'b>(bytes: &mut &'b [u8], n: usize) -> Result<&'b [u8]> {
    if bytes.len() < n {
        return Err(damaged());
    }
    let (head, rest) = bytes.split_at(n);
    *bytes = rest;
    Ok(head)
}

fn take_len(bytes: &mut &[u8]) -> Result<usize> {
    let raw = take(bytes, 4)?;
    let len = u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]);
    usize::try_from(len).map_err(|_| damaged())
}

fn next_op<'b>(bytes: &mut &'b [u8]) -> Result<Op<'b>> {
    let head = take(bytes, 2)?;
    let kind = Kind::of(head[0]).ok_or_else(damaged)?;
    let table = std::str::from_utf8(take(bytes, usize::from(head[1]))?).map_err(|_| damaged())?;
    let key_len = take_len(bytes)?;
    let key = take(bytes, key_len)?;
    let value = if kind.has_value() {
        let value_len = take_len(bytes)?;
        take(bytes, value_len)?
    } else {
        &[]
    };
    Ok(Op {
        kind,
        table,
        key,
        value,
    })
}

/// Applies a log's changes in `tx`, in order.
pub(crate) fn apply(tx: &WriteTransaction, mut log: &[u8]) -> Result<()> {
    while !log.is_empty() {
        let op = next_op(&mut log)?;
        let mut apply = Apply {
            tx,
            op: &op,
            found: false,
        };
        crate::tables::each(&mut apply)?;
        if !apply.found {
            return Err(StoreError::Backend(format!(
                "the write-ahead log changes a table this release does not know: {}",
                op.table
            )));
        }
    }
    Ok(())
}

struct Apply<'t, 'o> {
    tx: &'t WriteTransaction,
    op: &'o Op<'o>,
    found: bool,
}

/// A fixed-width type read from bytes of another length would panic in redb: a log of another
/// schema is refused instead.
fn fits<T: Value>(bytes: &[u8]) -> Result<()> {
    match T::fixed_width() {
        Some(width) if width != bytes.len() => Err(damaged()),
        _ => Ok(()),
    }
}

impl<'o> Apply<'_, 'o> {
    /// The change, if it is to `table` and not yet applied, its key checked.
    fn claim<K: Key>(&mut self, table: &str) -> Result<Option<&'o Op<'o>>> {
        if self.found || table != self.op.table {
            return Ok(None);
        }
        self.found = true;
        fits::<K>(self.op.key)?;
        Ok(Some(self.op))
    }
}

impl EachTable for Apply<'_, '_> {
    fn table<K: Key + 'static, V: Value + 'static>(
        &mut self,
        table: TableDefinition<'static, K, V>,
    ) -> Result<()> {
        let Some(op) = self.claim::<K>(table.name())? else {
            return Ok(());
        };
        let mut target = self.tx.open_table(table)?;
        match op.kind {
            Kind::Insert => {
                fits::<V>(op.value)?;
                target.insert(K::from_bytes(op.key), V::from_bytes(op.value))?;
            }
            Kind::Remove => {
                target.remove(K::from_bytes(op.key))?;
            }
            _ => return Err(damaged()),
        }
        Ok(())
    }

    fn multimap<K: Key + 'static, V: Key + 'static>(
        &mut self,
        table: MultimapTableDefinition<'static, K, V>,
    ) -> Result<()> {
        let Some(op) = self.claim::<K>(table.name())? else {
            return Ok(());
        };
        let mut target = self.tx.open_multimap_table(table)?;
        match op.kind {
            Kind::MultiInsert => {
                fits::<V>(op.value)?;
                target.insert(K::from_bytes(op.key), V::from_bytes(op.value))?;
            }
            Kind::MultiRemove => {
                fits::<V>(op.value)?;
                target.remove(K::from_bytes(op.key), V::from_bytes(op.value))?;
            }
            _ => return Err(damaged()),
        }
        Ok(())
    }
}

/// Where a logged table notes its changes: the transaction's log (none for a transaction that
/// is not logged), under the table's name.
pub(crate) struct Noter<'w> {
    table: String,
    redo: Option<&'w RefCell<Redo>>,
}

impl<'w> Noter<'w> {
    pub(crate) fn new(table: &str, redo: Option<&'w RefCell<Redo>>) -> Self {
        let table = if redo.is_some() {
            table.to_owned()
        } else {
            String::new()
        };
        Self { table, redo }
    }

    fn note(&self, kind: Kind, key: &[u8], value: Option<&[u8]>) {
        if let Some(redo) = self.redo {
            redo.borrow_mut().push(kind, &self.table, key, value);
        }
    }
}

/// A table opened in a `WriteTx`: reads as redb's, and notes every change in the log.
pub struct LoggedTable<'w, 'a, K: Key + 'static, V: Value + 'static> {
    table: Table<'a, K, V>,
    log: Noter<'w>,
}

impl<'w, 'a, K: Key + 'static, V: Value + 'static> LoggedTable<'w, 'a, K, V> {
    pub(crate) fn new(table: Table<'a, K, V>, log: Noter<'w>) -> Self {
        Self { table, log }
    }

    pub fn insert<'k, 'v>(
        &mut self,
        key: impl Borrow<K::SelfType<'k>>,
        value: impl Borrow<V::SelfType<'v>>,
    ) -> Result<Option<AccessGuard<'_, V>>, StorageError> {
        let (key, value) = (key.borrow(), value.borrow());
        self.log.note(
            Kind::Insert,
            K::as_bytes(key).as_ref(),
            Some(V::as_bytes(value).as_ref()),
        );
        self.table.insert(key, value)
    }

    pub fn remove<'k>(
        &mut self,
        key: impl Borrow<K::SelfType<'k>>,
    ) -> Result<Option<AccessGuard<'_, V>>, StorageError> {
        let key = key.borrow();
        self.log.note(Kind::Remove, K::as_bytes(key).as_ref(), None);
        self.table.remove(key)
    }

    /// Keeps the entries `keep` says to keep; each removal is logged.
    pub fn retain<F: for<'f> FnMut(K::SelfType<'f>, V::SelfType<'f>) -> bool>(
        &mut self,
        keep: F,
    ) -> Result<(), StorageError> {
        self.table.retain(logging_removals(&self.log, keep))
    }

    /// `retain` over the keys in `range` only.
    pub fn retain_in<'r, KR, F: for<'f> FnMut(K::SelfType<'f>, V::SelfType<'f>) -> bool>(
        &mut self,
        range: impl RangeBounds<KR> + 'r,
        keep: F,
    ) -> Result<(), StorageError>
    where
        KR: Borrow<K::SelfType<'r>> + 'r,
    {
        self.table
            .retain_in(range, logging_removals(&self.log, keep))
    }
}

/// `keep`, noting in the log each key it does not keep.
fn logging_removals<'l, K: Key + 'static, V: Value + 'static>(
    log: &'l Noter<'_>,
    mut keep: impl for<'f> FnMut(K::SelfType<'f>, V::SelfType<'f>) -> bool + 'l,
) -> impl for<'f> FnMut(K::SelfType<'f>, V::SelfType<'f>) -> bool + 'l {
    move |key, value| {
        if log.redo.is_none() {
            return keep(key, value);
        }
        let bytes = K::as_bytes(&key).as_ref().to_vec();
        let kept = keep(key, value);
        if !kept {
            log.note(Kind::Remove, &bytes, None);
        }
        kept
    }
}

/// A logged table's size is its table's.
macro_rules! metadata_of_table {
    ($logged:ident, $value:ident) => {
        impl<K: Key + 'static, V: $value + 'static> ReadableTableMetadata
            for $logged<'_, '_, K, V>
        {
            fn stats(&self) -> Result<TableStats, StorageError> {
                self.table.stats()
            }

            fn len(&self) -> Result<u64, StorageError> {
                self.table.len()
            }
        }
    };
}

metadata_of_table!(LoggedTable, Value);
metadata_of_table!(LoggedMultimap, Key);

impl<K: Key + 'static, V: Value + 'static> ReadableTable<K, V> for LoggedTable<'_, '_, K, V> {
    fn get<'k>(
        &self,
        key: impl Borrow<K::SelfType<'k>>,
    ) -> Result<Option<AccessGuard<'_, V>>, StorageError> {
        self.table.get(key)
    }

    fn range<'k, KR>(
        &self,
        range: impl RangeBounds<KR> + 'k,
    ) -> Result<Range<'_, K, V>, StorageError>
    where
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        self.table.range(range)
    }

    fn first(&self) -> Result<Option<(AccessGuard<'_, K>, AccessGuard<'_, V>)>, StorageError> {
        self.table.first()
    }

    fn last(&self) -> Result<Option<(AccessGuard<'_, K>, AccessGuard<'_, V>)>, StorageError> {
        self.table.last()
    }
}

/// A multimap table opened in a `WriteTx`, logged as `LoggedTable` is.
pub struct LoggedMultimap<'w, 'a, K: Key + 'static, V: Key + 'static> {
    table: MultimapTable<'a, K, V>,
    log: Noter<'w>,
}

impl<'w, 'a, K: Key + 'static, V: Key + 'static> LoggedMultimap<'w, 'a, K, V> {
    pub(crate) fn new(table: MultimapTable<'a, K, V>, log: Noter<'w>) -> Self {
        Self { table, log }
    }

    pub fn insert<'k, 'v>(
        &mut self,
        key: impl Borrow<K::SelfType<'k>>,
        value: impl Borrow<V::SelfType<'v>>,
    ) -> Result<bool, StorageError> {
        let (key, value) = (key.borrow(), value.borrow());
        self.log.note(
            Kind::MultiInsert,
            K::as_bytes(key).as_ref(),
            Some(V::as_bytes(value).as_ref()),
        );
        self.table.insert(key, value)
    }

    pub fn remove<'k, 'v>(
        &mut self,
        key: impl Borrow<K::SelfType<'k>>,
        value: impl Borrow<V::SelfType<'v>>,
    ) -> Result<bool, StorageError> {
        let (key, value) = (key.borrow(), value.borrow());
        self.log.note(
            Kind::MultiRemove,
            K::as_bytes(key).as_ref(),
            Some(V::as_bytes(value).as_ref()),
        );
        self.table.remove(key, value)
    }
}

impl<K: Key + 'static, V: Key + 'static> ReadableMultimapTable<K, V>
    for LoggedMultimap<'_, '_, K, V>
{
    fn get<'k>(
        &self,
        key: impl Borrow<K::SelfType<'k>>,
    ) -> Result<MultimapValue<'_, V>, StorageError> {
        self.table.get(key)
    }

    fn range<'k, KR>(
        &self,
        range: impl RangeBounds<KR> + 'k,
    ) -> Result<MultimapRange<'_, K, V>, StorageError>
    where
        KR: Borrow<K::SelfType<'k>> + 'k,
    {
        self.table.range(range)
    }
}

#[cfg(test)]
mod tests {
    use super::{Kind, LIMIT, Redo};

    #[test]
    fn a_log_past_its_limit_is_dropped_whole_and_stays_dropped_when_appended() {
        let mut small = Redo::default();
        small.push(Kind::Insert, "countries", &1u64.to_le_bytes(), Some(b"RS"));
        assert!(small.bytes().is_some_and(|bytes| !bytes.is_empty()));

        let mut large = Redo::default();
        let value = vec![0; LIMIT / 2];
        large.push(Kind::Insert, "players", &1u64.to_le_bytes(), Some(&value));
        assert!(large.bytes().is_some());
        large.push(Kind::Insert, "players", &2u64.to_le_bytes(), Some(&value));
        assert!(large.bytes().is_none(), "past the limit nothing is kept");
        large.push(Kind::Remove, "players", &3u64.to_le_bytes(), None);
        assert!(large.bytes().is_none());

        let mut batch = Redo::default();
        batch.append(small);
        assert!(batch.bytes().is_some());
        batch.append(large);
        assert!(
            batch.bytes().is_none(),
            "a batch with a dropped log is not logged"
        );

        // Transactions each under the limit, together over it.
        let mut batch = Redo::default();
        for id in 0..3u64 {
            let mut one = Redo::default();
            one.push(Kind::Insert, "players", &id.to_le_bytes(), Some(&value));
            assert!(one.bytes().is_some());
            batch.append(one);
        }
        assert!(
            batch.bytes().is_none(),
            "a batch is held to the limit as a whole"
        );
    }
}
