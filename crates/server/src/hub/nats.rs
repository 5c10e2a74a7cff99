//! The hub over NATS (#17): the writer numbers every message in its own `MatchHub` and
//! publishes it, numbered, to `polodesk.match.{id}`; each edge relays what it receives to its
//! viewers with the writer's seq. Publishing never waits on NATS: a full outbox drops the
//! message for the edges, whose viewers see the gap and resync.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_util::StreamExt;
use polodesk_domain::live::{GroupMessage, Sequenced};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use super::{Hub, HubConfig, MatchHub, Subscription};

/// Every match's subject: `polodesk.match.{id}`.
const SUBJECTS: &str = "polodesk.match.*";
/// Messages waiting to be published before the newest are dropped for the edges.
const OUTBOX: usize = 4096;

fn subject(match_id: u64) -> String {
    format!("polodesk.match.{match_id}")
}

/// The writer's hub: its own viewers as in-process, and every message published to NATS.
#[derive(Debug)]
pub struct NatsHub {
    local: MatchHub,
    outbox: mpsc::Sender<Sequenced>,
    dropped: Arc<AtomicU64>,
}

impl NatsHub {
    /// Connects to `url` and starts the task that publishes the outbox.
    pub async fn connect(
        url: &str,
        config: HubConfig,
    ) -> Result<(NatsHub, JoinHandle<()>), async_nats::ConnectError> {
        let client = async_nats::connect(url).await?;
        let (outbox, mut waiting) = mpsc::channel::<Sequenced>(OUTBOX);
        let publisher = tokio::spawn(async move {
            while let Some(message) = waiting.recv().await {
                let Ok(payload) = serde_json::to_vec(&message) else {
                    continue;
                };
                if let Err(error) = client
                    .publish(subject(message.match_id), payload.into())
                    .await
                {
                    tracing::warn!(%error, "a hub message was not published to NATS");
                }
            }
        });
        let hub = NatsHub {
            local: MatchHub::new(config),
            outbox,
            dropped: Arc::default(),
        };
        Ok((hub, publisher))
    }

    /// Messages the edges did not get because NATS was behind.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

impl Hub for NatsHub {
    fn publish(&self, match_id: u64, message: GroupMessage) {
        let sequenced = self.local.sequence(match_id, message);
        if self.outbox.try_send(sequenced).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn subscribe(&self, match_id: u64) -> Subscription {
        self.local.subscribe(match_id)
    }

    fn last_clock(&self, match_id: u64) -> Option<Sequenced> {
        self.local.last_clock(match_id)
    }

    fn config(&self) -> &HubConfig {
        self.local.config()
    }

    fn close_connections(&self) {
        self.local.close_connections();
    }

    fn closing(&self) -> watch::Receiver<bool> {
        self.local.closing()
    }
}

/// An edge's feed: every match's messages from NATS, relayed to `hub`'s viewers with the
/// writer's seq. Ends when the connection does.
pub async fn relay_from(
    url: &str,
    hub: Arc<MatchHub>,
) -> Result<JoinHandle<()>, async_nats::Error> {
    let client = async_nats::connect(url).await?;
    let mut messages = client.subscribe(SUBJECTS).await?;
    client.flush().await?;
    Ok(tokio::spawn(async move {
        // The client lives as long as its subscription is read.
        let _client = client;
        while let Some(message) = messages.next().await {
            match serde_json::from_slice::<Sequenced>(&message.payload) {
                Ok(sequenced) => hub.relay(&sequenced),
                Err(error) => tracing::warn!(%error, "a message on NATS is not a hub message"),
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    // A failed unwrap is how a test reports a broken expectation.
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use std::process::{Child, Command, Stdio};
    use std::time::Duration;

    use polodesk_domain::live::MatchMessage;
    use serde_json::Value;

    use super::*;
    use crate::hub::Delivery;

    /// Debian's nats-server on a free loopback port, stopped when dropped.
    struct NatsServer(Child, String);

    impl NatsServer {
        fn start() -> NatsServer {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            let child = Command::new("nats-server")
                .args(["-a", "127.0.0.1", "-p", &port.to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("nats-server (Debian package nats-server) must be installed");
            NatsServer(child, format!("nats://127.0.0.1:{port}"))
        }
    }

    impl Drop for NatsServer {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    async fn connected<T, E: std::fmt::Debug, F: Future<Output = Result<T, E>>>(
        attempt: impl Fn() -> F,
    ) -> T {
        for _ in 0..50 {
            if let Ok(value) = attempt().await {
                return value;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        attempt().await.expect("NATS answers")
    }

    fn seq_of(delivery: Option<Delivery>) -> u64 {
        let Some(Delivery::Message(frame)) = delivery else {
            panic!("expected a message, got {delivery:?}");
        };
        serde_json::from_str::<Value>(&frame).unwrap()["seq"]
            .as_u64()
            .unwrap()
    }

    #[tokio::test]
    async fn two_edges_relay_every_message_in_the_writers_order() {
        let nats = NatsServer::start();
        let edges = [Arc::new(MatchHub::default()), Arc::new(MatchHub::default())];
        for edge in &edges {
            connected(|| relay_from(&nats.1, Arc::clone(edge))).await;
        }
        let (writer, _publisher) =
            connected(|| NatsHub::connect(&nats.1, HubConfig::default())).await;
        let mut viewers: Vec<Subscription> = edges.iter().map(|edge| edge.subscribe(9)).collect();
        let mut at_the_pool = writer.subscribe(9);
        for _ in 0..200 {
            writer.publish(9, GroupMessage::Match(MatchMessage::deleted()));
        }
        for seq in 1..=200 {
            assert_eq!(seq_of(at_the_pool.recv().await), seq);
            for viewer in &mut viewers {
                let delivery = tokio::time::timeout(Duration::from_secs(5), viewer.recv())
                    .await
                    .expect("relayed in time");
                assert_eq!(seq_of(delivery), seq);
            }
        }
        assert_eq!(writer.dropped(), 0);
        // A viewer who joins an edge now starts where the writer is.
        assert_eq!(edges[1].subscribe(9).seq(), 200);
    }
}
