//! `polodesk edge`: a stateless node for spectators. It serves the web bundle, the public
//! pages' reads (from the upstream writer, cached briefly: `upstream.rs`) and `/hubs/match`,
//! fed from NATS with the writer's messages and seq (`hub::nats::EdgeFeed`). It holds no
//! store and knows no account: every connection is a spectator, and a clock sent to it is
//! refused. Any number of edges can stand behind a load balancer.

mod upstream;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use axum::routing::get;
use tokio::net::TcpListener;

pub use upstream::Upstream;

use crate::error::ApiError;
use crate::hub::nats::EdgeFeed;
use crate::hub::{Hub, Watch};

/// What an edge's handlers share.
#[derive(Debug, Clone)]
pub struct EdgeState {
    feed: EdgeFeed,
    upstream: Upstream,
}

impl EdgeState {
    pub fn new(feed: EdgeFeed, upstream: Upstream) -> Self {
        Self { feed, upstream }
    }
}

impl Watch for EdgeState {
    /// Every viewer of an edge is a spectator.
    type Viewer = ();

    fn hub(&self) -> &dyn Hub {
        &**self.feed.hub()
    }

    /// A token cannot be checked here (the accounts are the writer's): it is ignored, and
    /// its bearer watches as a spectator.
    fn viewer(&self, _token: Option<&str>, _headers: &HeaderMap) -> Result<(), ApiError> {
        Ok(())
    }

    async fn may_watch(&self, (): &(), match_id: u64) -> bool {
        if !self
            .upstream
            .is_public_match(match_id, self.feed.hub())
            .await
        {
            return false;
        }
        self.feed.prime(match_id).await;
        true
    }

    /// Edges relay; only the writer takes a clock.
    fn may_log(&self, (): &(), _match_id: u64) -> bool {
        false
    }

    /// A spectator was let in on nothing that can end.
    fn still_admitted(&self, (): &mut ()) -> bool {
        true
    }
}

pub fn router(state: EdgeState) -> Router {
    let edge = Router::new()
        .route("/api/health", get(health))
        .route("/api/Public/{*rest}", get(public))
        .route("/api", get(staff_only))
        .route("/api/{*rest}", get(staff_only).fallback(staff_only))
        .merge(crate::hub::router())
        .merge(crate::web::router())
        .with_state(state)
        .layer(axum::middleware::from_fn(crate::security_headers::layer));
    crate::compression::compressed(edge)
}

async fn health() -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({"status": "ok", "version": env!("CARGO_PKG_VERSION")}))
}

async fn public(State(state): State<EdgeState>, uri: Uri, headers: HeaderMap) -> Response {
    state
        .upstream
        .answer(&uri, &headers, state.feed.hub())
        .await
}

async fn staff_only(uri: Uri) -> ApiError {
    ApiError::NotFound(format!(
        "{} is not served here: this node serves the public pages only.",
        uri.path()
    ))
}

/// Serves until `shutdown` completes; viewers are then told to go elsewhere.
pub async fn serve(
    listener: TcpListener,
    state: EdgeState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let hub = Arc::clone(state.feed.hub());
    let graceful = async move {
        shutdown.await;
        hub.close_connections();
        // Upgraded connections are not waited for; give their close frames a moment.
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    axum::serve(crate::without_delay(listener), router(state))
        .with_graceful_shutdown(graceful)
        .await
}
