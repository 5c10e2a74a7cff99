//! Matches (spec 02 §7): the list, the detail and the match form with its forward-only status
//! here; the views, the search, the log (lineups, coaches, officials), the PIN confirmation,
//! the match officials, the history and the report's reads (scoresheet, match stats) in their
//! own files.

mod confirm;
mod history;
mod lineups;
mod officials;
mod report;
mod search;
mod views;

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::dates::Instant;
use polodesk_domain::matches::{Match, MatchInput};
use polodesk_domain::permissions::Refusal;
use polodesk_store::Actor;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Created, created};
use crate::AppState;
use crate::access::{Principal, check_competition};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Update};

pub use polodesk_domain::views::matches::MatchView;
pub use report::stats_of;
pub use views::{MatchNames, views_of};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(search::search))
        .routes(routes!(get, update, delete))
        .routes(routes!(lineups::put_players))
        .routes(routes!(lineups::put_coaches))
        .routes(routes!(lineups::put_officials))
        .routes(routes!(lineups::put_log))
        .routes(routes!(confirm::confirm))
        .routes(routes!(history::history))
        .routes(routes!(report::scoresheet))
        .routes(routes!(report::match_stats))
        .routes(routes!(officials::add_official))
        .routes(routes!(
            officials::get_official,
            officials::update_official,
            officials::delete_official
        ))
}

/// The caller as the author of a log write: federation staff and administrators may correct a
/// confirmed log.
pub fn actor(principal: &Principal) -> Actor {
    Actor {
        user_id: principal.user.id,
        user: principal.user.email.clone(),
        at: now(),
        may_correct: principal.access.admin || !principal.access.federations.is_empty(),
    }
}

pub fn now() -> Instant {
    Instant(i64::try_from(crate::identity::tokens::now()).unwrap_or(i64::MAX))
}

/// Every match, latest first, without logos and lineups.
#[utoipa::path(get, path = "/api/Matches", operation_id = "listMatches", tag = "Matches",
    responses((status = 200, body = Vec<MatchView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<MatchView>>> {
    let mut matches = state.store.all_matches()?;
    matches.sort_by_key(|m| std::cmp::Reverse((m.state.fields.start_date, m.id)));
    let mut names = MatchNames::default();
    Ok(Json(
        matches
            .iter()
            .map(|m| names.view(&state, m, false))
            .collect(),
    ))
}

/// A match with logos, lineups, coaches and officials.
#[utoipa::path(get, path = "/api/Matches/{id}", operation_id = "getMatch", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Json<MatchView>> {
    let game = state.store.get_match(id)?;
    Ok(Json(MatchNames::default().view(&state, &game, true)))
}

/// The full view of a match after a write.
pub fn detail(state: &AppState, game: &Match) -> ApiResult<MatchView> {
    Ok(MatchNames::default().view(state, game, true))
}

/// A new match: Not_Started, segment length 8 unless given. Both teams must be entered in the
/// competition.
#[utoipa::path(post, path = "/api/Matches", operation_id = "createMatch", tag = "Matches", request_body = MatchInput,
    responses((status = 201, body = MatchView), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<MatchInput>,
) -> ApiResult<Created<MatchView>> {
    let (fields, _) = input.validate(true)?;
    check_competition(&state, &principal, fields.competition_id)?;
    let game = state.store.create_match(fields, actor(&principal)).await?;
    crate::api::live::match_changed(&state, &game);
    Ok(created(
        format!("/api/Matches/{}", game.id),
        detail(&state, &game)?,
    ))
}

/// Replaces the match form's fields; `statusId` moves the status forward (Finish Match sends
/// the whole match with statusId 206). Answers 204.
#[utoipa::path(put, path = "/api/Matches/{id}", operation_id = "updateMatch", tag = "Matches", request_body = inline(Update<MatchInput, MatchView>),
    params(("id" = u64, Path)),
    responses((status = 204), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<MatchInput, MatchView>,
) -> ApiResult<StatusCode> {
    let (fields, status) = input.validate(false)?;
    check_competition(&state, &principal, fields.competition_id)?;
    // An official (no federation of their own) plays the match they are given: they may move
    // its status and details, not its competition or teams.
    let access = &principal.access;
    if !access.admin && access.federations.is_empty() {
        let current = state.store.get_match(id)?.state.fields;
        let fixture = |f: &polodesk_domain::matches::MatchFields| {
            (f.competition_id, f.home_team_id, f.away_team_id)
        };
        if fixture(&current) != fixture(&fields) {
            return Err(ApiError::Forbidden(Refusal::Fixture));
        }
    }
    let game = state
        .store
        .update_match(id, fields, status, actor(&principal))
        .await?;
    crate::api::live::match_changed(&state, &game);
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/api/Matches/{id}", operation_id = "deleteMatch", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete_match(id).await?;
    crate::api::live::match_deleted(&state, id);
    Ok(StatusCode::NO_CONTENT)
}
