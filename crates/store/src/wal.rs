//! The write-ahead log, `<data>/polodesk.wal`: how a batch of writes becomes durable with one
//! small sequential write and one `fdatasync`, instead of a redb commit that writes every
//! changed page of every B-tree it touched (`docs/benchmarks.md`, "The durable write").
//!
//! The writer commits its transactions to redb without fsync, appends their redo log (`redo`)
//! here as one record and syncs it; only then are its callers answered and readers shown the
//! writes. Now and then a durable redb commit (a checkpoint) makes all of it part of the file,
//! and the log starts again from its beginning. Opened after a crash, the store applies the log's
//! records on top of the last checkpoint.
//!
//! A record: its length (u32), a CRC-32 (u32) of what follows it, the log's epoch (u64), its
//! sequence number from 1 (u64), then the redo log. Each checkpoint picks a new random epoch and
//! stores it in the `meta` table in the same durable commit: the records of that epoch, read from
//! the start while each is whole and follows the one before, are exactly what the file lacks.
//! A torn last record (the crash came during its write, so it was never answered) fails its CRC
//! and ends the log; records of an older epoch are never read again. A store file without an
//! epoch (a backup, a new store) has nothing to replay.
//!
//! The log's space is written with zeros before records go into it, so a record's `fdatasync`
//! changes no file size and costs one flush of its own pages.

use std::hash::{BuildHasher, Hasher};
use std::time::{Duration, Instant};

use redb::{Database, Durability, ReadableTable, StorageBackend, TableError};

use crate::tables::META;
use crate::{Result, StoreError};

/// The file name inside the data folder, beside `polodesk.redb`.
pub const FILE_NAME: &str = "polodesk.wal";

/// The `meta` key of the log's current epoch.
pub(crate) const EPOCH_KEY: &str = "wal_epoch";

const HEADER: usize = 24;
/// Space is zeroed this much at a time ahead of the records.
const GROW: u64 = 4 << 20;
/// A log longer than this is checkpointed after the batch that made it so.
const CHECKPOINT_BYTES: u64 = 16 << 20;
/// And one older than this, after its batch or once the writer is idle.
pub(crate) const CHECKPOINT_AFTER: Duration = Duration::from_secs(1);

pub(crate) struct Wal {
    file: Box<dyn StorageBackend>,
    epoch: u64,
    /// The last record's sequence number; 0 while the log is empty.
    seq: u64,
    /// Where the next record goes.
    end: u64,
    /// How far the file is zeroed or written.
    zeroed: u64,
    /// When the log last started empty.
    started: Instant,
}

impl std::fmt::Debug for Wal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wal")
            .field("seq", &self.seq)
            .field("end", &self.end)
            .finish_non_exhaustive()
    }
}

fn io_error(what: &str, error: &std::io::Error) -> StoreError {
    StoreError::Backend(format!("the write-ahead log could not be {what}: {error}"))
}

/// A fresh epoch: random, so a record left from any earlier epoch (or another store) never
/// matches it.
fn new_epoch() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    hasher.write_u32(std::process::id());
    hasher.finish()
}

impl Wal {
    /// Opens the log of `db`, applies what the store file lacks, and starts a new epoch with a
    /// checkpoint. Answers how many records were applied.
    pub(crate) fn recover(db: &Database, file: Box<dyn StorageBackend>) -> Result<(Self, u64)> {
        let zeroed = file.len().map_err(|e| io_error("read", &e))?;
        let mut wal = Self {
            file,
            epoch: 0,
            seq: 0,
            end: 0,
            zeroed,
            started: Instant::now(),
        };
        let tx = db.begin_write()?;
        let epoch = match tx.open_table(META) {
            Ok(meta) => meta.get(EPOCH_KEY)?.map(|v| v.value()),
            Err(TableError::TableDoesNotExist(_)) => None,
            Err(error) => return Err(error.into()),
        };
        let mut applied = 0;
        if let Some(epoch) = epoch {
            wal.epoch = epoch;
            while let Some(log) = wal.read_next()? {
                crate::redo::apply(&tx, &log)?;
                applied += 1;
            }
        }
        let next = new_epoch();
        drop(tx.open_table(META)?.insert(EPOCH_KEY, next)?);
        tx.commit()?;
        wal.restart(next);
        Ok((wal, applied))
    }

    /// The record at `end`, if it is whole and of this epoch and follows the last one read.
    fn read_next(&mut self) -> Result<Option<Vec<u8>>> {
        if self.end + HEADER as u64 > self.zeroed {
            return Ok(None);
        }
        let mut header = [0; HEADER];
        self.file
            .read(self.end, &mut header)
            .map_err(|e| io_error("read", &e))?;
        let len = u64::from(u32::from_le_bytes([
            header[0], header[1], header[2], header[3],
        ]));
        let crc = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
        let epoch = u64::from_le_bytes(header[8..16].try_into().unwrap_or_default());
        let seq = u64::from_le_bytes(header[16..24].try_into().unwrap_or_default());
        let body_end = self.end + HEADER as u64 + len;
        if epoch != self.epoch || seq != self.seq + 1 || body_end > self.zeroed {
            return Ok(None);
        }
        let mut log = vec![0; usize::try_from(len).map_err(|_| StoreError::Closed)?];
        self.file
            .read(self.end + HEADER as u64, &mut log)
            .map_err(|e| io_error("read", &e))?;
        let mut check = crc32fast::Hasher::new();
        check.update(&header[8..]);
        check.update(&log);
        if check.finalize() != crc {
            return Ok(None);
        }
        self.seq = seq;
        self.end = body_end;
        Ok(Some(log))
    }

    /// Appends a batch's redo log as one record and syncs it: once this returns, the batch
    /// survives a crash.
    pub(crate) fn append(&mut self, log: &[u8]) -> Result<()> {
        let len = u32::try_from(log.len()).map_err(|_| {
            StoreError::Backend("a batch's log is too long for the write-ahead log".to_owned())
        })?;
        let mut record = Vec::with_capacity(HEADER + log.len());
        record.extend_from_slice(&[0; 8]);
        record.extend_from_slice(&self.epoch.to_le_bytes());
        record.extend_from_slice(&(self.seq + 1).to_le_bytes());
        record.extend_from_slice(log);
        let crc = crc32fast::hash(&record[8..]);
        record[..4].copy_from_slice(&len.to_le_bytes());
        record[4..8].copy_from_slice(&crc.to_le_bytes());
        let end = self.end + record.len() as u64;
        self.zero_to(end)?;
        self.file
            .write(self.end, &record)
            .map_err(|e| io_error("written", &e))?;
        self.file.sync_data().map_err(|e| io_error("synced", &e))?;
        self.seq += 1;
        self.end = end;
        Ok(())
    }

    /// Writes zeros past the zeroed space, `GROW` at a time, until it covers `end`.
    fn zero_to(&mut self, end: u64) -> Result<()> {
        const CHUNK: usize = 1 << 20;
        if end <= self.zeroed {
            return Ok(());
        }
        let target = end.div_ceil(GROW) * GROW;
        // A file grows by `set_len` (a backend may refuse a write past its end); the zeros then
        // give the new space its blocks, so a record's sync does not allocate them.
        self.file
            .set_len(target)
            .map_err(|e| io_error("extended", &e))?;
        let zeros = vec![0; CHUNK];
        while self.zeroed < target {
            let n = usize::try_from(target - self.zeroed).map_or(CHUNK, |left| left.min(CHUNK));
            self.file
                .write(self.zeroed, &zeros[..n])
                .map_err(|e| io_error("extended", &e))?;
            self.zeroed += n as u64;
        }
        Ok(())
    }

    /// True when the log holds records the store file does not.
    pub(crate) fn is_empty(&self) -> bool {
        self.seq == 0
    }

    /// True when the log is long or old enough for a checkpoint.
    pub(crate) fn is_due(&self) -> bool {
        !self.is_empty()
            && (self.end >= CHECKPOINT_BYTES || self.started.elapsed() >= CHECKPOINT_AFTER)
    }

    /// Makes everything committed so far part of the store file with one durable commit, which
    /// also stores a new epoch; the log then starts again from its beginning.
    pub(crate) fn checkpoint(&mut self, db: &Database) -> Result<()> {
        let mut tx = db.begin_write()?;
        tx.set_durability(Durability::Immediate)?;
        let next = new_epoch();
        drop(tx.open_table(META)?.insert(EPOCH_KEY, next)?);
        tx.commit()?;
        self.restart(next);
        Ok(())
    }

    /// The log starts empty under `epoch`, which the store file now holds.
    fn restart(&mut self, epoch: u64) {
        self.epoch = epoch;
        self.seq = 0;
        self.end = 0;
        self.started = Instant::now();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use redb::StorageBackend;
    use redb::backends::InMemoryBackend;

    use super::Wal;

    /// One in-memory file that a log and its reopened reader share.
    #[derive(Debug, Clone)]
    struct Shared(Arc<InMemoryBackend>);

    impl StorageBackend for Shared {
        fn len(&self) -> std::io::Result<u64> {
            self.0.len()
        }
        fn read(&self, offset: u64, out: &mut [u8]) -> std::io::Result<()> {
            self.0.read(offset, out)
        }
        fn set_len(&self, len: u64) -> std::io::Result<()> {
            self.0.set_len(len)
        }
        fn sync_data(&self) -> std::io::Result<()> {
            self.0.sync_data()
        }
        fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
            self.0.write(offset, data)
        }
    }

    fn log_on(file: &Shared, epoch: u64) -> Wal {
        let mut wal = Wal {
            file: Box::new(file.clone()),
            epoch: 0,
            seq: 0,
            end: 0,
            zeroed: file.len().unwrap(),
            started: std::time::Instant::now(),
        };
        wal.restart(epoch);
        wal
    }

    fn records(file: &Shared, epoch: u64) -> Vec<Vec<u8>> {
        let mut reader = log_on(file, epoch);
        std::iter::from_fn(|| reader.read_next().unwrap()).collect()
    }

    #[test]
    fn the_log_reads_back_its_whole_records_of_its_epoch_in_order() {
        let file = Shared(Arc::new(InMemoryBackend::new()));
        let mut wal = log_on(&file, 7);
        for record in [&b"first"[..], b"second", b""] {
            wal.append(record).unwrap();
        }
        assert_eq!(records(&file, 7), [&b"first"[..], b"second", b""]);
        assert!(records(&file, 8).is_empty(), "another epoch's records");
        assert_eq!(
            file.len().unwrap() % super::GROW,
            0,
            "space is zeroed ahead"
        );
    }

    #[test]
    fn a_torn_record_ends_the_log_and_a_new_epoch_hides_the_old_one() {
        let file = Shared(Arc::new(InMemoryBackend::new()));
        let mut wal = log_on(&file, 1);
        for record in [&b"kept"[..], b"also kept", b"torn by the crash"] {
            wal.append(record).unwrap();
        }
        // The crash hit the third record's write: one byte of it never reached the disk.
        let third = (super::HEADER + 4 + super::HEADER + 9 + super::HEADER + 3) as u64;
        file.write(third, b"X").unwrap();
        assert_eq!(records(&file, 1), [&b"kept"[..], b"also kept"]);

        // After a checkpoint the log starts again at the front under a new epoch: the old
        // records behind the new one are never taken for its continuation.
        let mut wal = log_on(&file, 2);
        wal.append(b"kept").unwrap();
        assert_eq!(records(&file, 2), [&b"kept"[..]]);
        assert!(records(&file, 1).is_empty());
    }
}
