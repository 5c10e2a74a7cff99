//! The store's one error type; redb's errors are converted here and nowhere else.

use std::path::PathBuf;

use polodesk_domain::validation::ValidationErrors;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{entity} {id} was not found.")]
    NotFound { entity: &'static str, id: u64 },
    /// Input that is well formed but names something the store does not hold.
    #[error("{0}")]
    Invalid(ValidationErrors),
    #[error("{0}")]
    Conflict(String),
    /// An export document that cannot be restored: malformed, of another version, or naming
    /// what it does not hold.
    #[error("{0}")]
    BadDocument(String),
    #[error("the store at {} is in use by another process", .0.display())]
    InUse(PathBuf),
    #[error("a stored {entity} record has unknown version {version}")]
    UnknownVersion { entity: &'static str, version: u16 },
    #[error("storage failure: {0}")]
    Backend(String),
    #[error("the store's writer has stopped")]
    Closed,
    /// A durable commit failed: this write may or may not have reached the disk (a failed fsync
    /// does not say), no reader of this process sees it, and the store takes no more writes
    /// until it is restarted. The cause is kept for the log.
    #[error(
        "Saving to disk failed, so this change may not have been kept. PoloDesk takes no more changes until it is restarted."
    )]
    Unavailable(String),
}

macro_rules! backend_errors {
    ($($error:ty),* $(,)?) => {$(
        impl From<$error> for StoreError {
            fn from(error: $error) -> Self {
                StoreError::Backend(error.to_string())
            }
        }
    )*};
}

backend_errors!(
    redb::Error,
    redb::DatabaseError,
    redb::TransactionError,
    redb::TableError,
    redb::StorageError,
    redb::CommitError,
    redb::SetDurabilityError,
    bincode::error::EncodeError,
    bincode::error::DecodeError,
);
