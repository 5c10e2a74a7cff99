//! The append-only local journal of one match's writes. A write is journaled (and fsync'ed)
//! before it is sent, so nothing the secretary logged is lost when the network, the server or
//! the console itself goes down; the outbox sends what is pending, in order.
//!
//! One record a line: a checksum, a space, and the record as JSON. A crash in the middle of an
//! append leaves a torn last line, which opening cuts off (it was never acknowledged).

use std::collections::HashMap;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write as _};
use std::path::{Path, PathBuf};

use polodesk_domain::events::EventInput;
use serde::{Deserialize, Serialize};

/// An event a write is about: one the server numbered, or one whose create is in the journal
/// (its `clientId`), maybe not sent yet.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum EventRef {
    Id(u64),
    ClientId(String),
}

/// A change to the match log, as the console made it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Write {
    Create {
        /// A UUID (the server takes no other): a create sent again with it is recorded once.
        client_id: String,
        event: EventInput,
    },
    Update {
        target: EventRef,
        event: EventInput,
    },
    Delete {
        target: EventRef,
    },
}

/// A write not yet taken by the server nor dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub seq: u64,
    pub write: Write,
    /// The server's message when it refused the write; sending stops here until the secretary
    /// drops it (a fix is a new write, journaled after the drop).
    pub refused: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error("the match journal {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Another console logs this match on this computer: two writers would mix their records.
    #[error("another console has the match journal {path} open")]
    InUse { path: PathBuf },
    /// A damaged record with whole records after it: not a torn append, so not cut off.
    #[error("the match journal {path} is damaged at line {line}")]
    Damaged { path: PathBuf, line: usize },
    #[error("no pending write {0} in the match journal")]
    UnknownSeq(u64),
}

/// One line of the journal.
#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "record", rename_all = "camelCase")]
enum Record {
    Write { seq: u64, write: Box<Write> },
    Sent { seq: u64, event_id: Option<u64> },
    Refused { seq: u64, message: String },
    Dropped { seq: u64 },
}

#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    pending: Vec<Pending>,
    next_seq: u64,
    /// The server's ids of the sent creates, by their `clientId`.
    created: HashMap<String, u64>,
}

impl Journal {
    /// Opens (or creates) the journal of match `match_id` in `dir`, reading what it holds; a
    /// torn last record is cut off. One console at a time has it open.
    pub fn open(dir: &Path, match_id: u64) -> Result<Journal, JournalError> {
        let path = dir.join(format!("match-{match_id}.journal"));
        let io = |source| JournalError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        let existed = path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&path)
            .map_err(io)?;
        if !existed {
            // The new file's name is durable only once its folder is synced.
            File::open(dir).and_then(|d| d.sync_all()).map_err(io)?;
        }
        // Held while the journal is open; the system lets go when the console ends.
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(JournalError::InUse { path }),
            Err(TryLockError::Error(source)) => return Err(io(source)),
        }
        let mut text = Vec::new();
        file.read_to_end(&mut text).map_err(io)?;
        let mut journal = Journal {
            path: path.clone(),
            file,
            pending: Vec::new(),
            next_seq: 1,
            created: HashMap::new(),
        };
        let whole = journal.replay(&text)?;
        if whole < text.len() {
            journal.file.set_len(whole as u64).map_err(io)?;
            journal.file.sync_all().map_err(io)?;
        }
        journal.file.seek(SeekFrom::End(0)).map_err(io)?;
        Ok(journal)
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The writes neither taken by the server nor dropped, in the order they were made.
    pub fn pending(&self) -> &[Pending] {
        &self.pending
    }

    /// Journals `write` (durably, before it returns) and answers its sequence number.
    pub fn append(&mut self, write: Write) -> Result<u64, JournalError> {
        let seq = self.next_seq;
        let write = Box::new(write);
        self.record(Record::Write { seq, write })?;
        Ok(seq)
    }

    /// The server took write `seq`; `event_id` is the id it gave a create.
    pub fn sent(&mut self, seq: u64, event_id: Option<u64>) -> Result<(), JournalError> {
        self.position(seq)?;
        self.record(Record::Sent { seq, event_id })
    }

    /// The server refused write `seq` with `message`; it stays pending.
    pub fn refused(&mut self, seq: u64, message: &str) -> Result<(), JournalError> {
        self.position(seq)?;
        let message = message.to_owned();
        self.record(Record::Refused { seq, message })
    }

    /// The secretary dropped write `seq`: it is never sent.
    pub fn dropped(&mut self, seq: u64) -> Result<(), JournalError> {
        self.position(seq)?;
        self.record(Record::Dropped { seq })
    }

    /// The server's id of the event `target` names, once known: a `ClientId` resolves once its
    /// create was sent.
    pub fn resolve(&self, target: &EventRef) -> Option<u64> {
        match target {
            EventRef::Id(id) => Some(*id),
            EventRef::ClientId(client_id) => self.created.get(client_id).copied(),
        }
    }

    fn position(&self, seq: u64) -> Result<usize, JournalError> {
        self.pending
            .iter()
            .position(|p| p.seq == seq)
            .ok_or(JournalError::UnknownSeq(seq))
    }

    /// Writes `record` durably, then applies it.
    fn record(&mut self, record: Record) -> Result<(), JournalError> {
        let json = serde_json::to_string(&record).map_err(|e| JournalError::Io {
            path: self.path.clone(),
            source: e.into(),
        })?;
        let line = format!("{:016x} {json}\n", checksum(json.as_bytes()));
        let io = |source| JournalError::Io {
            path: self.path.clone(),
            source,
        };
        self.file.write_all(line.as_bytes()).map_err(io)?;
        self.file.sync_data().map_err(io)?;
        self.apply(record);
        Ok(())
    }

    fn apply(&mut self, record: Record) {
        match record {
            Record::Write { seq, write } => {
                self.next_seq = self.next_seq.max(seq + 1);
                self.pending.push(Pending {
                    seq,
                    write: *write,
                    refused: None,
                });
            }
            Record::Sent { seq, event_id } => {
                if let Some(done) = self.take(seq)
                    && let (Write::Create { client_id, .. }, Some(id)) = (done.write, event_id)
                {
                    self.created.insert(client_id, id);
                }
            }
            Record::Refused { seq, message } => {
                if let Some(p) = self.pending.iter_mut().find(|p| p.seq == seq) {
                    p.refused = Some(message);
                }
            }
            Record::Dropped { seq } => {
                self.take(seq);
            }
        }
    }

    fn take(&mut self, seq: u64) -> Option<Pending> {
        let at = self.pending.iter().position(|p| p.seq == seq)?;
        Some(self.pending.remove(at))
    }

    /// Applies the records of `text` and answers the length of its whole records: a damaged
    /// last line is a torn append; a damaged line before whole ones is an error.
    fn replay(&mut self, text: &[u8]) -> Result<usize, JournalError> {
        let mut whole = 0;
        let mut damaged_line = None;
        for (index, line) in text.split_inclusive(|b| *b == b'\n').enumerate() {
            let record = parse(line);
            if let Some(line) = damaged_line {
                if record.is_some() {
                    let path = self.path.clone();
                    return Err(JournalError::Damaged { path, line });
                }
                continue;
            }
            match record {
                Some(record) => {
                    self.apply(record);
                    whole += line.len();
                }
                None => damaged_line = Some(index + 1),
            }
        }
        Ok(whole)
    }
}

/// A whole line's record, if its checksum holds.
fn parse(line: &[u8]) -> Option<Record> {
    let line = line.strip_suffix(b"\n")?;
    let text = std::str::from_utf8(line).ok()?;
    let (sum, json) = text.split_once(' ')?;
    let sum = u64::from_str_radix(sum, 16).ok()?;
    if sum != checksum(json.as_bytes()) {
        return None;
    }
    serde_json::from_str(json).ok()
}

/// FNV-1a, 64 bits: enough to tell a torn or garbled line from a whole one.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
