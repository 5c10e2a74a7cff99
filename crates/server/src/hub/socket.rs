//! `GET /hubs/match`: the WebSocket viewers join match groups on, and logging clients relay
//! the match clock through. One loop per connection reads, writes and keeps the heartbeat;
//! each joined group has a forwarder task that moves the hub's frames into the connection's
//! bounded queue, so a slow socket backs up only its own queue and then lags (and resyncs).

use std::collections::HashMap;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use polodesk_domain::codes::Period;
use polodesk_domain::dates::Date;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::{Instant, MissedTickBehavior, interval_at, sleep_until, timeout};

use super::{Delivery, Frame, Hub, HubConfig, Subscription, resync_frame};
use crate::AppState;
use crate::access::{self, Principal};
use crate::error::ApiError;

pub fn router() -> Router<AppState> {
    Router::new().route("/hubs/match", get(upgrade))
}

/// Browsers cannot set headers on a WebSocket, so the token may come in the query.
#[derive(Debug, Deserialize)]
struct Params {
    access_token: Option<String>,
}

/// What a connection reads ahead; client messages are small (16 KiB at the most).
const READ_BUFFER: usize = 4 * 1024;

async fn upgrade(
    ws: WebSocketUpgrade,
    State(state): State<AppState>,
    Query(params): Query<Params>,
    headers: HeaderMap,
) -> Response {
    let token = params
        .access_token
        .as_deref()
        .filter(|t| !t.is_empty())
        .or_else(|| access::bearer(&headers));
    // No token: a spectator. A bad one is refused, so a logging client learns it at once
    // rather than from every clock it sends.
    let principal = match token {
        None => None,
        Some(token) => match access::principal_for_token(&state, token, &headers) {
            Some(principal) => Some(principal),
            None => return ApiError::Unauthorized.into_response(),
        },
    };
    let limit = state.hub.config().max_message_size;
    // tungstenite gives each connection 128 KiB read and write buffers by default: 10,000
    // viewers of small JSON frames would hold over a gigabyte (docs/benchmarks.md).
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| run(socket, state, principal))
}

/// A frame in a connection's queue, with the join it came from: frames of a group that was
/// left (or joined again) since are dropped rather than sent.
#[derive(Debug)]
struct Queued {
    match_id: u64,
    join: u64,
    frame: Frame,
}

/// A joined group: its forwarder stops when this is dropped (left, joined again, or the
/// connection ended), and the forwarder's subscription then unsubscribes.
#[derive(Debug)]
struct Group {
    join: u64,
    forwarder: JoinHandle<()>,
}

impl Drop for Group {
    fn drop(&mut self) {
        self.forwarder.abort();
    }
}

#[derive(Debug)]
struct Session {
    state: AppState,
    principal: Option<Principal>,
    groups: HashMap<u64, Group>,
    queue: mpsc::Sender<Queued>,
    joins: u64,
}

async fn run(mut socket: WebSocket, state: AppState, principal: Option<Principal>) {
    let config = state.hub.config().clone();
    let (queue, mut outgoing) = mpsc::channel(config.connection_queue.max(1));
    let mut closing = state.hub.closing();
    let mut session = Session {
        state,
        principal,
        groups: HashMap::new(),
        queue,
        joins: 0,
    };
    let mut ping = interval_at(Instant::now() + config.ping_every, config.ping_every);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut heard = Instant::now();
    let close = loop {
        tokio::select! {
            incoming = socket.recv() => {
                let message = match incoming {
                    Some(Ok(message)) => message,
                    // Too large, not WebSocket, or the socket broke.
                    Some(Err(_)) => break Some((close_code::POLICY, "The message could not be read.")),
                    None => break None,
                };
                heard = Instant::now();
                let reply = match message {
                    Message::Text(text) => session.handle(&text),
                    Message::Binary(_) => Some(error("Send JSON text, not binary frames.")),
                    // Pings are answered by axum; either counts as a sign of life.
                    Message::Ping(_) | Message::Pong(_) => None,
                    Message::Close(_) => break None,
                };
                if let Some(reply) = reply
                    && !send(&mut socket, Message::Text(reply), &config).await
                {
                    break None;
                }
            }
            Some(queued) = outgoing.recv() => {
                let current = session
                    .groups
                    .get(&queued.match_id)
                    .is_some_and(|group| group.join == queued.join);
                if current && !send(&mut socket, Message::Text(queued.frame), &config).await {
                    break None;
                }
            }
            _ = ping.tick() => {
                if !send(&mut socket, Message::Ping(Bytes::new()), &config).await {
                    break None;
                }
            }
            () = sleep_until(heard + config.idle_timeout) => {
                break Some((close_code::AWAY, "Nothing heard from this connection."));
            }
            true = async { closing.wait_for(|closing| *closing).await.is_ok() } => {
                break Some((close_code::AWAY, "The server is shutting down."));
            }
        }
    };
    // Groups go first so no forwarder waits on a queue nobody reads.
    drop(session);
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = timeout(
            Duration::from_secs(1),
            socket.send(Message::Close(Some(frame))),
        )
        .await;
    }
}

/// Sends one message; a socket that takes longer than the idle timeout to take it is dead.
async fn send(socket: &mut WebSocket, message: Message, config: &HubConfig) -> bool {
    matches!(
        timeout(config.idle_timeout, socket.send(message)).await,
        Ok(Ok(()))
    )
}

/// Moves one subscription's frames into the connection's queue. While the queue is full it
/// waits, so the backlog stays in the match's channel and a viewer too far behind gets a
/// Resync instead of an ever longer queue.
async fn forward(mut subscription: Subscription, join: u64, queue: mpsc::Sender<Queued>) {
    let match_id = subscription.match_id();
    while let Some(delivery) = subscription.recv().await {
        let frame = match delivery {
            Delivery::Message(frame) => frame,
            Delivery::Resync { seq } => resync_frame(match_id, seq),
        };
        let queued = Queued {
            match_id,
            join,
            frame,
        };
        if queue.send(queued).await.is_err() {
            break;
        }
    }
}

fn error(message: &str) -> Frame {
    Frame::from(json!({"type": "Error", "message": message}).to_string())
}

/// A match id as clients send it: a positive whole number.
fn match_id(message: &Value) -> Option<u64> {
    message
        .get("matchId")
        .and_then(Value::as_u64)
        .filter(|id| *id > 0)
}

impl Session {
    /// Handles one text message; the reply, if any, goes to this connection only.
    fn handle(&mut self, text: &str) -> Option<Frame> {
        let Ok(message) = serde_json::from_str::<Value>(text) else {
            return Some(error("The message is not valid JSON."));
        };
        let kind = message.get("type").and_then(Value::as_str);
        let Some(match_id) = match_id(&message) else {
            return Some(match kind {
                Some("JoinGroup" | "LeaveGroup" | "Clock") => {
                    error("The message needs a matchId (a positive whole number).")
                }
                _ => unknown_type(),
            });
        };
        match kind {
            Some("JoinGroup") => Some(self.join(match_id)),
            Some("LeaveGroup") => {
                self.groups.remove(&match_id);
                Some(Frame::from(
                    json!({"type": "Left", "matchId": match_id}).to_string(),
                ))
            }
            Some("Clock") => self.clock(match_id, &message),
            _ => Some(unknown_type()),
        }
    }

    /// Subscribes before answering, so the `seq` in `Joined` is exactly the last one this
    /// connection will not get.
    fn join(&mut self, match_id: u64) -> Frame {
        // Only matches that exist: any id would let anyone grow the hub's per-match counters.
        if self.state.store.get_match(match_id).is_err() {
            return error(&format!("There is no match {match_id}."));
        }
        let max = self.state.hub.config().max_groups;
        if !self.groups.contains_key(&match_id) && self.groups.len() >= max {
            return error(&format!("A connection may watch at most {max} matches."));
        }
        let subscription = self.state.hub.subscribe(match_id);
        let seq = subscription.seq();
        self.joins += 1;
        let join = self.joins;
        let forwarder = tokio::spawn(forward(subscription, join, self.queue.clone()));
        // Joining again replaces the old forwarder (its drop stops it).
        self.groups.insert(match_id, Group { join, forwarder });
        Frame::from(json!({"type": "Joined", "matchId": match_id, "seq": seq}).to_string())
    }

    /// Relays a clock to the match group, only from a connection that may log the match and
    /// only the checked fields.
    fn clock(&mut self, match_id: u64, message: &Value) -> Option<Frame> {
        let allowed = self
            .principal
            .as_ref()
            .is_some_and(|p| access::may_log_match(&self.state, p, match_id));
        if !allowed {
            return Some(error("You may not publish the clock of this match."));
        }
        match clock_fields(message) {
            Ok(clock) => {
                self.state.hub.publish(match_id, clock);
                None
            }
            Err(message) => Some(error(message)),
        }
    }
}

fn unknown_type() -> Frame {
    error("Unknown message type: send JoinGroup, LeaveGroup or Clock.")
}

/// The clock as it is relayed, or what is wrong with it.
fn clock_fields(message: &Value) -> Result<Value, &'static str> {
    let period = message
        .get("period")
        .and_then(Value::as_u64)
        .and_then(|p| u16::try_from(p).ok())
        .and_then(|p| Period::try_from(p).ok())
        .ok_or("period must be one of 1200 to 1204.")?;
    let remaining = message
        .get("remainingSeconds")
        .and_then(Value::as_u64)
        .filter(|s| *s <= 3600)
        .ok_or("remainingSeconds must be a whole number from 0 to 3600.")?;
    let state = message
        .get("state")
        .and_then(Value::as_str)
        .filter(|s| matches!(*s, "Stopped" | "Paused" | "Running"))
        .ok_or("state must be Stopped, Paused or Running.")?;
    let running_since = match message.get("runningSince") {
        None | Some(Value::Null) if state != "Running" => None,
        Some(Value::String(since)) if is_utc_timestamp(since) => Some(since.as_str()),
        _ => {
            return Err(
                "runningSince must be a UTC time such as 2026-11-24T18:30:05Z \
                 (required while Running).",
            );
        }
    };
    Ok(json!({
        "type": "Clock",
        "period": period.id(),
        "remainingSeconds": remaining,
        "state": state,
        "runningSince": running_since,
    }))
}

/// `YYYY-MM-DDTHH:MM:SS`, an optional fraction, and `Z`, as `Date.toISOString()` writes it.
fn is_utc_timestamp(text: &str) -> bool {
    let Some(rest) = text.strip_suffix('Z') else {
        return false;
    };
    let (Some(date), Some(time), fraction) = (rest.get(..10), rest.get(10..19), rest.get(19..))
    else {
        return false;
    };
    let number = |part: Option<&str>, below: u8| {
        part.filter(|p| p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<u8>().ok())
            .is_some_and(|n| n < below)
    };
    let time_ok = time.as_bytes().first() == Some(&b'T')
        && time.get(3..4) == Some(":")
        && time.get(6..7) == Some(":")
        && number(time.get(1..3), 24)
        && number(time.get(4..6), 60)
        && number(time.get(7..9), 60);
    let fraction_ok = match fraction {
        None | Some("") => true,
        Some(f) => {
            f.len() <= 10
                && f.strip_prefix('.')
                    .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        }
    };
    Date::parse(date).is_some() && time_ok && fraction_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_timestamps_as_browsers_write_them() {
        assert!(is_utc_timestamp("2026-11-24T18:30:05Z"));
        assert!(is_utc_timestamp("2026-11-24T18:30:05.123Z"));
        assert!(!is_utc_timestamp("2026-11-24T18:30:05"));
        assert!(!is_utc_timestamp("2026-11-24T24:30:05Z"));
        assert!(!is_utc_timestamp("2026-02-30T18:30:05Z"));
        assert!(!is_utc_timestamp("2026-11-24 18:30:05Z"));
        assert!(!is_utc_timestamp("2026-11-24T18:30:05.Z"));
        assert!(!is_utc_timestamp("2026-11-24T18:30:05+01:00"));
        assert!(!is_utc_timestamp("ž026-11-24T18:30:05Z"));
        assert!(!is_utc_timestamp(""));
    }

    #[test]
    fn clocks_keep_only_checked_fields() {
        let clock = json!({"type": "Clock", "matchId": 4, "period": 1201, "remainingSeconds": 312,
            "state": "Running", "runningSince": "2026-11-24T18:30:05Z", "extra": "dropped"});
        assert_eq!(
            clock_fields(&clock),
            Ok(
                json!({"type": "Clock", "period": 1201, "remainingSeconds": 312,
                "state": "Running", "runningSince": "2026-11-24T18:30:05Z"})
            )
        );
        let paused = json!({"period": 1204, "remainingSeconds": 0, "state": "Paused"});
        assert!(clock_fields(&paused).is_ok_and(|c| c["runningSince"].is_null()));
        for bad in [
            json!({"period": 1199, "remainingSeconds": 1, "state": "Paused"}),
            json!({"period": 1200, "remainingSeconds": 3601, "state": "Paused"}),
            json!({"period": 1200, "remainingSeconds": -1, "state": "Paused"}),
            json!({"period": 1200, "remainingSeconds": 1, "state": "Halted"}),
            json!({"period": 1200, "remainingSeconds": 1, "state": "Running"}),
            json!({"period": "1200", "remainingSeconds": 1, "state": "Paused"}),
            json!({"period": 1200, "remainingSeconds": 1, "state": "Paused", "runningSince": 5}),
        ] {
            assert!(clock_fields(&bad).is_err(), "{bad}");
        }
    }
}
