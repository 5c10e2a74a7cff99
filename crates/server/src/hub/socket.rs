//! `GET /hubs/match`: the WebSocket viewers join match groups on, and logging clients relay
//! the match clock through. One task per connection reads, writes, keeps the heartbeat and
//! takes the frames of the groups it joined straight from their channels: no task or queue
//! per group, so a frame costs one wake-up and one write per viewer. A slow socket backs up
//! only its own place in the match's channel, and then lags (and resyncs).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{self, Stream};
use polodesk_domain::live::{
    self, ClientMessage, DirectMessage, GroupMessage, UncheckedClientMessage,
};
use polodesk_domain::permissions::Refusal;
use serde::Deserialize;
use tokio::time::{Instant, MissedTickBehavior, interval_at, sleep_until, timeout};
use tokio_stream::{StreamExt as _, StreamMap};

use super::{Delivery, Frame, Hub, HubConfig, Subscription, frame, resync_frame};
use crate::AppState;
use crate::access::{self, Principal, SignIn};
use crate::error::ApiError;

/// What the endpoint needs of the node it runs on: the writer knows accounts and matches; an
/// edge knows neither, and asks its upstream and the writer's hub.
pub trait Watch: Clone + Send + Sync + 'static {
    /// Who is connected, as the node tells them apart.
    type Viewer: Send + Sync + 'static;

    fn hub(&self) -> &dyn Hub;

    /// Who is connecting, from their token if they sent one; `Err` refuses the connection.
    fn viewer(&self, token: Option<&str>, headers: &HeaderMap) -> Result<Self::Viewer, ApiError>;

    /// Whether the viewer may join the match's group (and the node is ready for it).
    fn may_watch(&self, viewer: &Self::Viewer, match_id: u64) -> impl Future<Output = bool> + Send;

    /// Whether the viewer may relay the match's clock.
    fn may_log(&self, viewer: &Self::Viewer, match_id: u64) -> bool;

    /// Whether what let the viewer in still stands, with the viewer's rights brought up to
    /// date; asked again at every ping, so a connection ends soon after its sign-in does.
    fn still_admitted(&self, viewer: &mut Self::Viewer) -> bool;
}

impl Watch for AppState {
    /// `None`: a spectator without an account.
    type Viewer = Option<(Principal, SignIn)>;

    fn hub(&self) -> &dyn Hub {
        &*self.hub
    }

    fn viewer(&self, token: Option<&str>, headers: &HeaderMap) -> Result<Self::Viewer, ApiError> {
        // A bad token is refused, so a logging client learns it at once rather than from
        // every clock it sends.
        token.map_or(Ok(None), |token| {
            match access::sign_in_for_token(self, token, headers) {
                None => Err(ApiError::Unauthorized),
                Some((principal, _)) if principal.two_step_due => {
                    Err(ApiError::Forbidden(Refusal::TwoStepFirst))
                }
                found => Ok(found),
            }
        })
    }

    async fn may_watch(&self, viewer: &Self::Viewer, match_id: u64) -> bool {
        // Only matches that exist: any id would let anyone grow the hub's per-match
        // counters. A spectator sees public competitions only, as the public pages do.
        match viewer {
            Some(_) => self.store.get_match(match_id).is_ok(),
            None => crate::api::public_match(self, match_id).is_ok(),
        }
    }

    fn may_log(&self, viewer: &Self::Viewer, match_id: u64) -> bool {
        viewer
            .as_ref()
            .is_some_and(|(p, _)| access::may_log_match(self, p, match_id))
    }

    fn still_admitted(&self, viewer: &mut Self::Viewer) -> bool {
        let Some((principal, sign_in)) = viewer else {
            return true;
        };
        match access::signed_in_now(self, sign_in) {
            Ok(Some(now)) if !now.two_step_due => {
                *principal = now;
                true
            }
            Ok(_) => false,
            // A store that cannot be read just now ends no sign-in.
            Err(_) => true,
        }
    }
}

pub fn router<S: Watch>() -> Router<S> {
    Router::new().route("/hubs/match", get(upgrade::<S>))
}

/// Browsers cannot set headers on a WebSocket, so the token may come in the query.
#[derive(Debug, Deserialize)]
struct Params {
    access_token: Option<String>,
}

/// What a connection reads ahead. Client messages are small (a join, a clock: under 300 bytes;
/// 16 KiB at the most, read in several turns), and tungstenite zeroes the free part of this
/// buffer each time the socket is polled, which is each time a frame is sent.
const READ_BUFFER: usize = 1024;

async fn upgrade<S: Watch>(
    ws: WebSocketUpgrade,
    State(state): State<S>,
    Query(params): Query<Params>,
    headers: HeaderMap,
) -> Response {
    let token = params
        .access_token
        .as_deref()
        .filter(|t| !t.is_empty())
        .or_else(|| access::bearer(&headers));
    let viewer = match state.viewer(token, &headers) {
        Ok(viewer) => viewer,
        Err(refused) => return refused.into_response(),
    };
    let limit = state.hub().config().max_message_size;
    // tungstenite gives each connection 128 KiB read and write buffers by default: 10,000
    // viewers of small JSON frames would hold over a gigabyte (docs/benchmarks.md).
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| run(socket, state, viewer))
}

/// The frames of one joined group: its subscription's deliveries, Resyncs as frames.
type GroupFrames = Pin<Box<dyn Stream<Item = Frame> + Send>>;

fn group_frames(subscription: Subscription) -> GroupFrames {
    let match_id = subscription.match_id();
    Box::pin(stream::unfold(
        subscription,
        move |mut subscription| async move {
            let frame = match subscription.recv().await? {
                Delivery::Message(frame) => frame,
                Delivery::Resync { seq } => resync_frame(match_id, seq),
            };
            Some((frame, subscription))
        },
    ))
}

struct Session<S: Watch> {
    state: S,
    viewer: S::Viewer,
    /// The joined groups by match: removing one (left, or joined again) drops its
    /// subscription, so nothing of it is sent after.
    groups: StreamMap<u64, GroupFrames>,
}

async fn run<S: Watch>(mut socket: WebSocket, state: S, viewer: S::Viewer) {
    let config = state.hub().config().clone();
    let mut closing = state.hub().closing();
    // Made once and polled in every turn of the loop: a timer or a waiter set up per message
    // would cost each of 10,000 viewers a timer-wheel and a shared-list update per frame.
    let shutdown = async move {
        if closing.wait_for(|closing| *closing).await.is_err() {
            // The hub is gone without a shutdown: nothing to wait for.
            std::future::pending::<()>().await;
        }
    };
    tokio::pin!(shutdown);
    let idle = sleep_until(Instant::now() + config.idle_timeout);
    tokio::pin!(idle);
    let mut session = Session {
        state,
        viewer,
        groups: StreamMap::new(),
    };
    let mut ping = interval_at(Instant::now() + config.ping_every, config.ping_every);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let close = loop {
        tokio::select! {
            incoming = socket.recv() => {
                let message = match incoming {
                    Some(Ok(message)) => message,
                    // Too large, not WebSocket, or the socket broke.
                    Some(Err(_)) => break Some((close_code::POLICY, "The message could not be read.")),
                    None => break None,
                };
                idle.as_mut().reset(Instant::now() + config.idle_timeout);
                let replies = match message {
                    Message::Text(text) => session.handle(&text).await,
                    Message::Binary(_) => vec![error(live::BINARY)],
                    // Pings are answered by axum; either counts as a sign of life.
                    Message::Ping(_) | Message::Pong(_) => Vec::new(),
                    Message::Close(_) => break None,
                };
                let mut sent = true;
                for reply in replies {
                    sent = sent && send(&mut socket, Message::Text(reply), &config).await;
                }
                if !sent {
                    break None;
                }
            }
            // While a send waits on a slow socket, its backlog stays in the match's channel,
            // and past the channel's capacity the viewer gets a Resync.
            Some((_, frame)) = session.groups.next(), if !session.groups.is_empty() => {
                if !send(&mut socket, Message::Text(frame), &config).await {
                    break None;
                }
            }
            _ = ping.tick() => {
                if !session.state.still_admitted(&mut session.viewer) {
                    break Some((close_code::POLICY, live::SIGNED_OUT));
                }
                if !send(&mut socket, Message::Ping(Bytes::new()), &config).await {
                    break None;
                }
            }
            () = &mut idle => {
                break Some((close_code::AWAY, "Nothing heard from this connection."));
            }
            () = &mut shutdown => {
                break Some((close_code::AWAY, "The server is shutting down."));
            }
        }
    };
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

fn error(message: impl Into<String>) -> Frame {
    frame(&DirectMessage::error(message))
}

impl<S: Watch> Session<S> {
    /// Handles one text message; the replies go to this connection only.
    async fn handle(&mut self, text: &str) -> Vec<Frame> {
        let unchecked = match serde_json::from_str::<UncheckedClientMessage>(text) {
            Ok(unchecked) => unchecked,
            // JSON, but not an object the hub can read a type from.
            Err(wrong) if wrong.is_data() => return vec![error(live::UNKNOWN_TYPE)],
            Err(_) => return vec![error(live::NOT_JSON)],
        };
        // Only a connection that may log the match hears what is wrong with its clock.
        if let Some(match_id) = unchecked.clock_match()
            && !self.state.may_log(&self.viewer, match_id)
        {
            return vec![error(live::CLOCK_REFUSED)];
        }
        match ClientMessage::try_from(unchecked) {
            Err(refusal) => vec![error(refusal)],
            Ok(ClientMessage::JoinGroup { match_id }) => self.join(match_id).await,
            Ok(ClientMessage::LeaveGroup { match_id }) => {
                self.groups.remove(&match_id);
                vec![frame(&DirectMessage::Left { match_id })]
            }
            Ok(ClientMessage::Clock { match_id, clock }) => {
                self.state
                    .hub()
                    .publish(match_id, GroupMessage::Clock(clock));
                Vec::new()
            }
        }
    }

    /// Subscribes before answering, so the `seq` in `Joined` is exactly the last one this
    /// connection will not get. The match's last clock follows, unless it is newer than that
    /// seq (then the subscription brings it).
    async fn join(&mut self, match_id: u64) -> Vec<Frame> {
        if !self.state.may_watch(&self.viewer, match_id).await {
            return vec![error(format!("There is no match {match_id}."))];
        }
        let hub = self.state.hub();
        let max = hub.config().max_groups;
        if !self.groups.contains_key(&match_id) && self.groups.len() >= max {
            return vec![error(format!(
                "A connection may watch at most {max} matches."
            ))];
        }
        let subscription = hub.subscribe(match_id);
        let seq = subscription.seq();
        // Joining again replaces the old subscription (its drop unsubscribes).
        self.groups.insert(match_id, group_frames(subscription));
        let joined = frame(&DirectMessage::Joined { match_id, seq });
        let clock = hub.last_clock(match_id);
        std::iter::once(joined)
            .chain(clock.filter(|c| c.seq <= seq).map(|c| frame(&c)))
            .collect()
    }
}
