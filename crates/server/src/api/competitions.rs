//! Competitions (spec 01 §7): list, search with the spec's filters (by category, descending,
//! unless asked otherwise), detail, create, update and delete.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::competitions::{Competition, CompetitionFields, CompetitionInput};
use polodesk_domain::memberships::CompetitionTeamFields;
use polodesk_domain::query::{Page, SortOrder, contains};
use polodesk_domain::reference::{CompetitionType, Country};
use polodesk_domain::teams::Team;
use polodesk_domain::validation::{ValidationErrors, fold};
use polodesk_store::Owner;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use super::names::{EntityRef, Names};
use super::{Created, created, search};
use crate::AppState;
use crate::access::{Principal, check_federation};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};

pub fn routes() -> OpenApiRouter<AppState> {
    record_routes!()
}

/// A competition with its federation, category, type, country and city by name.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Competition)]
#[serde(rename_all = "camelCase")]
pub struct CompetitionView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: CompetitionFields,
    pub federation: Option<EntityRef>,
    pub category: Option<EntityRef>,
    pub competition_type: Option<EntityRef>,
    pub country: Option<Country>,
    pub city: Option<EntityRef>,
}

fn view(
    names: &Names,
    types: &[CompetitionType],
    competition: Competition,
    with_logo: bool,
) -> CompetitionView {
    let mut fields = competition.fields;
    if !with_logo {
        fields.logo = None;
    }
    let competition_type = fields
        .competition_type_id
        .and_then(|id| types.iter().find(|t| t.id == id))
        .map(|t| EntityRef {
            id: t.id,
            name: t.name.clone(),
            name_universal: t.name_universal.clone(),
        });
    CompetitionView {
        id: competition.id,
        federation: names.federation(Some(fields.federation_id)),
        category: fields.category_id.and_then(|id| names.category(id)),
        competition_type,
        country: names.country(fields.country_id),
        city: names.city(fields.city_id),
        fields,
    }
}

/// The competitions of one federation, by universal name, without logos.
pub fn of_federation(
    state: &AppState,
    names: &Names,
    federation_id: u64,
) -> ApiResult<Vec<CompetitionView>> {
    let types = state.store.list::<CompetitionType>()?;
    Ok(state
        .store
        .list::<Competition>()?
        .into_iter()
        .filter(|c| c.fields.federation_id == federation_id)
        .map(|c| view(names, &types, c, false))
        .collect())
}

/// Every competition, by universal name, without logos.
#[utoipa::path(get, path = "/api/Competitions", operation_id = "listCompetitions", tag = "Competitions",
    responses((status = 200, body = Vec<CompetitionView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<CompetitionView>>> {
    let names = Names::load(&state)?;
    let types = state.store.list::<CompetitionType>()?;
    let all = state.store.list::<Competition>()?;
    Ok(Json(
        all.into_iter()
            .map(|c| view(&names, &types, c, false))
            .collect(),
    ))
}

search::search_query! {
    /// The competition search of spec 01 §3; text filters ignore case and accents, date filters
    /// take `OP:YYYY-MM-DD`; Federation, Category, CompetitionType, Country and City take an id
    /// or a part of the name. Without SortBy the order is by category, descending (spec 01 §9).
    CompetitionSearch {
        name_universal: String => "Filter.NameUniversal",
        start_date: String => "Filter.StartDate",
        end_date: String => "Filter.EndDate",
        is_pro: bool => "Filter.IsPro",
        federation: String => "Filter.Federation",
        category: String => "Filter.Category",
        competition_type: String => "Filter.CompetitionType",
        country: String => "Filter.Country",
        city: String => "Filter.City",
    }
}

const SORTABLE: &[&str] = &[
    "name",
    "nameUniversal",
    "startDate",
    "endDate",
    "isPro",
    "federation",
    "category",
    "competitionType",
    "country",
    "city",
];

fn key(entity: Option<&EntityRef>) -> String {
    entity.map(|e| fold(&e.name_universal)).unwrap_or_default()
}

/// Competitions matching the filters, sorted and paged.
#[utoipa::path(get, path = "/api/Competitions/search", operation_id = "searchCompetitions", tag = "Competitions", params(CompetitionSearch),
    responses((status = 200, body = Page<CompetitionView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(mut query): Query<CompetitionSearch>,
) -> ApiResult<Json<Page<CompetitionView>>> {
    let mut errors = ValidationErrors::new();
    // The spec's default order: by category, descending.
    let request = query.page_request(&mut errors, SORTABLE, SortOrder::Descend);
    let start = search::date_filter(&mut errors, "Filter.StartDate", query.start_date.as_deref());
    let end = search::date_filter(&mut errors, "Filter.EndDate", query.end_date.as_deref());
    let names = Names::load(&state)?;
    let types = state.store.list::<CompetitionType>()?;
    let views: Vec<CompetitionView> = state
        .store
        .list::<Competition>()?
        .into_iter()
        .map(|c| view(&names, &types, c, false))
        .filter(|v| {
            let f = &v.fields;
            let country = v.country.as_ref().map(EntityRef::from);
            query
                .name_universal
                .as_deref()
                .is_none_or(|n| contains(&f.name_universal, n))
                && start.is_none_or(|d| d.matches(f.start_date))
                && end.is_none_or(|d| d.matches(f.end_date))
                && query.is_pro.is_none_or(|p| f.is_pro == p)
                && search::id_or_name(query.federation.as_deref(), v.federation.as_ref())
                && search::id_or_name(query.category.as_deref(), v.category.as_ref())
                && search::id_or_name(
                    query.competition_type.as_deref(),
                    v.competition_type.as_ref(),
                )
                && search::id_or_name(query.country.as_deref(), country.as_ref())
                && search::id_or_name(query.city.as_deref(), v.city.as_ref())
        })
        .collect();
    let compare = |field: &str, a: &CompetitionView, b: &CompetitionView| match field {
        "name" => fold(&a.fields.name).cmp(&fold(&b.fields.name)),
        "nameuniversal" => fold(&a.fields.name_universal).cmp(&fold(&b.fields.name_universal)),
        "startdate" => a.fields.start_date.cmp(&b.fields.start_date),
        "enddate" => a.fields.end_date.cmp(&b.fields.end_date),
        "ispro" => a.fields.is_pro.cmp(&b.fields.is_pro),
        "federation" => key(a.federation.as_ref()).cmp(&key(b.federation.as_ref())),
        "competitiontype" => {
            key(a.competition_type.as_ref()).cmp(&key(b.competition_type.as_ref()))
        }
        "country" => {
            let country = |v: &CompetitionView| v.country.as_ref().map(|c| fold(&c.name_universal));
            country(a).cmp(&country(b))
        }
        "city" => key(a.city.as_ref()).cmp(&key(b.city.as_ref())),
        _ => key(a.category.as_ref()).cmp(&key(b.category.as_ref())),
    };
    let page = search::sorted_page(errors, views, &request, "category", compare, |v| v.id)?;
    Ok(Json(page))
}

/// A competition with its logo, its entries and the teams they are.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompetitionDetail {
    #[serde(flatten)]
    pub competition: CompetitionView,
    pub competition_teams: Vec<super::memberships::CompetitionTeamView>,
    pub teams: Vec<super::teams::TeamView>,
    /// Latest first.
    pub matches: Vec<super::matches::MatchView>,
}

#[utoipa::path(get, path = "/api/Competitions/{id}", operation_id = "getCompetition", tag = "Competitions", params(("id" = u64, Path)),
    responses((status = 200, body = CompetitionDetail), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<CompetitionDetail>> {
    let competition = state.store.get::<Competition>(id)?;
    let types = state.store.list::<CompetitionType>()?;
    let names = Names::load(&state)?;
    let entries = state
        .store
        .links::<CompetitionTeamFields>(Owner::Competition(id))?;
    let mut teams = Vec::with_capacity(entries.len());
    for entry in &entries {
        let team = state.store.get::<Team>(entry.fields.team_id)?;
        teams.push(super::teams::view(&names, team, false));
    }
    Ok(Json(CompetitionDetail {
        matches: super::matches::views_of(&state, polodesk_store::MatchesOf::Competition(id))?,
        competition: view(&names, &types, competition, true),
        competition_teams: entries
            .into_iter()
            .map(|l| super::memberships::competition_team_view(&state, l))
            .collect(),
        teams,
    }))
}

#[utoipa::path(post, path = "/api/Competitions", operation_id = "createCompetition", tag = "Competitions", request_body = CompetitionInput,
    responses((status = 201, body = CompetitionView), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<CompetitionInput>,
) -> ApiResult<Created<CompetitionView>> {
    let fields = input.validate()?;
    check_federation(&principal, Some(fields.federation_id))?;
    let competition: Competition = state.store.create(fields).await?;
    let types = state.store.list::<CompetitionType>()?;
    let location = format!("/api/Competitions/{}", competition.id);
    Ok(created(
        location,
        view(&Names::load(&state)?, &types, competition, true),
    ))
}

#[utoipa::path(put, path = "/api/Competitions/{id}", operation_id = "updateCompetition", tag = "Competitions", request_body = inline(Update<CompetitionInput, CompetitionDetail>),
    params(("id" = u64, Path)),
    responses((status = 200, body = CompetitionView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<CompetitionInput, CompetitionDetail>,
) -> ApiResult<Json<CompetitionView>> {
    let fields = input.validate()?;
    check_federation(&principal, Some(fields.federation_id))?;
    let competition: Competition = state.store.update(id, fields).await?;
    let types = state.store.list::<CompetitionType>()?;
    Ok(Json(view(&Names::load(&state)?, &types, competition, true)))
}

#[utoipa::path(delete, path = "/api/Competitions/{id}", operation_id = "deleteCompetition", tag = "Competitions", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete::<Competition>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}
