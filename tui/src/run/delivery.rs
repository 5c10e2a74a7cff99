//! Sends the journal's writes to the server in the order they were made, one at a time, for
//! as long as the console runs. A write the server refused stops the queue until the secretary
//! fixes or drops it (a later write may depend on it); an unreachable server is tried again,
//! each wait a little longer up to 10 s, or at once when the hub is back.

use std::sync::Arc;
use std::time::Duration;

use crate::outbox::{self, Delivery};
use crate::state::{Action, Link, Notice};

use super::{Actions, Shared};

const MOST_WAIT: Duration = Duration::from_secs(10);
const SIGNED_OUT: &str = "The server no longer takes this console's sign-in: quit and sign in again; the journal keeps every write.";

pub async fn deliver(shared: Arc<Shared>, actions: Actions) {
    let mut wait = Duration::from_millis(250);
    loop {
        if actions.send(Action::Journal(shared.pending())).is_err() {
            return;
        }
        let next = shared
            .journal
            .lock()
            .ok()
            .and_then(|journal| outbox::next(&journal).cloned());
        let Some(next) = next else {
            shared.wake.notified().await;
            continue;
        };
        let resolve = |target: &_| {
            shared
                .journal
                .lock()
                .ok()
                .and_then(|journal| journal.resolve(target))
        };
        let client = shared.client();
        let delivery = outbox::deliver(&client, &next.write, resolve).await;
        let _ = shared.journal_mut(|journal| outbox::record(journal, &next, &delivery));
        let news = match delivery {
            Delivery::Sent(_) | Delivery::Refused(_) => {
                wait = Duration::from_millis(250);
                continue;
            }
            // Opened without a server, the kept sign-in is renewed once the server answers:
            // the write waits for it, with nothing to tell.
            Delivery::Unauthorized if !client.signed_in() => Action::Journal(shared.pending()),
            // Said on the status line: nothing is sent until the secretary signs in again.
            Delivery::Unauthorized => Action::Told(Notice {
                text: SIGNED_OUT.to_owned(),
                refusal: true,
            }),
            Delivery::Unreachable(reason) => Action::Link(Link::Offline(reason)),
        };
        let _ = actions.send(news);
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = shared.wake.notified() => {}
        }
        wait = (wait * 2).min(MOST_WAIT);
    }
}
