//! Coaches, the spec's Club Managers (spec 01 §7 Coaches): list, search, detail with clubs and
//! teams, create with a new or existing person and memberships in one call, delete.
//! Federation and club staff manage the coaches of their own clubs and teams.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::coaches::{Coach, CoachFields, CoachInput};
use polodesk_domain::memberships::{ClubCoachFields, TeamCoachFields};
use polodesk_domain::query::Page;
use polodesk_store::Owner;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::Created;
use super::memberships::{
    ClubCoachView, TeamCoachView, club_coach_view, link_views, team_coach_view,
};
use super::people::{self, PersonNames, Row};
use crate::AppState;
use crate::access::{Principal, check_owners, manages_coach};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query};
use polodesk_domain::views::people::PersonView;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(search))
        .routes(routes!(get, delete))
}

/// A coach with the person's names.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Coach)]
#[serde(rename_all = "camelCase")]
pub struct CoachView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: CoachFields,
    #[serde(flatten)]
    pub names: PersonNames,
}

fn view(row: Row<Coach>) -> CoachView {
    CoachView {
        id: row.record.id,
        fields: row.record.fields,
        names: row.names,
    }
}

/// A coach with the person and the clubs and teams it coaches.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoachDetail {
    #[serde(flatten)]
    pub coach: CoachView,
    pub person: PersonView,
    pub clubs: Vec<ClubCoachView>,
    pub teams: Vec<TeamCoachView>,
    /// The matches of this person in this role, latest first.
    pub matches: Vec<super::matches::MatchView>,
}

/// Every coach, by surname and name.
#[utoipa::path(get, path = "/api/Coaches", operation_id = "listCoaches", tag = "Coaches",
    responses((status = 200, body = Vec<CoachView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<CoachView>>> {
    let all = people::list_all(&state, view)?;
    Ok(Json(all))
}

/// Coaches matching the filters, sorted and paged; by default by surname.
#[utoipa::path(get, path = "/api/Coaches/search", operation_id = "searchCoaches", tag = "Coaches", params(people::MemberSearch),
    responses((status = 200, body = Page<CoachView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<people::MemberSearch>,
) -> ApiResult<Json<Page<CoachView>>> {
    let page = people::search_members::<Coach, ClubCoachFields, TeamCoachFields>(&state, query)?;
    Ok(Json(page.map(view)))
}

#[utoipa::path(get, path = "/api/Coaches/{id}", operation_id = "getCoach", tag = "Coaches", params(("id" = u64, Path)),
    responses((status = 200, body = CoachDetail), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Json<CoachDetail>> {
    let profile = people::profile::<Coach>(&state, id)?;
    Ok(Json(CoachDetail {
        clubs: link_views(&state, Owner::Coach(id), club_coach_view)?,
        teams: link_views(&state, Owner::Coach(id), team_coach_view)?,
        coach: view(profile.row),
        person: profile.person,
        matches: profile.matches,
    }))
}

/// Creates a coach: an existing person (`personId`) or a new one (`person`), with at least one
/// club or team, in one transaction.
#[utoipa::path(post, path = "/api/Coaches", operation_id = "createCoach", tag = "Coaches", request_body = CoachInput,
    responses((status = 201, body = CoachDetail), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<CoachInput>,
) -> ApiResult<Created<CoachDetail>> {
    let new = input.validate()?;
    let owners = new.clubs.iter().map(|c| Owner::Club(c.club_id));
    let owners = owners.chain(new.teams.iter().map(|t| Owner::Team(t.team_id)));
    check_owners(&state, &principal, owners)?;
    let id = state.store.create_coach(new).await?.id;
    people::created_detail("/api/Coaches", id, get(State(state), Path(id))).await
}

/// Deletes a coach and its memberships; the person stays.
#[utoipa::path(delete, path = "/api/Coaches/{id}", operation_id = "deleteCoach", tag = "Coaches", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "A match names them")))]
async fn delete(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    manages_coach(&state, &principal, id)?;
    state.store.delete::<Coach>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}
