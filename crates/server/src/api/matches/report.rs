//! What is read and printed after (or during) a match: the official scoresheet model, which
//! both PDF renderers draw, and the whole match's statistics in one answer for the report.

use axum::extract::State;
use polodesk_domain::competitions::Competition;
use polodesk_domain::scoresheet::Scoresheet;
use polodesk_domain::stats::{self, MatchLog, MatchStats};

use super::MatchNames;
use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path};

/// The official scoresheet of a match (spec 02 §9), in its competition's template language.
#[utoipa::path(get, path = "/api/Matches/{id}/scoresheet", operation_id = "getMatchScoresheet", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 200, body = Scoresheet), (status = 404, body = ErrorBody)))]
pub async fn scoresheet(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<Scoresheet>> {
    let game = state.store.get_match(id)?;
    let language = state
        .store
        .get::<Competition>(game.state.fields.competition_id)?
        .fields
        .match_log_template_language;
    let events = crate::api::events::views_of(&state, id)?;
    let view = MatchNames::default().view(&state, &game, true);
    Ok(Json(Scoresheet::of(&view, &events, language)))
}

/// Both teams' and every lineup player's statistics over this match.
#[utoipa::path(get, path = "/api/Matches/{id}/stats", operation_id = "getMatchStats", tag = "Statistics", params(("id" = u64, Path)),
    responses((status = 200, body = MatchStats), (status = 404, body = ErrorBody)))]
pub async fn match_stats(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<MatchStats>> {
    Ok(Json(stats_of(&state, id)?))
}

/// Both teams' and every lineup player's statistics over a match.
pub fn stats_of(state: &AppState, id: u64) -> ApiResult<MatchStats> {
    let game = state.store.get_match(id)?;
    let events = state.store.events_of(id)?;
    Ok(stats::match_stats(MatchLog::new(&game.state, &events)))
}
