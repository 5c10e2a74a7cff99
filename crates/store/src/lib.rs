//! The PoloDesk store: one redb file, `<data>/polodesk.redb`, behind an interface that speaks
//! domain types only, so a second backend can later sit behind the same calls.
//!
//! Writes go through one writer thread that commits queued calls together (group commit): each
//! call runs in its own transaction, and the callers are answered after one fsync for the batch.
//! Records carry a version tag and are read through their migrations.

mod account_activity;
mod catalog;
mod clubs;
mod codec;
mod competitions;
mod error;
#[cfg(feature = "faults")]
mod faults;
mod federations;
#[cfg(test)]
mod golden;
mod identity;
mod import;
mod links;
mod match_catalog;
mod matches;
mod members;
mod name_index;
mod people;
mod place_names;
mod portable;
mod records;
mod redo;
mod reference;
mod references;
mod schema;
mod sign_ins;
mod tables;
mod teams;
mod two_step;
mod txn;
mod wal;
mod writer;

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

use redb::{Database, ReadTransaction};

pub use account_activity::{ACTIVITY_KEPT, Activity, ActivityEntry, ChangedBy};
pub use error::StoreError;
#[cfg(feature = "faults")]
pub use faults::{Faults, FaultyBackend};
pub use import::ImportBatch;
pub use links::{LinkKind, Owner};
pub use match_catalog::{MatchQuery, MatchSort};
pub use matches::{Actor, EventWrite, LogChange, MatchLog, MatchesOf};
pub use name_index::{Holder, NameQuery};
pub use place_names::Place;
pub use portable::{EXPORT_FORMAT, EXPORT_VERSION, Export, NOT_EMPTY};
pub use reference::{Batch, Entity};
pub use schema::SCHEMA_VERSION;
pub use sign_ins::{
    ACCESS_TOKEN_SECONDS, API_TOKEN_SECONDS, ApiToken, DeviceSignIn, IDLE_SECONDS,
    REFRESH_TOKEN_SECONDS, RefreshToken, Rotation, SESSION_SECONDS, Secret, Seen, Session,
    SetPasswordLink, USER_AGENT_BYTES,
};
pub use tables::{RecordTable, SecretTable};
pub use two_step::{SecondStep, TWO_STEP_ALREADY_ON, TWO_STEP_NOT_STARTED, TwoStep};
pub use txn::WriteTx;

/// The file name inside the data folder.
pub const FILE_NAME: &str = "polodesk.redb";

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// A handle to the store; cheap to clone, shared by every request. The file is closed when the
/// last handle is dropped.
#[derive(Clone)]
pub struct Store {
    writer: Arc<writer::Writer>,
    path: Option<Arc<Path>>,
    /// The match search's rows and the name index's surnames, in step with the file.
    catalog: Arc<RwLock<catalog::Catalog>>,
    /// What readers see: the last durable state.
    durable: Arc<writer::Durable>,
    /// How many records of the write-ahead log the open applied (after a crash).
    replayed: u64,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// A file opened for reading and writing, created when missing.
fn file_backend(path: &Path) -> Result<redb::backends::FileBackend> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| StoreError::Backend(format!("cannot open {}: {e}", path.display())))?;
    Ok(redb::backends::FileBackend::new(file)?)
}

impl Store {
    /// Opens (or creates) the store in `data_dir`, creating the folder when needed, and brings
    /// an older schema up to date.
    pub fn open(data_dir: &Path) -> Result<Self> {
        std::fs::create_dir_all(data_dir).map_err(|e| {
            StoreError::Backend(format!(
                "cannot create data folder {}: {e}",
                data_dir.display()
            ))
        })?;
        let path = data_dir.join(FILE_NAME);
        let db = Database::create(&path).map_err(|e| match e {
            redb::DatabaseError::DatabaseAlreadyOpen => StoreError::InUse(path.clone()),
            other => StoreError::from(other),
        })?;
        let wal = file_backend(&data_dir.join(wal::FILE_NAME))?;
        Self::start(db, Some(path), Some(Box::new(wal)))
    }

    /// A store that lives in memory only, for fast hermetic tests.
    pub fn in_memory() -> Result<Self> {
        let db = Database::builder().create_with_backend(redb::backends::InMemoryBackend::new())?;
        Self::start(db, None, None)
    }

    /// `open`, on a disk that fails when `faults` says so.
    #[cfg(feature = "faults")]
    pub fn open_with_faults(data_dir: &Path, faults: &Faults) -> Result<Self> {
        let path = data_dir.join(FILE_NAME);
        let backend = file_backend(&path)?;
        let db =
            Database::builder().create_with_backend(FaultyBackend::new(backend, faults.clone()))?;
        let wal = FaultyBackend::new(
            file_backend(&data_dir.join(wal::FILE_NAME))?,
            faults.clone(),
        );
        Self::start(db, Some(path), Some(Box::new(wal)))
    }

    /// Starts the store on `db`; with a log file, first applies what it holds that `db` lacks
    /// (after a crash).
    fn start(
        db: Database,
        path: Option<PathBuf>,
        wal: Option<Box<dyn redb::StorageBackend>>,
    ) -> Result<Self> {
        let (wal, replayed) = match wal {
            Some(file) => {
                let (wal, replayed) = wal::Wal::recover(&db, file)?;
                if replayed > 0 {
                    tracing::info!(
                        records = replayed,
                        "applied the write-ahead log's records the store file lacked"
                    );
                }
                (Some(wal), replayed)
            }
            None => (None, 0),
        };
        schema::prepare(&db)?;
        let catalog = Arc::new(RwLock::new(catalog::Catalog::load(&db)?));
        let durable = Arc::new(writer::Durable::new(&db)?);
        let writer = writer::Writer::spawn(
            Arc::new(db),
            Arc::clone(&catalog),
            Arc::clone(&durable),
            wal,
        );
        Ok(Self {
            writer: Arc::new(writer),
            path: path.map(Arc::from),
            catalog,
            durable,
            replayed,
        })
    }

    /// How many records of the write-ahead log this open applied: none after a clean stop.
    pub fn replayed(&self) -> u64 {
        self.replayed
    }

    /// Where the store's file is, if it has one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version recorded in the store's `meta` table.
    pub fn schema_version(&self) -> Result<u64> {
        schema::stored_version(&*self.read()?)
    }

    /// True when no reference data has been loaded yet (a fresh store).
    pub fn is_empty(&self) -> Result<bool> {
        let tx = self.read()?;
        tables::is_empty(&tx, tables::COUNTRIES)
    }

    /// True while no user account exists (the first start).
    pub fn has_no_users(&self) -> Result<bool> {
        let tx = self.read()?;
        tables::is_empty(&tx, tables::USERS)
    }

    /// Why the store takes no more writes (a durable commit failed), if it does not.
    pub fn write_failure(&self) -> Option<&str> {
        self.durable.failure()
    }

    /// The state as of the last durable commit: a reader never sees a write that could still
    /// be lost.
    fn read(&self) -> Result<Arc<ReadTransaction>> {
        Ok(self.durable.snapshot())
    }

    /// Runs `op` in a write transaction on the writer thread; answers once it is durable.
    async fn write<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&WriteTx<'_>) -> Result<T> + Send + 'static,
    {
        self.writer.submit(op).await
    }

    /// As `write`, for an `op` that may run twice (see `Writer::submit_repeatable`): calls of
    /// this kind queued together share one transaction.
    async fn write_repeatable<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: Fn(&WriteTx<'_>) -> Result<T> + Send + 'static,
    {
        self.writer.submit_repeatable(op).await
    }
}
