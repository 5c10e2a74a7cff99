//! `polodesk serve`: opens the store, loads the demo data on request, and serves until SIGINT
//! or SIGTERM.

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;
use polodesk_server::AppState;
use polodesk_store::Store;
use tracing_subscriber::EnvFilter;

#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The folder that holds the store (created when missing).
    #[arg(long, env = "POLODESK_DATA", default_value = "./data")]
    data: PathBuf,
    /// Where to listen.
    #[arg(long, env = "POLODESK_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Load the demo reference data into an empty store.
    #[arg(long)]
    demo: bool,
}

pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_ansi(std::io::stdout().is_terminal())
        .init();
    tokio::runtime::Runtime::new()
        .context("cannot start the async runtime")?
        .block_on(serve(args))
}

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let store = Store::open(&args.data)
        .with_context(|| format!("cannot open the store in {}", args.data.display()))?;
    if args.demo {
        if store.is_empty()? {
            let loaded = crate::demo::load(&store)
                .await
                .context("cannot load the demo data")?;
            tracing::info!(%loaded, "demo data loaded");
        } else {
            tracing::info!("the store already holds data; demo data not loaded again");
        }
    }
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("cannot listen on {}", args.addr))?;
    let addr = listener.local_addr()?;
    tracing::info!(data = %args.data.display(), "PoloDesk is serving on http://{addr}");
    polodesk_server::serve(listener, AppState { store }, shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::warn!(%error, "cannot listen for Ctrl+C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut stream) => {
                stream.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
