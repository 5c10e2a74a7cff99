//! Sends a match journal's pending writes to the server, one at a time and in order, and
//! journals what became of each. Sending again is safe: a create carries its `clientId`, so the
//! server answers the event it already recorded, and a delete of an event already gone is done.
//!
//! Sending (`deliver`) does not hold the journal, so the console journals new writes while one
//! is on its way; `record` then notes the answer. `send_next` does both, for callers that own
//! the journal.

use polodesk_client::{Client, ClientError};
use polodesk_domain::events::EventView;

use crate::journal::{EventRef, Journal, JournalError, Pending, Write};

/// The text an update is refused with when the event it changes was dropped unsent.
pub const TARGET_DROPPED: &str = "The event this change is for was dropped before it was sent.";

/// What the server made of one write.
#[derive(Debug, Clone, PartialEq)]
pub enum Delivery {
    /// Taken: the event as it now is (none for a delete).
    Sent(Option<Box<EventView>>),
    /// Refused with this message (a 4xx but a timeout or a rate limit).
    Refused(String),
    /// The server refused the token: sign in again (or refresh), then send again.
    Unauthorized,
    /// No answer (or the server failed): the write stays pending; try later.
    Unreachable(String),
}

/// What sending the next pending write came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The server took write `seq`: the event as it now is (none for a delete).
    Sent(u64, Option<Box<EventView>>),
    /// The server refused write `seq` with this message; nothing after it is sent until the
    /// secretary fixes or drops it.
    Refused(u64, String),
    Unauthorized,
    Unreachable,
    /// Nothing is pending.
    Nothing,
}

/// Sends one write; `resolve` gives the server id of the event a change names.
pub async fn deliver(
    client: &Client,
    write: &Write,
    resolve: impl Fn(&EventRef) -> Option<u64>,
) -> Delivery {
    let answer = match write.clone() {
        Write::Create {
            client_id,
            mut event,
        } => {
            event.client_id = Some(client_id);
            client.create_event(&event).await.map(Some)
        }
        Write::Update { target, event } => match resolve(&target) {
            Some(id) => client.update_event(id, &event).await.map(Some),
            None => return Delivery::Refused(TARGET_DROPPED.to_owned()),
        },
        // A delete of an event whose create was dropped unsent has nothing to remove.
        Write::Delete { target } => match resolve(&target) {
            Some(id) => match client.delete_event(id).await {
                Err(ClientError::Api { status: 404, .. }) => Ok(None),
                other => other.map(|()| None),
            },
            None => Ok(None),
        },
    };
    match answer {
        Ok(event) => Delivery::Sent(event.map(Box::new)),
        Err(ClientError::Api { status: 401, .. }) => Delivery::Unauthorized,
        Err(ClientError::Api {
            status,
            message,
            errors,
        }) if is_refusal(status) => {
            // The fields' messages say what to fix; the summary only that something is wrong.
            Delivery::Refused(if errors.is_empty() {
                message
            } else {
                errors.into_values().flatten().collect::<Vec<_>>().join(" ")
            })
        }
        Err(error) => Delivery::Unreachable(error.to_string()),
    }
}

/// Journals what the server made of `pending`.
pub fn record(
    journal: &mut Journal,
    pending: &Pending,
    delivery: &Delivery,
) -> Result<(), JournalError> {
    match delivery {
        Delivery::Sent(event) => {
            let created = matches!(pending.write, Write::Create { .. });
            let id = event.as_ref().filter(|_| created).map(|view| view.id);
            journal.sent(pending.seq, id)
        }
        Delivery::Refused(message) => journal.refused(pending.seq, message),
        Delivery::Unauthorized | Delivery::Unreachable(_) => Ok(()),
    }
}

/// The first pending write, unless the server refused it before (sending waits there).
pub fn next(journal: &Journal) -> Option<&Pending> {
    journal.pending().first().filter(|p| p.refused.is_none())
}

/// Sends the first pending write and journals the answer.
pub async fn send_next(client: &Client, journal: &mut Journal) -> Result<Outcome, JournalError> {
    let Some(first) = journal.pending().first().cloned() else {
        return Ok(Outcome::Nothing);
    };
    if let Some(message) = first.refused {
        return Ok(Outcome::Refused(first.seq, message));
    }
    let delivery = deliver(client, &first.write, |target| journal.resolve(target)).await;
    record(journal, &first, &delivery)?;
    Ok(match delivery {
        Delivery::Sent(event) => Outcome::Sent(first.seq, event),
        Delivery::Refused(message) => Outcome::Refused(first.seq, message),
        Delivery::Unauthorized => Outcome::Unauthorized,
        Delivery::Unreachable(_) => Outcome::Unreachable,
    })
}

/// A 4xx says the write itself is wrong, except for a timeout and a rate limit, which pass.
fn is_refusal(status: u16) -> bool {
    (400..500).contains(&status) && status != 408 && status != 429
}
