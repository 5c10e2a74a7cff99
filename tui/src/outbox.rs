//! Sends one journaled write to the server and says what became of it; the caller journals
//! that (`Journal::sent`, `Journal::refused`) and sends the next pending write, in order.
//!
//! The journal is not held while a write travels, so the secretary's next writes are journaled
//! at once. Sending again is safe: a create carries its `clientId`, so the server answers the
//! event it already recorded, and a delete of an event already gone is done.

use polodesk_client::{Client, ClientError};

use crate::journal::{EventRef, Write};

/// The text an update is refused with when the event it changes was dropped unsent.
pub const TARGET_DROPPED: &str = "The event this change is for was dropped before it was sent.";

/// What sending a write came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Delivery {
    /// The server took it; the id it gave a create (for `Journal::sent`).
    Sent(Option<u64>),
    /// The server refused it with this message (the fields' messages, which say what to fix):
    /// nothing after it is sent until the secretary fixes or drops it.
    Refused(String),
    /// No answer, a failing server or a refused token: the write stays pending; try later.
    Unreachable(String),
}

/// Sends `write`; `resolve` gives the server's id of the event a change is about (the
/// journal's `resolve`, as it is when the write leaves).
pub async fn deliver_one(
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
            client.create_event(&event).await.map(|view| Some(view.id))
        }
        Write::Update { target, event } => match resolve(&target) {
            Some(id) => client.update_event(id, &event).await.map(|_| None),
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
        Ok(id) => Delivery::Sent(id),
        Err(ClientError::Api {
            status,
            message,
            errors,
        }) if is_refusal(status) => Delivery::Refused(if errors.is_empty() {
            message
        } else {
            errors.into_values().flatten().collect::<Vec<_>>().join(" ")
        }),
        Err(error) => Delivery::Unreachable(error.to_string()),
    }
}

/// A 4xx says the write itself is wrong, except a refused token (sign in again), a timeout
/// and a rate limit, which pass.
fn is_refusal(status: u16) -> bool {
    (400..500).contains(&status) && ![401, 408, 429].contains(&status)
}
