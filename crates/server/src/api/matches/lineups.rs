//! The match log (spec 02 §3): lineups, coaches and officials, alone or in one save.

use axum::Extension;
use axum::extract::State;
use polodesk_domain::matches::{
    self as rules, MatchCoachInput, MatchOfficialInput, MatchPlayerInput,
};
use polodesk_domain::permissions::Refusal;
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::LogChange;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::access::Principal;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path};

use super::{actor, detail};
use polodesk_domain::views::matches::MatchView;

/// `PUT /api/Matches/{id}/players` (spec 02 §3 Lineup).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LineupInput {
    /// Ignored: the path names the match.
    pub match_id: Option<u64>,
    pub match_players: Vec<MatchPlayerInput>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CoachesInput {
    pub match_id: Option<u64>,
    pub match_coaches: Vec<MatchCoachInput>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OfficialsInput {
    pub match_id: Option<u64>,
    pub match_officials: Vec<MatchOfficialInput>,
}

/// The match log (spec 02 §3): lineups, coaches and officials in one save.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchLogInput {
    pub match_id: Option<u64>,
    pub match_coaches: Option<Vec<MatchCoachInput>>,
    pub match_officials: Option<Vec<MatchOfficialInput>>,
    pub match_players: Option<Vec<MatchPlayerInput>>,
}

/// Checks and applies a log change; the parts left out stay as they are.
pub async fn change_log(
    state: &AppState,
    principal: &Principal,
    id: u64,
    input: MatchLogInput,
) -> ApiResult<Json<MatchView>> {
    let game = state.store.get_match(id)?;
    let mut errors = ValidationErrors::new();
    same_id(&mut errors, "matchId", input.match_id, id);
    let mut change = LogChange::default();
    if let Some(rows) = input.match_players {
        match rules::check_players(&game.state, rows) {
            Ok(rows) => change.players = Some(rows),
            Err(e) => merge(&mut errors, e),
        }
    }
    if let Some(rows) = input.match_coaches {
        match rules::check_coaches(&game.state, rows) {
            Ok(rows) => change.coaches = Some(rows),
            Err(e) => merge(&mut errors, e),
        }
    }
    if let Some(rows) = input.match_officials {
        // Who officiates is Create and Delete on Officials (spec 02 §6); officials may change
        // their roles only.
        let mut asked: Vec<Option<u64>> = rows.iter().map(|r| r.official_id).collect();
        let mut current: Vec<Option<u64>> = game
            .state
            .officials
            .iter()
            .map(|o| Some(o.official_id))
            .collect();
        asked.sort_unstable();
        current.sort_unstable();
        let may_assign = polodesk_domain::permissions::allows(
            &principal.roles,
            polodesk_domain::permissions::Module::Officials,
            polodesk_domain::codes::PermissionAction::Create,
        );
        if asked != current && !may_assign {
            return Err(ApiError::Forbidden(Refusal::AssignOfficials));
        }
        match rules::check_officials(rows) {
            Ok(rows) => change.officials = Some(rows),
            Err(e) => merge(&mut errors, e),
        }
    }
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let game = state.store.change_log(id, change, actor(principal)).await?;
    crate::api::live::match_changed(state, &game);
    Ok(Json(detail(state, &game)?))
}

/// An id the body repeats must be the one the path names.
pub(super) fn same_id(errors: &mut ValidationErrors, field: &str, sent: Option<u64>, path: u64) {
    if sent.is_some_and(|sent| sent != path) {
        errors.add(field, crate::extract::ID_MISMATCH);
    }
}

fn merge(errors: &mut ValidationErrors, other: ValidationErrors) {
    for (field, messages) in other.fields() {
        messages.iter().for_each(|m| errors.add(field, m));
    }
}

/// Sets the players of both lineups (16 slots a team; keepers in 1 and 13), only before the
/// match starts; a player an event names stays.
#[utoipa::path(put, path = "/api/Matches/{id}/players", operation_id = "setMatchPlayers", tag = "Matches", request_body = LineupInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn put_players(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<LineupInput>,
) -> ApiResult<Json<MatchView>> {
    let input = MatchLogInput {
        match_id: input.match_id,
        match_players: Some(input.match_players),
        ..MatchLogInput::default()
    };
    change_log(&state, &principal, id, input).await
}

/// Sets the coaches of both benches, only before the match starts.
#[utoipa::path(put, path = "/api/Matches/{id}/coaches", operation_id = "setMatchCoaches", tag = "Matches", request_body = CoachesInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn put_coaches(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<CoachesInput>,
) -> ApiResult<Json<MatchView>> {
    let input = MatchLogInput {
        match_id: input.match_id,
        match_coaches: Some(input.match_coaches),
        ..MatchLogInput::default()
    };
    change_log(&state, &principal, id, input).await
}

/// Sets the officials of the match (each once); confirmations of officials who stay are kept.
#[utoipa::path(put, path = "/api/Matches/{id}/officials", operation_id = "setMatchOfficials", tag = "Matches", request_body = OfficialsInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn put_officials(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<OfficialsInput>,
) -> ApiResult<Json<MatchView>> {
    let input = MatchLogInput {
        match_id: input.match_id,
        match_officials: Some(input.match_officials),
        ..MatchLogInput::default()
    };
    change_log(&state, &principal, id, input).await
}

/// Saves the match log (the Save Match Log button): lineups, coaches and officials together.
/// Answers the reloaded match.
#[utoipa::path(put, path = "/api/Matches/{id}/log", operation_id = "saveMatchLog", tag = "Matches", request_body = MatchLogInput,
    params(("id" = u64, Path)),
    responses((status = 200, body = MatchView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn put_log(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<MatchLogInput>,
) -> ApiResult<Json<MatchView>> {
    change_log(&state, &principal, id, input).await
}
