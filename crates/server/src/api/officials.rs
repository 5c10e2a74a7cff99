//! Officials (spec 01 §7 Officials): list, search, detail with federation roles, create with a
//! new or existing person and roles in one call, title update, PIN change, delete. Federation
//! staff manage the officials of their federation; an official edits itself.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::federations::Federation;
use polodesk_domain::memberships::FederationOfficialFields;
use polodesk_domain::officials::{
    NewOfficialInput, Official, OfficialFields, OfficialInput, PinInput, check_pin,
};
use polodesk_domain::query::Page;
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::Owner;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::memberships::{FederationOfficialView, federation_official_view, link_views};
use super::people::{self, PersonNames, Row};
use super::{Created, search, today};
use crate::AppState;
use crate::access::{Principal, check_owners, manages_official};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};
use crate::identity::secrets;
use polodesk_domain::views::people::PersonView;

pub fn routes() -> OpenApiRouter<AppState> {
    record_routes!().routes(routes!(set_pin))
}

/// An official with the person's names; the PIN is never shown, only whether one is set.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Official)]
#[serde(rename_all = "camelCase")]
pub struct OfficialView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: OfficialFields,
    pub has_pin: bool,
    #[serde(flatten)]
    pub names: PersonNames,
}

fn view(row: Row<Official>) -> OfficialView {
    OfficialView {
        id: row.record.id,
        fields: row.record.fields,
        has_pin: row.record.has_pin,
        names: row.names,
    }
}

/// An official with the person and its roles per federation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfficialDetail {
    #[serde(flatten)]
    pub official: OfficialView,
    pub person: PersonView,
    pub federations: Vec<FederationOfficialView>,
    /// The matches of this person in this role, latest first.
    pub matches: Vec<super::matches::MatchView>,
}

/// Every official, by surname and name.
#[utoipa::path(get, path = "/api/Officials", operation_id = "listOfficials", tag = "Officials",
    responses((status = 200, body = Vec<OfficialView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<OfficialView>>> {
    let all = people::list_all(&state, view)?;
    Ok(Json(all))
}

search::search_query! {
    /// The official search of spec 01 §3; text filters ignore case and accents.
    /// CountryOfBirth, CityOfBirth and Federation take an id or a part of the name.
    OfficialSearch: people {
        /// Only the officials of this federation.
        federation: String => "Filter.Federation",
    }
}

/// Officials matching the filters, sorted and paged; by default by surname.
#[utoipa::path(get, path = "/api/Officials/search", operation_id = "searchOfficials", tag = "Officials", params(OfficialSearch),
    responses((status = 200, body = Page<OfficialView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(mut query): Query<OfficialSearch>,
) -> ApiResult<Json<Page<OfficialView>>> {
    let mut errors = ValidationErrors::new();
    let (request, mut filter) = query.people_filter(&mut errors);
    if let Some(federation) = &query.federation {
        let found = people::members::<Federation, FederationOfficialFields>(&state, federation)?;
        people::narrow(&mut filter.among, found);
    }
    let page = people::search(&state, filter, &request, errors)?;
    Ok(Json(page.map(view)))
}

#[utoipa::path(get, path = "/api/Officials/{id}", operation_id = "getOfficial", tag = "Officials", params(("id" = u64, Path)),
    responses((status = 200, body = OfficialDetail), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<OfficialDetail>> {
    let profile = people::profile::<Official>(&state, id)?;
    Ok(Json(OfficialDetail {
        federations: link_views(&state, Owner::Official(id), federation_official_view)?,
        official: view(profile.row),
        person: profile.person,
        matches: profile.matches,
    }))
}

/// Creates an official: an existing person (`personId`) or a new one (`person`), a title and
/// at least one federation with roles, in one transaction.
#[utoipa::path(post, path = "/api/Officials", operation_id = "createOfficial", tag = "Officials", request_body = NewOfficialInput,
    responses((status = 201, body = OfficialDetail), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<NewOfficialInput>,
) -> ApiResult<Created<OfficialDetail>> {
    let new = input.validate(today())?;
    let owners = new
        .federations
        .iter()
        .map(|f| Owner::Federation(f.federation_id));
    check_owners(&state, &principal, owners)?;
    let id = state.store.create_official(new).await?.id;
    people::created_detail("/api/Officials", id, get(State(state), Path(id))).await
}

/// Updates the title.
#[utoipa::path(put, path = "/api/Officials/{id}", operation_id = "updateOfficial", tag = "Officials", request_body = inline(Update<OfficialInput, OfficialDetail>),
    params(("id" = u64, Path)),
    responses((status = 200, body = OfficialDetail), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<OfficialInput, OfficialDetail>,
) -> ApiResult<Json<OfficialDetail>> {
    let fields = input.validate()?;
    manages_official(&state, &principal, id)?;
    state.store.update::<Official>(id, fields).await?;
    get(State(state), Path(id)).await
}

/// Sets the PIN (4 digits) the official confirms match logs with; it is stored as an argon2id
/// hash and never shown.
#[utoipa::path(put, path = "/api/Officials/{id}/pin", operation_id = "setOfficialPin", tag = "Officials", request_body = PinInput,
    params(("id" = u64, Path)),
    responses((status = 204), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn set_pin(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
    Json(input): Json<PinInput>,
) -> ApiResult<StatusCode> {
    let pin = check_pin(input.pin.as_deref())?.to_owned();
    manages_official(&state, &principal, id)?;
    let hash = secrets::hash_password(pin)
        .await
        .ok_or_else(|| ApiError::Internal("The PIN could not be hashed.".into()))?;
    state.store.set_official_pin(id, hash).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes an official and its federation roles; the person stays.
#[utoipa::path(delete, path = "/api/Officials/{id}", operation_id = "deleteOfficial", tag = "Officials", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "A match names them")))]
async fn delete(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    manages_official(&state, &principal, id)?;
    state.store.delete::<Official>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}
