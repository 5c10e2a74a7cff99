//! The writer's batches: what readers see mid-batch, and calls that share a transaction.

use std::sync::mpsc;
use std::time::Duration;

use std::collections::HashSet;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::Poll;

use polodesk_domain::reference::{Country, CountryFields};

use crate::reference::create_in;
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
    let (reached, reach) = mpsc::channel::<()>();
    let (release, released) = mpsc::channel::<()>();
    // Keeps the writer busy until the next two calls are queued, so they form one batch.
    let (hold, first) = held_writer(&store).await;
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
    first.await.unwrap();
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

/// Holds the writer until `release` is sent, so that the calls queued meanwhile form one
/// batch.
async fn held_writer(store: &Store) -> (mpsc::Sender<()>, tokio::task::JoinHandle<()>) {
    let (release, released) = mpsc::channel::<()>();
    let held = tokio::spawn({
        let store = store.clone();
        async move {
            store
                .write(move |_| released.recv().map_err(|_| StoreError::Closed))
                .await
                .unwrap();
        }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    (release, held)
}

type Call<'a, T> = Pin<Box<dyn Future<Output = crate::Result<T>> + Send + 'a>>;

/// Polls a call once: it is then in the writer's queue, behind the calls queued before it.
async fn queued<T>(mut call: Call<'_, T>) -> Call<'_, T> {
    std::future::poll_fn(|cx| {
        assert!(call.as_mut().poll(cx).is_pending(), "the writer is held");
        Poll::Ready(())
    })
    .await;
    call
}

/// Queues a repeatable call that creates a country and counts how often it ran; with
/// `then_fail`, it fails after writing.
async fn queue_country<'a>(
    store: &'a Store,
    code: &'static str,
    then_fail: bool,
    runs: &Arc<AtomicUsize>,
) -> Call<'a, Country> {
    let runs = Arc::clone(runs);
    queued(Box::pin(store.write_repeatable(move |tx| {
        runs.fetch_add(1, Ordering::SeqCst);
        let created = create_in::<Country>(tx, country(code))?;
        if then_fail {
            return Err(StoreError::Conflict("refused after writing".into()));
        }
        Ok(created)
    })))
    .await
}

fn codes(store: &Store) -> Vec<String> {
    let mut codes: Vec<String> = store
        .list::<Country>()
        .unwrap()
        .into_iter()
        .map(|c| c.code)
        .collect();
    codes.sort();
    codes
}

/// Repeatable calls queued together run once each and all land, with their own ids.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeatable_calls_of_a_batch_run_once_together() {
    let store = Store::in_memory().unwrap();
    let (release, held) = held_writer(&store).await;
    let runs = Arc::new(AtomicUsize::new(0));
    let mut calls = Vec::new();
    for code in ["AA", "BB", "CC"] {
        calls.push(queue_country(&store, code, false, &runs).await);
    }
    release.send(()).unwrap();
    held.await.unwrap();
    let mut ids = HashSet::new();
    for call in calls {
        ids.insert(call.await.unwrap().id);
    }
    assert_eq!(runs.load(Ordering::SeqCst), 3, "a call ran more than once");
    assert_eq!(ids.len(), 3, "calls sharing a transaction got the same id");
    assert_eq!(codes(&store), ["AA", "BB", "CC"]);
}

/// One repeatable call that fails after writing takes none of its writes and none of its
/// batch's with it: the calls before it run again together, the calls after it once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_repeatable_call_undoes_only_itself() {
    let store = Store::in_memory().unwrap();
    let (release, held) = held_writer(&store).await;
    let (before, failing, after) = (
        Arc::new(AtomicUsize::new(0)),
        Arc::new(AtomicUsize::new(0)),
        Arc::new(AtomicUsize::new(0)),
    );
    let calls = [
        queue_country(&store, "AA", false, &before).await,
        queue_country(&store, "BB", false, &before).await,
        queue_country(&store, "CC", true, &failing).await,
        queue_country(&store, "DD", false, &after).await,
        queue_country(&store, "EE", false, &after).await,
    ];
    release.send(()).unwrap();
    held.await.unwrap();

    let mut answers = Vec::new();
    for call in calls {
        answers.push(call.await);
    }
    for (at, answer) in answers.iter().enumerate() {
        match (at, answer) {
            (2, Err(StoreError::Conflict(message))) => {
                assert_eq!(message, "refused after writing");
            }
            (2, other) => panic!("the failing call answered {other:?}"),
            (_, answer) => assert!(answer.is_ok(), "{answer:?}"),
        }
    }
    // Shared, AA, BB and CC ran; then AA and BB again, CC alone, DD and EE once.
    assert_eq!(before.load(Ordering::SeqCst), 4);
    assert_eq!(failing.load(Ordering::SeqCst), 2);
    assert_eq!(after.load(Ordering::SeqCst), 2);
    assert_eq!(codes(&store), ["AA", "BB", "DD", "EE"]);
}

/// A repeatable call that panics loses its own answer only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panicking_repeatable_call_loses_only_its_answer() {
    let store = Store::in_memory().unwrap();
    let (release, held) = held_writer(&store).await;
    let runs = Arc::new(AtomicUsize::new(0));
    let first = queue_country(&store, "AA", false, &runs).await;
    let panicking = queued(Box::pin(store.write_repeatable(
        |tx| -> crate::Result<()> {
            create_in::<Country>(tx, country("BB"))?;
            panic!("a bug in a write")
        },
    )))
    .await;
    let last = queue_country(&store, "CC", false, &runs).await;
    release.send(()).unwrap();
    held.await.unwrap();

    assert!(first.await.is_ok());
    assert!(matches!(panicking.await, Err(StoreError::Closed)));
    assert!(last.await.is_ok());
    assert_eq!(codes(&store), ["AA", "CC"]);
    // The writer still works.
    store.create::<Country>(country("DD")).await.unwrap();
    assert_eq!(codes(&store), ["AA", "CC", "DD"]);
}
