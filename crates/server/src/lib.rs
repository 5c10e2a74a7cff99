//! The PoloDesk server: the JSON API under `/api`, its OpenAPI document, and the embedded web
//! app, on axum. `router(state)` gives the whole application so tests drive it on port 0;
//! `serve` runs it until the shutdown future completes.

mod access;
mod api;
mod client_address;
mod error;
mod extract;
pub mod identity;
mod web;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use polodesk_store::Store;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnResponse, TraceLayer};
use tracing::Level;

pub use api::openapi;
pub use identity::{Identity, Keys};

/// Logos travel as base64 inside JSON; 2 MiB leaves room for a 256×256 PNG and its form.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Everything a request handler may use.
#[derive(Debug, Clone)]
pub struct AppState {
    pub store: Store,
    pub identity: Arc<Identity>,
}

impl AppState {
    pub fn new(store: Store, identity: Identity) -> Self {
        Self {
            store,
            identity: Arc::new(identity),
        }
    }
}

pub fn router(state: AppState) -> Router {
    let api = api::router().layer(middleware::from_fn_with_state(state.clone(), access::layer));
    api.merge(identity::router())
        .merge(web::router())
        .with_state(state)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        // The fastest level: API pages are small, and brotli's default level cost a third of
        // the search throughput (docs/benchmarks.md).
        .layer(CompressionLayer::new().quality(tower_http::CompressionLevel::Fastest))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_response(
                    DefaultOnResponse::new()
                        .level(Level::INFO)
                        .latency_unit(tower_http::LatencyUnit::Micros),
                ),
        )
}

/// Serves until `shutdown` completes, then lets open requests finish (at most 10 s).
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stopped_tx, stopped_rx) = tokio::sync::oneshot::channel::<()>();
    let graceful = async move {
        shutdown.await;
        let _ = stopped_tx.send(());
    };
    let sweeper = tokio::spawn(sweep_expired_secrets(state.store.clone()));
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    let server = axum::serve(listener, app).with_graceful_shutdown(graceful);
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
