//! PLACEHOLDER until the outbox lands: sending one journaled write.

use polodesk_client::{Client, ClientError};

use crate::journal::{EventRef, Write};

pub const TARGET_DROPPED: &str = "The event this change is for was dropped before it was sent.";

#[derive(Debug, Clone, PartialEq)]
pub enum Delivery {
    Sent(Option<u64>),
    Refused(String),
    Unreachable(String),
}

pub async fn deliver_one(
    client: &Client,
    write: &Write,
    resolve: impl Fn(&EventRef) -> Option<u64>,
) -> Delivery {
    let answer = match write.clone() {
        Write::Create { client_id, mut event } => {
            event.client_id = Some(client_id);
            client.create_event(&event).await.map(|view| Some(view.id))
        }
        Write::Update { target, event } => match resolve(&target) {
            Some(id) => client.update_event(id, &event).await.map(|_| None),
            None => return Delivery::Refused(TARGET_DROPPED.to_owned()),
        },
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
        Err(ClientError::Api { status: 401, message, .. }) => Delivery::Unreachable(message),
        Err(ClientError::Api { status, message, errors })
            if (400..500).contains(&status) && status != 408 && status != 429 =>
        {
            Delivery::Refused(if errors.is_empty() {
                message
            } else {
                errors.into_values().flatten().collect::<Vec<_>>().join(" ")
            })
        }
        Err(error) => Delivery::Unreachable(error.to_string()),
    }
}
