//! Token revocation (RFC 7009): a client that signs out hands back its refresh token, and the
//! whole family stops working at once rather than living out its 30 days.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::client;
use super::secrets::digest;
use super::token_endpoint::{OAuthForm, oauth_error};
use crate::AppState;

#[derive(Debug, Default, Deserialize)]
pub(super) struct RevocationForm {
    #[serde(default)]
    token: String,
    // `token_type_hint` is only a hint (§2.1) and goes unread: refresh tokens are the only ones
    // the server can revoke.
    #[serde(default)]
    client_id: String,
}

/// Revokes a refresh token's family. Access tokens (signed, 15 minutes) and unknown or
/// other clients' tokens are answered 200 as well and left as they are (§2.2): the answer tells
/// nobody which tokens exist.
pub(super) async fn revoke(
    State(state): State<AppState>,
    OAuthForm(form): OAuthForm<RevocationForm>,
) -> Response {
    if client(&form.client_id).is_none() {
        return oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Unknown client_id.",
        );
    }
    if form.token.is_empty() {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "The token is missing.",
        );
    }
    match state
        .store
        .revoke_refresh_family(digest(&form.token), form.client_id)
        .await
    {
        Ok(_) => (StatusCode::OK, [(header::CACHE_CONTROL, "no-store")]).into_response(),
        Err(error) => {
            tracing::error!(%error, "cannot revoke a refresh token");
            oauth_error(
                StatusCode::SERVICE_UNAVAILABLE,
                "temporarily_unavailable",
                "",
            )
        }
    }
}
