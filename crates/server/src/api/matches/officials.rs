//! The officials of a match, one at a time (`/api/MatchOfficials`).

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::matches::{self as rules, MatchOfficialInput};
use polodesk_domain::permissions::Refusal;
use polodesk_domain::validation::ValidationErrors;

use crate::AppState;
use crate::access::{Principal, existing, owns_match};
use crate::api::{Created, created};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Update};

use super::actor;
use super::lineups::same_id;
use polodesk_domain::views::matches::MatchOfficialView;

use super::views::MatchNames;

/// Adds an official to a match.
#[utoipa::path(post, path = "/api/MatchOfficials", operation_id = "createMatchOfficial", tag = "Matches", request_body = MatchOfficialInput,
    responses((status = 201, body = MatchOfficialView), (status = 400, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub async fn add_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<MatchOfficialInput>,
) -> ApiResult<Created<MatchOfficialView>> {
    let match_id = input.match_id;
    let row = rules::check_official(input);
    let Some(match_id) = match_id else {
        let mut errors = row.err().unwrap_or_default();
        errors.add("matchId", "Match field is required!");
        return Err(errors.into());
    };
    let row = row?;
    let game = match state.store.get_match(match_id) {
        Err(polodesk_store::StoreError::NotFound { .. }) if !principal.access.admin => {
            return Err(ApiError::Forbidden(Refusal::Record));
        }
        Err(polodesk_store::StoreError::NotFound { .. }) => {
            return Err(
                ValidationErrors::single("matchId", "The chosen match does not exist.").into(),
            );
        }
        other => other?,
    };
    if !owns_match(&state, &principal.access, &game) {
        return Err(ApiError::Forbidden(Refusal::Match));
    }
    let (game, added) = state
        .store
        .add_match_official(match_id, row, actor(&principal))
        .await?;
    crate::api::live::match_changed(&state, &game);
    let view = MatchNames::default().official_view(&state, game.id, &added);
    Ok(created(format!("/api/MatchOfficials/{}", added.id), view))
}

/// One match official, with the official's name and whether they confirmed the log.
#[utoipa::path(get, path = "/api/MatchOfficials/{id}", operation_id = "getMatchOfficial", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 200, body = MatchOfficialView), (status = 404, body = ErrorBody)))]
pub async fn get_official(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<MatchOfficialView>> {
    let game = state.store.match_of_official_entry(id)?;
    let entry = game
        .state
        .officials
        .iter()
        .find(|o| o.id == id)
        .ok_or_else(|| ApiError::NotFound(format!("Match official {id} was not found.")))?;
    Ok(Json(
        MatchNames::default().official_view(&state, game.id, entry),
    ))
}

/// Changes a match official's role (or which official it is, which clears the confirmation).
#[utoipa::path(put, path = "/api/MatchOfficials/{id}", operation_id = "updateMatchOfficial", tag = "Matches", request_body = inline(Update<MatchOfficialInput, MatchOfficialView>),
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchOfficialView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn update_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<MatchOfficialInput, MatchOfficialView>,
) -> ApiResult<Json<MatchOfficialView>> {
    let mut errors = ValidationErrors::new();
    let current = existing(&principal, state.store.match_of_official_entry(id))?;
    same_id(&mut errors, "matchId", input.match_id, current.id);
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let row = rules::check_official(input)?;
    let (game, updated) = state
        .store
        .update_match_official(id, row, actor(&principal))
        .await?;
    crate::api::live::match_changed(&state, &game);
    Ok(Json(
        MatchNames::default().official_view(&state, game.id, &updated),
    ))
}

#[utoipa::path(delete, path = "/api/MatchOfficials/{id}", operation_id = "deleteMatchOfficial", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_official(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    let game = state
        .store
        .delete_match_official(id, actor(&principal))
        .await?;
    crate::api::live::match_changed(&state, &game);
    Ok(StatusCode::NO_CONTENT)
}
