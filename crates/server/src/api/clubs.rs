//! Clubs (spec 01 §7): list, search with the spec's filters, detail, create, update, delete
//! with its cascade, and removal from the federation.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::clubs::{Club, ClubFields, ClubInput};
use polodesk_domain::memberships::{ClubCoachFields, ClubPlayerFields};
use polodesk_domain::permissions::Module;
use polodesk_domain::query::{Page, SortOrder, contains};
use polodesk_domain::reference::Category;
use polodesk_domain::reference::Country;
use polodesk_domain::teams::{Team, TeamFields, TeamInput};
use polodesk_domain::validation::{ValidationErrors, fold};
use polodesk_store::Owner;
use polodesk_store::StoreError;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::names::{EntityRef, Names};
use super::{Created, created, search};
use crate::AppState;
use crate::access::{Principal, check_federation};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};

pub fn routes() -> OpenApiRouter<AppState> {
    record_routes!().routes(routes!(remove))
}

/// A club with its federation, country and city by name.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Club)]
#[serde(rename_all = "camelCase")]
pub struct ClubView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: ClubFields,
    pub federation: Option<EntityRef>,
    pub country: Option<Country>,
    pub city: Option<EntityRef>,
}

/// The view of a club; lists leave the logo out, details keep it.
pub fn view(names: &Names, club: Club, with_logo: bool) -> ClubView {
    let mut fields = club.fields;
    if !with_logo {
        fields.logo = None;
    }
    ClubView {
        id: club.id,
        federation: names.federation(fields.federation_id),
        country: names.country(fields.country_id),
        city: names.city(fields.city_id),
        fields,
    }
}

/// Every club, by universal name, without logos.
#[utoipa::path(get, path = "/api/Clubs", tag = "Clubs", responses((status = 200, body = Vec<ClubView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<ClubView>>> {
    let names = Names::load(&state)?;
    Ok(Json(
        state
            .store
            .list::<Club>()?
            .into_iter()
            .map(|c| view(&names, c, false))
            .collect(),
    ))
}

search::search_query! {
    /// The club search of spec 01 §3; text filters ignore case and accents, date filters take
    /// `OP:YYYY-MM-DD`. Federation, Country and City take an id or a part of the name.
    ClubSearch {
        name_universal: String => "Filter.NameUniversal",
        short_name: String => "Filter.ShortName",
        active_from: String => "Filter.ActiveFrom",
        active_to: String => "Filter.ActiveTo",
        is_pro: bool => "Filter.IsPro",
        federation: String => "Filter.Federation",
        country: String => "Filter.Country",
        city: String => "Filter.City",
    }
}

const SORTABLE: &[&str] = &[
    "name",
    "nameUniversal",
    "shortName",
    "activeFrom",
    "activeTo",
    "isPro",
    "federation",
    "country",
    "city",
];

fn key(text: Option<&str>) -> String {
    text.map(fold).unwrap_or_default()
}

/// Clubs matching the filters, sorted and paged; by default by universal name.
#[utoipa::path(get, path = "/api/Clubs/search", tag = "Clubs", params(ClubSearch),
    responses((status = 200, body = Page<ClubView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(mut query): Query<ClubSearch>,
) -> ApiResult<Json<Page<ClubView>>> {
    let mut errors = ValidationErrors::new();
    let request = query.page_request(&mut errors, SORTABLE, SortOrder::Ascend);
    let active = search::ActiveFilter::parse(
        &mut errors,
        query.active_from.as_deref(),
        query.active_to.as_deref(),
    );
    let names = Names::load(&state)?;
    let views: Vec<ClubView> = state
        .store
        .list::<Club>()?
        .into_iter()
        .map(|c| view(&names, c, false))
        .filter(|v| {
            let f = &v.fields;
            let federation = v.federation.as_ref();
            let country = v.country.as_ref().map(EntityRef::from);
            let city = v.city.as_ref();
            query
                .name_universal
                .as_deref()
                .is_none_or(|n| contains(&f.name_universal, n))
                && query
                    .short_name
                    .as_deref()
                    .is_none_or(|n| contains(f.short_name.as_deref().unwrap_or(""), n))
                && active.matches(f.active_from, f.active_to)
                && query.is_pro.is_none_or(|p| f.is_pro == p)
                && search::id_or_name(query.federation.as_deref(), federation)
                && search::id_or_name(query.country.as_deref(), country.as_ref())
                && search::id_or_name(query.city.as_deref(), city)
        })
        .collect();
    let compare = |field: &str, a: &ClubView, b: &ClubView| match field {
        "name" => fold(&a.fields.name).cmp(&fold(&b.fields.name)),
        "shortname" => {
            key(a.fields.short_name.as_deref()).cmp(&key(b.fields.short_name.as_deref()))
        }
        "activefrom" => a.fields.active_from.cmp(&b.fields.active_from),
        "activeto" => a.fields.active_to.cmp(&b.fields.active_to),
        "ispro" => a.fields.is_pro.cmp(&b.fields.is_pro),
        "federation" => key(a.federation.as_ref().map(|x| x.name_universal.as_str())).cmp(&key(b
            .federation
            .as_ref()
            .map(|x| x.name_universal.as_str()))),
        "country" => key(a.country.as_ref().map(|x| x.name_universal.as_str()))
            .cmp(&key(b.country.as_ref().map(|x| x.name_universal.as_str()))),
        "city" => key(a.city.as_ref().map(|x| x.name_universal.as_str()))
            .cmp(&key(b.city.as_ref().map(|x| x.name_universal.as_str()))),
        _ => fold(&a.fields.name_universal).cmp(&fold(&b.fields.name_universal)),
    };
    let page = search::sorted_page(errors, views, &request, "nameUniversal", compare, |v| v.id)?;
    Ok(Json(page))
}

/// A club with its logo and its teams (players and coaches join when they exist).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClubDetail {
    #[serde(flatten)]
    pub club: ClubView,
    pub teams: Vec<super::teams::TeamView>,
    pub players: Vec<super::memberships::ClubPlayerView>,
    pub coaches: Vec<super::memberships::ClubCoachView>,
}

#[utoipa::path(get, path = "/api/Clubs/{id}", tag = "Clubs", params(("id" = u64, Path)),
    responses((status = 200, body = ClubDetail), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<Json<ClubDetail>> {
    let club = state.store.get::<Club>(id)?;
    let names = Names::load(&state)?;
    let teams = state.store.list::<Team>()?;
    let teams = teams
        .into_iter()
        .filter(|t| t.fields.club_id == id)
        .map(|t| super::teams::view(&names, t, false))
        .collect();
    let players = state.store.links::<ClubPlayerFields>(Owner::Club(id))?;
    let coaches = if principal.may_read(Module::Coaches) {
        state.store.links::<ClubCoachFields>(Owner::Club(id))?
    } else {
        Vec::new()
    };
    Ok(Json(ClubDetail {
        club: view(&names, club, true),
        teams,
        players: players
            .into_iter()
            .map(|l| super::memberships::club_player_view(&state, l))
            .collect(),
        coaches: coaches
            .into_iter()
            .map(|l| super::memberships::club_coach_view(&state, l))
            .collect(),
    }))
}

#[utoipa::path(post, path = "/api/Clubs", tag = "Clubs", request_body = ClubInput,
    responses((status = 201, body = ClubView), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(mut input): Json<ClubInput>,
) -> ApiResult<Created<ClubView>> {
    let mut category_ids = input.team_categories.take().unwrap_or_default();
    let fields = input.validate()?;
    check_federation(&principal, fields.federation_id)?;
    category_ids.sort_unstable();
    category_ids.dedup();
    let categories = category_ids
        .into_iter()
        .map(|id| {
            state.store.get::<Category>(id).map_err(|_| {
                ValidationErrors::single("teamCategories", "A chosen category does not exist.")
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The club and a team for each chosen category land together.
    let club: Club = state
        .store
        .batch(move |batch| {
            let club = batch.create::<Club>(fields)?;
            for category in categories {
                batch.create::<Team>(team_of(&club, &category)?)?;
            }
            Ok(club)
        })
        .await?;
    let location = format!("/api/Clubs/{}", club.id);
    Ok(created(location, view(&Names::load(&state)?, club, true)))
}

/// The team a new club gets for one of its chosen categories, named after both.
pub fn team_of(club: &Club, category: &Category) -> Result<TeamFields, StoreError> {
    let team = TeamInput {
        name: Some(format!("{} {}", club.fields.name, category.name)),
        name_universal: Some(format!(
            "{} {}",
            club.fields.name_universal, category.name_universal
        )),
        club_id: Some(club.id),
        category_id: Some(category.id),
        is_pro: Some(club.fields.is_pro),
        country_id: club.fields.country_id,
        city_id: club.fields.city_id,
        ..TeamInput::default()
    };
    team.validate().map_err(|_| {
        StoreError::Invalid(ValidationErrors::single(
            "teamCategories",
            "A team name made of the club and category names is too long.",
        ))
    })
}

#[utoipa::path(put, path = "/api/Clubs/{id}", tag = "Clubs", request_body = inline(Update<ClubInput, ClubDetail>),
    params(("id" = u64, Path)),
    responses((status = 200, body = ClubView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<ClubInput, ClubDetail>,
) -> ApiResult<Json<ClubView>> {
    let fields = input.validate()?;
    let current: Club = state.store.get(id)?;
    // A club account keeps its club where it is; federation staff keep it in their federation.
    if fields.federation_id != current.fields.federation_id {
        check_federation(&principal, fields.federation_id)?;
        if !principal.access.admin && principal.access.federations.is_empty() {
            return Err(ApiError::Forbidden);
        }
    }
    let club: Club = state.store.update(id, fields).await?;
    Ok(Json(view(&Names::load(&state)?, club, true)))
}

/// Deletes a club and, in the same transaction, the accounts of its staff.
#[utoipa::path(delete, path = "/api/Clubs/{id}", tag = "Clubs", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete::<Club>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Takes the club out of its federation and answers the club.
#[utoipa::path(put, path = "/api/Clubs/{id}/remove", tag = "Clubs", params(("id" = u64, Path)),
    responses((status = 200, body = ClubView), (status = 404, body = ErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<Json<ClubView>> {
    // Only the federation a club belongs to (or an admin) lets it go; a club cannot leave.
    let current: Club = state.store.get(id)?;
    let access = &principal.access;
    if !access.admin
        && !current
            .fields
            .federation_id
            .is_some_and(|f| access.federations.contains(&f))
    {
        return Err(ApiError::Forbidden);
    }
    let club = state.store.detach_club(id).await?;
    Ok(Json(view(&Names::load(&state)?, club, true)))
}
