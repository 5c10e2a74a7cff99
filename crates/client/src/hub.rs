//! The live match hub (`/hubs/match`) over a WebSocket: the shared hub messages in and out.
//!
//! A connection splits in two: a `HubSender`, cheap to clone, that queues messages for a writer
//! task, and the `HubReceiver` that reads what the server sends.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
use polodesk_domain::live::{ClientMessage, ServerMessage};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

use crate::{Client, ClientError};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The server pings every 15 s: three missed pings and the connection is taken for dead (a
/// pulled cable closes nothing).
const IDLE_TIMEOUT: Duration = Duration::from_secs(45);
const CLOSED: &str = "the live connection is closed";

/// Sends client messages on one hub connection; clones share it.
#[derive(Debug, Clone)]
pub struct HubSender {
    outgoing: mpsc::UnboundedSender<Message>,
    /// Set by the receiver when the server closed the connection, so a send says so at once.
    closed: Arc<AtomicBool>,
}

/// What the server sends on one hub connection.
#[derive(Debug)]
pub struct HubReceiver {
    incoming: Option<SplitStream<Socket>>,
    closed: Arc<AtomicBool>,
    idle_timeout: Duration,
}

impl Client {
    /// Opens a hub connection as this client's token (`ws://` or `wss://` as the base is
    /// `http://` or `https://`); without a token, as a spectator.
    pub async fn connect_hub(&self) -> Result<(HubSender, HubReceiver), ClientError> {
        let mut url = format!("ws{}/hubs/match", &self.base["http".len()..]);
        if let Some(token) = &self.token {
            url.push_str("?access_token=");
            url.extend(utf8_percent_encode(token, NON_ALPHANUMERIC));
        }
        let socket = match tokio::time::timeout(CONNECT_TIMEOUT, connect_async(url)).await {
            Ok(Ok((socket, _))) => socket,
            Ok(Err(error)) => return Err(refusal(error)),
            Err(_) => {
                return Err(ClientError::Unreachable(
                    "the live connection timed out".to_owned(),
                ));
            }
        };
        let (sink, incoming) = socket.split();
        let (outgoing, queued) = mpsc::unbounded_channel();
        tokio::spawn(write(sink, queued));
        let closed = Arc::new(AtomicBool::new(false));
        Ok((
            HubSender {
                outgoing,
                closed: Arc::clone(&closed),
            },
            HubReceiver {
                incoming: Some(incoming),
                closed,
                idle_timeout: IDLE_TIMEOUT,
            },
        ))
    }
}

impl HubSender {
    /// Queues `message`; an error once the connection has closed.
    pub fn send(&self, message: &ClientMessage) -> Result<(), ClientError> {
        if self.closed.load(Ordering::Relaxed) {
            return Err(ClientError::Unreachable(CLOSED.to_owned()));
        }
        let text =
            serde_json::to_string(message).map_err(|e| ClientError::Decode(e.to_string()))?;
        self.outgoing
            .send(Message::text(text))
            .map_err(|_| ClientError::Unreachable(CLOSED.to_owned()))
    }
}

impl HubReceiver {
    /// How long a silent server is waited for before the connection is taken for dead (45 s,
    /// three of the server's pings).
    pub fn set_idle_timeout(&mut self, after: Duration) {
        self.idle_timeout = after;
    }

    /// The next message from the server; `None` once the connection has closed (after an
    /// error, which is answered once).
    pub async fn next(&mut self) -> Option<Result<ServerMessage, ClientError>> {
        loop {
            let incoming = self.incoming.as_mut()?;
            let Ok(frame) = tokio::time::timeout(self.idle_timeout, incoming.next()).await else {
                self.end();
                let silent = self.idle_timeout.as_secs();
                return Some(Err(ClientError::Unreachable(format!(
                    "the server has not been heard from in {silent} s"
                ))));
            };
            let answer = match frame {
                Some(Ok(Message::Text(text))) => serde_json::from_str(&text)
                    .map_err(|e| ClientError::Decode(format!("{e}: {text}"))),
                // Pings are answered by tungstenite itself.
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
                Some(Ok(Message::Binary(_))) => {
                    Err(ClientError::Decode("a binary hub message".to_owned()))
                }
                Some(Ok(Message::Close(_))) | None => {
                    self.end();
                    return None;
                }
                Some(Err(error)) => {
                    self.end();
                    Err(ClientError::Unreachable(error.to_string()))
                }
            };
            return Some(answer);
        }
    }

    fn end(&mut self) {
        self.incoming = None;
        self.closed.store(true, Ordering::Relaxed);
    }
}

/// Writes queued messages until every sender is dropped or the socket fails, then closes.
async fn write(mut sink: SplitSink<Socket, Message>, mut queued: mpsc::UnboundedReceiver<Message>) {
    while let Some(message) = queued.recv().await {
        if sink.send(message).await.is_err() {
            return;
        }
    }
    let _ = sink.close().await;
}

/// A refused handshake keeps its HTTP status (401 for a bad token); others are unreachable.
fn refusal(error: tungstenite::Error) -> ClientError {
    match error {
        tungstenite::Error::Http(response) => ClientError::Api {
            status: response.status().as_u16(),
            message: response.status().to_string(),
            errors: BTreeMap::new(),
        },
        other => ClientError::Unreachable(other.to_string()),
    }
}
