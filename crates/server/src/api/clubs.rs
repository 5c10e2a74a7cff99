//! Clubs (spec 01 §7): list, search with the spec's filters, detail, create, update, delete
//! with its cascade, and removal from the federation.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::clubs::{Club, ClubFields, ClubInput};
use polodesk_domain::permissions::Module;
use polodesk_domain::permissions::Refusal;
use polodesk_domain::query::Page;
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

use super::memberships::{club_coach_view, club_player_view, link_views};
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
#[utoipa::path(get, path = "/api/Clubs", operation_id = "listClubs", tag = "Clubs", responses((status = 200, body = Vec<ClubView>)))]
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
    ClubSearch: named {
        federation: String => "Filter.Federation",
        country: String => "Filter.Country",
        city: String => "Filter.City",
    }
}
search::named_record!(ClubView);

fn key(text: Option<&str>) -> String {
    text.map(fold).unwrap_or_default()
}

/// Clubs matching the filters, sorted and paged; by default by universal name.
#[utoipa::path(get, path = "/api/Clubs/search", operation_id = "searchClubs", tag = "Clubs", params(ClubSearch),
    responses((status = 200, body = Page<ClubView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<ClubSearch>,
) -> ApiResult<Json<Page<ClubView>>> {
    let names = Names::load(&state)?;
    let clubs = state.store.list::<Club>()?.into_iter();
    let views = clubs.map(|c| view(&names, c, false)).collect();
    let matches = |q: &ClubSearch, v: &ClubView| {
        let country = v.country.as_ref().map(EntityRef::from);
        search::id_or_name(q.federation.as_deref(), v.federation.as_ref())
            && search::id_or_name(q.country.as_deref(), country.as_ref())
            && search::id_or_name(q.city.as_deref(), v.city.as_ref())
    };
    let named = |e: Option<&EntityRef>| key(e.map(|x| x.name_universal.as_str()));
    let country = |v: &ClubView| key(v.country.as_ref().map(|c| c.name_universal.as_str()));
    let compare = |field: &str, a: &ClubView, b: &ClubView| match field {
        "federation" => Some(named(a.federation.as_ref()).cmp(&named(b.federation.as_ref()))),
        "country" => Some(country(a).cmp(&country(b))),
        "city" => Some(named(a.city.as_ref()).cmp(&named(b.city.as_ref()))),
        _ => None,
    };
    let sortable = ["federation", "country", "city"];
    let page = search::named_page(query, &sortable, views, matches, compare)?;
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

#[utoipa::path(get, path = "/api/Clubs/{id}", operation_id = "getClub", tag = "Clubs", params(("id" = u64, Path)),
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
    let coaches = if principal.may_read(Module::Coaches) {
        link_views(&state, Owner::Club(id), club_coach_view)?
    } else {
        Vec::new()
    };
    Ok(Json(ClubDetail {
        club: view(&names, club, true),
        teams,
        players: link_views(&state, Owner::Club(id), club_player_view)?,
        coaches,
    }))
}

#[utoipa::path(post, path = "/api/Clubs", operation_id = "createClub", tag = "Clubs", request_body = ClubInput,
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

#[utoipa::path(put, path = "/api/Clubs/{id}", operation_id = "updateClub", tag = "Clubs", request_body = inline(Update<ClubInput, ClubDetail>),
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
            return Err(ApiError::Forbidden(Refusal::MoveClub));
        }
    }
    let club: Club = state.store.update(id, fields).await?;
    Ok(Json(view(&Names::load(&state)?, club, true)))
}

/// Deletes a club and, in the same transaction, the accounts of its staff.
#[utoipa::path(delete, path = "/api/Clubs/{id}", operation_id = "deleteClub", tag = "Clubs", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete::<Club>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Takes the club out of its federation and answers the club.
#[utoipa::path(put, path = "/api/Clubs/{id}/remove", operation_id = "removeClubFromFederation", tag = "Clubs", params(("id" = u64, Path)),
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
        return Err(ApiError::Forbidden(Refusal::Federation));
    }
    let club = state.store.detach_club(id).await?;
    Ok(Json(view(&Names::load(&state)?, club, true)))
}
