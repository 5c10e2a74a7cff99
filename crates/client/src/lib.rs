//! Typed HTTP client for the PoloDesk API, shared by the command line and the console.
//!
//! Every answer that is not a success becomes `ClientError::Api` with the server's error body
//! (`message` and per-field `errors`), so a command can report the spec's messages as they are.

use std::collections::BTreeMap;
use std::time::Duration;

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::query::Page;
use polodesk_domain::scoresheet::Scoresheet;
use polodesk_domain::standings::PointsRule;
use polodesk_domain::users::UserInput;
use polodesk_domain::views::admin::Restored;
use polodesk_domain::views::import::{ImportInput, ImportResult};
use polodesk_domain::views::matches::MatchView;
use polodesk_domain::views::standings::StandingGroupView;
use polodesk_domain::views::users::{
    AccountActivityView, ApiTokenView, CreatedUser, PasswordInput, SetPasswordLinkView, UserView,
};
use reqwest::{Method, RequestBuilder, Response, StatusCode};
use serde::Serialize;
use serde::de::DeserializeOwned;

mod hub;
mod log;
mod tokens;

pub use hub::{HubReceiver, HubSender};
pub use tokens::{CLIENT_ID, CONSOLE_CLIENT_ID, Tokens};

#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server answered with an error status.
    #[error("{message}")]
    Api {
        status: u16,
        message: String,
        /// Field → the spec's messages for it, as the server's error body has them.
        errors: BTreeMap<String, Vec<String>>,
    },
    /// The password was right, and the account signs in in two steps: ask for its code.
    #[error("{0}")]
    TwoStepRequired(String),
    /// No answer: refused, timed out, bad address.
    #[error("{0}")]
    Unreachable(String),
    /// An answer this client does not understand.
    #[error("unexpected answer from the server: {0}")]
    Decode(String),
}

/// The server's JSON error body (DESIGN §4).
#[derive(Debug, serde::Deserialize)]
struct ErrorBody {
    message: Option<String>,
    #[serde(default)]
    errors: BTreeMap<String, Vec<String>>,
}

/// A connection to one server, with the bearer token it sends.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
}

impl Client {
    /// A client for `base` (`http://127.0.0.1:8080`), sending `token` as a bearer token.
    pub fn new(base: &str, token: Option<String>) -> Result<Self, ClientError> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .user_agent(format!(
                "polodesk/{} ({})",
                env!("CARGO_PKG_VERSION"),
                std::env::consts::OS
            ))
            .build()
            .map_err(|e| ClientError::Unreachable(e.to_string()))?;
        let base = base.trim_end_matches('/').to_owned();
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(ClientError::Unreachable(format!(
                "{base} is not a server address (it starts with http:// or https://)"
            )));
        }
        Ok(Self { http, base, token })
    }

    /// The server's address, without a trailing slash.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Whether requests carry a token (a console opened while the server was away has none
    /// until its kept sign-in is renewed).
    pub fn signed_in(&self) -> bool {
        self.token.is_some()
    }

    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, ClientError> {
        json(self.send(self.request(Method::GET, path)).await?).await
    }

    pub async fn post<B: Serialize + ?Sized, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
    ) -> Result<T, ClientError> {
        json(
            self.send(self.request(Method::POST, path).json(body))
                .await?,
        )
        .await
    }

    pub async fn put<B: Serialize + ?Sized, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
    ) -> Result<T, ClientError> {
        json(
            self.send(self.request(Method::PUT, path).json(body))
                .await?,
        )
        .await
    }

    pub async fn delete(&self, path: &str) -> Result<(), ClientError> {
        self.send(self.request(Method::DELETE, path)).await?;
        Ok(())
    }

    pub async fn get_bytes(&self, path: &str) -> Result<Vec<u8>, ClientError> {
        let response = self.send(self.request(Method::GET, path)).await?;
        let bytes = response.bytes().await.map_err(unreachable)?;
        Ok(bytes.to_vec())
    }

    pub async fn post_bytes<T: DeserializeOwned>(
        &self,
        path: &str,
        content_type: &str,
        body: Vec<u8>,
    ) -> Result<T, ClientError> {
        let request = self
            .request(Method::POST, path)
            .header(reqwest::header::CONTENT_TYPE, content_type)
            .body(body);
        json(self.send(request).await?).await
    }

    /// One page of the match search (spec 02 §3), latest first: the matches of a competition
    /// and/or in one status; `page_index` is 1-based, `page_size` 1 to 100.
    pub async fn search_matches(
        &self,
        competition_id: Option<u64>,
        status: Option<MatchStatus>,
        page_index: u32,
        page_size: u32,
    ) -> Result<Page<MatchView>, ClientError> {
        let search = serde_json::json!({
            "filter": { "competitionId": competition_id, "status": status },
            "pageIndex": page_index,
            "pageSize": page_size,
        });
        self.post("/api/Matches/search", &search).await
    }

    /// A match with its logos, lineups, coaches and officials.
    pub async fn get_match(&self, id: u64) -> Result<MatchView, ClientError> {
        self.get(&format!("/api/Matches/{id}")).await
    }

    /// A match's official scoresheet, in its competition's template language.
    pub async fn scoresheet(&self, match_id: u64) -> Result<Scoresheet, ClientError> {
        self.get(&format!("/api/Matches/{match_id}/scoresheet"))
            .await
    }

    /// The points a competition awards, from its details.
    pub async fn competition_points(&self, competition_id: u64) -> Result<PointsRule, ClientError> {
        #[derive(serde::Deserialize)]
        struct Detail {
            points: PointsRule,
        }
        let detail: Detail = self
            .get(&format!("/api/Competitions/{competition_id}"))
            .await?;
        Ok(detail.points)
    }

    /// A competition's tables as they stand.
    pub async fn standings(
        &self,
        competition_id: u64,
    ) -> Result<Vec<StandingGroupView>, ClientError> {
        self.get(&standings_path(competition_id)).await
    }

    /// Recomputes every score of a competition from its events, then answers its tables.
    pub async fn recalculate_standings(
        &self,
        competition_id: u64,
    ) -> Result<Vec<StandingGroupView>, ClientError> {
        self.post(&standings_path(competition_id), &serde_json::Value::Null)
            .await
    }

    /// Every user account, by email (administrators only).
    pub async fn users(&self) -> Result<Vec<UserView>, ClientError> {
        self.get("/api/Users").await
    }

    /// Creates a user account, answered with its one-time set-password link.
    pub async fn create_user(&self, input: &UserInput) -> Result<CreatedUser, ClientError> {
        self.post("/api/Users", input).await
    }

    /// Sets an account's password (administrators only).
    pub async fn set_password(&self, user_id: u64, password: &str) -> Result<(), ClientError> {
        let input = PasswordInput {
            password: password.to_owned(),
        };
        self.put(&format!("/api/Users/{user_id}/password"), &input)
            .await
    }

    /// A new one-time set-password link for a user; their earlier links stop working.
    pub async fn set_password_link(
        &self,
        user_id: u64,
    ) -> Result<SetPasswordLinkView, ClientError> {
        self.post(&format!("/api/Users/{user_id}/set-password-link"), &())
            .await
    }

    /// What happened to a user's sign-in, the latest first (the latest 50).
    pub async fn user_activity(
        &self,
        user_id: u64,
    ) -> Result<Vec<AccountActivityView>, ClientError> {
        self.get(&format!("/api/Users/{user_id}/activity")).await
    }

    /// Ends every sign-in of a user; their personal API token stays.
    pub async fn end_sign_ins(&self, user_id: u64) -> Result<(), ClientError> {
        self.delete(&format!("/api/Users/{user_id}/sessions")).await
    }

    /// Turns off a user's two-step sign-in (a lost phone and lost recovery codes).
    pub async fn reset_two_step(&self, user_id: u64) -> Result<(), ClientError> {
        self.delete(&format!("/api/Users/{user_id}/two-step")).await
    }

    /// Issues the signed-in user a new personal API token; the previous one stops working.
    pub async fn api_token(&self) -> Result<ApiTokenView, ClientError> {
        self.get("/api/Users/api-token").await
    }

    /// The whole store as its export document, as the server wrote it.
    pub async fn export(&self) -> Result<Vec<u8>, ClientError> {
        self.get_bytes("/api/Admin/export").await
    }

    /// Loads an export document into a server whose store holds no records.
    pub async fn restore(&self, document: Vec<u8>) -> Result<Restored, ClientError> {
        self.post_bytes("/api/Admin/restore", "application/json", document)
            .await
    }

    /// A consistent copy of the live store as a redb file.
    pub async fn backup(&self) -> Result<Vec<u8>, ClientError> {
        self.get_bytes("/api/Admin/backup").await
    }

    /// Imports rows of one kind (`clubs`, `teams`, `players`, `coaches`, `officials`,
    /// `matches`), all or nothing; a dry run checks every row and writes nothing.
    pub async fn import(
        &self,
        kind: &str,
        input: &ImportInput,
        dry_run: bool,
    ) -> Result<ImportResult, ClientError> {
        let query = if dry_run { "?dryRun=true" } else { "" };
        self.post(&format!("/api/Import/{kind}{query}"), input)
            .await
    }

    fn request(&self, method: Method, path: &str) -> RequestBuilder {
        let request = self.http.request(method, format!("{}{path}", self.base));
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    async fn send(&self, request: RequestBuilder) -> Result<Response, ClientError> {
        let response = request.send().await.map_err(unreachable)?;
        if response.status().is_success() {
            return Ok(response);
        }
        Err(api_error(response).await)
    }
}

fn standings_path(competition_id: u64) -> String {
    format!("/api/Competitions/{competition_id}/standings")
}

fn unreachable(error: reqwest::Error) -> ClientError {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(inner) = source {
        text = format!("{text}: {inner}");
        source = inner.source();
    }
    ClientError::Unreachable(text)
}

async fn json<T: DeserializeOwned>(response: Response) -> Result<T, ClientError> {
    let status = response.status();
    let bytes = response.bytes().await.map_err(unreachable)?;
    // A 204 carries no body; `()` and `Option` callers read it as null.
    let bytes = if status == StatusCode::NO_CONTENT || bytes.is_empty() {
        &b"null"[..]
    } else {
        &bytes[..]
    };
    serde_json::from_slice(bytes).map_err(|e| ClientError::Decode(e.to_string()))
}

async fn api_error(response: Response) -> ClientError {
    let status = response.status();
    let body = response.bytes().await.unwrap_or_default();
    let parsed: Option<ErrorBody> = serde_json::from_slice(&body).ok();
    let (message, errors) = match parsed {
        Some(ErrorBody { message, errors }) => (message, errors),
        None => (None, BTreeMap::new()),
    };
    ClientError::Api {
        status: status.as_u16(),
        message: message.unwrap_or_else(|| status.to_string()),
        errors,
    }
}
