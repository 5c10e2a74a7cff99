//! Persons (spec 01 §7 Persons): the search the user form and the coach and player forms use.

use axum::extract::State;
use polodesk_domain::persons::{PersonSummary, SEARCH_MIN_CHARS};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Query};

/// At most this many persons answer one search.
const SEARCH_LIMIT: usize = 20;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Name and/or surname; at least 3 characters. Case and accents are ignored.
    #[serde(default)]
    pub input: String,
}

/// Persons whose name and surname contain every word typed.
#[utoipa::path(get, path = "/api/Persons/search", tag = "Persons", params(SearchQuery),
    responses((status = 200, body = Vec<PersonSummary>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<SearchQuery>,
) -> ApiResult<Json<Vec<PersonSummary>>> {
    if query.input.trim().chars().count() < SEARCH_MIN_CHARS {
        return Ok(Json(Vec::new()));
    }
    let found = state.store.search_persons(&query.input, SEARCH_LIMIT)?;
    Ok(Json(found.iter().map(|p| p.summary()).collect()))
}
