//! Competition standings (spec 02 §3, §7): Overall, Home and Away tables from the competition's
//! finished matches, ranked by the domain's rules with the competition's points. They are read
//! from the matches' scores, which every event write keeps current, so a finished match or a
//! corrected log shows at once; `POST` first recomputes every score from its events.

use axum::extract::State;
use polodesk_domain::codes::MatchStatus;
use polodesk_domain::competitions::Competition;
use polodesk_domain::memberships::CompetitionTeamFields;
use polodesk_domain::standings::{self, Entry, MatchResult};
use polodesk_domain::teams::Team;
use polodesk_domain::views::standings::{RankingView, StandingGroupView};
use polodesk_store::{MatchesOf, Owner};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::names::EntityRef;
use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, recalculate))
}

/// The tables of a competition as they stand.
pub fn tables(state: &AppState, competition_id: u64) -> ApiResult<Vec<StandingGroupView>> {
    let competition = state.store.get::<Competition>(competition_id)?;
    let links = state
        .store
        .links::<CompetitionTeamFields>(Owner::Competition(competition_id))?;
    let results: Vec<MatchResult> = state
        .store
        .matches_of(MatchesOf::Competition(competition_id))?
        .into_iter()
        .filter(|m| m.state.status_id == MatchStatus::Finished)
        .map(|m| m.state.result())
        .collect();
    let team_ids: Vec<u64> = links.iter().map(|l| l.fields.team_id).collect();
    let teams = state.store.get_many::<Team>(&team_ids)?;
    let team_ref = |id: u64| {
        teams.iter().find(|t| t.id == id).map(|t| EntityRef {
            id,
            name: t.fields.name.clone(),
            name_universal: t.fields.name_universal.clone(),
        })
    };
    let entries: Vec<Entry> = links
        .into_iter()
        .map(|l| Entry {
            team_id: l.fields.team_id,
            disqualified: l.fields.is_disqualified,
            name: team_ref(l.fields.team_id)
                .map(|t| t.name)
                .unwrap_or_default(),
        })
        .collect();
    Ok(
        standings::standings(&entries, &results, competition.fields.points)
            .into_iter()
            .map(|group| StandingGroupView {
                standing_type: group.standing_type,
                rankings: group
                    .rankings
                    .into_iter()
                    .map(|ranking| RankingView {
                        id: ranking.team_id,
                        competition_id,
                        team: team_ref(ranking.team_id),
                        ranking,
                    })
                    .collect(),
            })
            .collect(),
    )
}

/// The Overall, Home and Away tables, by rank.
#[utoipa::path(get, path = "/api/Competitions/{id}/standings", operation_id = "getStandings", tag = "Standings",
    params(("id" = u64, Path)),
    responses((status = 200, body = Vec<StandingGroupView>), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<Vec<StandingGroupView>>> {
    Ok(Json(tables(&state, id)?))
}

/// Recomputes every match score of the competition from its events, then the tables.
#[utoipa::path(post, path = "/api/Competitions/{id}/standings", operation_id = "recalculateStandings", tag = "Standings",
    params(("id" = u64, Path)),
    responses((status = 200, body = Vec<StandingGroupView>), (status = 404, body = ErrorBody)))]
async fn recalculate(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<Vec<StandingGroupView>>> {
    state.store.get::<Competition>(id)?;
    state.store.rescore_competition(id).await?;
    Ok(Json(tables(&state, id)?))
}
