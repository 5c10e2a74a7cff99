//! Where a command sends its calls (DESIGN §3): a running server (`--server URL` with the
//! token in `POLODESK_TOKEN`), or a store no server holds (`--data DIR`), which the command
//! then serves itself on a loopback port for as long as it runs. Either way every change goes
//! through the same API and rules as the web app.

use std::path::PathBuf;

use polodesk_client::Client;
use polodesk_server::identity::secrets::random_secret;
use polodesk_server::{AppState, Identity, Keys};
use polodesk_store::{Store, StoreError};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::failure::CliError;

#[derive(Debug, Clone, clap::Args)]
pub struct Target {
    /// A running server, for example http://127.0.0.1:8080; the token comes from
    /// POLODESK_TOKEN. Without it the command works on the store in --data.
    #[arg(long, env = "POLODESK_SERVER", value_name = "URL")]
    pub server: Option<String>,
    /// The API token for --server (from `polodesk token`).
    #[arg(
        long,
        env = "POLODESK_TOKEN",
        hide_env_values = true,
        value_name = "TOKEN"
    )]
    pub token: Option<String>,
    /// The folder of a store that no server is running on.
    #[arg(
        long,
        env = "POLODESK_DATA",
        default_value = "./data",
        value_name = "DIR"
    )]
    pub data: PathBuf,
}

/// An open connection; `close` it when the command is done.
#[derive(Debug)]
pub struct Session {
    pub client: Client,
    in_process: Option<(oneshot::Sender<()>, JoinHandle<std::io::Result<()>>)>,
}

impl Target {
    /// Runs `call` on a session and closes it whatever the answer.
    pub async fn with_session<T>(
        &self,
        call: impl AsyncFnOnce(&Session) -> Result<T, CliError>,
    ) -> Result<T, CliError> {
        let session = self.connect().await?;
        let result = call(&session).await;
        session.close().await;
        result
    }

    pub async fn connect(&self) -> Result<Session, CliError> {
        match &self.server {
            Some(url) => Ok(Session {
                client: Client::new(url, self.token.clone())
                    .map_err(|e| CliError::Usage(format!("--server: {e}")))?,
                in_process: None,
            }),
            None => self.serve_in_process().await,
        }
    }

    /// Serves the store in `data` on a loopback port with a one-off operator token.
    async fn serve_in_process(&self) -> Result<Session, CliError> {
        let dir = &self.data;
        if !dir.join(polodesk_store::FILE_NAME).exists() {
            eprintln!(
                "polodesk: no store in {}; starting an empty one",
                dir.display()
            );
        }
        let store = Store::open(dir).map_err(|error| match error {
            StoreError::InUse(_) => CliError::Unreachable(format!(
                "a running server holds the store in {}; use --server with that server's \
                 address (and POLODESK_TOKEN)",
                dir.display()
            )),
            other => CliError::Unreachable(format!(
                "cannot open the store in {}: {other}",
                dir.display()
            )),
        })?;
        let keys = Keys::load_or_create(dir).map_err(|e| {
            CliError::Unreachable(format!("cannot read the keys in {}: {e:#}", dir.display()))
        })?;
        let operator = random_secret();
        let state = AppState::new(store, Identity::new(keys, None)).with_operator(&operator);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| CliError::Unreachable(format!("cannot open a loopback port: {e}")))?;
        let addr = listener
            .local_addr()
            .map_err(|e| CliError::Unreachable(e.to_string()))?;
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(polodesk_server::serve(listener, state, async {
            let _ = stopped.await;
        }));
        Ok(Session {
            client: Client::new(&format!("http://{addr}"), Some(operator))?,
            in_process: Some((stop, server)),
        })
    }
}

impl Session {
    /// Whether the command serves the store itself (`--data`): addresses the server puts in
    /// its answers then name a port that closes with the command.
    pub fn in_process(&self) -> bool {
        self.in_process.is_some()
    }

    /// Stops the in-process server (its writes were answered after their fsync already).
    pub async fn close(self) {
        if let Some((stop, server)) = self.in_process {
            let _ = stop.send(());
            let _ = server.await;
        }
    }
}
