//! `polodesk serve`: opens the store, loads the demo data on request, and serves until SIGINT
//! or SIGTERM.

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context, bail};
use polodesk_domain::codes::UserType;
use polodesk_domain::users::{TwoStepRule, User, UserInput};
use polodesk_server::identity::secrets::hash_password;
use polodesk_server::{AppState, Identity, Keys};
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
    /// Load the demo data (reference data, clubs, squads, officials, demo accounts and a league
    /// season with its match logs) into an empty store.
    #[arg(long)]
    demo: bool,
    /// The address people reach the server at (for example https://polodesk.example.org),
    /// when a proxy stands in front of it. By default each request's own origin is used.
    #[arg(long, env = "POLODESK_PUBLIC_URL")]
    public_url: Option<String>,
    /// The address of a reverse proxy in front of this server (repeat for a chain): its
    /// X-Forwarded-For then names the client, so sign-in limits count each client, not the
    /// proxy.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
    /// A NATS server (nats://HOST:PORT) to publish every live message to, for spectator edges
    /// (`polodesk edge`). Without it the live hub stays in this process.
    #[arg(long, env = "POLODESK_NATS", value_name = "URL")]
    nats: Option<String>,
    /// A Pwned Passwords range API (for example https://api.pwnedpasswords.com) that new
    /// passwords are checked against: one found in a known data breach is refused. Only the
    /// first five hex digits of a password's SHA-1 are sent. When it does not answer within 3 s,
    /// the local rules alone decide.
    #[arg(long, env = "POLODESK_BREACHED_PASSWORDS", value_name = "URL")]
    breached_passwords: Option<String>,
    /// Whose accounts must use two-step sign-in: nobody, administrators or everyone. Until such
    /// an account turns it on (its Account page in the web app), it reaches nothing else.
    #[arg(
        long,
        env = "POLODESK_REQUIRE_TWO_STEP",
        value_name = "WHOSE",
        default_value = "nobody"
    )]
    require_two_step: TwoStepRule,
    /// The changes (POST, PUT, DELETE) each account may make a second on average, ten seconds'
    /// worth at once; more are answered 429 until the account slows down. 0: no limit.
    #[arg(
        long,
        env = "POLODESK_WRITE_RATE",
        value_name = "PER_SECOND",
        default_value_t = 20
    )]
    write_rate: u32,
}

/// Logs to stdout, at `RUST_LOG` or info.
pub fn init_logging() {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_ansi(std::io::stdout().is_terminal())
        .init();
}

pub async fn run(args: ServeArgs) -> anyhow::Result<()> {
    init_logging();
    let store = Store::open(&args.data)
        .with_context(|| format!("cannot open the store in {}", args.data.display()))?;
    if args.demo {
        if store.is_empty()? {
            let started = std::time::Instant::now();
            let loaded = crate::demo::load(&store)
                .await
                .context("cannot load the demo data")?;
            let ms = started.elapsed().as_millis();
            tracing::info!(%loaded, "demo data loaded in {ms} ms");
        } else {
            tracing::info!("the store already holds data; demo data not loaded again");
        }
        println!("\nDemo accounts (email / password):");
        for user in crate::demo::users()? {
            println!("  {:<28} {}", user.email, user.password);
        }
        println!();
    }
    let keys = Keys::load_or_create(&args.data)?;
    let mut identity = Identity::new(keys, args.public_url.clone())
        .with_trusted_proxies(args.trusted_proxies.clone())
        .with_two_step_rule(args.require_two_step);
    if args.require_two_step != TwoStepRule::Nobody {
        tracing::info!(rule = ?args.require_two_step, "two-step sign-in is required");
    }
    if let Some(url) = &args.breached_passwords {
        identity = identity.with_breached_passwords(url);
        tracing::info!(%url, "new passwords are checked against a breached-password service");
    }
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("cannot listen on {}", args.addr))?;
    let addr = listener.local_addr()?;
    let empty = store.has_no_users()?;
    let admin_env = AdminEnv::read();
    if let Some(notice) = admin_env.unused(empty) {
        tracing::warn!("{notice}");
    }
    if empty {
        first_admin(
            &store,
            &identity,
            admin_env,
            args.public_url
                .as_deref()
                .unwrap_or(&format!("http://{addr}")),
        )
        .await?;
    }
    let mut state = AppState::new(store, identity).with_write_rate(args.write_rate);
    if let Some(url) = &args.nats {
        let hub = polodesk_server::hub::nats::NatsHub::connect(url, Default::default())
            .await
            .map_err(|error| anyhow::anyhow!("cannot reach NATS at {url}: {error}"))?;
        tracing::info!(%url, "live messages are published to NATS");
        state = state.with_hub(std::sync::Arc::new(hub));
    }
    tracing::info!(data = %args.data.display(), "PoloDesk is serving on http://{addr}");
    polodesk_server::serve(listener, state, shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// `POLODESK_ADMIN_EMAIL` and `POLODESK_ADMIN_PASSWORD`, which make the first administrator.
struct AdminEnv {
    email: Option<String>,
    password: Option<String>,
}

impl AdminEnv {
    fn read() -> Self {
        Self {
            email: std::env::var("POLODESK_ADMIN_EMAIL").ok(),
            password: std::env::var("POLODESK_ADMIN_PASSWORD").ok(),
        }
    }

    /// Why the variables that are set cannot take effect on this start, if they cannot.
    fn unused(&self, empty_store: bool) -> Option<&'static str> {
        match (self.email.is_some(), self.password.is_some()) {
            (false, false) => None,
            _ if !empty_store => Some(
                "POLODESK_ADMIN_EMAIL and POLODESK_ADMIN_PASSWORD are ignored: the store already has accounts, and they only create the first administrator of an empty store.",
            ),
            (true, true) => None,
            (true, false) => Some(
                "POLODESK_ADMIN_EMAIL is ignored without POLODESK_ADMIN_PASSWORD: both are needed to create the first administrator, so a setup link is printed instead.",
            ),
            (false, true) => Some(
                "POLODESK_ADMIN_PASSWORD is ignored without POLODESK_ADMIN_EMAIL: both are needed to create the first administrator, so a setup link is printed instead.",
            ),
        }
    }
}

/// The first administrator: from `POLODESK_ADMIN_EMAIL` and `POLODESK_ADMIN_PASSWORD` when
/// both are set, otherwise through a one-time setup link printed here.
async fn first_admin(
    store: &Store,
    identity: &Identity,
    env: AdminEnv,
    base_url: &str,
) -> anyhow::Result<()> {
    if let (Some(email), Some(password)) = (env.email, env.password) {
        let user = add_admin(store, identity, &email, &password).await?;
        tracing::info!(email = %user.email, "administrator created from POLODESK_ADMIN_EMAIL");
        return Ok(());
    }
    let secret = identity.arm_setup();
    println!(
        "\nNo account exists yet. Create the first administrator here (the link works once):\n  \
         {base_url}/account/setup?token={secret}\n"
    );
    Ok(())
}

/// The administrator of the environment, written to the store before the server answers.
async fn add_admin(
    store: &Store,
    identity: &Identity,
    email: &str,
    password: &str,
) -> anyhow::Result<User> {
    let input = UserInput {
        email: Some(email.to_owned()),
        type_id: Some(UserType::Admin),
        ..UserInput::default()
    };
    let fields = input
        .validate()
        .map_err(|errors| anyhow::anyhow!("POLODESK_ADMIN_EMAIL: {errors}"))?;
    if let Some(problem) = identity.new_password_problem(password, &fields.email).await {
        bail!("POLODESK_ADMIN_PASSWORD: {problem}");
    }
    let hash = hash_password(password.to_owned())
        .await
        .context("cannot hash the password")?;
    Ok(store.create_user(fields, Some(hash), None).await?)
}

/// SIGINT or SIGTERM.
pub async fn shutdown_signal() {
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

#[cfg(test)]
mod tests {
    use super::AdminEnv;

    fn env(email: bool, password: bool) -> AdminEnv {
        AdminEnv {
            email: email.then(|| "root@club.rs".to_owned()),
            password: password.then(|| "long enough password".to_owned()),
        }
    }

    #[test]
    fn the_admin_variables_say_when_they_cannot_take_effect() {
        assert_eq!(env(false, false).unused(true), None);
        assert_eq!(env(false, false).unused(false), None);
        assert_eq!(env(true, true).unused(true), None);
        for (email, password) in [(true, true), (true, false), (false, true)] {
            let notice = env(email, password).unused(false).unwrap();
            assert!(
                notice.contains("the store already has accounts"),
                "{notice}"
            );
        }
        let notice = env(true, false).unused(true).unwrap();
        assert!(
            notice.starts_with("POLODESK_ADMIN_EMAIL is ignored without POLODESK_ADMIN_PASSWORD")
        );
        let notice = env(false, true).unused(true).unwrap();
        assert!(
            notice.starts_with("POLODESK_ADMIN_PASSWORD is ignored without POLODESK_ADMIN_EMAIL")
        );
    }
}
