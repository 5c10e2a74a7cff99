//! Player and team statistics (spec 02 §3, §7), counted from the match logs by the domain,
//! optionally for one competition or one match.

use axum::extract::State;
use polodesk_domain::events::Event;
use polodesk_domain::matches::Match;
use polodesk_domain::stats::{self, MatchLog, Stats};
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::MatchesOf;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Query};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(player_stats))
        .routes(routes!(team_stats))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlayerStatsQuery {
    /// Required.
    #[serde(rename = "PlayerId")]
    #[param(rename = "PlayerId")]
    pub player_id: Option<u64>,
    #[serde(rename = "CompetitionId")]
    #[param(rename = "CompetitionId")]
    pub competition_id: Option<u64>,
    #[serde(rename = "MatchId")]
    #[param(rename = "MatchId")]
    pub match_id: Option<u64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TeamStatsQuery {
    /// Required.
    #[serde(rename = "TeamId")]
    #[param(rename = "TeamId")]
    pub team_id: Option<u64>,
    #[serde(rename = "CompetitionId")]
    #[param(rename = "CompetitionId")]
    pub competition_id: Option<u64>,
    #[serde(rename = "MatchId")]
    #[param(rename = "MatchId")]
    pub match_id: Option<u64>,
}

/// Counts with `count` over the logs of the matches of `of`, in the competition and match
/// asked for.
fn stats_of(
    state: &AppState,
    of: MatchesOf,
    competition_id: Option<u64>,
    match_id: Option<u64>,
    count: impl Fn(&[MatchLog<'_>]) -> Stats,
) -> ApiResult<Json<Stats>> {
    let matches: Vec<(Match, Vec<Event>)> = state
        .store
        .matches_of(of)?
        .into_iter()
        .filter(|m| competition_id.is_none_or(|c| m.state.fields.competition_id == c))
        .filter(|m| match_id.is_none_or(|id| m.id == id))
        .map(|m| {
            let events = state.store.events_of(m.id)?;
            Ok((m, events))
        })
        .collect::<ApiResult<_>>()?;
    let logs: Vec<MatchLog<'_>> = matches
        .iter()
        .map(|(m, e)| MatchLog::new(&m.state, e))
        .collect();
    Ok(Json(count(&logs)))
}

fn required(id: Option<u64>, field: &str) -> ApiResult<u64> {
    id.ok_or_else(|| {
        ValidationErrors::single(
            field,
            &format!("The parameter '{}' cannot be null.", lower_first(field)),
        )
        .into()
    })
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_ascii_lowercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// A player's shots, swim-offs, turnovers and exclusions.
#[utoipa::path(get, path = "/api/Players/stats", operation_id = "getPlayerStats", tag = "Statistics", params(PlayerStatsQuery),
    responses((status = 200, body = Stats), (status = 400, body = ErrorBody)))]
async fn player_stats(
    State(state): State<AppState>,
    Query(query): Query<PlayerStatsQuery>,
) -> ApiResult<Json<Stats>> {
    let id = required(query.player_id, "PlayerId")?;
    let of = MatchesOf::Player(id);
    stats_of(&state, of, query.competition_id, query.match_id, |logs| {
        stats::player_stats(id, logs)
    })
}

/// A team's shots, swim-offs, turnovers and exclusions, and what it drew from its opponents.
#[utoipa::path(get, path = "/api/Teams/stats", operation_id = "getTeamStats", tag = "Statistics", params(TeamStatsQuery),
    responses((status = 200, body = Stats), (status = 400, body = ErrorBody)))]
async fn team_stats(
    State(state): State<AppState>,
    Query(query): Query<TeamStatsQuery>,
) -> ApiResult<Json<Stats>> {
    let id = required(query.team_id, "TeamId")?;
    let of = MatchesOf::Team(id);
    stats_of(&state, of, query.competition_id, query.match_id, |logs| {
        stats::team_stats(id, logs)
    })
}
