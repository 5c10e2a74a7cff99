//! The live match hub (DESIGN §6): publish to a match, subscribe to a match, and the last clock
//! of a match for viewers who join late. `MatchHub` fans out inside this process; a later hub
//! fans out through NATS, so callers see only the `Hub` trait and the WebSocket endpoint
//! (`socket.rs`) sees only `Subscription`. The messages are the domain's (`polodesk_domain::live`).

pub mod nats;
mod socket;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use polodesk_domain::live::{Clock, DirectMessage, GroupMessage, Sequenced};
use serde::Serialize;
use tokio::sync::{broadcast, watch};

pub use socket::{Watch, router};

/// A message as it goes on the wire: serialized once, shared by every viewer.
pub type Frame = Utf8Bytes;

/// Publish to a match, subscribe to a match, and the limits and shutdown of the connections
/// that watch.
pub trait Hub: Send + Sync + std::fmt::Debug {
    /// Sends `message` to everyone watching `match_id`, `Sequenced` with the match's next
    /// `seq`, and keeps it when it is a clock. Never blocks: viewers who fall behind are told
    /// to resync instead.
    fn publish(&self, match_id: u64, message: GroupMessage);

    /// Starts receiving what is published to `match_id` from now on.
    fn subscribe(&self, match_id: u64) -> Subscription;

    /// The last clock published to `match_id`, as it was sent, so a viewer who joins late
    /// sees the clock without waiting for the next one.
    fn last_clock(&self, match_id: u64) -> Option<Sequenced>;

    fn config(&self) -> &HubConfig;

    /// Asks every open connection to close (server shutdown).
    fn close_connections(&self);

    /// Turns true when the connections are asked to close.
    fn closing(&self) -> watch::Receiver<bool>;
}

/// Limits of the hub and of its WebSocket connections; tests shorten the durations.
#[derive(Debug, Clone)]
pub struct HubConfig {
    /// Messages a match's channel keeps for viewers that are behind; past it they resync.
    pub channel_capacity: usize,
    /// How often the server pings each connection.
    pub ping_every: Duration,
    /// A connection that sent nothing (not even a pong) for this long is closed.
    pub idle_timeout: Duration,
    /// The largest message a client may send.
    pub max_message_size: usize,
    /// Groups one connection may be in at once.
    pub max_groups: usize,
}

impl Default for HubConfig {
    fn default() -> Self {
        Self {
            channel_capacity: 1024,
            ping_every: Duration::from_secs(15),
            idle_timeout: Duration::from_secs(45),
            max_message_size: 16 * 1024,
            max_groups: 64,
        }
    }
}

/// What a subscription delivers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    Message(Frame),
    /// The viewer fell behind and messages were dropped for it: it should reload the match.
    /// Delivery goes on with the messages published after `seq`.
    Resync {
        seq: u64,
    },
}

/// Per match: the sequence counter (kept for good, so a viewer who comes back sees a gap), the
/// last clock with its seq, and the channel, only while someone watches.
#[derive(Debug, Default)]
struct MatchState {
    seq: u64,
    clock: Option<(u64, Clock)>,
    sender: Option<broadcast::Sender<Frame>>,
}

#[derive(Debug)]
struct Shared {
    matches: Mutex<HashMap<u64, MatchState>>,
    capacity: usize,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, MatchState>> {
        self.matches.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A receiver of the match's channel (made when missing) and the latest seq, taken under
    /// one lock so nothing published in between is missed or seen twice.
    fn subscribe(&self, match_id: u64) -> (broadcast::Receiver<Frame>, u64) {
        let mut matches = self.lock();
        let state = matches.entry(match_id).or_default();
        let receiver = match &state.sender {
            Some(sender) => sender.subscribe(),
            None => {
                let (sender, receiver) = broadcast::channel(self.capacity);
                state.sender = Some(sender);
                receiver
            }
        };
        (receiver, state.seq)
    }
}

/// The in-process hub: a bounded broadcast channel per watched match.
#[derive(Debug)]
pub struct MatchHub {
    shared: Arc<Shared>,
    config: HubConfig,
    /// Turns true when the server shuts down, so connections close with "going away".
    closing: watch::Sender<bool>,
}

impl MatchHub {
    pub fn new(config: HubConfig) -> Self {
        Self {
            shared: Arc::new(Shared {
                matches: Mutex::default(),
                // broadcast::channel panics on 0.
                capacity: config.channel_capacity.max(1),
            }),
            config,
            closing: watch::Sender::new(false),
        }
    }

    /// Matches that have a channel now (for tests of the clean-up).
    pub fn watched_matches(&self) -> usize {
        self.shared
            .lock()
            .values()
            .filter(|state| state.sender.is_some())
            .count()
    }
}

impl Default for MatchHub {
    fn default() -> Self {
        Self::new(HubConfig::default())
    }
}

impl MatchHub {
    /// Numbers `message` with the match's next seq, keeps it when it is a clock, and sends it
    /// to the match's viewers; answers it as numbered, so a hub that relays it to other nodes
    /// (NATS edges) sends the same seq.
    pub fn sequence(&self, match_id: u64, message: GroupMessage) -> Sequenced {
        // Serialized under the lock so frames leave in seq order.
        let mut matches = self.shared.lock();
        let state = matches.entry(match_id).or_default();
        let sequenced = Sequenced {
            match_id,
            seq: state.seq + 1,
            message,
        };
        deliver(state, &sequenced);
        sequenced
    }

    /// Sends a message numbered by another node (the writer) to this node's viewers, as it
    /// was numbered: the match's seq becomes the message's, so viewers who join later start
    /// from it, and a missing seq shows as a gap they resync from.
    pub fn relay(&self, sequenced: &Sequenced) {
        let mut matches = self.shared.lock();
        let state = matches.entry(sequenced.match_id).or_default();
        // A message from before what this node has seen (a redelivery) is not sent again.
        if sequenced.seq > state.seq {
            deliver(state, sequenced);
        }
    }
}

/// Where a match stands on a node: its latest seq and its last clock. The writer answers an
/// edge with it, so a viewer joining a fresh edge starts at the writer's seq, with the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Standing {
    pub seq: u64,
    pub clock: Option<Sequenced>,
}

impl MatchHub {
    /// The match's latest seq on this node (0 before anything).
    pub fn standing_seq(&self, match_id: u64) -> u64 {
        self.shared
            .lock()
            .get(&match_id)
            .map_or(0, |state| state.seq)
    }

    pub fn standing(&self, match_id: u64) -> Standing {
        // Its own statement: the guard must be gone before `last_clock` locks again.
        let seq = self.standing_seq(match_id);
        Standing {
            seq,
            clock: self.last_clock(match_id),
        }
    }

    /// Whether this node has seen anything of the match.
    pub fn knows(&self, match_id: u64) -> bool {
        self.standing_seq(match_id) > 0
    }

    /// Takes the writer's standing for a match this node had not seen: its seq, and its clock
    /// unless a newer one came meanwhile. Nothing is sent: a viewer who joins next starts there.
    pub fn prime(&self, match_id: u64, standing: Standing) {
        let mut matches = self.shared.lock();
        let state = matches.entry(match_id).or_default();
        state.seq = state.seq.max(standing.seq);
        if let Some(Sequenced {
            seq,
            message: GroupMessage::Clock(clock),
            ..
        }) = standing.clock
            && state.clock.as_ref().is_none_or(|(kept, _)| *kept < seq)
        {
            state.clock = Some((seq, clock));
        }
    }
}

/// Takes `sequenced` as the match's latest (and its clock), and sends it if anyone watches.
fn deliver(state: &mut MatchState, sequenced: &Sequenced) {
    state.seq = sequenced.seq;
    if let GroupMessage::Clock(clock) = &sequenced.message {
        state.clock = Some((sequenced.seq, clock.clone()));
    }
    if let Some(sender) = &state.sender {
        // An error means no receiver is left; the last one's drop removes the channel.
        let _ = sender.send(frame(sequenced));
    }
}

impl Hub for MatchHub {
    fn publish(&self, match_id: u64, message: GroupMessage) {
        self.sequence(match_id, message);
    }

    fn subscribe(&self, match_id: u64) -> Subscription {
        let (receiver, seq) = self.shared.subscribe(match_id);
        Subscription {
            match_id,
            seq,
            receiver,
            shared: Arc::clone(&self.shared),
        }
    }

    fn last_clock(&self, match_id: u64) -> Option<Sequenced> {
        let matches = self.shared.lock();
        let (seq, clock) = matches.get(&match_id)?.clock.clone()?;
        Some(Sequenced {
            match_id,
            seq,
            message: GroupMessage::Clock(clock),
        })
    }

    fn config(&self) -> &HubConfig {
        &self.config
    }

    fn close_connections(&self) {
        self.closing.send_replace(true);
    }

    fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }
}

/// One viewer's place in one match. Dropping it unsubscribes; the last one out removes the
/// match's channel (the seq counter stays).
#[derive(Debug)]
pub struct Subscription {
    match_id: u64,
    /// The match's latest seq when the subscription began (0 if nothing was published yet).
    seq: u64,
    receiver: broadcast::Receiver<Frame>,
    shared: Arc<Shared>,
}

impl Subscription {
    pub fn match_id(&self) -> u64 {
        self.match_id
    }

    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The next delivery; `None` only if the channel is gone.
    pub async fn recv(&mut self) -> Option<Delivery> {
        match self.receiver.recv().await {
            Ok(frame) => Some(Delivery::Message(frame)),
            // Rather than replay the oldest messages still buffered (which the viewer must
            // reload anyway), start again after the newest, so after a Resync seq only grows.
            Err(broadcast::error::RecvError::Lagged(_)) => {
                let (receiver, seq) = self.shared.subscribe(self.match_id);
                self.receiver = receiver;
                self.seq = seq;
                Some(Delivery::Resync { seq })
            }
            Err(broadcast::error::RecvError::Closed) => None,
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut matches = self.shared.lock();
        if let Some(state) = matches.get_mut(&self.match_id)
            // Our own receiver is still alive here, so the last one out counts 1.
            && state
                .sender
                .as_ref()
                .is_some_and(|sender| sender.receiver_count() <= 1)
        {
            state.sender = None;
        }
    }
}

/// A message as it goes on the wire.
pub fn frame(message: &impl Serialize) -> Frame {
    // The hub's messages are structs and enums with string keys, which always serialize.
    Frame::from(serde_json::to_string(message).expect("hub messages serialize"))
}

/// The message a lagging viewer gets instead of what it missed.
pub fn resync_frame(match_id: u64, seq: u64) -> Frame {
    frame(&DirectMessage::Resync { match_id, seq })
}

#[cfg(test)]
mod tests {
    // A failed unwrap is how a test reports a broken expectation.
    #![allow(clippy::unwrap_used)]

    use polodesk_domain::codes::{ClockState, Period};
    use polodesk_domain::live::MatchMessage;
    use serde_json::{Value, json};

    use super::*;

    fn deleted() -> GroupMessage {
        GroupMessage::Match(MatchMessage::deleted())
    }

    fn clock(remaining_seconds: u16) -> GroupMessage {
        GroupMessage::Clock(Clock {
            period: Period::First,
            remaining_seconds,
            state: ClockState::Paused,
            running_since: None,
        })
    }

    fn seq_of(delivery: Option<Delivery>) -> u64 {
        let Some(Delivery::Message(frame)) = delivery else {
            panic!("expected a message, got {delivery:?}");
        };
        let value: Value = serde_json::from_str(&frame).unwrap();
        value["seq"].as_u64().unwrap()
    }

    #[tokio::test]
    async fn a_relaying_hub_sends_the_writers_seq_and_keeps_its_clock() {
        let writer = MatchHub::default();
        let edge = MatchHub::default();
        let mut early = edge.subscribe(7);
        assert_eq!(early.seq(), 0);
        for message in [deleted(), clock(300), deleted()] {
            let sequenced = writer.sequence(7, message);
            edge.relay(&sequenced);
            // Delivered twice (a redelivery): sent once.
            edge.relay(&sequenced);
        }
        assert_eq!(seq_of(early.recv().await), 1);
        assert_eq!(seq_of(early.recv().await), 2);
        assert_eq!(seq_of(early.recv().await), 3);
        // A viewer joining the edge now starts where the writer is, with its clock.
        let late = edge.subscribe(7);
        assert_eq!(late.seq(), 3);
        let last = edge.last_clock(7).unwrap();
        assert_eq!(last.seq, 2);
        assert_eq!(
            serde_json::to_value(&last).unwrap(),
            serde_json::to_value(writer.last_clock(7).unwrap()).unwrap()
        );
        // A message lost on the way shows as a gap: 5 follows 3.
        writer.sequence(7, deleted());
        edge.relay(&writer.sequence(7, deleted()));
        assert_eq!(seq_of(early.recv().await), 5);
    }

    #[tokio::test]
    async fn seq_counts_per_match_from_one_and_keeps_counting_unwatched() {
        let hub = MatchHub::default();
        // Nobody watches: no channel, but the counter moves.
        hub.publish(1, deleted());
        hub.publish(1, deleted());
        assert_eq!(hub.watched_matches(), 0);

        let mut one = hub.subscribe(1);
        let mut two = hub.subscribe(2);
        assert_eq!((one.seq(), two.seq()), (2, 0));
        hub.publish(1, deleted());
        hub.publish(2, deleted());
        hub.publish(1, deleted());
        assert_eq!(seq_of(one.recv().await), 3);
        assert_eq!(seq_of(one.recv().await), 4);
        assert_eq!(seq_of(two.recv().await), 1);
    }

    #[tokio::test]
    async fn messages_go_out_sequenced_with_their_match() {
        let hub = MatchHub::default();
        let mut sub = hub.subscribe(7);
        hub.publish(7, deleted());
        let Some(Delivery::Message(frame)) = sub.recv().await else {
            panic!("no message");
        };
        let value: Value = serde_json::from_str(&frame).unwrap();
        assert_eq!(
            value,
            json!({"type": "Match", "deleted": true, "matchId": 7, "seq": 1})
        );
    }

    #[test]
    fn the_last_clock_of_a_match_is_kept_with_its_seq_watched_or_not() {
        let hub = MatchHub::default();
        assert_eq!(hub.last_clock(1), None);
        hub.publish(1, clock(480));
        hub.publish(1, clock(300));
        hub.publish(1, deleted());
        hub.publish(2, clock(100));
        assert_eq!(
            hub.last_clock(1),
            Some(Sequenced {
                match_id: 1,
                seq: 2,
                message: clock(300),
            })
        );
        assert_eq!(hub.last_clock(2).map(|c| c.seq), Some(1));
        assert_eq!(hub.last_clock(3), None);
    }

    #[tokio::test]
    async fn last_subscriber_out_removes_the_channel_but_not_the_count() {
        let hub = MatchHub::default();
        let first = hub.subscribe(3);
        let second = hub.subscribe(3);
        hub.publish(3, deleted());
        drop(first);
        assert_eq!(hub.watched_matches(), 1);
        drop(second);
        assert_eq!(hub.watched_matches(), 0);
        hub.publish(3, deleted());
        assert_eq!(hub.subscribe(3).seq(), 2);
    }

    #[tokio::test]
    async fn a_lagging_subscriber_resyncs_then_continues_after_the_newest() {
        let hub = MatchHub::new(HubConfig {
            channel_capacity: 2,
            ..HubConfig::default()
        });
        let mut sub = hub.subscribe(1);
        for _ in 0..5 {
            hub.publish(1, deleted());
        }
        assert_eq!(sub.recv().await, Some(Delivery::Resync { seq: 5 }));
        hub.publish(1, deleted());
        assert_eq!(seq_of(sub.recv().await), 6);
    }
}
