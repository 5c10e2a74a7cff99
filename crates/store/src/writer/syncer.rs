//! The log's `fdatasync`, on a thread of its own, so the writer runs the next batch while the
//! last one is being made durable instead of waiting for the disk (pipelined group commit).
//!
//! The writer hands over each batch in order, once its transactions are committed without fsync
//! and its record is written to the log: the snapshot readers are to see after it, and its
//! callers' replies. The syncer takes everything handed over since its last sync, syncs the log
//! once for all of it, then shows readers the last snapshot and answers the callers, in order.
//!
//! Once a sync has failed, nothing handed over later is answered as durable, even if a later
//! sync succeeds: after a failed `fdatasync` the kernel may have dropped the dirty pages and
//! reports the error only once.

use std::sync::Arc;
use std::sync::mpsc;
use std::thread::JoinHandle;

use redb::{ReadTransaction, StorageBackend};

use super::{Durable, Reply};
use crate::{Result, StoreError};

/// One batch, handed over by the writer.
pub(super) struct Handed {
    /// What readers are to see once the batch is durable; the batch's failure instead, which
    /// its callers are then told.
    pub(super) outcome: Result<Arc<ReadTransaction>>,
    /// Whether the batch wrote a record to the log (a batch that only failed or only read did
    /// not, and one made durable by a checkpoint needs no sync).
    pub(super) logged: bool,
    pub(super) replies: Vec<Reply>,
}

pub(super) struct Syncer {
    queue: Option<mpsc::Sender<Handed>>,
    thread: Option<JoinHandle<()>>,
}

impl Syncer {
    pub(super) fn spawn(log: Arc<dyn StorageBackend>, durable: Arc<Durable>) -> Self {
        let (queue, handed) = mpsc::channel::<Handed>();
        let thread = std::thread::Builder::new()
            .name("polodesk-syncer".into())
            .spawn(move || run(log.as_ref(), &durable, &handed))
            .expect("the operating system refused to start the store's syncer thread");
        Self {
            queue: Some(queue),
            thread: Some(thread),
        }
    }

    pub(super) fn hand(&self, batch: Handed) {
        if let Some(queue) = &self.queue
            && let Err(mpsc::SendError(batch)) = queue.send(batch)
        {
            // The syncer thread is gone (it panicked): nothing can be made durable any more.
            let gone = StoreError::Backend("The store's syncer stopped.".to_owned());
            for reply in batch.replies {
                reply(Some(&gone));
            }
        }
    }
}

impl Drop for Syncer {
    /// Answers everything handed over before returning.
    fn drop(&mut self) {
        drop(self.queue.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(log: &dyn StorageBackend, durable: &Durable, handed: &mpsc::Receiver<Handed>) {
    let mut failed: Option<StoreError> = None;
    while let Ok(first) = handed.recv() {
        let mut group = vec![first];
        group.extend(handed.try_iter());
        answer(log, durable, group, &mut failed);
    }
}

/// Makes `group` durable with one sync and answers it; `failed` keeps the first failed sync.
fn answer(
    log: &dyn StorageBackend,
    durable: &Durable,
    group: Vec<Handed>,
    failed: &mut Option<StoreError>,
) {
    // The batches before the first that failed on the writer's side; none after it ran.
    let good = group
        .iter()
        .position(|batch| batch.outcome.is_err())
        .unwrap_or(group.len());
    if failed.is_none()
        && group[..good].iter().any(|batch| batch.logged)
        && let Err(error) = log.sync_data()
    {
        let error =
            StoreError::Backend(format!("the write-ahead log could not be synced: {error}"));
        durable.fail(&error);
        *failed = Some(error);
    }
    if failed.is_none()
        && let Some(Ok(snapshot)) = group[..good].last().map(|batch| &batch.outcome)
    {
        durable.show(Arc::clone(snapshot));
    }
    for (at, batch) in group.into_iter().enumerate() {
        let error = match (batch.outcome, &*failed) {
            (Err(error), _) => Some(error),
            (Ok(_), Some(error)) => Some(StoreError::Unavailable(error.to_string())),
            // Run after a batch that failed (the writer stops taking writes then).
            (Ok(_), None) if at > good => Some(StoreError::Unavailable(
                "An earlier write could not be saved.".to_owned(),
            )),
            (Ok(_), None) => None,
        };
        for reply in batch.replies {
            reply(error.as_ref());
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    use redb::backends::InMemoryBackend;
    use redb::{Database, ReadableDatabase, StorageBackend};

    use super::{Handed, answer};
    use crate::StoreError;
    use crate::writer::Durable;

    /// A log file that counts its syncs and fails the next one on demand.
    #[derive(Debug, Default)]
    struct Disk {
        file: InMemoryBackend,
        syncs: AtomicUsize,
        fail_next_sync: AtomicBool,
    }

    impl StorageBackend for Disk {
        fn len(&self) -> std::io::Result<u64> {
            self.file.len()
        }
        fn read(&self, offset: u64, out: &mut [u8]) -> std::io::Result<()> {
            self.file.read(offset, out)
        }
        fn set_len(&self, len: u64) -> std::io::Result<()> {
            self.file.set_len(len)
        }
        fn sync_data(&self) -> std::io::Result<()> {
            self.syncs.fetch_add(1, Ordering::SeqCst);
            if self.fail_next_sync.swap(false, Ordering::SeqCst) {
                return Err(std::io::Error::other("EIO"));
            }
            Ok(())
        }
        fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
            self.file.write(offset, data)
        }
    }

    /// What each caller was answered, by name: `None` for success, else the error's cause.
    type Answers = Arc<Mutex<Vec<(&'static str, Option<String>)>>>;

    fn batch(db: &Database, name: &'static str, logged: bool, answers: &Answers) -> Handed {
        let answers = Arc::clone(answers);
        Handed {
            outcome: Ok(Arc::new(db.begin_read().unwrap())),
            logged,
            replies: vec![Box::new(move |error: Option<&StoreError>| {
                answers
                    .lock()
                    .unwrap()
                    .push((name, error.map(|error| format!("{error:?}"))));
            })],
        }
    }

    #[test]
    fn a_group_is_synced_once_and_readers_see_its_last_snapshot_before_anyone_is_answered() {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let durable = Durable::new(&db).unwrap();
        let disk = Disk::default();
        let answers = Answers::default();
        let group = vec![
            batch(&db, "first", true, &answers),
            batch(&db, "read only", false, &answers),
            batch(&db, "last", true, &answers),
        ];
        let last = Arc::clone(group[2].outcome.as_ref().unwrap());
        let mut failed = None;
        answer(&disk, &durable, group, &mut failed);
        assert_eq!(disk.syncs.load(Ordering::SeqCst), 1);
        assert!(Arc::ptr_eq(&durable.snapshot(), &last));
        assert_eq!(
            *answers.lock().unwrap(),
            [("first", None), ("read only", None), ("last", None)]
        );

        // Nothing logged, nothing to sync.
        answer(
            &disk,
            &durable,
            vec![batch(&db, "read only", false, &answers)],
            &mut failed,
        );
        assert_eq!(disk.syncs.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn after_a_failed_sync_nothing_is_answered_as_durable_or_shown_even_when_syncs_work_again() {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let durable = Durable::new(&db).unwrap();
        let before = durable.snapshot();
        let disk = Disk::default();
        disk.fail_next_sync.store(true, Ordering::SeqCst);
        let answers = Answers::default();
        let mut failed = None;
        answer(
            &disk,
            &durable,
            vec![batch(&db, "lost", true, &answers)],
            &mut failed,
        );
        // The kernel reports a failed writeback once; the next sync "succeeds".
        answer(
            &disk,
            &durable,
            vec![batch(&db, "after", true, &answers)],
            &mut failed,
        );
        assert!(Arc::ptr_eq(&durable.snapshot(), &before), "nothing shown");
        assert!(
            durable.failure().is_some(),
            "the store takes no more writes"
        );
        let answers = answers.lock().unwrap();
        assert_eq!(answers.len(), 2);
        for (name, error) in answers.iter() {
            let error = error.as_deref().unwrap_or_default();
            assert!(
                error.contains("could not be synced: EIO"),
                "{name}: {error}"
            );
        }
    }
}
