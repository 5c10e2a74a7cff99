//! The hub over NATS: the writer numbers every message in its own `MatchHub` and publishes
//! it, numbered, to `polodesk.match.{id}`; each edge relays what it receives to its viewers
//! with the writer's seq. Publishing never waits on NATS: a full outbox drops the message for
//! the edges, whose viewers see the gap and resync. An edge that meets a match it has not
//! seen asks the writer where it stands (`polodesk.standing.{id}`: the seq and the last
//! clock), so its first viewer starts at the writer's seq with the clock.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::StreamExt;
use polodesk_domain::live::{GroupMessage, Sequenced};
use tokio::sync::{mpsc, watch};

use super::{Hub, HubConfig, MatchHub, Standing, Subscription};

/// Every match's subject: `polodesk.match.{id}`.
const SUBJECTS: &str = "polodesk.match.*";
const STANDING_PREFIX: &str = "polodesk.standing.";
/// Messages waiting to be published before the newest are dropped for the edges.
const OUTBOX: usize = 4096;
/// How long an edge waits for the writer's standing of a match before it goes on without.
const STANDING_WAIT: Duration = Duration::from_secs(2);

fn subject(match_id: u64) -> String {
    format!("polodesk.match.{match_id}")
}

/// The writer's hub: its own viewers as in-process, and every message published to NATS.
#[derive(Debug)]
pub struct NatsHub {
    local: Arc<MatchHub>,
    outbox: mpsc::Sender<Sequenced>,
    dropped: Arc<AtomicU64>,
}

impl NatsHub {
    /// Connects to `url`, and starts the task that publishes the outbox and the one that
    /// answers the edges' standing requests.
    pub async fn connect(url: &str, config: HubConfig) -> Result<NatsHub, async_nats::Error> {
        let client = async_nats::connect(url).await?;
        let local = Arc::new(MatchHub::new(config));
        let mut requests = client.subscribe(format!("{STANDING_PREFIX}*")).await?;
        client.flush().await?;
        let (outbox, mut waiting) = mpsc::channel::<Sequenced>(OUTBOX);
        let publisher = client.clone();
        tokio::spawn(async move {
            while let Some(message) = waiting.recv().await {
                let Ok(payload) = serde_json::to_vec(&message) else {
                    continue;
                };
                if let Err(error) = publisher
                    .publish(subject(message.match_id), payload.into())
                    .await
                {
                    tracing::warn!(%error, "a hub message was not published to NATS");
                }
            }
        });
        let answering = Arc::clone(&local);
        tokio::spawn(async move {
            while let Some(request) = requests.next().await {
                let match_id = request
                    .subject
                    .strip_prefix(STANDING_PREFIX)
                    .and_then(|id| id.parse::<u64>().ok());
                let (Some(reply), Some(match_id)) = (request.reply, match_id) else {
                    continue;
                };
                let standing = answering.standing(match_id);
                let Ok(payload) = serde_json::to_vec(&standing) else {
                    continue;
                };
                if let Err(error) = client.publish(reply, payload.into()).await {
                    tracing::warn!(%error, "a standing request was not answered");
                }
            }
        });
        Ok(NatsHub {
            local,
            outbox,
            dropped: Arc::default(),
        })
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

/// An edge's feed: every match's messages from NATS relayed to its hub's viewers with the
/// writer's seq, and the writer's standing of a match asked for on its first viewer.
#[derive(Debug, Clone)]
pub struct EdgeFeed {
    client: async_nats::Client,
    hub: Arc<MatchHub>,
}

impl EdgeFeed {
    /// Subscribes to every match's messages and relays them to `hub` until the connection
    /// ends.
    pub async fn start(url: &str, hub: Arc<MatchHub>) -> Result<EdgeFeed, async_nats::Error> {
        let client = async_nats::connect(url).await?;
        let mut messages = client.subscribe(SUBJECTS).await?;
        client.flush().await?;
        let relaying = Arc::clone(&hub);
        tokio::spawn(async move {
            while let Some(message) = messages.next().await {
                match serde_json::from_slice::<Sequenced>(&message.payload) {
                    Ok(sequenced) => relaying.relay(&sequenced),
                    Err(error) => {
                        tracing::warn!(%error, "a message on NATS is not a hub message");
                    }
                }
            }
        });
        Ok(EdgeFeed { client, hub })
    }

    pub fn hub(&self) -> &Arc<MatchHub> {
        &self.hub
    }

    /// Before a match's first viewer on this edge: the writer's seq and clock, unless this
    /// edge has seen the match already. A writer that does not answer in time leaves the
    /// match as it is; its next message then shows viewers the gap.
    pub async fn prime(&self, match_id: u64) {
        if self.hub.knows(match_id) {
            return;
        }
        let request = self
            .client
            .request(format!("{STANDING_PREFIX}{match_id}"), Vec::new().into());
        match tokio::time::timeout(STANDING_WAIT, request).await {
            Ok(Ok(reply)) => match serde_json::from_slice::<Standing>(&reply.payload) {
                Ok(standing) => self.hub.prime(match_id, standing),
                Err(error) => tracing::warn!(%error, "the writer's standing is unreadable"),
            },
            Ok(Err(error)) => tracing::warn!(%error, match_id, "no standing from the writer"),
            Err(_) => tracing::warn!(match_id, "the writer did not tell its standing in time"),
        }
    }
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
            connected(|| EdgeFeed::start(&nats.1, Arc::clone(edge))).await;
        }
        let writer = connected(|| NatsHub::connect(&nats.1, HubConfig::default())).await;
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

    #[tokio::test]
    async fn a_fresh_edge_starts_a_match_at_the_writers_seq_with_its_clock() {
        use polodesk_domain::codes::{ClockState, Period};
        use polodesk_domain::live::Clock;
        let nats = NatsServer::start();
        let writer = connected(|| NatsHub::connect(&nats.1, HubConfig::default())).await;
        let clock = Clock {
            period: Period::Second,
            remaining_seconds: 301,
            state: ClockState::Running,
            running_since: None,
        };
        writer.publish(4, GroupMessage::Match(MatchMessage::deleted()));
        writer.publish(4, GroupMessage::Clock(clock.clone()));
        writer.publish(4, GroupMessage::Match(MatchMessage::deleted()));
        // Started after those three: it saw none of them.
        let edge = connected(|| EdgeFeed::start(&nats.1, Arc::new(MatchHub::default()))).await;
        assert!(!edge.hub().knows(4));
        edge.prime(4).await;
        assert_eq!(edge.hub().subscribe(4).seq(), 3);
        let last = edge.hub().last_clock(4).unwrap();
        assert_eq!((last.seq, last.message), (2, GroupMessage::Clock(clock)));
        // A match the writer never saw stays unknown, at 0.
        edge.prime(5).await;
        assert!(!edge.hub().knows(5));
        assert_eq!(edge.hub().subscribe(5).seq(), 0);
    }
}
