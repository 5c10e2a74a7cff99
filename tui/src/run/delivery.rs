//! Sends the journal's writes to the server in the order they were made, one at a time, for
//! as long as the console runs. A write the server refused stops the queue until the secretary
//! fixes or drops it (a later write may depend on it); an unreachable server is tried again,
//! each wait a little longer up to 10 s, or at once when the hub is back.

use std::sync::Arc;
use std::time::Duration;

use crate::journal::Pending;
use crate::outbox::{Delivery, deliver_one};
use crate::state::{Action, Link};

use super::{Actions, Shared};

const MOST_WAIT: Duration = Duration::from_secs(10);

pub async fn deliver(shared: Arc<Shared>, actions: Actions) {
    let mut wait = Duration::from_millis(250);
    loop {
        let pending = shared.pending();
        if actions.send(Action::Journal(pending.clone())).is_err() {
            return;
        }
        let Some(next) = pending.into_iter().next().filter(|p| p.refused.is_none()) else {
            shared.wake.notified().await;
            continue;
        };
        match send(&shared, &next).await {
            Delivery::Sent(event_id) => {
                wait = Duration::from_millis(250);
                let _ = shared.journal_mut(|journal| journal.sent(next.seq, event_id));
            }
            Delivery::Refused(message) => {
                let _ = shared.journal_mut(|journal| journal.refused(next.seq, &message));
            }
            Delivery::Unreachable(reason) => {
                let _ = actions.send(Action::Link(Link::Offline(reason)));
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = shared.wake.notified() => {}
                }
                wait = (wait * 2).min(MOST_WAIT);
            }
        }
    }
}

async fn send(shared: &Shared, pending: &Pending) -> Delivery {
    let resolve = |target: &_| {
        shared
            .journal
            .lock()
            .ok()
            .and_then(|journal| journal.resolve(target))
    };
    deliver_one(&shared.client, &pending.write, resolve).await
}
