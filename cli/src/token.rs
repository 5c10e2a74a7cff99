//! `polodesk token`: signs in with a password and prints a personal API token for scripts
//! (`export POLODESK_TOKEN=...`). Issuing one ends the account's previous API token. With
//! `--data` the token is stored in that store and works once a server runs on it.

use polodesk_client::Client;
use polodesk_domain::dates::Instant;

use crate::connect::Target;
use crate::failure::CliError;

#[derive(Debug, clap::Args)]
pub struct TokenArgs {
    #[command(flatten)]
    target: Target,
    #[arg(long, env = "POLODESK_EMAIL")]
    email: String,
    #[arg(long, env = "POLODESK_PASSWORD", hide_env_values = true)]
    password: String,
    /// For an account with two-step sign-in: the code its authenticator app shows now, or one
    /// of its recovery codes.
    #[arg(long)]
    code: Option<String>,
    /// Print a 15-minute access token instead, leaving the API token as it is.
    #[arg(long)]
    short_lived: bool,
}

pub async fn run(args: TokenArgs) -> Result<(), CliError> {
    let session = args.target.connect().await?;
    let printed = issue(session.client.base(), &args).await;
    session.close().await;
    println!("{}", printed?);
    Ok(())
}

async fn issue(base: &str, args: &TokenArgs) -> Result<String, CliError> {
    // The password decides who this is, not the operator token of `--data`.
    let access = Client::new(base, None)?
        .password_token(&args.email, &args.password, args.code.as_deref())
        .await?;
    if args.short_lived {
        return Ok(access);
    }
    let issued = Client::new(base, Some(access))?.api_token().await?;
    // On standard error, so `$(polodesk token ...)` takes only the token.
    let expires = i64::try_from(issued.expires_at)
        .ok()
        .and_then(|at| Instant(at).date());
    if let Some(date) = expires {
        eprintln!("The token works until {date} (a year); `polodesk token` issues a new one.");
    }
    Ok(issued.token)
}
