//! Group commit: one thread owns all writes. Each queued call runs in its own transaction
//! committed without fsync; when the queue is drained, one durable commit makes the whole batch
//! safe, and only then is each caller answered. Many scorers then share one fsync.

use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::sync::{Arc, PoisonError, RwLock};
use std::thread::JoinHandle;

use redb::{Database, Durability};
use tokio::sync::oneshot;

use crate::match_catalog::MatchCatalog;
use crate::txn::WriteTx;
use crate::{Result, StoreError};

/// Runs one call and returns how to answer its caller once the batch is durable (or failed).
type Job = Box<dyn FnOnce(&Database, Durability) -> Reply + Send>;
type Reply = Box<dyn FnOnce(Option<&StoreError>) + Send>;

/// The most calls one durable commit covers, so the first caller of a long queue is not kept
/// waiting for all of it.
const MAX_BATCH: usize = 256;

/// The queue to the writer thread. Dropping it drains the queue and waits for the thread, so
/// the database file is closed when the last `Store` handle is gone.
pub struct Writer {
    /// The match search's rows, updated after each commit from what the write noted.
    catalog: Arc<RwLock<MatchCatalog>>,
    queue: Option<mpsc::Sender<Job>>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    pub fn spawn(db: Arc<Database>, catalog: Arc<RwLock<MatchCatalog>>) -> Self {
        let (queue, jobs) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("polodesk-writer".into())
            .spawn(move || run(&db, &jobs))
            .expect("the operating system refused to start the store's writer thread");
        Self {
            catalog,
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
        let job: Job = Box::new(move |db, durability| {
            let outcome = run_in_transaction(db, durability, &catalog, op);
            Box::new(move |flush_error| {
                let outcome = match (outcome, flush_error) {
                    (Ok(_), Some(error)) => Err(StoreError::Backend(error.to_string())),
                    (outcome, _) => outcome,
                };
                // The caller may have gone away (a dropped request); the write stands.
                let _ = answer.send(outcome);
            })
        });
        let queue = self.queue.as_ref().ok_or(StoreError::Closed)?;
        queue.send(job).map_err(|_| StoreError::Closed)?;
        answered.await.map_err(|_| StoreError::Closed)?
    }
}

impl Writer {
    /// Runs `op` in a write transaction that is always rolled back, in turn with the other
    /// writes: a rehearsal (an import's dry run) meets every check a real write would, and
    /// leaves nothing behind.
    pub async fn rehearse<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: FnOnce(&WriteTx<'_>) -> Result<T> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |db, _durability| {
            let outcome = db.begin_write().map_err(StoreError::from).and_then(|tx| {
                let outcome = op(&WriteTx::new(&tx));
                tx.abort()?;
                outcome
            });
            Box::new(move |_flush_error| {
                let _ = answer.send(outcome);
            })
        });
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

/// Runs `op` and commits; the match rows it wrote reach the catalog only once committed.
fn run_in_transaction<T>(
    db: &Database,
    durability: Durability,
    catalog: &RwLock<MatchCatalog>,
    op: impl FnOnce(&WriteTx<'_>) -> Result<T>,
) -> Result<T> {
    let mut tx = db.begin_write()?;
    tx.set_durability(durability)?;
    let write = WriteTx::new(&tx);
    let outcome = op(&write);
    let changes = write.into_catalog_changes();
    match outcome {
        Ok(value) => {
            tx.commit()?;
            if !changes.is_empty() {
                catalog
                    .write()
                    .unwrap_or_else(PoisonError::into_inner)
                    .apply(changes);
            }
            Ok(value)
        }
        Err(error) => {
            tx.abort()?;
            Err(error)
        }
    }
}

fn run(db: &Database, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        // A lone call commits durably itself; a batch defers the fsync to one final commit.
        if batch.len() == 1 {
            let job = batch.pop().expect("a batch of one");
            if let Some(reply) = run_job(db, job, Durability::Immediate) {
                reply(None);
            }
            continue;
        }
        let replies: Vec<Reply> = batch
            .into_iter()
            .filter_map(|job| run_job(db, job, Durability::None))
            .collect();
        let flushed = flush(db);
        if let Err(error) = &flushed {
            tracing::error!(%error, "durable commit of a write batch failed");
        }
        for reply in replies {
            reply(flushed.as_ref().err());
        }
    }
}

/// A call that panics loses its answer (its caller sees `Closed`) but not the writer thread;
/// its transaction is dropped and so aborted.
fn run_job(db: &Database, job: Job, durability: Durability) -> Option<Reply> {
    match std::panic::catch_unwind(AssertUnwindSafe(|| job(db, durability))) {
        Ok(reply) => Some(reply),
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
