//! Two-step sign-in of the signed-in user's own account (set up with an authenticator app,
//! recovery codes, turned off with the password), and an administrator's reset for a user who
//! lost their phone and their codes.

use axum::Extension;
use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use polodesk_domain::permissions::Refusal;
use polodesk_domain::validation::ValidationErrors;
use polodesk_domain::views::users::{
    CurrentPassword, RecoveryCodes, TwoStepCode, TwoStepSetup, TwoStepStatus,
};
use polodesk_store::{ChangedBy, TWO_STEP_NOT_STARTED, TwoStep};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::users::reauthenticate;
use crate::AppState;
use crate::access::Principal;
use crate::client_address::ClientAddress;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path};
use crate::identity::tokens::now;
use crate::identity::two_step::{
    key_for_app, matching_step, new_key, new_recovery_codes, plain, recovery_hashes,
};

pub const SETUP_CODE_WRONG: &str =
    "That code is not right: type the 6 digits your authenticator app shows now.";
pub const TWO_STEP_OFF: &str = "Two-step sign-in is off.";
pub const NO_TWO_STEP: &str = "This user does not sign in in two steps.";

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(own_two_step, start_two_step))
        .routes(routes!(confirm_two_step))
        .routes(routes!(new_recovery_codes_of_own))
        .routes(routes!(turn_off_own_two_step))
        .routes(routes!(reset_two_step))
}

async fn hashed(codes: &[String]) -> ApiResult<Vec<String>> {
    recovery_hashes(codes)
        .await
        .ok_or_else(|| ApiError::Internal("cannot hash recovery codes".into()))
}

/// The signed-in user, having given the current password again in the body
/// (`CurrentPassword`), checked under the sign-in throttle.
struct Reauthenticated(Principal);

impl FromRequest<AppState> for Reauthenticated {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let principal = parts.extensions.get::<Principal>().cloned();
        let principal = principal.ok_or_else(|| StatusCode::UNAUTHORIZED.into_response())?;
        let Ok(ClientAddress(address)) = ClientAddress::from_request_parts(&mut parts, state).await;
        let request = Request::from_parts(parts, body);
        let Json(input) = Json::<CurrentPassword>::from_request(request, state)
            .await
            .map_err(IntoResponse::into_response)?;
        reauthenticate(
            state,
            &principal,
            &input.current_password,
            address.as_deref(),
        )
        .await
        .map_err(IntoResponse::into_response)?;
        Ok(Self(principal))
    }
}

fn status(two_step: Option<TwoStep>, required: bool) -> TwoStepStatus {
    let on = two_step.filter(|two_step| two_step.on);
    TwoStepStatus {
        on: on.is_some(),
        recovery_codes_left: on.map_or(0, |two_step| two_step.recovery.len()),
        required,
    }
}

/// Whether the signed-in user's sign-ins ask for a code, and how many recovery codes are left.
#[utoipa::path(get, path = "/api/Users/me/two-step", operation_id = "getOwnTwoStep", tag = "Users",
    responses((status = 200, body = TwoStepStatus), (status = 401, body = ErrorBody)))]
async fn own_two_step(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
) -> ApiResult<Json<TwoStepStatus>> {
    let two_step = state.store.two_step(principal.user.id)?;
    let required = state.identity.requires_two_step(principal.user.type_id);
    Ok(Json(status(two_step, required)))
}

/// Starts setting up two-step sign-in: a new key for the authenticator app, which counts once
/// its first code is confirmed. Asks for the current password.
#[utoipa::path(post, path = "/api/Users/me/two-step", operation_id = "startTwoStep", tag = "Users",
    request_body = CurrentPassword,
    responses((status = 200, body = TwoStepSetup), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Two-step sign-in is already on."),
        (status = 429, body = ErrorBody)))]
async fn start_two_step(
    State(state): State<AppState>,
    Reauthenticated(principal): Reauthenticated,
) -> ApiResult<Json<TwoStepSetup>> {
    let key = new_key();
    let (base32, uri) = key_for_app(&key, &principal.user.email)
        .ok_or_else(|| ApiError::Internal("cannot describe a new two-step key".into()))?;
    state.store.start_two_step(principal.user.id, key).await?;
    Ok(Json(TwoStepSetup { key: base32, uri }))
}

/// Turns two-step sign-in on with the first code the app shows; answers the recovery codes,
/// shown this once.
#[utoipa::path(post, path = "/api/Users/me/two-step/confirm", operation_id = "confirmTwoStep", tag = "Users",
    request_body = TwoStepCode,
    responses((status = 200, body = RecoveryCodes), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Start setting up two-step sign-in first.")))]
async fn confirm_two_step(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<TwoStepCode>,
) -> ApiResult<Json<RecoveryCodes>> {
    let user_id = principal.user.id;
    let setup = state.store.two_step(user_id)?.filter(|s| !s.on);
    let setup = setup.ok_or_else(|| ApiError::Conflict(TWO_STEP_NOT_STARTED.into()))?;
    let step = matching_step(&setup.key, &plain(&input.code), now())
        .ok_or_else(|| ValidationErrors::single("code", SETUP_CODE_WRONG))?;
    let codes = new_recovery_codes();
    let hashes = hashed(&codes).await?;
    state
        .store
        .turn_on_two_step(user_id, setup.key, step, hashes, now())
        .await?;
    Ok(Json(RecoveryCodes { codes }))
}

/// New recovery codes for the signed-in user; the unused old ones stop working. Asks for the
/// current password.
#[utoipa::path(post, path = "/api/Users/me/two-step/recovery-codes", operation_id = "newRecoveryCodes", tag = "Users",
    request_body = CurrentPassword,
    responses((status = 200, body = RecoveryCodes), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "Two-step sign-in is off."),
        (status = 429, body = ErrorBody)))]
async fn new_recovery_codes_of_own(
    State(state): State<AppState>,
    Reauthenticated(principal): Reauthenticated,
) -> ApiResult<Json<RecoveryCodes>> {
    let codes = new_recovery_codes();
    let hashes = hashed(&codes).await?;
    if state
        .store
        .replace_recovery_codes(principal.user.id, hashes, now())
        .await?
    {
        Ok(Json(RecoveryCodes { codes }))
    } else {
        Err(ApiError::Conflict(TWO_STEP_OFF.into()))
    }
}

/// Turns the signed-in user's two-step sign-in off (or drops a setup not finished). Asks for
/// the current password. Not for an account the server requires it of.
#[utoipa::path(post, path = "/api/Users/me/two-step/off", operation_id = "turnOffTwoStep", tag = "Users",
    request_body = CurrentPassword,
    responses((status = 204), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody, description = "The server requires two-step sign-in of this account."),
        (status = 409, body = ErrorBody, description = "Two-step sign-in is off."),
        (status = 429, body = ErrorBody)))]
async fn turn_off_own_two_step(
    State(state): State<AppState>,
    Reauthenticated(principal): Reauthenticated,
) -> ApiResult<StatusCode> {
    if state.identity.requires_two_step(principal.user.type_id) {
        return Err(ApiError::Forbidden(Refusal::TwoStepKept));
    }
    let by = (ChangedBy::Own, now());
    if state.store.turn_off_two_step(principal.user.id, by).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::Conflict(TWO_STEP_OFF.into()))
    }
}

/// An administrator turns off a user's two-step sign-in, for a user who lost both the phone
/// and the recovery codes: the password alone signs them in again.
#[utoipa::path(delete, path = "/api/Users/{id}/two-step", operation_id = "resetTwoStep", tag = "Users",
    params(("id" = u64, Path, description = "The user")),
    responses((status = 204), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody, description = "This user does not sign in in two steps.")))]
async fn reset_two_step(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    let by = (ChangedBy::Administrator, now());
    if state.store.turn_off_two_step(id, by).await? {
        tracing::info!(
            user = id,
            "an administrator turned off a user's two-step sign-in"
        );
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::NotFound(NO_TWO_STEP.into()))
    }
}
