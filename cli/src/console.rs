//! `polodesk console`: the keyboard match console for the table secretary (the `polodesk-tui`
//! crate), against a running server (`--server`) or a store this command serves itself
//! (`--data`). Writes wait in a journal on this computer until the server has them: in the
//! user's data folder for a server (one folder per server), in the store's folder for `--data`.

use std::path::PathBuf;

use polodesk_tui::credentials::Credentials;
use polodesk_tui::sign_in::SignedOut;
use polodesk_tui::{ConsoleError, Folders, Identity, Keymap};

use crate::connect::Target;
use crate::failure::CliError;

#[derive(Debug, clap::Args)]
pub struct ConsoleArgs {
    #[command(flatten)]
    target: Target,
    /// The match to log; without it the console offers today's and live matches.
    #[arg(long = "match", value_name = "ID")]
    match_id: Option<u64>,
    /// Where the journal of writes not yet sent is kept.
    #[arg(long, env = "POLODESK_JOURNAL", value_name = "DIR")]
    journal: Option<PathBuf>,
    /// Sign in to --server as this user when no POLODESK_TOKEN is given (the password is asked
    /// for; the console then stays signed in on this computer).
    #[arg(long, env = "POLODESK_EMAIL")]
    email: Option<String>,
    /// Sign the console out of --server on this computer: its sign-in is handed back to the
    /// server and forgotten, so the next start asks for the password.
    #[arg(long, conflicts_with = "match_id")]
    sign_out: bool,
}

pub async fn run(args: ConsoleArgs) -> Result<(), CliError> {
    if args.sign_out {
        return sign_out(args.target.server.as_deref()).await;
    }
    // A wrong key map stops the console before it asks for anything.
    let keymap = Keymap::in_config_folder().map_err(|error| CliError::Usage(error.to_string()))?;
    let journal = match (&args.journal, &args.target.server) {
        (Some(dir), _) => dir.clone(),
        (None, Some(server)) => user_data_folder()?.join(folder_name(server)),
        (None, None) => args.target.data.join("console"),
    };
    let session = args.target.connect().await?;
    let identity = match (&args.target.server, &args.target.token) {
        (Some(server), None) => polodesk_tui::sign_in(server, args.email.clone()).await,
        _ => Ok(Identity::given(session.client.clone())),
    };
    let ran = match identity {
        Ok(identity) => {
            polodesk_tui::console(identity, args.match_id, Folders { journal }, keymap).await
        }
        Err(error) => Err(error),
    };
    session.close().await;
    ran.map_err(|error| match error {
        ConsoleError::Server(error) => error.into(),
        ConsoleError::NoCopy(_) => CliError::Unreachable(error.to_string()),
        other => CliError::Rejected(other.to_string()),
    })
}

/// `--sign-out`: what it did is said on standard output; a server that could not be reached
/// is an error (exit 3), although this computer forgot the sign-in.
async fn sign_out(server: Option<&str>) -> Result<(), CliError> {
    let Some(server) = server else {
        return Err(CliError::Usage(
            "--sign-out needs --server: the console keeps its sign-in to a server".into(),
        ));
    };
    let done = match Credentials::in_config_folder() {
        Some(credentials) => polodesk_tui::sign_in::sign_out(server, &credentials)
            .await
            .map_err(|error| CliError::Rejected(error.to_string()))?,
        None => SignedOut::NotSignedIn,
    };
    match done {
        SignedOut::Ended => println!("signed out of {server} on this computer"),
        SignedOut::ForgottenOnly(why) => {
            return Err(CliError::Unreachable(format!(
                "{server} could not be reached ({why}): this computer forgot the sign-in, which \
                 stays good at the server until it expires or an administrator ends it \
                 (polodesk user end-sign-ins)"
            )));
        }
        SignedOut::NotSignedIn => println!("this computer keeps no sign-in to {server}"),
    }
    Ok(())
}

/// `$XDG_DATA_HOME/polodesk/console`, else `~/.local/share/polodesk/console`.
fn user_data_folder() -> Result<PathBuf, CliError> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("HOME")
            .map(|home| PathBuf::from(home).join(".local/share"))
            .ok_or_else(|| {
                CliError::Usage("HOME is not set: give the journal's folder with --journal".into())
            })?,
    };
    Ok(base.join("polodesk/console"))
}

/// A server's address as a folder name: `http://127.0.0.1:8080` → `127.0.0.1_8080`.
fn folder_name(server: &str) -> String {
    let host = server
        .split_once("://")
        .map_or(server, |(_, rest)| rest)
        .trim_end_matches('/');
    host.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
