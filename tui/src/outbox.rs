//! Sends a match journal's pending writes to the server, one at a time and in order, and
//! journals what became of each. Sending again is safe: a create carries its `clientId`, so the
//! server answers the event it already recorded, and a delete of an event already gone is done.

use polodesk_client::{Client, ClientError};
use polodesk_domain::events::EventView;

use crate::journal::{Journal, JournalError, Write};

/// The text an update is refused with when the event it changes was dropped unsent.
pub const TARGET_DROPPED: &str = "The event this change is for was dropped before it was sent.";

/// What sending the next pending write came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The server took write `seq`: the event as it now is (none for a delete).
    Sent(u64, Option<Box<EventView>>),
    /// The server refused write `seq` with this message; nothing after it is sent until the
    /// secretary retries or drops it.
    Refused(u64, String),
    /// The server refused the token: sign in again (or refresh), then send again.
    Unauthorized,
    /// No answer (or the server failed): the write stays pending; try later.
    Unreachable,
    /// Nothing is pending.
    Nothing,
}

/// Sends the first pending write, unless the server refused it before.
pub async fn send_next(client: &Client, journal: &mut Journal) -> Result<Outcome, JournalError> {
    let Some(next) = journal.pending().first() else {
        return Ok(Outcome::Nothing);
    };
    let seq = next.seq;
    let is_create = matches!(next.write, Write::Create { .. });
    if let Some(message) = &next.refused {
        return Ok(Outcome::Refused(seq, message.clone()));
    }
    let answer = match next.write.clone() {
        Write::Create { client_id, event } => {
            let mut event = event;
            event.client_id = Some(client_id);
            client.create_event(&event).await.map(|e| Some(Box::new(e)))
        }
        Write::Update { target, event } => match journal.resolve(&target) {
            Some(id) => client
                .update_event(id, &event)
                .await
                .map(|e| Some(Box::new(e))),
            None => {
                journal.refused(seq, TARGET_DROPPED)?;
                return Ok(Outcome::Refused(seq, TARGET_DROPPED.to_owned()));
            }
        },
        // A delete of an event whose create was dropped unsent has nothing to remove.
        Write::Delete { target } => match journal.resolve(&target) {
            Some(id) => match client.delete_event(id).await {
                Err(ClientError::Api { status: 404, .. }) => Ok(None),
                other => other.map(|()| None),
            },
            None => Ok(None),
        },
    };
    match answer {
        Ok(event) => {
            let created = event.as_ref().filter(|_| is_create).map(|view| view.id);
            journal.sent(seq, created)?;
            Ok(Outcome::Sent(seq, event))
        }
        Err(ClientError::Api { status: 401, .. }) => Ok(Outcome::Unauthorized),
        Err(ClientError::Api {
            status,
            message,
            errors,
        }) if is_refusal(status) => {
            // The fields' messages say what to fix; the summary only that something is wrong.
            let message = if errors.is_empty() {
                message
            } else {
                errors.into_values().flatten().collect::<Vec<_>>().join(" ")
            };
            journal.refused(seq, &message)?;
            Ok(Outcome::Refused(seq, message))
        }
        Err(_) => Ok(Outcome::Unreachable),
    }
}

/// A 4xx says the write itself is wrong, except for a timeout and a rate limit, which pass.
fn is_refusal(status: u16) -> bool {
    (400..500).contains(&status) && status != 408 && status != 429
}
