//! Who the console is on a server: a token given to it (`POLODESK_TOKEN`, or the one-off
//! operator token of `--data`), or a sign-in as the console's own client (`polodesk-tui`) with
//! the password grant. A sign-in's refresh token is kept in the user's config folder, so the
//! secretary types the password once per computer; while the console runs, the access token is
//! renewed before it expires. Signing out hands the refresh token back and forgets it.

use std::io::Write as _;
use std::sync::Arc;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEventKind, read};
use crossterm::terminal::{disable_raw_mode, enable_raw_mode};
use polodesk_client::{CONSOLE_CLIENT_ID, Client, ClientError, Tokens};

use crate::credentials::Credentials;
use crate::run::{ConsoleError, Shared};

/// A signed-in console's way to renew its access token.
#[derive(Debug, Clone)]
pub struct Renewal {
    credentials: Credentials,
    refresh_token: String,
    /// Seconds the current access token is good for.
    expires_in: u64,
}

/// The console's client, and how to renew its token when it has a refresh token.
#[derive(Debug)]
pub struct Identity {
    pub client: Client,
    pub renewal: Option<Renewal>,
}

impl Identity {
    /// A client whose token someone else keeps fresh (or that does not expire).
    pub fn given(client: Client) -> Identity {
        Identity {
            client,
            renewal: None,
        }
    }
}

/// Signs in to `server`: with the refresh token kept from last time, or else by asking for
/// the email (unless given) and the password on this terminal.
pub async fn sign_in(server: &str, email: Option<String>) -> Result<Identity, ConsoleError> {
    let anonymous = Client::new(server, None)?;
    let credentials = Credentials::in_config_folder();
    if let Some(credentials) = &credentials
        && let Some(kept) = credentials.load(server)
    {
        match anonymous.refresh(CONSOLE_CLIENT_ID, &kept).await {
            Ok(tokens) => return Ok(signed_in(&anonymous, credentials.clone(), server, tokens)),
            // Spent, revoked or expired: ask for the password.
            Err(ClientError::Api { .. }) => {
                let _ = credentials.forget(server);
            }
            // The server is away (the pool's network is not up yet): the console opens the
            // match from its last copy and journals the writes; the kept sign-in is renewed
            // once the server answers, and the writes go then.
            Err(ClientError::Unreachable(_)) => {
                return Ok(Identity {
                    client: anonymous,
                    renewal: Some(Renewal {
                        credentials: credentials.clone(),
                        refresh_token: kept,
                        expires_in: 0,
                    }),
                });
            }
            Err(other) => return Err(other.into()),
        }
    }
    let email = match email {
        Some(email) => email,
        None => ask("Email: ", false)?,
    };
    let password = ask("Password: ", true)?;
    let email = email.trim();
    let tokens = match anonymous
        .sign_in(CONSOLE_CLIENT_ID, email, &password, None)
        .await
    {
        Err(ClientError::TwoStepRequired(_)) => {
            let code = ask(
                "Code from your authenticator app (or a recovery code): ",
                false,
            )?;
            anonymous
                .sign_in(CONSOLE_CLIENT_ID, email, &password, Some(code.trim()))
                .await?
        }
        signed_in => signed_in?,
    };
    match credentials {
        Some(credentials) => Ok(signed_in(&anonymous, credentials, server, tokens)),
        None => Ok(Identity::given(
            anonymous.with_token(Some(tokens.access_token)),
        )),
    }
}

/// What signing out of a server on this computer did.
#[derive(Debug, PartialEq, Eq)]
pub enum SignedOut {
    /// The server ended the sign-in and this computer forgot it.
    Ended,
    /// The server could not be reached: this computer forgot the sign-in, which stays good at
    /// the server until it expires or an administrator ends the user's sign-ins.
    ForgottenOnly(String),
    /// This computer kept no sign-in for the server.
    NotSignedIn,
}

/// Signs the console out of `server` on this computer: hands the kept refresh token back to
/// the server, then forgets it, so the next start asks for the password.
pub async fn sign_out(server: &str, credentials: &Credentials) -> Result<SignedOut, ConsoleError> {
    let Some(kept) = credentials.load(server) else {
        return Ok(SignedOut::NotSignedIn);
    };
    let revoked = Client::new(server, None)?
        .revoke(CONSOLE_CLIENT_ID, &kept)
        .await;
    credentials.forget(server)?;
    Ok(match revoked {
        Ok(()) => SignedOut::Ended,
        Err(error) => SignedOut::ForgottenOnly(error.to_string()),
    })
}

fn signed_in(
    anonymous: &Client,
    credentials: Credentials,
    server: &str,
    tokens: Tokens,
) -> Identity {
    let client = anonymous.with_token(Some(tokens.access_token));
    let renewal = tokens.refresh_token.map(|refresh_token| {
        // Not kept is only a loss of comfort: the next start asks for the password again.
        let _ = credentials.store(server, &refresh_token);
        Renewal {
            credentials,
            refresh_token,
            expires_in: tokens.expires_in,
        }
    });
    Identity { client, renewal }
}

/// Asks on the terminal; a password is not shown as it is typed.
fn ask(label: &str, secret: bool) -> Result<String, ConsoleError> {
    let mut out = std::io::stdout();
    write!(out, "{label}")?;
    out.flush()?;
    if !secret {
        let mut line = String::new();
        std::io::stdin().read_line(&mut line)?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    enable_raw_mode()?;
    let mut typed = String::new();
    let read_secret = loop {
        match read() {
            Ok(Event::Key(key)) if key.kind != KeyEventKind::Release => match key.code {
                KeyCode::Enter => break Ok(()),
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Esc => break Err(std::io::Error::other("sign-in cancelled")),
                KeyCode::Char('c')
                    if key
                        .modifiers
                        .contains(crossterm::event::KeyModifiers::CONTROL) =>
                {
                    break Err(std::io::Error::other("sign-in cancelled"));
                }
                KeyCode::Char(c) => typed.push(c),
                _ => {}
            },
            Ok(_) => {}
            Err(error) => break Err(error),
        }
    };
    disable_raw_mode()?;
    writeln!(out, "\r")?;
    read_secret?;
    Ok(typed)
}

/// Renews the access token a minute before it expires (at most at four fifths of its life),
/// for as long as the console runs; a server away is tried again every 10 s.
pub(crate) async fn renew(shared: Arc<Shared>, mut renewal: Renewal, server: String) {
    let mut wait = lifetime(renewal.expires_in);
    loop {
        tokio::time::sleep(wait).await;
        let client = shared.client();
        match client
            .refresh(CONSOLE_CLIENT_ID, &renewal.refresh_token)
            .await
        {
            Ok(tokens) => {
                shared.set_client(client.with_token(Some(tokens.access_token)));
                // Writes that waited for the sign-in go now.
                shared.wake.notify_one();
                if let Some(next) = tokens.refresh_token {
                    let _ = renewal.credentials.store(&server, &next);
                    renewal.refresh_token = next;
                }
                renewal.expires_in = tokens.expires_in;
                wait = lifetime(renewal.expires_in);
            }
            Err(ClientError::Api { .. }) => {
                let _ = renewal.credentials.forget(&server);
                return;
            }
            Err(_) => wait = Duration::from_secs(10),
        }
    }
}

fn lifetime(expires_in: u64) -> Duration {
    let before_expiry = expires_in.saturating_sub(60).max(expires_in * 4 / 5);
    Duration::from_secs(before_expiry.max(5))
}
