//! Persons (spec 01 §7 Persons): list, create, read, update, delete (with the person's account),
//! and the search the user, coach and player forms use.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::codes::PermissionAction;
use polodesk_domain::officials::NewOfficial;
use polodesk_domain::permissions::Refusal;
use polodesk_domain::permissions::{self, Module};
use polodesk_domain::persons::{
    PROFILE_REQUIRED_OFFICIAL, Person, PersonInput, PersonSummary, SEARCH_MIN_CHARS, check_profile,
};
use polodesk_domain::validation::{ValidationErrors, fold};
use polodesk_domain::views::people::PersonView;
use polodesk_store::{Holder, NameQuery, Owner};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{Created, created};
use crate::AppState;
use crate::access::{Principal, check_owners, manages_person};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Query, Update};

/// At most this many persons answer one search.
const SEARCH_LIMIT: usize = 20;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(search))
        .routes(routes!(same_name))
        .routes(routes!(get, update, delete))
}

pub fn view(person: Person, with_photo: bool) -> PersonView {
    let mut fields = person.fields;
    if !with_photo {
        fields.photo = None;
    }
    PersonView {
        id: person.id,
        fields,
        coach_id: person.identities.coach_id,
        official_id: person.identities.official_id,
        player_id: person.identities.player_id,
    }
}

/// Every person, by surname, without photos.
#[utoipa::path(get, path = "/api/Persons", operation_id = "listPersons", tag = "Persons",
    responses((status = 200, body = Vec<PersonView>)))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<PersonView>>> {
    Ok(Json(
        state
            .store
            .list::<Person>()?
            .into_iter()
            .map(|p| view(p, false))
            .collect(),
    ))
}

#[utoipa::path(get, path = "/api/Persons/{id}", operation_id = "getPerson", tag = "Persons", params(("id" = u64, Path)),
    responses((status = 200, body = PersonView), (status = 404, body = ErrorBody)))]
async fn get(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<Json<PersonView>> {
    Ok(Json(view(state.store.get::<Person>(id)?, true)))
}

#[utoipa::path(post, path = "/api/Persons", operation_id = "createPerson", tag = "Persons", request_body = PersonInput,
    responses((status = 201, body = PersonView), (status = 400, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(mut input): Json<PersonInput>,
) -> ApiResult<Created<PersonView>> {
    let person_id = match input.official.take() {
        None => state.store.create::<Person>(input.validate()?).await?.id,
        Some(official) => {
            // The person and its official roles land together, or neither does.
            if !permissions::allows(
                &principal.roles,
                Module::Officials,
                PermissionAction::Create,
            ) {
                return Err(ApiError::Forbidden(Refusal::Table(
                    Module::Officials,
                    PermissionAction::Create,
                )));
            }
            let mut errors = ValidationErrors::new();
            let profile = check_profile(&mut errors, None, Some(input), PROFILE_REQUIRED_OFFICIAL);
            let mut official_errors = ValidationErrors::new();
            let (fields, federations) = official.check(&mut official_errors, super::today());
            errors.nest("official", official_errors);
            let new = errors.finish(NewOfficial {
                profile,
                fields,
                federations,
            })?;
            let owners = new
                .federations
                .iter()
                .map(|f| Owner::Federation(f.federation_id));
            check_owners(&state, &principal, owners)?;
            state.store.create_official(new).await?.fields.person_id
        }
    };
    let person = state.store.get::<Person>(person_id)?;
    Ok(created(
        format!("/api/Persons/{person_id}"),
        view(person, true),
    ))
}

#[utoipa::path(put, path = "/api/Persons/{id}", operation_id = "updatePerson", tag = "Persons", request_body = inline(Update<PersonInput, PersonView>),
    params(("id" = u64, Path)),
    responses((status = 200, body = PersonView), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<PersonInput, PersonView>,
) -> ApiResult<Json<PersonView>> {
    let fields = input.validate()?;
    manages_person(&state, &principal, id)?;
    let person = state.store.update(id, fields).await?;
    Ok(Json(view(person, true)))
}

/// Deletes a person and, in the same transaction, the person's account.
#[utoipa::path(delete, path = "/api/Persons/{id}", operation_id = "deletePerson", tag = "Persons", params(("id" = u64, Path)),
    responses((status = 204), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody, description = "A match names their coach, player or official")))]
async fn delete(State(state): State<AppState>, Path(id): Path<u64>) -> ApiResult<StatusCode> {
    state.store.delete::<Person>(id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Name and/or surname; at least 3 characters. Case and accents are ignored.
    #[serde(default)]
    pub input: String,
}

/// Persons whose name and surname contain every word typed.
#[utoipa::path(get, path = "/api/Persons/search", operation_id = "searchPersons", tag = "Persons", params(SearchQuery),
    responses((status = 200, body = Vec<PersonSummary>), (status = 400, body = ErrorBody)))]
async fn search(
    State(state): State<AppState>,
    Query(query): Query<SearchQuery>,
) -> ApiResult<Json<Vec<PersonSummary>>> {
    if query.input.trim().chars().count() < SEARCH_MIN_CHARS {
        return Ok(Json(Vec::new()));
    }
    let found = state.store.search_persons(&query.input, SEARCH_LIMIT)?;
    Ok(Json(found.iter().map(|p| p.summary()).collect()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SameNameQuery {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub surname: String,
}

/// Persons with this name and surname (ignoring case and accents), with the identities they
/// hold: the coach, player and official forms offer them instead of a duplicate profile.
#[utoipa::path(get, path = "/api/Persons/same-name", operation_id = "listPersonsWithSameName", tag = "Persons", params(SameNameQuery),
    responses((status = 200, body = Vec<PersonView>)))]
async fn same_name(
    State(state): State<AppState>,
    Query(query): Query<SameNameQuery>,
) -> ApiResult<Json<Vec<PersonView>>> {
    let (name, surname) = (fold(query.name.trim()), fold(query.surname.trim()));
    if name.is_empty() || surname.is_empty() {
        return Ok(Json(Vec::new()));
    }
    let names = NameQuery {
        surname: Some(surname.clone()),
        name: Some(name.clone()),
        descending: false,
    };
    let (_, ids) = state.store.by_name(Holder::Person, &names, 0, usize::MAX)?;
    let mut found = Vec::new();
    for id in ids {
        let person = state.store.get::<Person>(id)?;
        if fold(&person.fields.name) == name && fold(&person.fields.surname) == surname {
            found.push(view(person, false));
        }
    }
    Ok(Json(found))
}
