//! Signing in at the server's token endpoint: the password grant of the first-party clients,
//! the refresh token grant that keeps a long session going, handing a refresh token back, and
//! swapping the bearer token.

use std::collections::BTreeMap;

use polodesk_domain::users::TWO_STEP_REQUIRED;
use reqwest::Response;

use crate::{Client, ClientError, json, unreachable};

/// The command line's client id; the server lets it use the password grant.
pub const CLIENT_ID: &str = "polodesk-cli";
/// The match console's client id; the server lets it use the password grant too.
pub const CONSOLE_CLIENT_ID: &str = "polodesk-tui";

/// `offline_access` asks for a refresh token, `polodesk-api` for an access token the API takes.
const SCOPE: &str = "offline_access polodesk-api";

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
    /// token as well. An account with two-step sign-in needs `code` too (its authenticator
    /// app's, or a recovery code); without it the answer is `ClientError::TwoStepRequired`.
    pub async fn sign_in(
        &self,
        client_id: &str,
        email: &str,
        password: &str,
        code: Option<&str>,
    ) -> Result<Tokens, ClientError> {
        let mut form = vec![
            ("grant_type", "password"),
            ("client_id", client_id),
            ("username", email),
            ("password", password),
            ("scope", SCOPE),
        ];
        form.extend(code.map(|code| ("otp", code)));
        self.grant(&form).await
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

    /// Hands a refresh token back (RFC 7009): the server ends the sign-in it belongs to, if it
    /// was this client's, and answers the same whatever the token was.
    pub async fn revoke(&self, client_id: &str, refresh_token: &str) -> Result<(), ClientError> {
        let form = [
            ("token", refresh_token),
            ("token_type_hint", "refresh_token"),
            ("client_id", client_id),
        ];
        let request = self
            .http
            .post(format!("{}/connect/revocation", self.base))
            .form(&form);
        let response = request.send().await.map_err(unreachable)?;
        if !response.status().is_success() {
            return Err(oauth_error(response).await);
        }
        Ok(())
    }

    /// Signs in with a password (and the two-step code, if the account needs one) as the
    /// command line and answers the access token.
    pub async fn password_token(
        &self,
        email: &str,
        password: &str,
        code: Option<&str>,
    ) -> Result<String, ClientError> {
        Ok(self
            .sign_in(CLIENT_ID, email, password, code)
            .await?
            .access_token)
    }

    /// This client sending `token` instead (a refreshed access token).
    #[must_use]
    pub fn with_token(&self, token: Option<String>) -> Client {
        Client {
            token,
            ..self.clone()
        }
    }

    /// The bearer token this client sends.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
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
    if let Some(OAuthError {
        error,
        error_description,
    }) = &parsed
        && error == TWO_STEP_REQUIRED
    {
        return ClientError::TwoStepRequired(error_description.clone().unwrap_or_default());
    }
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
