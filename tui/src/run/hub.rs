//! Follows the match on the live hub for as long as the console runs: joins it, passes its
//! messages to the console, reloads the match when a message was missed (a gap in `seq`, a
//! `Resync`, a reconnect), and reconnects after a drop, each wait a little longer up to 10 s.

use std::sync::Arc;
use std::time::Duration;

use polodesk_client::ClientError;
use polodesk_domain::live::{ClientMessage, DirectMessage, ServerMessage};

use super::{Actions, Shared, reload, told};
use crate::state::{Action, Link};

const MOST_WAIT: Duration = Duration::from_secs(10);

pub async fn follow(shared: Arc<Shared>, actions: Actions) {
    let mut wait = Duration::from_millis(500);
    loop {
        let reason = match session(&shared, &actions).await {
            Ok(()) => "the live connection closed".to_owned(),
            Err(error) => error.to_string(),
        };
        if let Ok(mut hub) = shared.hub.lock() {
            *hub = None;
        }
        if actions.send(Action::Link(Link::Offline(reason))).is_err() {
            return;
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(MOST_WAIT);
    }
}

/// One connection, until it drops.
async fn session(shared: &Arc<Shared>, actions: &Actions) -> Result<(), ClientError> {
    let (sender, mut receiver) = shared.client().connect_hub().await?;
    sender.send(&ClientMessage::JoinGroup {
        match_id: shared.match_id,
    })?;
    if let Ok(mut hub) = shared.hub.lock() {
        *hub = Some(sender);
    }
    let mut last_seq: Option<u64> = None;
    while let Some(message) = receiver.next().await {
        let action = match message? {
            ServerMessage::Direct(DirectMessage::Joined { match_id, seq })
                if match_id == shared.match_id =>
            {
                last_seq = Some(seq);
                // Back online: catch up on what happened meanwhile, and send what waits.
                let _ = actions.send(Action::Link(Link::Online));
                shared.wake.notify_one();
                tokio::spawn(reload(Arc::clone(shared), actions.clone()));
                continue;
            }
            ServerMessage::Direct(DirectMessage::Resync { match_id, seq })
                if match_id == shared.match_id =>
            {
                last_seq = Some(seq);
                tokio::spawn(reload(Arc::clone(shared), actions.clone()));
                continue;
            }
            ServerMessage::Direct(DirectMessage::Error { message }) => told(&message, true),
            ServerMessage::Direct(_) => continue,
            ServerMessage::Group(sequenced) if sequenced.match_id == shared.match_id => {
                if last_seq.is_some_and(|last| sequenced.seq > last + 1) {
                    tokio::spawn(reload(Arc::clone(shared), actions.clone()));
                }
                last_seq = Some(sequenced.seq);
                Action::Hub {
                    message: sequenced.message,
                    at: super::now(),
                }
            }
            ServerMessage::Group(_) => continue,
        };
        if actions.send(action).is_err() {
            return Ok(());
        }
    }
    Ok(())
}
