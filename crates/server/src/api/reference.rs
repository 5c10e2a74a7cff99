//! Reference-data calls of spec 01 §7: countries (with their cities), cities, categories and
//! competition types.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::reference::{
    Category, CategoryInput, City, CityInput, CompetitionType, CompetitionTypeInput, Country,
    CountryInput,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Created, created};
use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_countries, create_country))
        .routes(routes!(get_country, update_country, delete_country))
        .routes(routes!(list_cities, create_city))
        .routes(routes!(get_city, update_city, delete_city))
        .routes(routes!(categories::list, categories::create))
        .routes(routes!(
            categories::get,
            categories::update,
            categories::delete
        ))
        .routes(routes!(competition_types::list, competition_types::create))
        .routes(routes!(
            competition_types::get,
            competition_types::update,
            competition_types::delete
        ))
}

/// A city with its country, as lists and forms show it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = City)]
#[serde(rename_all = "camelCase")]
pub struct CityView {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub country_id: u64,
    pub country: Country,
}

impl CityView {
    fn new(city: City, country: Country) -> Self {
        Self {
            id: city.id,
            name: city.name,
            name_universal: city.name_universal,
            country_id: city.country_id,
            country,
        }
    }
}

/// A country with its cities.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryDetail {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub code: String,
    pub cities: Vec<CityView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CitiesQuery {
    /// Only the cities of this country.
    pub country_id: Option<u64>,
}

/// Countries, by universal name.
#[utoipa::path(get, path = "/api/Countries", operation_id = "listCountries", tag = "Countries",
    responses((status = 200, body = Vec<Country>)))]
async fn list_countries(State(state): State<AppState>) -> ApiResult<Json<Vec<Country>>> {
    Ok(Json(state.store.list()?))
}

/// A country with its cities.
#[utoipa::path(get, path = "/api/Countries/{id}", operation_id = "getCountry", tag = "Countries",
    params(("id" = u64, Path)),
    responses((status = 200, body = CountryDetail), (status = 404, body = ErrorBody)))]
async fn get_country(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<CountryDetail>> {
    let country: Country = state.store.get(id)?;
    let cities = state.store.cities_of(id)?;
    Ok(Json(CountryDetail {
        cities: cities
            .into_iter()
            .map(|c| CityView::new(c, country.clone()))
            .collect(),
        id: country.id,
        name: country.name,
        name_universal: country.name_universal,
        code: country.code,
    }))
}

#[utoipa::path(post, path = "/api/Countries", operation_id = "createCountry", tag = "Countries", request_body = CountryInput,
    responses((status = 201, body = Country), (status = 400, body = ErrorBody)))]
async fn create_country(
    State(state): State<AppState>,
    Json(input): Json<CountryInput>,
) -> ApiResult<Created<Country>> {
    let country: Country = state.store.create(input.validate()?).await?;
    Ok(created(format!("/api/Countries/{}", country.id), country))
}

#[utoipa::path(put, path = "/api/Countries/{id}", operation_id = "updateCountry", tag = "Countries", request_body = inline(Update<CountryInput, CountryDetail>),
    params(("id" = u64, Path)),
    responses((status = 200, body = Country), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_country(
    State(state): State<AppState>,
    Update { id, input, .. }: Update<CountryInput, CountryDetail>,
) -> ApiResult<Json<Country>> {
    Ok(Json(state.store.update(id, input.validate()?).await?))
}

/// Deletes a country that has no cities left.
#[utoipa::path(delete, path = "/api/Countries/{id}", operation_id = "deleteCountry", tag = "Countries",
    params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_country(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<StatusCode> {
    state.store.delete::<Country>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Cities with their countries, by universal name; `countryId` narrows to one country.
#[utoipa::path(get, path = "/api/Cities", operation_id = "listCities", tag = "Cities", params(CitiesQuery),
    responses((status = 200, body = Vec<CityView>), (status = 404, body = ErrorBody)))]
async fn list_cities(
    State(state): State<AppState>,
    Query(query): Query<CitiesQuery>,
) -> ApiResult<Json<Vec<CityView>>> {
    let cities = match query.country_id {
        Some(country_id) => state.store.cities_of(country_id)?,
        None => state.store.list()?,
    };
    let countries: HashMap<u64, Country> = state
        .store
        .list::<Country>()?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let views = cities
        .into_iter()
        .filter_map(|city| {
            let country = countries.get(&city.country_id)?.clone();
            Some(CityView::new(city, country))
        })
        .collect();
    Ok(Json(views))
}

fn city_view(state: &AppState, city: City) -> ApiResult<CityView> {
    let country = state.store.get(city.country_id)?;
    Ok(CityView::new(city, country))
}

#[utoipa::path(get, path = "/api/Cities/{id}", operation_id = "getCity", tag = "Cities", params(("id" = u64, Path)),
    responses((status = 200, body = CityView), (status = 404, body = ErrorBody)))]
async fn get_city(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Json<CityView>> {
    let city = state.store.get(id)?;
    Ok(Json(city_view(&state, city)?))
}

#[utoipa::path(post, path = "/api/Cities", operation_id = "createCity", tag = "Cities", request_body = CityInput,
    responses((status = 201, body = CityView), (status = 400, body = ErrorBody)))]
async fn create_city(
    State(state): State<AppState>,
    Json(input): Json<CityInput>,
) -> ApiResult<Created<CityView>> {
    let city: City = state.store.create(input.validate()?).await?;
    Ok(created(
        format!("/api/Cities/{}", city.id),
        city_view(&state, city)?,
    ))
}

#[utoipa::path(put, path = "/api/Cities/{id}", operation_id = "updateCity", tag = "Cities", request_body = inline(Update<CityInput, CityView>),
    params(("id" = u64, Path)),
    responses((status = 200, body = CityView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update_city(
    State(state): State<AppState>,
    Update { id, input, .. }: Update<CityInput, CityView>,
) -> ApiResult<Json<CityView>> {
    let city = state.store.update(id, input.validate()?).await?;
    Ok(Json(city_view(&state, city)?))
}

#[utoipa::path(delete, path = "/api/Cities/{id}", operation_id = "deleteCity", tag = "Cities", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_city(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete::<City>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The five calls of an entity whose API shape is its domain shape.
macro_rules! plain_entity_calls {
    ($module:ident, $entity:ident, $input:ident, $tag:tt, $list:tt, $item:tt, $location:tt) => {
        mod $module {
            use super::*;

            #[utoipa::path(get, path = $list, operation_id = concat!("list", $tag), tag = $tag,
                responses((status = 200, body = Vec<$entity>)))]
            pub async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<$entity>>> {
                Ok(Json(state.store.list()?))
            }

            #[utoipa::path(get, path = $item, operation_id = concat!("get", stringify!($entity)), tag = $tag, params(("id" = u64, Path)),
                responses((status = 200, body = $entity), (status = 404, body = ErrorBody)))]
            pub async fn get(
                State(state): State<AppState>,
                Path(id): Path<u64>,
            ) -> ApiResult<Json<$entity>> {
                Ok(Json(state.store.get(id)?))
            }

            #[utoipa::path(post, path = $list, operation_id = concat!("create", stringify!($entity)), tag = $tag, request_body = $input,
                responses((status = 201, body = $entity), (status = 400, body = ErrorBody)))]
            pub async fn create(
                State(state): State<AppState>,
                Json(input): Json<$input>,
            ) -> ApiResult<Created<$entity>> {
                let item: $entity = state.store.create(input.validate()?).await?;
                Ok(created(format!($location, item.id), item))
            }

            #[utoipa::path(put, path = $item, operation_id = concat!("update", stringify!($entity)), tag = $tag, request_body = inline(Update<$input, $entity>),
                params(("id" = u64, Path)),
                responses((status = 200, body = $entity), (status = 400, body = ErrorBody),
                    (status = 404, body = ErrorBody)))]
            pub async fn update(
                State(state): State<AppState>,
                Update { id, input, .. }: Update<$input, $entity>,
            ) -> ApiResult<Json<$entity>> {
                Ok(Json(state.store.update(id, input.validate()?).await?))
            }

            #[utoipa::path(delete, path = $item, operation_id = concat!("delete", stringify!($entity)), tag = $tag, params(("id" = u64, Path)),
                responses((status = 204), (status = 404, body = ErrorBody),
                    (status = 409, body = ErrorBody)))]
            pub async fn delete(
                State(state): State<AppState>,
                Path(id): Path<u64>,
            ) -> ApiResult<StatusCode> {
                state.store.delete::<$entity>(id).await?;
                Ok(StatusCode::NO_CONTENT)
            }
        }
    };
}

plain_entity_calls!(
    categories,
    Category,
    CategoryInput,
    "Categories",
    "/api/Categories",
    "/api/Categories/{id}",
    "/api/Categories/{}"
);
plain_entity_calls!(
    competition_types,
    CompetitionType,
    CompetitionTypeInput,
    "CompetitionTypes",
    "/api/CompetitionTypes",
    "/api/CompetitionTypes/{id}",
    "/api/CompetitionTypes/{}"
);
