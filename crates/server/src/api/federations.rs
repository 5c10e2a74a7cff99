//! Federations (spec 01 §7): list, search with the spec's filters, detail, create, update and
//! delete with its cascade.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;

use polodesk_domain::federations::{Federation, FederationFields, FederationInput};
use polodesk_domain::permissions::Module;
use polodesk_domain::query::{Page, contains};
use polodesk_domain::reference::Country;
use polodesk_domain::validation::fold;
use polodesk_store::Owner;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use super::names::{CategoryRef, EntityRef, Names};
use super::{Created, created, search};
use crate::AppState;
use crate::access::Principal;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};

pub fn routes() -> OpenApiRouter<AppState> {
    record_routes!()
}

/// A federation with its country, city and categories by name.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Federation)]
#[serde(rename_all = "camelCase")]
pub struct FederationView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: FederationFields,
    pub country: Option<Country>,
    pub city: Option<EntityRef>,
    pub categories: Vec<CategoryRef>,
}

/// The view of a federation; lists leave the logo out, details keep it.
fn view(names: &Names, federation: Federation, with_logo: bool) -> FederationView {
    let mut fields = federation.fields;
    if !with_logo {
        fields.logo = None;
    }
    FederationView {
        id: federation.id,
        country: names.country(Some(fields.country_id)),
        city: names.city(fields.city_id),
        categories: names.categories(&fields.category_ids),
        fields,
    }
}

/// Every federation, by universal name, without logos.
#[utoipa::path(get, path = "/api/Federations", operation_id = "listFederations", tag = "Federations",
    responses((status = 200, body = Vec<FederationView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<FederationView>>> {
    let names = Names::load(&state)?;
    let federations = state.store.list::<Federation>()?;
    Ok(Json(
        federations
            .into_iter()
            .map(|f| view(&names, f, false))
            .collect(),
    ))
}

search::search_query! {
    /// The search of spec 01 §3: text filters ignore case and accents; date filters take
    /// `OP:YYYY-MM-DD` with OP one of EQ, GT, LT, GTE, LTE (a bare date means EQ).
    FederationSearch: named {
        /// A country id, or a part of its name.
        country: String => "Filter.Country",
    }
}
search::named_record!(FederationView);

/// Federations matching the filters, sorted and paged; the default order is by universal name.
#[utoipa::path(get, path = "/api/Federations/search", operation_id = "searchFederations", tag = "Federations", params(FederationSearch),
    responses((status = 200, body = Page<FederationView>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<FederationSearch>,
) -> ApiResult<Json<Page<FederationView>>> {
    let names = Names::load(&state)?;
    let federations = state.store.list::<Federation>()?.into_iter();
    let views = federations.map(|f| view(&names, f, false)).collect();
    let matches = |q: &FederationSearch, v: &FederationView| {
        q.country
            .as_deref()
            .is_none_or(|c| match c.trim().parse::<u64>() {
                Ok(id) => v.fields.country_id == id,
                Err(_) => v.country.as_ref().is_some_and(|country| {
                    contains(&country.name, c) || contains(&country.name_universal, c)
                }),
            })
    };
    let country = |v: &FederationView| {
        let name = v.country.as_ref().map(|c| c.name_universal.as_str());
        name.map(fold).unwrap_or_default()
    };
    let compare = |field: &str, a: &FederationView, b: &FederationView| {
        (field == "country").then(|| country(a).cmp(&country(b)))
    };
    let page = search::named_page(query, &["country"], views, matches, compare)?;
    Ok(Json(page))
}

/// A federation with its logo and its clubs (competitions and officials join when they exist).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FederationDetail {
    #[serde(flatten)]
    pub federation: FederationView,
    pub clubs: Vec<super::clubs::ClubView>,
    pub competitions: Vec<super::competitions::CompetitionView>,
    pub officials: Vec<super::memberships::FederationOfficialView>,
}

#[utoipa::path(get, path = "/api/Federations/{id}", operation_id = "getFederation", tag = "Federations", params(("id" = u64, Path)),
    responses((status = 200, body = FederationDetail), (status = 404, body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<Json<FederationDetail>> {
    let federation = state.store.get::<Federation>(id)?;
    let names = Names::load(&state)?;
    let clubs = state.store.list::<polodesk_domain::clubs::Club>()?;
    let clubs = clubs
        .into_iter()
        .filter(|c| c.fields.federation_id == Some(id))
        .map(|c| super::clubs::view(&names, c, false))
        .collect();
    let competitions = super::competitions::of_federation(&state, &names, id)?;
    let officials = if principal.may_read(Module::Officials) {
        let view = super::memberships::federation_official_view;
        super::memberships::link_views(&state, Owner::Federation(id), view)?
    } else {
        Vec::new()
    };
    Ok(Json(FederationDetail {
        federation: view(&names, federation, true),
        clubs,
        competitions,
        officials,
    }))
}

#[utoipa::path(post, path = "/api/Federations", operation_id = "createFederation", tag = "Federations", request_body = FederationInput,
    responses((status = 201, body = FederationView), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Json(input): Json<FederationInput>,
) -> ApiResult<Created<FederationView>> {
    let federation: Federation = state.store.create(input.validate()?).await?;
    let location = format!("/api/Federations/{}", federation.id);
    Ok(created(
        location,
        view(&Names::load(&state)?, federation, true),
    ))
}

#[utoipa::path(put, path = "/api/Federations/{id}", operation_id = "updateFederation", tag = "Federations", request_body = inline(Update<FederationInput, FederationDetail>),
    params(("id" = u64, Path)),
    responses((status = 200, body = FederationView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Update { id, input, .. }: Update<FederationInput, FederationDetail>,
) -> ApiResult<Json<FederationView>> {
    let federation: Federation = state.store.update(id, input.validate()?).await?;
    Ok(Json(view(&Names::load(&state)?, federation, true)))
}

/// Deletes a federation and, in the same transaction, the accounts of its staff.
#[utoipa::path(delete, path = "/api/Federations/{id}", operation_id = "deleteFederation", tag = "Federations", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete::<Federation>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}
