//! `polodesk edge`: a spectators' node. It reads the public pages' answers from the writer
//! (`--upstream`) and its live messages from NATS (`--nats`, the writer's `serve --nats`), and
//! keeps nothing on disk: start as many as the crowd needs behind a load balancer.

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use polodesk_server::MatchHub;
use polodesk_server::edge::{EdgeState, Upstream};
use polodesk_server::hub::nats::EdgeFeed;

#[derive(Debug, clap::Args)]
pub struct EdgeArgs {
    /// The NATS server the writer publishes to (nats://HOST:PORT).
    #[arg(long, env = "POLODESK_NATS", value_name = "URL")]
    nats: String,
    /// The writer (`polodesk serve --nats`) the public reads come from (http://HOST:PORT).
    #[arg(long, env = "POLODESK_UPSTREAM", value_name = "URL")]
    upstream: String,
    /// Where to listen.
    #[arg(long, env = "POLODESK_ADDR", default_value = "127.0.0.1:8090")]
    addr: SocketAddr,
}

pub async fn run(args: EdgeArgs) -> anyhow::Result<()> {
    crate::serve::init_logging();
    let hub = Arc::new(MatchHub::default());
    let feed = EdgeFeed::start(&args.nats, hub)
        .await
        .map_err(|error| anyhow::anyhow!("cannot reach NATS at {}: {error}", args.nats))?;
    let upstream = Upstream::new(&args.upstream).context("cannot make the upstream client")?;
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("cannot listen on {}", args.addr))?;
    let addr = listener.local_addr()?;
    tracing::info!(
        nats = %args.nats,
        upstream = %args.upstream,
        "PoloDesk edge is serving spectators on http://{addr}"
    );
    polodesk_server::edge::serve(
        listener,
        EdgeState::new(feed, upstream),
        crate::serve::shutdown_signal(),
    )
    .await?;
    tracing::info!("stopped");
    Ok(())
}
