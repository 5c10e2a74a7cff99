//! The confirmation of a finished match's log by its officials, with their PINs when the
//! competition asks for them.

use axum::Extension;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use polodesk_domain::competitions::Competition;
use polodesk_domain::matches::{self as rules};
use polodesk_domain::officials::check_pin;
use polodesk_domain::permissions::Refusal;
use polodesk_domain::pin_guard::{self, PinRefusal};
use polodesk_domain::validation::ValidationErrors;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::access::Principal;
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path};
use crate::identity::secrets;

use super::lineups::same_id;
use polodesk_domain::views::matches::MatchOfficialView;

use super::views::MatchNames;
use super::{actor, now};

/// `PUT /api/Matches/{matchOfficialId}/confirm`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConfirmInput {
    /// Ignored: the path names the match official.
    pub match_official_id: Option<u64>,
    /// Four digits; needed when the competition asks for PIN confirmation.
    pub pin: Option<String>,
}

/// A 429 with the time to wait, or the lock's message.
fn refused(refusal: PinRefusal) -> Response {
    let mut response = ApiError::TooManyRequests(refusal.message().to_owned()).into_response();
    if let PinRefusal::Paused { retry_after } = refusal
        && let Ok(value) = HeaderValue::from_str(&retry_after.to_string())
    {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// Confirms the log for one match official, with the official's PIN when the competition asks
/// for it; only once the match is finished. Five wrong PINs within 15 minutes pause that
/// official's confirmations for 15 minutes (429); ten in a row lock the PIN until a new one is
/// set.
#[utoipa::path(put, path = "/api/Matches/{id}/confirm", operation_id = "confirmMatchLog", tag = "Matches",
    request_body = ConfirmInput, params(("id" = u64, Path, description = "The match official's id")),
    responses((status = 200, body = MatchOfficialView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 429, body = ErrorBody)))]
pub async fn confirm(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(match_official_id): Path<u64>,
    Json(input): Json<ConfirmInput>,
) -> Result<Json<MatchOfficialView>, Response> {
    let fail = |e: ApiError| e.into_response();
    let mut errors = ValidationErrors::new();
    same_id(
        &mut errors,
        "matchOfficialId",
        input.match_official_id,
        match_official_id,
    );
    if !errors.is_empty() {
        return Err(fail(errors.into()));
    }
    let game = state
        .store
        .match_of_official_entry(match_official_id)
        .map_err(|e| fail(e.into()))?;
    let entry = game
        .state
        .officials
        .iter()
        .find(|o| o.id == match_official_id)
        .cloned()
        .ok_or_else(|| {
            fail(ApiError::NotFound(format!(
                "Match official {match_official_id} was not found."
            )))
        })?;
    if game.state.status_id != polodesk_domain::codes::MatchStatus::Finished {
        return Err(fail(ApiError::Conflict(rules::NOT_FINISHED.into())));
    }
    let competition = state
        .store
        .get::<Competition>(game.state.fields.competition_id)
        .map_err(|e| fail(e.into()))?;
    let access = &principal.access;
    let staff = access.admin || !access.federations.is_empty();
    if !competition.fields.game_log_pin_confirmation_required
        && !staff
        && !access.officials.contains(&entry.official_id)
    {
        // Without a PIN, nothing but the caller's identity says who confirms.
        return Err(fail(ApiError::Forbidden(Refusal::ConfirmSelf)));
    }
    if competition.fields.game_log_pin_confirmation_required {
        let pin = match input.pin.as_deref().map(str::trim) {
            None | Some("") => {
                return Err(fail(
                    ValidationErrors::single("pin", rules::PIN_REQUIRED).into(),
                ));
            }
            Some(pin) => check_pin(Some(pin)).map_err(|e| fail(e.into()))?.to_owned(),
        };
        let hash = state
            .store
            .official_pin_hash(entry.official_id)
            .map_err(|e| fail(e.into()))?
            .ok_or_else(|| fail(ApiError::Conflict(pin_guard::NO_PIN.into())))?;
        // Counted before the check, as the sign-in throttle does: parallel guesses cannot all
        // pass the guard before one of them is counted.
        let now_seconds = now().0;
        let guard = state
            .store
            .start_pin_attempt(entry.official_id, now_seconds)
            .await
            .map_err(|e| fail(e.into()))?
            .map_err(refused)?;
        if !secrets::verify_password(pin, hash).await {
            if let Err(refusal) = guard.check(now_seconds) {
                return Err(refused(refusal));
            }
            return Err(fail(
                ValidationErrors::single("pin", pin_guard::WRONG_PIN).into(),
            ));
        }
    }
    let (game, confirmed) = state
        .store
        .confirm_match_log(match_official_id, actor(&principal))
        .await
        .map_err(|e| fail(e.into()))?;
    crate::api::live::match_changed(&state, &game);
    let mut names = MatchNames::default();
    Ok(Json(names.official_view(&state, game.id, &confirmed)))
}
