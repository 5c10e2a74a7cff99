//! Group commit: one thread owns all writes. Each queued call runs in its own transaction
//! committed without fsync; when the queue is drained, one durable commit makes the whole batch
//! safe, and only then is each caller answered. Many scorers then share one fsync.
//!
//! Readers never see a write before it is on disk: they read the snapshot the writer takes
//! after each durable commit (`Durable`), not the database's latest, undurable state. When a
//! durable commit fails, the batch's callers are told so, none of its writes is ever shown, and
//! the store takes no more writes until it is restarted: after a failed fsync the kernel may
//! have dropped the dirty pages, so nothing on disk past the last good commit can be trusted.

use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};
use std::thread::JoinHandle;

use redb::{Database, Durability, ReadTransaction, ReadableDatabase};
use tokio::sync::oneshot;

use crate::catalog::{Catalog, Change};
use crate::txn::WriteTx;
use crate::{Result, StoreError};

/// Runs one call on the database; given none, the call is only answered that the store takes
/// no writes. Either way its caller is answered through the `Done`.
type Job = Box<dyn FnOnce(Option<(&Database, Durability)>) -> Done + Send>;
type Reply = Box<dyn FnOnce(Option<&StoreError>) + Send>;

/// A call that ran: how to answer it, and whether its own commit went through.
struct Done {
    reply: Reply,
    /// The commit itself failed (not the call's checks): the disk is not to be trusted.
    commit_failed: Option<StoreError>,
}

/// The most calls one durable commit covers, so the first caller of a long queue is not kept
/// waiting for all of it.
const MAX_BATCH: usize = 256;

/// What readers may see: the state as of the last durable commit, and whether writing stopped.
pub struct Durable {
    snapshot: RwLock<Arc<ReadTransaction>>,
    failure: OnceLock<String>,
}

impl Durable {
    pub fn new(db: &Database) -> Result<Self> {
        Ok(Self {
            snapshot: RwLock::new(Arc::new(db.begin_read()?)),
            failure: OnceLock::new(),
        })
    }

    /// The last durable state.
    pub fn snapshot(&self) -> Arc<ReadTransaction> {
        Arc::clone(&self.snapshot.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// Why the store stopped taking writes, once a durable commit has failed.
    pub fn failure(&self) -> Option<&str> {
        self.failure.get().map(String::as_str)
    }

    /// Shows readers what the database holds now; called only right after a durable commit.
    fn advance(&self, db: &Database) -> Result<()> {
        let next = Arc::new(db.begin_read()?);
        *self
            .snapshot
            .write()
            .unwrap_or_else(PoisonError::into_inner) = next;
        Ok(())
    }

    fn fail(&self, error: &StoreError) {
        if self.failure.set(error.to_string()).is_ok() {
            tracing::error!(%error, "a durable commit failed; the store takes no more writes until it is restarted");
        }
    }
}

/// The queue to the writer thread. Dropping it drains the queue and waits for the thread, so
/// the database file is closed when the last `Store` handle is gone.
pub struct Writer {
    /// The in-memory catalog, updated once a write is durable from what the write noted.
    catalog: Arc<RwLock<Catalog>>,
    durable: Arc<Durable>,
    queue: Option<mpsc::Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    pub fn spawn(db: Arc<Database>, catalog: Arc<RwLock<Catalog>>, durable: Arc<Durable>) -> Self {
        let (queue, jobs) = mpsc::channel::<Job>();
        let thread_durable = Arc::clone(&durable);
        let thread = std::thread::Builder::new()
            .name("polodesk-writer".into())
            .spawn(move || run(&db, &thread_durable, &jobs))
            .expect("the operating system refused to start the store's writer thread");
        Self {
            catalog,
            durable,
            queue: Some(queue),
            thread: Some(thread),
        }
    }

    pub async fn submit<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&WriteTx<'_>) -> Result<T> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let catalog = Arc::clone(&self.catalog);
        let job: Job = Box::new(move |target| {
            let Some((db, durability)) = target else {
                return refused(answer);
            };
            let (outcome, changes, commit_failed) = run_in_transaction(db, durability, op);
            let reply: Reply = Box::new(move |flush_error| {
                let outcome = match (outcome, flush_error) {
                    (Ok(_), Some(error)) => Err(StoreError::Unavailable(error.to_string())),
                    (Ok(value), None) => {
                        if !changes.is_empty() {
                            catalog
                                .write()
                                .unwrap_or_else(PoisonError::into_inner)
                                .apply(changes);
                        }
                        Ok(value)
                    }
                    (Err(error), _) => Err(error),
                };
                // The caller may have gone away (a dropped request); the write stands.
                let _ = answer.send(outcome);
            });
            Done {
                reply,
                commit_failed,
            }
        });
        self.send(job, answered).await
    }

    /// Runs `op` in a write transaction that is always rolled back, in turn with the other
    /// writes: a rehearsal (an import's dry run) meets every check a real write would, and
    /// leaves nothing behind.
    pub async fn rehearse<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&WriteTx<'_>) -> Result<T> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |target| {
            let Some((db, _)) = target else {
                return refused(answer);
            };
            let outcome = db.begin_write().map_err(StoreError::from).and_then(|tx| {
                let outcome = op(&WriteTx::new(&tx));
                tx.abort()?;
                outcome
            });
            Done {
                reply: Box::new(move |_flush_error| {
                    let _ = answer.send(outcome);
                }),
                commit_failed: None,
            }
        });
        self.send(job, answered).await
    }

    async fn send<T>(&self, job: Job, answered: oneshot::Receiver<Result<T>>) -> Result<T> {
        if let Some(failure) = self.durable.failure() {
            return Err(StoreError::Unavailable(failure.to_owned()));
        }
        let queue = self.queue.as_ref().ok_or(StoreError::Closed)?;
        queue.send(job).map_err(|_| StoreError::Closed)?;
        answered.await.map_err(|_| StoreError::Closed)?
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        drop(self.queue.take());
        if let Some(thread) = self.thread.take() {
            // A panic there was already logged; nothing more to do while dropping.
            let _ = thread.join();
        }
    }
}

/// Runs `op` and commits. Answers the call's outcome, the match rows it wrote (for the
/// catalog, once durable) and, apart, a failure of the commit itself.
fn run_in_transaction<T>(
    db: &Database,
    durability: Durability,
    op: impl FnOnce(&WriteTx<'_>) -> Result<T>,
) -> (Result<T>, Vec<Change>, Option<StoreError>) {
    let mut tx = match db.begin_write() {
        Ok(tx) => tx,
        Err(error) => {
            let error = StoreError::from(error);
            let failed = StoreError::Unavailable(error.to_string());
            return (Err(failed), Vec::new(), Some(error));
        }
    };
    if let Err(error) = tx.set_durability(durability) {
        return (Err(error.into()), Vec::new(), None);
    }
    let write = WriteTx::new(&tx);
    let outcome = op(&write);
    let changes = write.into_catalog_changes();
    match outcome {
        Ok(value) => match tx.commit() {
            Ok(()) => (Ok(value), changes, None),
            Err(error) => {
                let error = StoreError::from(error);
                let failed = StoreError::Unavailable(error.to_string());
                (Err(failed), Vec::new(), Some(error))
            }
        },
        Err(error) => {
            let aborted = tx.abort().map_err(StoreError::from).err();
            (Err(error), Vec::new(), aborted)
        }
    }
}

fn run(db: &Database, durable: &Durable, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        // Once a commit failed, nothing more is written: queued calls are refused.
        if let Some(failure) = durable.failure() {
            let refused = StoreError::Unavailable(failure.to_owned());
            for job in batch {
                refuse(job, &refused);
            }
            continue;
        }
        // A lone call commits durably itself; a batch defers the fsync to one final commit.
        let batched = batch.len() > 1;
        let durability = if batched {
            Durability::None
        } else {
            Durability::Immediate
        };
        let mut failed = None;
        let mut replies = Vec::with_capacity(batch.len());
        for job in batch {
            if let Some(error) = &failed {
                // Later calls of a batch whose commit failed are not run on top of it.
                refuse(job, error);
                continue;
            }
            if let Some(done) = run_job(db, job, durability) {
                failed = done.commit_failed;
                replies.push(done.reply);
            }
        }
        let flushed = match failed {
            Some(error) => Err(error),
            None if batched => flush(db),
            None => Ok(()),
        };
        let flushed = flushed.and_then(|()| durable.advance(db));
        if let Err(error) = &flushed {
            durable.fail(error);
        }
        for reply in replies {
            reply(flushed.as_ref().err());
        }
    }
}

/// Answers a queued call, without running it, that the store takes no writes.
fn refuse(job: Job, error: &StoreError) {
    (job(None).reply)(Some(error));
}

/// The answer of a call that was not run.
fn refused<T: Send + 'static>(answer: oneshot::Sender<Result<T>>) -> Done {
    Done {
        reply: Box::new(move |error| {
            let cause = error.map(ToString::to_string).unwrap_or_default();
            let _ = answer.send(Err(StoreError::Unavailable(cause)));
        }),
        commit_failed: None,
    }
}

/// A call that panics loses its answer (its caller sees `Closed`) but not the writer thread;
/// its transaction is dropped and so aborted.
fn run_job(db: &Database, job: Job, durability: Durability) -> Option<Done> {
    match std::panic::catch_unwind(AssertUnwindSafe(|| job(Some((db, durability))))) {
        Ok(done) => Some(done),
        Err(_) => {
            tracing::error!("a store write panicked; its transaction was rolled back");
            None
        }
    }
}

fn flush(db: &Database) -> Result<()> {
    let mut tx = db.begin_write()?;
    tx.set_durability(Durability::Immediate)?;
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use polodesk_domain::reference::{Country, CountryFields};

    use crate::{Store, StoreError};

    fn country(code: &str) -> CountryFields {
        CountryFields {
            name: code.into(),
            name_universal: code.into(),
            code: code.into(),
        }
    }

    /// A write committed in a batch whose fsync has not happened yet is not shown to readers.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_reader_mid_batch_sees_only_what_is_durable() {
        let store = Store::in_memory().unwrap();
        let (hold, held) = mpsc::channel::<()>();
        let (reached, reach) = mpsc::channel::<()>();
        let (release, released) = mpsc::channel::<()>();
        // Keeps the writer busy until the next two calls are queued, so they form one batch.
        let first = tokio::spawn({
            let store = store.clone();
            async move {
                store
                    .write(move |_| held.recv().map_err(|_| StoreError::Closed))
                    .await
            }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let created = tokio::spawn({
            let store = store.clone();
            async move { store.create::<Country>(country("RS")).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The batch's second call stops after the first committed (without fsync).
        let paused = tokio::spawn({
            let store = store.clone();
            async move {
                store
                    .write(move |_| {
                        reached.send(()).unwrap();
                        released.recv().map_err(|_| StoreError::Closed)
                    })
                    .await
            }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        hold.send(()).unwrap();
        first.await.unwrap().unwrap();
        reach.recv_timeout(Duration::from_secs(5)).unwrap();

        assert!(
            store.list::<Country>().unwrap().is_empty(),
            "a reader saw a write before its batch was durable"
        );
        release.send(()).unwrap();
        paused.await.unwrap().unwrap();
        created.await.unwrap().unwrap();
        assert_eq!(store.list::<Country>().unwrap().len(), 1);
    }
}
