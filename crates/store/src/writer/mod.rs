//! Group commit: one thread owns all writes. The calls queued while it works form a batch, and
//! one durable commit makes the whole batch safe; only then is each caller answered. Many
//! scorers then share one fsync.
//!
//! Most calls run in a transaction of their own, committed without fsync, so one failing call
//! cannot undo the others of its batch. Calls that can run again (the match log's events, the
//! live hot path) share one transaction instead: redb cannot undo one call inside a
//! transaction, so when one of them fails, the shared transaction is dropped, the calls before
//! it run again together, it runs again alone, and the calls after it form a new group.
//!
//! A store with a file makes a batch durable by appending the redo log of its transactions to
//! the write-ahead log (`wal`), one record and one `fdatasync`, and checkpoints now and then; a
//! store in memory commits the batch durably instead.
//!
//! Readers never see a write before it is on disk: they read the snapshot the writer takes
//! after each batch is durable (`Durable`), not the database's latest, undurable state. When
//! making a batch durable fails, its callers are told so, none of its writes is ever shown, and
//! the store takes no more writes until it is restarted: after a failed fsync the kernel may
//! have dropped the dirty pages, so nothing on disk past the last good commit can be trusted.

use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::sync::{Arc, OnceLock, PoisonError, RwLock};
use std::thread::JoinHandle;

use redb::{Database, Durability, ReadTransaction, ReadableDatabase, WriteTransaction};
use tokio::sync::oneshot;

use crate::catalog::{Catalog, Change};
use crate::redo::Redo;
use crate::txn::WriteTx;
use crate::wal::{self, Wal};
use crate::{Result, StoreError};

/// Runs one call in a transaction of its own; given no database, the call is only answered
/// that the store takes no writes. Either way its caller is answered through the `Done`.
type AloneJob = Box<dyn FnOnce(Option<(&Database, Durability)>) -> Done + Send>;
type Reply = Box<dyn FnOnce(Option<&StoreError>) + Send>;

enum Job {
    Alone(AloneJob),
    Shared(Box<dyn Repeatable>),
}

impl Job {
    fn into_alone(self) -> AloneJob {
        match self {
            Job::Alone(job) => job,
            Job::Shared(job) => job.into_alone(),
        }
    }
}

/// A call that can run more than once with the same effect, so it may share a transaction.
trait Repeatable: Send {
    /// Runs the call in the batch's shared transaction and keeps its outcome; false if it
    /// failed (what it wrote before failing is then in the transaction).
    fn run_shared(&mut self, tx: &WriteTransaction) -> bool;
    /// How to answer the kept outcome once the shared transaction is committed, and what the
    /// call changed.
    fn into_reply(self: Box<Self>) -> (Reply, Redo);
    /// The call, to run again in a transaction of its own.
    fn into_alone(self: Box<Self>) -> AloneJob;
}

/// A call that ran: how to answer it, and whether its own commit went through.
struct Done {
    reply: Reply,
    /// The commit itself failed (not the call's checks): the disk is not to be trusted.
    commit_failed: Option<StoreError>,
    /// What the committed call changed; nothing for a call that failed.
    redo: Redo,
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
    /// Starts the writer thread; with a `wal`, batches are made durable through it.
    pub fn spawn(
        db: Arc<Database>,
        catalog: Arc<RwLock<Catalog>>,
        durable: Arc<Durable>,
        wal: Option<Wal>,
    ) -> Self {
        let (queue, jobs) = mpsc::channel::<Job>();
        let thread_durable = Arc::clone(&durable);
        let thread = std::thread::Builder::new()
            .name("polodesk-writer".into())
            .spawn(move || run(&db, &thread_durable, &jobs, wal))
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
        let job = alone(op, answer, Arc::clone(&self.catalog));
        self.send(Job::Alone(job), answered).await
    }

    /// As `submit`, for a call that `op` may make twice: a first time in a transaction shared
    /// with its batch, which is dropped if any call of it fails, and then alone. `op` must
    /// depend only on what it reads in the transaction.
    pub async fn submit_repeatable<T, F>(&self, op: F) -> Result<T>
    where
        T: Send + 'static,
        F: Fn(&WriteTx<'_>) -> Result<T> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let job = Shared {
            op,
            answer,
            catalog: Arc::clone(&self.catalog),
            kept: None,
        };
        self.send(Job::Shared(Box::new(job)), answered).await
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
        let job: AloneJob = Box::new(move |target| {
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
                redo: Redo::default(),
            }
        });
        self.send(Job::Alone(job), answered).await
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

/// A call run alone: in its own transaction, answered once its batch is durable.
fn alone<T, F>(op: F, answer: oneshot::Sender<Result<T>>, catalog: Arc<RwLock<Catalog>>) -> AloneJob
where
    T: Send + 'static,
    F: FnOnce(&WriteTx<'_>) -> Result<T> + Send + 'static,
{
    Box::new(move |target| {
        let Some((db, durability)) = target else {
            return refused(answer);
        };
        let (outcome, changes, redo, commit_failed) = run_in_transaction(db, durability, op);
        Done {
            reply: reply(answer, catalog, outcome, changes),
            commit_failed,
            redo,
        }
    })
}

/// Answers a call's outcome once its batch is flushed: a success whose flush failed is an
/// error, and only a durable success moves the catalog.
fn reply<T: Send + 'static>(
    answer: oneshot::Sender<Result<T>>,
    catalog: Arc<RwLock<Catalog>>,
    outcome: Result<T>,
    changes: Vec<Change>,
) -> Reply {
    Box::new(move |flush_error| {
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
    })
}

struct Shared<T, F> {
    op: F,
    answer: oneshot::Sender<Result<T>>,
    catalog: Arc<RwLock<Catalog>>,
    /// The outcome of the shared run, the catalog changes it noted and its log; none after a
    /// panic.
    kept: Option<(Result<T>, Vec<Change>, Redo)>,
}

impl<T, F> Repeatable for Shared<T, F>
where
    T: Send + 'static,
    F: Fn(&WriteTx<'_>) -> Result<T> + Send + 'static,
{
    fn run_shared(&mut self, tx: &WriteTransaction) -> bool {
        let write = WriteTx::logged(tx);
        let outcome = (self.op)(&write);
        let ran = outcome.is_ok();
        let (changes, redo) = write.into_parts();
        self.kept = Some((outcome, changes, redo));
        ran
    }

    fn into_reply(self: Box<Self>) -> (Reply, Redo) {
        let (outcome, changes, redo) = self
            .kept
            .unwrap_or_else(|| (Err(StoreError::Closed), Vec::new(), Redo::default()));
        (reply(self.answer, self.catalog, outcome, changes), redo)
    }

    fn into_alone(self: Box<Self>) -> AloneJob {
        alone(self.op, self.answer, self.catalog)
    }
}

/// Runs `op` and commits. Answers the call's outcome, the catalog changes it noted (applied
/// once durable), its log and, apart, a failure of the commit itself.
fn run_in_transaction<T>(
    db: &Database,
    durability: Durability,
    op: impl FnOnce(&WriteTx<'_>) -> Result<T>,
) -> (Result<T>, Vec<Change>, Redo, Option<StoreError>) {
    let mut tx = match db.begin_write() {
        Ok(tx) => tx,
        Err(error) => {
            let error = StoreError::from(error);
            let failed = StoreError::Unavailable(error.to_string());
            return (Err(failed), Vec::new(), Redo::default(), Some(error));
        }
    };
    if let Err(error) = tx.set_durability(durability) {
        return (Err(error.into()), Vec::new(), Redo::default(), None);
    }
    let write = WriteTx::logged(&tx);
    let outcome = op(&write);
    let (changes, redo) = write.into_parts();
    match outcome {
        Ok(value) => match tx.commit() {
            Ok(()) => (Ok(value), changes, redo, None),
            Err(error) => {
                let error = StoreError::from(error);
                let failed = StoreError::Unavailable(error.to_string());
                (Err(failed), Vec::new(), Redo::default(), Some(error))
            }
        },
        Err(error) => {
            let aborted = tx.abort().map_err(StoreError::from).err();
            (Err(error), Vec::new(), Redo::default(), aborted)
        }
    }
}

/// What a batch runs, in order: calls alone, and runs of repeatable calls that share one
/// transaction.
enum Unit {
    Alone(AloneJob),
    Group(Vec<Box<dyn Repeatable>>),
}

impl Unit {
    fn refuse(self, error: &StoreError) {
        match self {
            Unit::Alone(job) => refuse(job, error),
            Unit::Group(group) => {
                for job in group {
                    refuse(job.into_alone(), error);
                }
            }
        }
    }
}

/// Gathers each run of consecutive repeatable calls into one group; a group of one is run
/// alone, as there is nothing to share.
fn units(batch: Vec<Job>) -> VecDeque<Unit> {
    let mut units = VecDeque::new();
    let mut group = Vec::new();
    for job in batch {
        match job {
            Job::Shared(job) => group.push(job),
            Job::Alone(job) => {
                units.extend(grouped(std::mem::take(&mut group)));
                units.push_back(Unit::Alone(job));
            }
        }
    }
    units.extend(grouped(group));
    units
}

/// How a group's shared transaction ended.
enum Grouped {
    /// Every call ran; the commit went through unless `commit_failed` says otherwise.
    Ran {
        replies: Vec<Reply>,
        redo: Redo,
        commit_failed: Option<StoreError>,
    },
    /// The call at `failed` failed: nothing of the group was kept, and it is to run again.
    Undone {
        group: Vec<Box<dyn Repeatable>>,
        failed: usize,
    },
}

fn run_group(
    db: &Database,
    mut group: Vec<Box<dyn Repeatable>>,
    durability: Durability,
) -> Grouped {
    let shared = db
        .begin_write()
        .map_err(StoreError::from)
        .and_then(|mut tx| {
            tx.set_durability(durability)?;
            Ok(tx)
        });
    let Ok(tx) = shared else {
        // Alone, the first call meets (and answers) the failure itself.
        return Grouped::Undone { group, failed: 0 };
    };
    let failed = group.iter_mut().position(|job| {
        // A panicking call fails the group; run again alone, it loses only its own answer.
        !std::panic::catch_unwind(AssertUnwindSafe(|| job.run_shared(&tx))).unwrap_or(false)
    });
    if let Some(failed) = failed {
        // Dropping the transaction undoes it; should that fail, the next transaction meets it.
        drop(tx);
        return Grouped::Undone { group, failed };
    }
    let commit_failed = tx.commit().err().map(StoreError::from);
    let mut redo = Redo::default();
    let mut replies = Vec::with_capacity(group.len());
    for job in group {
        let (reply, changed) = job.into_reply();
        replies.push(reply);
        redo.append(changed);
    }
    Grouped::Ran {
        replies,
        redo,
        commit_failed,
    }
}

/// What runs of an undone group, in order: the calls before the failed one together (they
/// ran, and will run the same), the failed one alone, and the calls after it as a new group.
fn split(mut group: Vec<Box<dyn Repeatable>>, failed: usize) -> [Option<Unit>; 3] {
    let after = group.split_off(failed + 1);
    let failed = group.pop().map(|job| Unit::Alone(job.into_alone()));
    [grouped(group), failed, grouped(after)]
}

/// A run of repeatable calls as one unit: a group, or a lone call run alone.
fn grouped(mut group: Vec<Box<dyn Repeatable>>) -> Option<Unit> {
    match group.len() {
        0 => None,
        1 => group.pop().map(|job| Unit::Alone(job.into_alone())),
        _ => Some(Unit::Group(group)),
    }
}

fn run(db: &Database, durable: &Durable, jobs: &mpsc::Receiver<Job>, mut wal: Option<Wal>) {
    while let Some(first) = next_job(db, durable, jobs, wal.as_mut()) {
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
                refuse(job.into_alone(), &refused);
            }
            continue;
        }
        run_batch(db, durable, batch, wal.as_mut());
        if let Some(wal) = wal.as_mut().filter(|wal| wal.is_due()) {
            checkpoint(db, durable, wal);
        }
    }
    // Closed: the store file alone then holds everything, as a copy of it would expect.
    if let Some(wal) = wal.as_mut().filter(|wal| !wal.is_empty()) {
        checkpoint(db, durable, wal);
    }
}

/// The next call, or none once the store is closed. While the log holds records, an idle
/// writer checkpoints them.
fn next_job(
    db: &Database,
    durable: &Durable,
    jobs: &mpsc::Receiver<Job>,
    wal: Option<&mut Wal>,
) -> Option<Job> {
    match wal {
        Some(wal) if !wal.is_empty() && durable.failure().is_none() => {
            match jobs.recv_timeout(wal::CHECKPOINT_AFTER) {
                Ok(job) => Some(job),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    checkpoint(db, durable, wal);
                    jobs.recv().ok()
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => None,
            }
        }
        _ => jobs.recv().ok(),
    }
}

fn checkpoint(db: &Database, durable: &Durable, wal: &mut Wal) {
    if durable.failure().is_some() {
        return;
    }
    if let Err(error) = wal.checkpoint(db) {
        durable.fail(&error);
    }
}

/// Runs a batch's calls, makes what they wrote durable, and answers them.
fn run_batch(db: &Database, durable: &Durable, batch: Vec<Job>, wal: Option<&mut Wal>) {
    let mut pending = units(batch);
    // Without a log, a batch of one transaction commits durably itself; more defer the
    // fsync to one final commit.
    let mut single = wal.is_none() && pending.len() == 1;
    let mut failed = None;
    let mut replies = Vec::with_capacity(pending.len());
    let mut redo = Redo::default();
    while let Some(unit) = pending.pop_front() {
        if let Some(error) = &failed {
            // Later calls of a batch whose commit failed are not run on top of it.
            unit.refuse(error);
            continue;
        }
        let durability = if single {
            Durability::Immediate
        } else {
            Durability::None
        };
        match unit {
            Unit::Alone(job) => {
                if let Some(done) = run_job(db, job, durability) {
                    failed = done.commit_failed;
                    replies.push(done.reply);
                    redo.append(done.redo);
                }
            }
            Unit::Group(group) => {
                // A panic here is redb's own, in a commit or a rollback: the disk is not to
                // be trusted, and the group's callers lose their answers.
                let outcome =
                    std::panic::catch_unwind(AssertUnwindSafe(|| run_group(db, group, durability)));
                match outcome {
                    Ok(Grouped::Ran {
                        replies: ran,
                        redo: changed,
                        commit_failed,
                    }) => {
                        failed = commit_failed;
                        replies.extend(ran);
                        redo.append(changed);
                    }
                    Ok(Grouped::Undone { group, failed: at }) => {
                        single = false;
                        for unit in split(group, at).into_iter().rev().flatten() {
                            pending.push_front(unit);
                        }
                    }
                    Err(_) => {
                        tracing::error!("the store panicked committing shared writes");
                        failed = Some(StoreError::Backend(
                            "The store failed while saving.".to_owned(),
                        ));
                    }
                }
            }
        }
    }
    let flushed = match (failed, wal) {
        (Some(error), _) => Err(error),
        (None, Some(wal)) => log(db, wal, &redo),
        (None, None) if !single => flush(db),
        (None, None) => Ok(()),
    };
    let flushed = flushed.and_then(|()| durable.advance(db));
    if let Err(error) = &flushed {
        durable.fail(error);
    }
    for reply in replies {
        reply(flushed.as_ref().err());
    }
}

/// Makes a batch durable through the log; a batch too large to log (an import, a restore) is
/// made durable by a checkpoint instead.
fn log(db: &Database, wal: &mut Wal, redo: &Redo) -> Result<()> {
    match redo.bytes() {
        Some([]) => Ok(()),
        Some(bytes) => wal.append(bytes),
        None => wal.checkpoint(db),
    }
}

/// Answers a queued call, without running it, that the store takes no writes.
fn refuse(job: AloneJob, error: &StoreError) {
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
        redo: Redo::default(),
    }
}

/// A call that panics loses its answer (its caller sees `Closed`) but not the writer thread;
/// its transaction is dropped and so aborted.
fn run_job(db: &Database, job: AloneJob, durability: Durability) -> Option<Done> {
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
mod tests;
