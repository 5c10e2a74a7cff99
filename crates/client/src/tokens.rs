//! Signing in at the server's token endpoint: the password grant of the first-party clients,
//! the refresh token grant that keeps a long session going, and swapping the bearer token.

use std::collections::BTreeMap;
use std::sync::{Arc, PoisonError, RwLock};
use std::time::Duration;

use reqwest::Response;

use crate::{Client, ClientError, json, unreachable};

/// The command line's client id; the server lets it use the password grant.
pub const CLIENT_ID: &str = "polodesk-cli";
/// The match console's client id; the server lets it use the password grant too.
pub const CONSOLE_CLIENT_ID: &str = "polodesk-tui";

/// `offline_access` asks for a refresh token, `polodesk-api` for an access token the API takes.
const SCOPE: &str = "offline_access polodesk-api";

/// How long before its expiry an access token is renewed, in seconds.
const RENEW_BEFORE: u64 = 60;
/// How soon a renewal the server did not answer is tried again.
const RETRY: Duration = Duration::from_secs(10);

/// What the token endpoint answers a grant.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct Tokens {
    pub access_token: String,
    /// The next refresh token; each one is good for one refresh only (the server rotates them).
    pub refresh_token: Option<String>,
    /// Seconds the access token is good for.
    pub expires_in: u64,
}

impl Client {
    /// Signs in with a password as the first-party client `client_id`, asking for a refresh
    /// token as well.
    pub async fn sign_in(
        &self,
        client_id: &str,
        email: &str,
        password: &str,
    ) -> Result<Tokens, ClientError> {
        self.grant(&[
            ("grant_type", "password"),
            ("client_id", client_id),
            ("username", email),
            ("password", password),
            ("scope", SCOPE),
        ])
        .await
    }

    /// New tokens for a refresh token, which is spent by it: keep the answer's.
    pub async fn refresh(
        &self,
        client_id: &str,
        refresh_token: &str,
    ) -> Result<Tokens, ClientError> {
        self.grant(&[
            ("grant_type", "refresh_token"),
            ("client_id", client_id),
            ("refresh_token", refresh_token),
        ])
        .await
    }

    /// Signs in with a password as the command line and answers the access token.
    pub async fn password_token(&self, email: &str, password: &str) -> Result<String, ClientError> {
        Ok(self.sign_in(CLIENT_ID, email, password).await?.access_token)
    }

    /// A client of the same server sending `token`, apart from this one and its clones.
    #[must_use]
    pub fn with_token(&self, token: Option<String>) -> Client {
        Client {
            token: Arc::new(RwLock::new(token)),
            ..self.clone()
        }
    }

    /// Sends `token` from now on, as do this client's clones (a renewed access token).
    pub fn set_token(&self, token: Option<String>) {
        *self.token.write().unwrap_or_else(PoisonError::into_inner) = token;
    }

    /// The bearer token this client sends.
    pub fn token(&self) -> Option<String> {
        self.token
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Keeps this client and its clones signed in as `client_id`: renews the access token a
    /// minute before it expires (`expires_in` seconds from now) and hands each new refresh
    /// token to `keep`, as the one before is spent. An unreachable or failing server is asked
    /// again every 10 s. Answers the server's refusal of the refresh token: sign in again.
    pub async fn keep_signed_in(
        &self,
        client_id: &str,
        refresh_token: String,
        expires_in: u64,
        mut keep: impl FnMut(&str),
    ) -> ClientError {
        let mut refresh_token = refresh_token;
        let mut wait = Duration::from_secs(expires_in.saturating_sub(RENEW_BEFORE));
        loop {
            tokio::time::sleep(wait).await;
            match self.refresh(client_id, &refresh_token).await {
                Ok(tokens) => {
                    self.set_token(Some(tokens.access_token));
                    if let Some(next) = tokens.refresh_token {
                        keep(&next);
                        refresh_token = next;
                    }
                    wait = Duration::from_secs(tokens.expires_in.saturating_sub(RENEW_BEFORE));
                }
                Err(refused @ ClientError::Api { status, .. }) if status < 500 && status != 429 => {
                    return refused;
                }
                Err(_) => wait = RETRY,
            }
        }
    }

    async fn grant(&self, form: &[(&str, &str)]) -> Result<Tokens, ClientError> {
        let request = self
            .http
            .post(format!("{}/connect/token", self.base))
            .form(form);
        let response = request.send().await.map_err(unreachable)?;
        if !response.status().is_success() {
            return Err(oauth_error(response).await);
        }
        json(response).await
    }
}

/// The token endpoint answers OAuth errors (`error_description`), not the API's body.
async fn oauth_error(response: Response) -> ClientError {
    #[derive(serde::Deserialize)]
    struct OAuthError {
        error: String,
        error_description: Option<String>,
    }
    let status = response.status();
    let parsed: Option<OAuthError> = response.json().await.ok();
    let message = parsed.map_or_else(
        || status.to_string(),
        |e| e.error_description.unwrap_or(e.error),
    );
    ClientError::Api {
        status: status.as_u16(),
        message,
        errors: BTreeMap::new(),
    }
}
