//! The PoloDesk server: the JSON API under `/api`, its OpenAPI document, the live match hub at
//! `/hubs/match`, and the embedded web app, on axum. `router(state)` gives the whole application so tests drive it on port 0;
//! `serve` runs it until the shutdown future completes.

mod access;
mod api;
mod client_address;
mod compression;
pub mod edge;
mod error;
mod extract;
pub mod hub;
pub mod identity;
mod security_headers;
mod web;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::http::{Request, Uri};
use axum::middleware;
use axum::serve::{ListenerExt as _, TapIo};
use polodesk_store::Store;
use tokio::net::{TcpListener, TcpStream};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

pub use access::TOO_MANY_WRITES;
pub use api::openapi;
pub use hub::{Hub, HubConfig, MatchHub};
pub use identity::{Identity, Keys};

/// Logos travel as base64 inside JSON; 2 MiB leaves room for a 256×256 PNG and its form.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Everything a request handler may use.
#[derive(Debug, Clone)]
pub struct AppState {
    pub store: Store,
    pub identity: Arc<Identity>,
    /// Live match messages: the in-process hub unless a test swaps in one with other limits.
    pub hub: Arc<dyn Hub>,
    /// The secret of the command line's in-process server (`--data DIR`): a bearer token that
    /// acts as an administrator, also on a store without accounts. Never set by `serve`.
    pub operator: Option<Arc<str>>,
    /// How fast each account may change things (`access::WriteRate`); none: no limit.
    pub write_rate: Option<Arc<access::WriteRate>>,
}

impl AppState {
    pub fn new(store: Store, identity: Identity) -> Self {
        Self {
            store,
            identity: Arc::new(identity),
            hub: Arc::new(MatchHub::default()),
            operator: None,
            write_rate: None,
        }
    }

    /// This state limiting each account to `per_second` writes on average (ten seconds' worth
    /// at once); 0 for no limit.
    #[must_use]
    pub fn with_write_rate(mut self, per_second: u32) -> Self {
        self.write_rate = access::WriteRate::new(per_second).map(Arc::new);
        self
    }

    /// This state with another hub (over NATS, or with other limits).
    #[must_use]
    pub fn with_hub(mut self, hub: Arc<dyn Hub>) -> Self {
        self.hub = hub;
        self
    }

    /// This state with an operator token (see `operator`).
    #[must_use]
    pub fn with_operator(mut self, token: &str) -> Self {
        self.operator = Some(Arc::from(token));
        self
    }
}

pub fn router(state: AppState) -> Router {
    let api = api::router().layer(middleware::from_fn_with_state(state.clone(), access::layer));
    // The hub is outside the access layer: spectators without accounts may watch.
    let app = api
        .merge(identity::router())
        .merge(hub::router())
        .merge(web::router())
        .with_state(state)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(security_headers::layer));
    compression::compressed(app).layer(
        TraceLayer::new_for_http()
            .make_span_with(request_span)
            .on_response(
                DefaultOnResponse::new()
                    .level(Level::INFO)
                    .latency_unit(tower_http::LatencyUnit::Micros),
            ),
    )
}

/// The span of a request, as tower-http's default one but with the query left out when it
/// carries a token: the hub's access token (browsers cannot send headers on a WebSocket), or
/// the one-time secret of a set-password or setup link.
fn request_span(request: &Request<Body>) -> tracing::Span {
    tracing::info_span!(
        "request",
        method = %request.method(),
        uri = loggable(request.uri()),
        version = ?request.version(),
    )
}

fn loggable(uri: &Uri) -> &str {
    match uri.path_and_query() {
        Some(whole) if !uri.query().is_some_and(|q| q.contains("token")) => whole.as_str(),
        _ => uri.path(),
    }
}

/// The listener with Nagle's algorithm off on each connection: a live frame goes out when it
/// is written, not after the viewer's acknowledgement of the one before.
pub(crate) fn without_delay(listener: TcpListener) -> TapIo<TcpListener, fn(&mut TcpStream)> {
    listener.tap_io(set_nodelay)
}

fn set_nodelay(tcp: &mut TcpStream) {
    if let Err(error) = tcp.set_nodelay(true) {
        tracing::debug!(%error, "TCP_NODELAY could not be set");
    }
}

/// Serves until `shutdown` completes, then lets open requests finish (at most 10 s).
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stopped_tx, stopped_rx) = tokio::sync::oneshot::channel::<()>();
    let hub = Arc::clone(&state.hub);
    let graceful = async move {
        shutdown.await;
        // Upgraded connections are not the server's to wait for: tell viewers to go elsewhere.
        hub.close_connections();
        let _ = stopped_tx.send(());
    };
    let sweeper = tokio::spawn(sweep_expired_secrets(state.store.clone()));
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    let server = axum::serve(without_delay(listener), app).with_graceful_shutdown(graceful);
    let served = tokio::select! {
        result = server => result,
        () = async {
            let _ = stopped_rx.await;
            tokio::time::sleep(Duration::from_secs(10)).await;
        } => {
            tracing::warn!("requests still open 10 s after shutdown began; stopping anyway");
            Ok(())
        }
    };
    sweeper.abort();
    served
}

/// How often expired sessions, refresh tokens and set-password links are removed.
const SWEEP_EVERY: Duration = Duration::from_secs(60 * 60);

/// Removes expired sign-in secrets now and then, so the store does not grow with every login.
async fn sweep_expired_secrets(store: polodesk_store::Store) {
    let mut ticks = tokio::time::interval(SWEEP_EVERY);
    loop {
        ticks.tick().await;
        match store.sweep_expired(identity::tokens::now()).await {
            Ok(0) => {}
            Ok(count) => tracing::info!(count, "removed expired sign-in secrets"),
            Err(error) => tracing::warn!(%error, "could not remove expired sign-in secrets"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_in_a_query_stay_out_of_the_logs() {
        let uri = |text: &str| text.parse::<Uri>().ok();
        let shown = |text: &str| uri(text).map(|u| loggable(&u).to_owned());
        assert_eq!(
            shown("/hubs/match?access_token=pd_secret").as_deref(),
            Some("/hubs/match")
        );
        assert_eq!(
            shown("/account/setup?token=s3cret").as_deref(),
            Some("/account/setup")
        );
        assert_eq!(
            shown("/api/Clubs/search?page=2").as_deref(),
            Some("/api/Clubs/search?page=2")
        );
    }
}
