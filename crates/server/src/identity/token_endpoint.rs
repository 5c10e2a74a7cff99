//! The token endpoint (`/connect/token`) and its grants: an authorization code with PKCE, a
//! refresh token (rotated; a spent one presented again revokes its family), and the password
//! grant of the first-party command-line clients.

use axum::Form;
use axum::Json;
use axum::extract::State;
use axum::extract::rejection::FormRejection;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use polodesk_domain::users::{TWO_STEP_FIRST, TWO_STEP_REQUIRED, User};
use polodesk_store::{REFRESH_TOKEN_SECONDS, RefreshToken, Rotation, Seen, StoreError};
use serde::Deserialize;
use serde_json::json;

use super::oidc::{Checked, check_password, scope_refusal, unsupported_scope};
use super::secrets::{self, digest, random_secret};
use super::tokens::{self, API_AUDIENCE, AccessClaims, IdClaims, now};
use super::two_step::{CODE_NEEDED, check_second_step};
use super::{Replayed, Taken, client, display_name};
use crate::AppState;
use crate::client_address::ClientAddress;

#[derive(Debug, Default, Deserialize)]
pub(super) struct TokenForm {
    #[serde(default)]
    grant_type: String,
    #[serde(default)]
    client_id: String,
    code: Option<String>,
    redirect_uri: Option<String>,
    code_verifier: Option<String>,
    refresh_token: Option<String>,
    username: Option<String>,
    password: Option<String>,
    /// The second step of a password grant for an account with two-step sign-in: its
    /// authenticator code or a recovery code.
    otp: Option<String>,
    scope: Option<String>,
}

/// The form of an OAuth endpoint. A body that is not a form or names a member twice (RFC 6749
/// §3.2) is answered as an OAuth error, which clients read as JSON (§5.2).
pub(super) struct OAuthForm<T>(pub T);

impl<S, T> axum::extract::FromRequest<S> for OAuthForm<T>
where
    S: Send + Sync,
    Form<T>: axum::extract::FromRequest<S, Rejection = FormRejection>,
{
    type Rejection = Response;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Response> {
        match Form::<T>::from_request(request, state).await {
            Ok(Form(form)) => Ok(Self(form)),
            Err(rejection) => Err(oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                &rejection.body_text(),
            )),
        }
    }
}

/// An OAuth error answer (RFC 6749 §5.2).
pub(super) fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    let body = Json(json!({ "error": error, "error_description": description }));
    (status, [(header::CACHE_CONTROL, "no-store")], body).into_response()
}

fn invalid_grant(description: &str) -> Response {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", description)
}

/// What a grant hands out tokens for.
struct Grant<'a> {
    issuer: &'a str,
    user: &'a User,
    client_id: &'a str,
    scope: &'a str,
    nonce: Option<&'a str>,
    auth_time: u64,
    /// The next refresh token and its family when rotating; a new family is started otherwise,
    /// a sign-in on the device `seen` (in the issuer session named, if any).
    refresh: Option<(String, u64)>,
    seen: Seen,
    session: Option<String>,
}

const CODE_USED: &str = "The code is unknown or was already used.";
const IDLE_SIGN_IN: &str =
    "This sign-in was not used for 12 hours and has ended. Sign in again with your password.";
const _: () = assert!(
    polodesk_store::IDLE_SECONDS == 12 * 3600,
    "IDLE_SIGN_IN names it"
);

/// A code presented a second time may have been stolen: the sign-in its first exchange started
/// ends (RFC 6749 §4.1.2), its issuer session with it.
async fn end_replayed(state: &AppState, Replayed { user_id, family }: Replayed) {
    tracing::warn!("an authorization code was presented again; its tokens are revoked");
    match state.store.end_sign_in(user_id, family).await {
        Ok(()) | Err(StoreError::NotFound { .. }) => {}
        Err(error) => tracing::error!(%error, "cannot end the sign-in of a replayed code"),
    }
}

/// The tokens of a grant, and the refresh-token family they belong to.
struct Granted {
    body: serde_json::Value,
    family: u64,
}

impl IntoResponse for Granted {
    fn into_response(self) -> Response {
        ([(header::CACHE_CONTROL, "no-store")], Json(self.body)).into_response()
    }
}

/// Issues the tokens of a grant: access token, refresh token, and an ID token for `openid`.
async fn grant(state: &AppState, grant: Grant<'_>) -> Result<Granted, Response> {
    let Grant {
        issuer,
        user,
        client_id,
        scope,
        nonce,
        auth_time,
        refresh,
        seen,
        session,
    } = grant;
    let issued = now();
    let generation = match state.store.sign_in_generation(user.id) {
        Ok(generation) => generation,
        Err(error) => {
            tracing::error!(%error, "cannot read a user's sign-in generation");
            return Err(oauth_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "server_error",
                "",
            ));
        }
    };
    let (refresh_token, family) = match refresh {
        Some(rotated) => rotated,
        None => {
            let token = random_secret();
            let record = RefreshToken {
                user_id: user.id,
                client_id: client_id.to_owned(),
                scope: scope.to_owned(),
                auth_time,
                family: 0,
                // Counted from the sign-in's start, which the password check may
                // have pushed a second behind `issued`.
                expires_at: seen.at + REFRESH_TOKEN_SECONDS,
                spent: false,
            };
            match state
                .store
                .issue_refresh_token(digest(&token), record, generation, seen, session)
                .await
            {
                Ok(Some(family)) => (token, family),
                Ok(None) => {
                    return Err(invalid_grant(
                        "The account no longer exists or its sign-ins have ended.",
                    ));
                }
                Err(error) => {
                    tracing::error!(%error, "cannot store a refresh token");
                    return Err(oauth_error(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "server_error",
                        "",
                    ));
                }
            }
        }
    };
    let access = tokens::sign(
        &state.identity.keys,
        &AccessClaims {
            iss: issuer.to_owned(),
            sub: user.id.to_string(),
            aud: API_AUDIENCE.to_owned(),
            exp: issued + tokens::ACCESS_TOKEN_SECONDS,
            iat: issued,
            client_id: client_id.to_owned(),
            scope: scope.to_owned(),
            email: user.email.clone(),
            generation,
            family: Some(family),
        },
    );
    let mut body = json!({
        "access_token": access,
        "token_type": "Bearer",
        "expires_in": tokens::ACCESS_TOKEN_SECONDS,
        "refresh_token": refresh_token,
        "scope": scope,
    });
    if scope.split(' ').any(|s| s == "openid") {
        let name = display_name(&state.store, user);
        let id_token = tokens::sign(
            &state.identity.keys,
            &IdClaims {
                iss: issuer,
                sub: user.id.to_string(),
                aud: client_id,
                exp: issued + tokens::ACCESS_TOKEN_SECONDS,
                iat: issued,
                auth_time,
                nonce,
                email: &user.email,
                name: &name,
            },
        );
        body["id_token"] = json!(id_token);
    }
    Ok(Granted { body, family })
}

pub(super) async fn token(
    State(state): State<AppState>,
    headers: HeaderMap,
    ClientAddress(address): ClientAddress,
    OAuthForm(form): OAuthForm<TokenForm>,
) -> Response {
    let issuer = state.identity.issuer(&headers);
    let seen = Seen {
        at: now(),
        user_agent: headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned(),
        address: address.clone(),
    };
    let Some(registered) = client(&form.client_id) else {
        return oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Unknown client_id.",
        );
    };
    match form.grant_type.as_str() {
        "authorization_code" => {
            let (Some(code), Some(verifier)) = (&form.code, &form.code_verifier) else {
                return oauth_error(
                    StatusCode::BAD_REQUEST,
                    "invalid_request",
                    "code and code_verifier are required.",
                );
            };
            let key = digest(code);
            let pending = match state.identity.take_code(&key) {
                Taken::First(pending) => pending,
                Taken::Unknown => return invalid_grant(CODE_USED),
                Taken::Again(replayed) => {
                    end_replayed(&state, replayed).await;
                    return invalid_grant(CODE_USED);
                }
            };
            if pending.expires_at <= now()
                || pending.client_id != form.client_id
                || Some(&pending.redirect_uri) != form.redirect_uri.as_ref()
            {
                return invalid_grant("The code does not match this request.");
            }
            if secrets::pkce_s256(verifier) != pending.code_challenge {
                return invalid_grant("The code verifier does not match the challenge.");
            }
            let Ok(Some(user)) =
                state
                    .store
                    .signed_in_user(pending.user_id, pending.generation, None)
            else {
                return invalid_grant("The account no longer exists or its sign-ins have ended.");
            };
            let nonce = pending.nonce.as_deref();
            let scope = &pending.scope;
            let auth_time = pending.auth_time;
            let client_id = &form.client_id;
            let request = Grant {
                issuer: &issuer,
                user: &user,
                client_id,
                scope,
                nonce,
                auth_time,
                refresh: None,
                seen,
                session: pending.session.clone(),
            };
            let granted = match grant(&state, request).await {
                Ok(granted) => granted,
                Err(refused) => return refused,
            };
            // Presented again while its tokens were being issued: they are revoked at once.
            if let Some(replayed) = state.identity.exchanged(&key, granted.family) {
                end_replayed(&state, replayed).await;
                return invalid_grant(CODE_USED);
            }
            granted.into_response()
        }
        "refresh_token" => {
            let Some(presented) = &form.refresh_token else {
                return oauth_error(
                    StatusCode::BAD_REQUEST,
                    "invalid_request",
                    "refresh_token is required.",
                );
            };
            let next = random_secret();
            let rotation = match state
                .store
                .rotate_refresh_token(
                    digest(presented),
                    digest(&next),
                    form.client_id.clone(),
                    seen.clone(),
                )
                .await
            {
                Ok(rotation) => rotation,
                Err(error) => {
                    tracing::error!(%error, "cannot rotate a refresh token");
                    return oauth_error(StatusCode::INTERNAL_SERVER_ERROR, "server_error", "");
                }
            };
            let granted = match rotation {
                Rotation::Rotated(granted) => granted,
                Rotation::Reused => {
                    tracing::warn!(
                        "a spent refresh token was presented again; its family is revoked"
                    );
                    return invalid_grant("The refresh token was already used.");
                }
                Rotation::Refused => return invalid_grant("The refresh token is not valid."),
                Rotation::Idle => return invalid_grant(IDLE_SIGN_IN),
            };
            let Ok(user) = state.store.get::<User>(granted.user_id) else {
                return invalid_grant("The account no longer exists.");
            };
            let request = Grant {
                issuer: &issuer,
                user: &user,
                client_id: &form.client_id,
                scope: &granted.scope,
                nonce: None,
                auth_time: granted.auth_time,
                refresh: Some((next, granted.family)),
                seen,
                session: None,
            };
            grant(&state, request).await.into_response()
        }
        "password" if registered.password_grant => {
            if let Some(unsupported) = form.scope.as_deref().and_then(unsupported_scope) {
                let refusal = scope_refusal(unsupported);
                return oauth_error(StatusCode::BAD_REQUEST, "invalid_scope", &refusal);
            }
            let email = form.username.as_deref().unwrap_or_default().trim();
            let password = form.password.as_deref().unwrap_or_default();
            let address = address.as_deref();
            let checked = match check_password(&state, email, password, address).await {
                Ok(Checked {
                    user,
                    second_step: true,
                }) => match form.otp.as_deref() {
                    None | Some("") => {
                        return oauth_error(
                            StatusCode::BAD_REQUEST,
                            TWO_STEP_REQUIRED,
                            CODE_NEEDED,
                        );
                    }
                    Some(code) => check_second_step(&state, &user, code, address)
                        .await
                        .map(|()| user),
                },
                // Without two-step sign-in on, an account the rule names has it due; the command
                // line cannot set it up, and a token would only be refused.
                Ok(Checked { user, .. }) if state.identity.requires_two_step(user.type_id) => {
                    return invalid_grant(TWO_STEP_FIRST);
                }
                checked => checked.map(|checked| checked.user),
            };
            match checked {
                Ok(user) => {
                    let scope = form
                        .scope
                        .clone()
                        .unwrap_or_else(|| API_AUDIENCE.to_owned());
                    let request = Grant {
                        issuer: &issuer,
                        user: &user,
                        client_id: &form.client_id,
                        scope: &scope,
                        nonce: None,
                        auth_time: now(),
                        refresh: None,
                        seen,
                        session: None,
                    };
                    grant(&state, request).await.into_response()
                }
                Err((StatusCode::TOO_MANY_REQUESTS, message)) => {
                    oauth_error(StatusCode::TOO_MANY_REQUESTS, "too_many_attempts", message)
                }
                Err((_, message)) => invalid_grant(message),
            }
        }
        "password" => oauth_error(
            StatusCode::BAD_REQUEST,
            "unauthorized_client",
            "This client may not use the password grant.",
        ),
        _ => oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "Unsupported grant_type.",
        ),
    }
}
