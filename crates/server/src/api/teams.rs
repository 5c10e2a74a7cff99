//! Teams (spec 01 §7): list (optionally of one federation), search with the spec's filters,
//! detail, create, update and delete.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::permissions::Module;
use polodesk_domain::query::Page;
use polodesk_domain::reference::Country;
use polodesk_domain::teams::{Team, TeamFields, TeamInput};
use polodesk_domain::validation::fold;
use polodesk_store::Owner;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use super::memberships::{
    CompetitionTeamView, TeamCoachView, TeamPlayerView, competition_team_view, link_views,
    team_coach_view, team_player_view,
};
use super::names::{EntityRef, Names};
use super::{Created, created, search};
use crate::AppState;
use crate::access::{Principal, check_club};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};

pub fn routes() -> OpenApiRouter<AppState> {
    record_routes!()
}

/// A team with its club, federation, category, country and city by name.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Team)]
#[serde(rename_all = "camelCase")]
pub struct TeamView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: TeamFields,
    pub club: Option<EntityRef>,
    pub federation: Option<EntityRef>,
    pub category: Option<EntityRef>,
    pub country: Option<Country>,
    pub city: Option<EntityRef>,
}

/// The view of a team; lists leave the logo out, details keep it.
pub fn view(names: &Names, team: Team, with_logo: bool) -> TeamView {
    let mut fields = team.fields;
    if !with_logo {
        fields.logo = None;
    }
    TeamView {
        id: team.id,
        club: names.club(fields.club_id),
        federation: names.federation(fields.federation_id),
        category: names.category(fields.category_id),
        country: names.country(fields.country_id),
        city: names.city(fields.city_id),
        fields,
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TeamsQuery {
    /// Only the teams of this federation.
    pub federation_id: Option<u64>,
}

/// Every team (of one federation, when asked), by universal name, without logos.
#[utoipa::path(get, path = "/api/Teams", operation_id = "listTeams", tag = "Teams", params(TeamsQuery),
    responses((status = 200, body = Vec<TeamView>)))]
async fn list(
    State(state): State<AppState>,
    Query(query): Query<TeamsQuery>,
) -> ApiResult<Json<Vec<TeamView>>> {
    let names = Names::load(&state)?;
    let teams = state.store.list::<Team>()?.into_iter();
    let teams = teams.filter(|t| {
        query
            .federation_id
            .is_none_or(|f| t.fields.federation_id == Some(f))
    });
    Ok(Json(teams.map(|t| view(&names, t, false)).collect()))
}

search::search_query! {
    /// The team search of spec 01 §3; text filters ignore case and accents, date filters take
    /// `OP:YYYY-MM-DD`. Club, Category, Country and City take an id or a part of the name.
    TeamSearch: named {
        club: String => "Filter.Club",
        category: String => "Filter.Category",
        country: String => "Filter.Country",
        city: String => "Filter.City",
    }
}
search::named_record!(TeamView);

fn key(entity: Option<&EntityRef>) -> String {
    entity.map(|e| fold(&e.name_universal)).unwrap_or_default()
}

/// Teams matching the filters, sorted and paged; by default by universal name.
#[utoipa::path(get, path = "/api/Teams/search", operation_id = "searchTeams", tag = "Teams", params(TeamSearch),
    responses((status = 200, body = Page<TeamView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<TeamSearch>,
) -> ApiResult<Json<Page<TeamView>>> {
    let names = Names::load(&state)?;
    let teams = state.store.list::<Team>()?.into_iter();
    let views = teams.map(|t| view(&names, t, false)).collect();
    let matches = |q: &TeamSearch, v: &TeamView| {
        let country = v.country.as_ref().map(EntityRef::from);
        search::id_or_name(q.club.as_deref(), v.club.as_ref())
            && search::id_or_name(q.category.as_deref(), v.category.as_ref())
            && search::id_or_name(q.country.as_deref(), country.as_ref())
            && search::id_or_name(q.city.as_deref(), v.city.as_ref())
    };
    let country = |v: &TeamView| v.country.as_ref().map(|c| fold(&c.name_universal));
    let compare = |field: &str, a: &TeamView, b: &TeamView| match field {
        "club" => Some(key(a.club.as_ref()).cmp(&key(b.club.as_ref()))),
        "category" => Some(key(a.category.as_ref()).cmp(&key(b.category.as_ref()))),
        "country" => Some(country(a).cmp(&country(b))),
        "city" => Some(key(a.city.as_ref()).cmp(&key(b.city.as_ref()))),
        _ => None,
    };
    let sortable = ["club", "category", "country", "city"];
    let page = search::named_page(query, &sortable, views, matches, compare)?;
    Ok(Json(page))
}

/// A team with its logo, the competitions it is entered in, its players and its coaches.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamDetail {
    #[serde(flatten)]
    pub team: TeamView,
    pub competition_teams: Vec<CompetitionTeamView>,
    pub players: Vec<TeamPlayerView>,
    pub coaches: Vec<TeamCoachView>,
    /// Matches at home and away, latest first.
    pub home_matches: Vec<super::matches::MatchView>,
    pub away_matches: Vec<super::matches::MatchView>,
}

#[utoipa::path(get, path = "/api/Teams/{id}", operation_id = "getTeam", tag = "Teams", params(("id" = u64, Path)),
    responses((status = 200, body = TeamDetail), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<Json<TeamDetail>> {
    let team = state.store.get::<Team>(id)?;
    let coaches = if principal.may_read(Module::Coaches) {
        link_views(&state, Owner::Team(id), team_coach_view)?
    } else {
        Vec::new()
    };
    let (home_matches, away_matches) =
        super::matches::views_of(&state, polodesk_store::MatchesOf::Team(id))?
            .into_iter()
            .partition(|m| m.home_team_id == id);
    Ok(Json(TeamDetail {
        home_matches,
        away_matches,
        team: view(&Names::load(&state)?, team, true),
        competition_teams: link_views(&state, Owner::Team(id), competition_team_view)?,
        players: link_views(&state, Owner::Team(id), team_player_view)?,
        coaches,
    }))
}

#[utoipa::path(post, path = "/api/Teams", operation_id = "createTeam", tag = "Teams", request_body = TeamInput,
    responses((status = 201, body = TeamView), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<TeamInput>,
) -> ApiResult<Created<TeamView>> {
    let fields = input.validate()?;
    check_club(&state, &principal, fields.club_id)?;
    let team: Team = state.store.create(fields).await?;
    let location = format!("/api/Teams/{}", team.id);
    Ok(created(location, view(&Names::load(&state)?, team, true)))
}

#[utoipa::path(put, path = "/api/Teams/{id}", operation_id = "updateTeam", tag = "Teams", request_body = inline(Update<TeamInput, TeamDetail>),
    params(("id" = u64, Path)),
    responses((status = 200, body = TeamView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<TeamInput, TeamDetail>,
) -> ApiResult<Json<TeamView>> {
    let fields = input.validate()?;
    let current: Team = state.store.get(id)?;
    if fields.club_id != current.fields.club_id {
        check_club(&state, &principal, fields.club_id)?;
    }
    let team: Team = state.store.update(id, fields).await?;
    Ok(Json(view(&Names::load(&state)?, team, true)))
}

#[utoipa::path(delete, path = "/api/Teams/{id}", operation_id = "deleteTeam", tag = "Teams", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete::<Team>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}
