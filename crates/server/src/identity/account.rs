//! The account pages: setting a password from an administrator's link, and the first
//! administrator's setup from the link the server prints on an empty store.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::{Form, Router};
use polodesk_domain::codes::UserType;
use polodesk_domain::users::{User, UserFields};
use polodesk_store::{ChangedBy, SetPasswordLink, StoreError};
use serde::Deserialize;

use super::secrets::{self, digest};
use super::tokens::now;
use super::{Identity, pages};
use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/account/set-password",
            get(set_password_page).post(set_password),
        )
        .route("/account/setup", get(setup_page).post(setup))
}

#[derive(Debug, Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

const LINK_INVALID: &str =
    "This link is invalid or has expired. Ask an administrator for a new one.";

/// What is wrong with a form's new password for the account of `email`: the local rules, the
/// confirmation, then the breached passwords (which may ask a service, so they come last).
async fn password_problem(
    state: &AppState,
    form: &PasswordForm,
    email: &str,
) -> Option<&'static str> {
    match secrets::password_problem(&form.password, email) {
        Some(problem) => Some(problem),
        None if form.password != form.confirm => Some("Passwords do not match."),
        None => state.identity.breached_problem(&form.password).await,
    }
}

fn link_user(state: &AppState, token: &str) -> Option<User> {
    let link: SetPasswordLink = state.store.secret(&digest(token)).ok()??;
    if link.expires_at <= now() {
        return None;
    }
    state.store.get::<User>(link.user_id).ok()
}

async fn set_password_page(
    State(state): State<AppState>,
    Query(query): Query<TokenQuery>,
) -> Response {
    match link_user(&state, &query.token) {
        Some(user) => pages::set_password(StatusCode::OK, &query.token, &user.email, None),
        None => link_expired(),
    }
}

#[derive(Debug, Deserialize)]
struct PasswordForm {
    #[serde(default)]
    token: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    confirm: String,
}

async fn set_password(State(state): State<AppState>, Form(form): Form<PasswordForm>) -> Response {
    let Some(user) = link_user(&state, &form.token) else {
        return link_expired();
    };
    if let Some(problem) = password_problem(&state, &form, &user.email).await {
        return pages::set_password(
            StatusCode::BAD_REQUEST,
            &form.token,
            &user.email,
            Some(problem),
        );
    }
    let stored = match secrets::hash_password(form.password).await {
        Some(hash) => state
            .store
            .set_password_hash(
                user.id,
                hash,
                Some(digest(&form.token)),
                (ChangedBy::Link, now()),
            )
            .await
            .map_err(Some),
        None => Err(None),
    };
    if let Err(Some(StoreError::Conflict(_))) = stored {
        // Used by another request in the meantime.
        return link_expired();
    }
    if stored.is_err() {
        return not_saved();
    }
    pages::message(
        StatusCode::OK,
        "Password set",
        "Your password is set. You can sign in now.",
        Some(("/", "Sign in")),
    )
}

fn setup_armed(identity: &Identity, token: &str) -> bool {
    let armed = identity.setup.lock().unwrap_or_else(|e| e.into_inner());
    armed.as_deref().is_some_and(|hash| *hash == digest(token))
}

async fn setup_page(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Response {
    if setup_armed(&state.identity, &query.token) {
        pages::setup(StatusCode::OK, &query.token, "", None)
    } else {
        link_expired()
    }
}

async fn setup(State(state): State<AppState>, Form(form): Form<PasswordForm>) -> Response {
    if !setup_armed(&state.identity, &form.token) {
        return link_expired();
    }
    let input = polodesk_domain::users::UserInput {
        email: Some(form.email.clone()),
        type_id: Some(UserType::Admin),
        ..Default::default()
    };
    let fields: UserFields = match input.validate() {
        Ok(fields) => fields,
        Err(errors) => {
            return pages::setup(
                StatusCode::BAD_REQUEST,
                &form.token,
                &form.email,
                Some(&errors.summary()),
            );
        }
    };
    if let Some(problem) = password_problem(&state, &form, &fields.email).await {
        return pages::setup(
            StatusCode::BAD_REQUEST,
            &form.token,
            &form.email,
            Some(problem),
        );
    }
    let Some(hash) = secrets::hash_password(form.password).await else {
        return not_saved();
    };
    match state.store.create_user(fields, Some(hash), None).await {
        Ok(_) => {
            *state
                .identity
                .setup
                .lock()
                .unwrap_or_else(|e| e.into_inner()) = None;
            pages::message(
                StatusCode::OK,
                "PoloDesk is ready",
                "The administrator account is created.",
                Some(("/", "Sign in")),
            )
        }
        Err(error) => pages::setup(
            StatusCode::BAD_REQUEST,
            &form.token,
            &form.email,
            Some(&error.to_string()),
        ),
    }
}

fn link_expired() -> Response {
    pages::message(
        StatusCode::NOT_FOUND,
        "Link expired",
        LINK_INVALID,
        Some(("/", "Go to PoloDesk")),
    )
}

fn not_saved() -> Response {
    pages::message(
        StatusCode::INTERNAL_SERVER_ERROR,
        "Not saved",
        "An unexpected server error occurred.",
        None,
    )
}
