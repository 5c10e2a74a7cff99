//! The issuer's HTTP endpoints: discovery, keys, authorize and sign-in, userinfo and sign-out
//! (the token endpoint is `token_endpoint.rs`).

use std::time::Instant;

use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Form, Json, Router};
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::Cookie;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use polodesk_domain::users::User;
use polodesk_store::{Activity, SESSION_SECONDS, Session};
use serde::Deserialize;
use serde_json::json;

use super::secrets::{self, digest, random_secret};
use super::throttle::Verdict;
use super::tokens::{self, API_AUDIENCE, now};
use super::two_step::{SIGN_IN_AGAIN, check_second_step, two_step_on};
use super::{Identity, PendingCode, WEB_CLIENT, client, display_name, pages};
use crate::AppState;
use crate::client_address::ClientAddress;

pub const SESSION_COOKIE: &str = "polodesk_session";
pub(crate) const CODE_SECONDS: u64 = 60;
const SCOPES: &[&str] = &["openid", "profile", "email", "offline_access", API_AUDIENCE];

/// The first scope of `scope` this issuer does not support, if any (RFC 6749 §3.3).
pub(super) fn unsupported_scope(scope: &str) -> Option<&str> {
    scope
        .split(' ')
        .find(|s| !s.is_empty() && !SCOPES.contains(s))
}

/// What answers a request for a scope this issuer does not support.
pub(super) fn scope_refusal(unsupported: &str) -> String {
    format!("The scope {unsupported} is not supported.")
}

pub const INVALID_CREDENTIALS: &str = "Invalid email or password.";
pub const INVALID_RETURN_URL: &str =
    "Invalid return url. The return url needs to have the same origin as the current page.";
const TOO_MANY_ATTEMPTS: &str = "Too many failed sign-in attempts. Try again in 15 minutes.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/.well-known/openid-configuration", get(discovery))
        .route("/.well-known/jwks.json", get(jwks))
        .route("/_configuration/polodesk-web", get(web_configuration))
        .route("/connect/authorize", get(authorize).post(sign_in))
        .route(
            "/connect/token",
            axum::routing::post(super::token_endpoint::token),
        )
        .route("/connect/userinfo", get(userinfo).post(userinfo))
        .route(
            "/connect/endsession",
            get(end_session).post(confirmed_end_session),
        )
        .route(
            "/connect/revocation",
            axum::routing::post(super::revocation::revoke),
        )
}

async fn discovery(State(state): State<AppState>, headers: HeaderMap) -> Json<serde_json::Value> {
    let issuer = state.identity.issuer(&headers);
    Json(json!({
        "issuer": issuer,
        "authorization_endpoint": format!("{issuer}/connect/authorize"),
        "token_endpoint": format!("{issuer}/connect/token"),
        "userinfo_endpoint": format!("{issuer}/connect/userinfo"),
        "end_session_endpoint": format!("{issuer}/connect/endsession"),
        "revocation_endpoint": format!("{issuer}/connect/revocation"),
        "revocation_endpoint_auth_methods_supported": ["none"],
        "jwks_uri": format!("{issuer}/.well-known/jwks.json"),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token", "password"],
        "code_challenge_methods_supported": ["S256"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["ES256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "scopes_supported": SCOPES,
        "claims_supported": ["sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "email", "name"],
    }))
}

async fn jwks(State(state): State<AppState>) -> Json<serde_json::Value> {
    Json(json!({ "keys": [state.identity.keys.jwk] }))
}

async fn web_configuration(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let issuer = state.identity.issuer(&headers);
    let body = Json(json!({
        "authority": issuer,
        "client_id": WEB_CLIENT,
        "redirect_uri": format!("{issuer}/authentication/login-callback"),
        "post_logout_redirect_uri": format!("{issuer}/authentication/logout-callback"),
        "silent_redirect_uri": format!("{issuer}/authentication/silent-callback.html"),
        "response_type": "code",
        "scope": format!("openid profile email offline_access {API_AUDIENCE}"),
        // Signing out hands the refresh token back, so its family ends with the sign-out.
        "revokeTokensOnSignout": true,
        "revokeTokenTypes": ["refresh_token"],
    }));
    ([(header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct AuthorizeParams {
    #[serde(default)]
    client_id: String,
    #[serde(default)]
    redirect_uri: String,
    #[serde(default)]
    response_type: String,
    #[serde(default)]
    scope: String,
    state: Option<String>,
    nonce: Option<String>,
    #[serde(default)]
    code_challenge: String,
    #[serde(default)]
    code_challenge_method: String,
    prompt: Option<String>,
}

impl AuthorizeParams {
    fn hidden(&self) -> Vec<(&'static str, &str)> {
        let mut fields = vec![
            ("client_id", self.client_id.as_str()),
            ("redirect_uri", self.redirect_uri.as_str()),
            ("response_type", self.response_type.as_str()),
            ("scope", self.scope.as_str()),
            ("code_challenge", self.code_challenge.as_str()),
            ("code_challenge_method", self.code_challenge_method.as_str()),
        ];
        if let Some(state) = &self.state {
            fields.push(("state", state));
        }
        if let Some(nonce) = &self.nonce {
            fields.push(("nonce", nonce));
        }
        fields
    }

    /// The redirect back to the client with `pairs` and the request's state.
    fn answer(&self, pairs: &[(&str, &str)]) -> Response {
        let mut url = self.redirect_uri.clone();
        let mut separator = if url.contains('?') { '&' } else { '?' };
        let state = self.state.as_deref().map(|s| ("state", s));
        for (key, value) in pairs.iter().copied().chain(state) {
            url.push(separator);
            url.push_str(key);
            url.push('=');
            url.push_str(&encode(value));
            separator = '&';
        }
        Redirect::to(&url).into_response()
    }

    fn error(&self, error: &str, description: &str) -> Response {
        self.answer(&[("error", error), ("error_description", description)])
    }
}

/// The sign-in page of the same authorization request, from its password.
fn restart(hidden: &[(&str, &str)]) -> String {
    let query: Vec<String> = hidden
        .iter()
        .map(|(name, value)| format!("{name}={}", encode(value)))
        .collect();
    format!("/connect/authorize?{}", query.join("&"))
}

/// RFC 3986's unreserved characters stay as they are; everything else is escaped.
const QUERY_VALUE: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

fn encode(value: &str) -> String {
    utf8_percent_encode(value, QUERY_VALUE).to_string()
}

/// The refusal of a bad request, if it is one. An unknown client or redirect URI is never
/// redirected to (that would be an open redirect); other refusals go to the redirect URI.
fn check_request(
    identity: &Identity,
    headers: &HeaderMap,
    params: &AuthorizeParams,
) -> Option<Response> {
    let issuer = identity.issuer(headers);
    let known = client(&params.client_id).is_some_and(|c| {
        c.redirect_paths
            .iter()
            .any(|path| params.redirect_uri == format!("{issuer}{path}"))
    });
    if !known {
        return Some(pages::message(
            StatusCode::BAD_REQUEST,
            "Sign-in request refused",
            "The application asking you to sign in is not registered with this PoloDesk, or \
             asked to return to an address it did not register.",
            Some(("/", "Go to PoloDesk")),
        ));
    }
    if params.response_type != "code" {
        return Some(params.error(
            "unsupported_response_type",
            "Only the code flow is supported.",
        ));
    }
    if params.code_challenge.is_empty() || params.code_challenge_method != "S256" {
        return Some(params.error("invalid_request", "PKCE with the S256 method is required."));
    }
    if let Some(unsupported) = unsupported_scope(&params.scope) {
        return Some(params.error("invalid_scope", &scope_refusal(unsupported)));
    }
    None
}

/// The user of the browser's issuer session, the session and its digest, while it works (not
/// expired, not idle).
fn session_user(state: &AppState, jar: &CookieJar) -> Option<(User, Session, String)> {
    let cookie = jar.get(SESSION_COOKIE)?;
    let key = digest(cookie.value());
    let session = state.store.session(&key, now()).ok()??;
    let user = state.store.get::<User>(session.user_id).ok()?;
    Some((user, session, key))
}

/// Answers the client a code for `user_id`, issued in the issuer session `session` (a digest).
fn issue_code(
    state: &AppState,
    params: &AuthorizeParams,
    user_id: u64,
    auth_time: u64,
    session: String,
) -> Response {
    let identity = &state.identity;
    let code = random_secret();
    // Read again at the exchange: a code issued before the user's sign-ins were ended gives
    // nothing. Unreadable, it is taken as the first, which a later end refuses.
    let generation = state.store.sign_in_generation(user_id).unwrap_or(0);
    let pending = PendingCode {
        client_id: params.client_id.clone(),
        redirect_uri: params.redirect_uri.clone(),
        code_challenge: params.code_challenge.clone(),
        user_id,
        scope: params.scope.clone(),
        nonce: params.nonce.clone(),
        auth_time,
        generation,
        session: Some(session),
        expires_at: now() + CODE_SECONDS,
    };
    identity.keep_code(digest(&code), pending);
    params.answer(&[("code", &code)])
}

async fn authorize(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
    Query(params): Query<AuthorizeParams>,
) -> Response {
    if let Some(response) = check_request(&state.identity, &headers, &params) {
        return response;
    }
    if let Some((user, session, key)) = session_user(&state, &jar) {
        let auth_time = session.expires_at.saturating_sub(SESSION_SECONDS);
        // Signing the browser in again is a use: the session's idle time starts over.
        if let Err(error) = state.store.use_session(key.clone(), now()).await {
            tracing::error!(%error, "cannot note the use of a sign-in session");
        }
        return issue_code(&state, &params, user.id, auth_time, key);
    }
    if params.prompt.as_deref() == Some("none") {
        return params.error("login_required", "Sign-in is required.");
    }
    pages::sign_in(StatusCode::OK, &params.hidden(), "", None)
}

#[derive(Debug, Deserialize)]
struct SignInForm {
    #[serde(flatten)]
    params: AuthorizeParams,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    /// The second step: the ticket its page carries and the code typed.
    #[serde(default)]
    ticket: String,
    #[serde(default)]
    code: String,
}

/// Counts a sign-in attempt of `email` from `address`: waits as long as the throttle says, or
/// refuses with 429.
pub(super) async fn pass_throttle(
    state: &AppState,
    email: &str,
    address: Option<&str>,
) -> Result<(), (StatusCode, &'static str)> {
    match state
        .identity
        .throttle
        .attempt(email, address, Instant::now())
    {
        Verdict::Refuse => Err((StatusCode::TOO_MANY_REQUESTS, TOO_MANY_ATTEMPTS)),
        Verdict::Wait(delay) => {
            tokio::time::sleep(delay).await;
            Ok(())
        }
        Verdict::Go => Ok(()),
    }
}

/// A right password, and whether its user must give a second step before being signed in.
pub(super) struct Checked {
    pub user: User,
    pub second_step: bool,
}

/// Checks an email and password under the throttle: the user, or the page status and message.
/// For a user with two-step sign-in the attempt stays counted as a failure until the second
/// step passes (`two_step::check_second_step`), so a known password does not buy free guesses
/// at the code.
pub(super) async fn check_password(
    state: &AppState,
    email: &str,
    password: &str,
    address: Option<&str>,
) -> Result<Checked, (StatusCode, &'static str)> {
    let identity = &state.identity;
    pass_throttle(state, email, address).await?;
    let user = state.store.user_by_email(email).ok().flatten();
    let hash = user
        .as_ref()
        .and_then(|u| state.store.password_hash(u.id).ok().flatten());
    // Without an account (or a password) a stand-in hash is checked, so the answer takes as
    // long and does not tell which emails have accounts.
    let verified = match hash {
        Some(hash) => secrets::verify_password(password.to_owned(), hash).await,
        None => {
            secrets::verify_password(password.to_owned(), secrets::stand_in_hash().await).await;
            false
        }
    };
    match user {
        Some(user) if verified => {
            let second_step = two_step_on(state, user.id);
            if !second_step {
                identity.throttle.succeeded(email, address, Instant::now());
            }
            Ok(Checked { user, second_step })
        }
        Some(user) => {
            let address = address.map(str::to_owned);
            let wrong = Activity::WrongPasswords { address, count: 1 };
            note_wrong_guess(state, user.id, wrong);
            Err((StatusCode::OK, INVALID_CREDENTIALS))
        }
        None => Err((StatusCode::OK, INVALID_CREDENTIALS)),
    }
}

/// Notes a wrong guess in the account's activity, for its owner to see. The answer does not
/// wait for the write: its time would tell which emails have accounts.
pub(super) fn note_wrong_guess(state: &AppState, user_id: u64, activity: Activity) {
    let store = state.store.clone();
    tokio::spawn(async move {
        if let Err(error) = store.note_account_activity(user_id, now(), activity).await {
            tracing::error!(%error, "cannot note a wrong sign-in guess");
        }
    });
}

/// Checks the signed-in user's password again (a re-authentication, not a sign-in): a right one
/// clears the throttle's count even when two-step sign-in is on.
pub(crate) async fn confirm_password(
    state: &AppState,
    email: &str,
    password: &str,
    address: Option<&str>,
) -> Result<User, (StatusCode, &'static str)> {
    let user = check_password(state, email, password, address).await?.user;
    let identity = &state.identity;
    identity.throttle.succeeded(email, address, Instant::now());
    Ok(user)
}

/// Browsers say where a posted form comes from: `Sec-Fetch-Site` (every current one) and
/// `Origin`. Another site's page may not sign anyone in (login CSRF) or out, and neither may a
/// page that hides its origin (`Origin: null`: a sandboxed frame, a `data:` page) unless the
/// browser vouches that it is this site's. A client that sends neither (a script) is let in.
fn from_another_site(state: &AppState, headers: &HeaderMap) -> bool {
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let fetched_from = text(header::HeaderName::from_static("sec-fetch-site"));
    if fetched_from.is_some_and(|site| site != "same-origin") {
        return true;
    }
    match text(header::ORIGIN) {
        None => false,
        Some("null") => fetched_from.is_none(),
        Some(origin) => origin != state.identity.issuer(headers),
    }
}

async fn sign_in(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
    ClientAddress(address): ClientAddress,
    Form(form): Form<SignInForm>,
) -> Response {
    let params = form.params;
    if let Some(response) = check_request(&state.identity, &headers, &params) {
        return response;
    }
    if from_another_site(&state, &headers) {
        return pages::message(
            StatusCode::FORBIDDEN,
            "Sign-in refused",
            "The sign-in form was sent from another site.",
            Some(("/", "Go to PoloDesk")),
        );
    }
    let address = address.as_deref();
    let user = if form.ticket.is_empty() {
        let email = form.email.trim();
        let checked = match check_password(&state, email, &form.password, address).await {
            Ok(checked) => checked,
            Err((status, message)) => {
                return pages::sign_in(status, &params.hidden(), email, Some(message));
            }
        };
        let user = checked.user;
        if checked.second_step {
            let ticket = state.identity.await_second_step(user.id);
            let hidden = params.hidden();
            return pages::second_step(StatusCode::OK, &hidden, &ticket, &restart(&hidden), None);
        }
        user
    } else {
        match passed_second_step(&state, &params, &form.ticket, &form.code, address).await {
            Ok(user) => user,
            Err(page) => return page,
        }
    };
    // A sign-in replaces the issuer session this browser held, whoever's it was (ASVS V7.2.4).
    end_browser_session(&state, &jar).await;
    let secret = random_secret();
    let session = Session {
        user_id: user.id,
        expires_at: now() + SESSION_SECONDS,
    };
    let key = digest(&secret);
    if let Err(error) = state.store.start_session(key.clone(), session, now()).await {
        tracing::error!(%error, "cannot store a sign-in session");
        return pages::message(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Sign-in failed",
            "An unexpected server error occurred.",
            None,
        );
    }
    let secure = if state.identity.issuer(&headers).starts_with("https:") {
        "; Secure"
    } else {
        ""
    };
    // Built as text: the cookie crate's own duration type is not re-exported by axum-extra.
    let cookie = Cookie::parse(format!(
        "{SESSION_COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_SECONDS}{secure}"
    ))
    .expect("a cookie of URL-safe characters parses");
    let code = issue_code(&state, &params, user.id, now(), key);
    (jar.add(cookie), code).into_response()
}

/// The second step of a browser sign-in: its user, or the page to show instead.
async fn passed_second_step(
    state: &AppState,
    params: &AuthorizeParams,
    ticket: &str,
    code: &str,
    address: Option<&str>,
) -> Result<User, Response> {
    let hidden = params.hidden();
    let user_id = state.identity.pending_second_step(ticket);
    let Some(user) = user_id.and_then(|id| state.store.get::<User>(id).ok()) else {
        return Err(pages::sign_in(
            StatusCode::OK,
            &hidden,
            "",
            Some(SIGN_IN_AGAIN),
        ));
    };
    match check_second_step(state, &user, code, address).await {
        Ok(()) => {
            state.identity.second_step_done(ticket);
            Ok(user)
        }
        Err((StatusCode::TOO_MANY_REQUESTS, message)) => Err(pages::second_step(
            StatusCode::TOO_MANY_REQUESTS,
            &hidden,
            ticket,
            &restart(&hidden),
            Some(message),
        )),
        Err((status, message)) => Err(match state.identity.second_step_failed(ticket) {
            Some(again) => pages::sign_in(status, &hidden, &user.email, Some(again)),
            None => pages::second_step(status, &hidden, ticket, &restart(&hidden), Some(message)),
        }),
    }
}

async fn userinfo(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let issuer = state.identity.issuer(&headers);
    let claims = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .and_then(|token| state.identity.verify_access(token, &issuer));
    let user = claims.and_then(|c| {
        let id = c.sub.parse().ok()?;
        state
            .store
            .signed_in_user(id, c.generation, c.family)
            .ok()?
    });
    match user {
        Some(user) => Json(json!({
            "sub": user.id.to_string(),
            "email": user.email,
            "email_verified": user.email_confirmed,
            "name": display_name(&state.store, &user),
        }))
        .into_response(),
        None => (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer error=\"invalid_token\"")],
        )
            .into_response(),
    }
}

#[derive(Debug, Default, Deserialize)]
struct EndSessionParams {
    post_logout_redirect_uri: Option<String>,
    state: Option<String>,
    client_id: Option<String>,
    id_token_hint: Option<String>,
}

/// A sign-out from the app (`GET`, RP-Initiated Logout). One that does not name the browser's
/// signed-in user in a valid `id_token_hint` may come from a link on another site: it is asked
/// for on a page first, whose button sends it again as a `POST`.
async fn end_session(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
    Query(params): Query<EndSessionParams>,
) -> Response {
    let target = match sign_out_target(&state, &headers, &params) {
        Ok(target) => target,
        Err(refused) => return refused.into_response(),
    };
    if let Some((user, _, _)) = session_user(&state, &jar) {
        let issuer = state.identity.issuer(&headers);
        let clients: Vec<&str> = super::CLIENTS.iter().map(|c| c.id).collect();
        let hinted = params.id_token_hint.as_deref().and_then(|hint| {
            tokens::id_token_subject(&state.identity.keys, hint, &issuer, &clients)
        });
        if hinted != Some(user.id) {
            let carried = [
                ("post_logout_redirect_uri", &params.post_logout_redirect_uri),
                ("state", &params.state),
                ("client_id", &params.client_id),
            ];
            let hidden: Vec<(&str, &str)> = carried
                .iter()
                .filter_map(|(name, value)| value.as_deref().map(|v| (*name, v)))
                .collect();
            return pages::confirm_sign_out(&hidden, &user.email);
        }
    }
    sign_out(&state, jar, target, params.state.as_deref()).await
}

/// The sign-out the confirmation page sends: only from PoloDesk's own page.
async fn confirmed_end_session(
    State(state): State<AppState>,
    headers: HeaderMap,
    jar: CookieJar,
    Form(params): Form<EndSessionParams>,
) -> Response {
    if from_another_site(&state, &headers) {
        return pages::message(
            StatusCode::FORBIDDEN,
            "Sign-out refused",
            "The sign-out was sent from another site.",
            Some(("/", "Go to PoloDesk")),
        );
    }
    let target = match sign_out_target(&state, &headers, &params) {
        Ok(target) => target,
        Err(refused) => return refused.into_response(),
    };
    sign_out(&state, jar, target, params.state.as_deref()).await
}

/// Where a sign-out returns to: a registered path of the client on this origin, or nowhere (a
/// page says it is done); any other place is refused.
fn sign_out_target(
    state: &AppState,
    headers: &HeaderMap,
    params: &EndSessionParams,
) -> Result<Option<String>, ReturnRefused> {
    let Some(uri) = &params.post_logout_redirect_uri else {
        return Ok(None);
    };
    let issuer = state.identity.issuer(headers);
    let client_id = params.client_id.as_deref().unwrap_or(WEB_CLIENT);
    let registered = client(client_id).is_some_and(|c| {
        c.post_logout_paths
            .iter()
            .any(|path| *uri == format!("{issuer}{path}"))
    });
    if registered {
        Ok(Some(uri.clone()))
    } else {
        Err(ReturnRefused)
    }
}

/// A sign-out whose return place is not the client's.
struct ReturnRefused;

impl IntoResponse for ReturnRefused {
    fn into_response(self) -> Response {
        pages::message(
            StatusCode::BAD_REQUEST,
            "Sign-out refused",
            INVALID_RETURN_URL,
            None,
        )
    }
}

/// Deletes the issuer session of the browser's cookie, if it has one.
async fn end_browser_session(state: &AppState, jar: &CookieJar) {
    if let Some(cookie) = jar.get(SESSION_COOKIE)
        && let Err(error) = state
            .store
            .delete_secret::<Session>(digest(cookie.value()))
            .await
    {
        tracing::error!(%error, "cannot delete a sign-in session");
    }
}

/// Ends the browser's issuer session, if any, and returns to `target` (with the client's
/// `state`) or says it is done.
async fn sign_out(
    state: &AppState,
    jar: CookieJar,
    target: Option<String>,
    client_state: Option<&str>,
) -> Response {
    end_browser_session(state, &jar).await;
    let jar = jar.remove(Cookie::build(SESSION_COOKIE).path("/"));
    let response = match target {
        Some(uri) => {
            let mut url = uri;
            if let Some(s) = client_state {
                url.push_str(&format!("?state={}", encode(s)));
            }
            Redirect::to(&url).into_response()
        }
        None => pages::message(
            StatusCode::OK,
            "Signed out",
            "You successfully logged out!",
            Some(("/", "Log in")),
        ),
    };
    (jar, response).into_response()
}
