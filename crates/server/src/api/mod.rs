//! Everything under `/api`: the calls, their OpenAPI document and the JSON 404 for unknown
//! paths.

/// The routes of a record kind with the usual calls: list and create, search, and get, update
/// and delete of one; a module adds its own calls after these. The handlers share their names
/// across kinds, so each names its `operation_id` (verb and kind, `listClubs`, `getClub`):
/// clients generate one type per id.
macro_rules! record_routes {
    () => {
        utoipa_axum::router::OpenApiRouter::new()
            .routes(utoipa_axum::routes!(list, create))
            .routes(utoipa_axum::routes!(search))
            .routes(utoipa_axum::routes!(get, update, delete))
    };
}

mod admin;
mod clubs;
mod coaches;
mod competitions;
mod events;
mod federations;
mod import;
mod live;
mod lookups;
mod matches;
mod memberships;
mod names;
mod officials;
mod people;
mod persons;
mod players;
mod public;
mod reference;
mod search;
mod standings;
mod stats;
mod teams;
mod two_step;
mod users;

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::routing::get;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::ApiError;
use crate::extract::Json;

pub use public::public_match;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "PoloDesk API",
        description = "Water polo competition administration and live match scoring.",
        license(name = "MIT", identifier = "MIT")
    ),
    tags(
        (name = "Health", description = "Whether the server is up"),
        (name = "Countries", description = "Countries and their cities"),
        (name = "Cities"),
        (name = "Categories", description = "Age and gender categories"),
        (name = "CompetitionTypes", description = "League, Cup, Play-off and other kinds"),
        (name = "Lookups", description = "Code lists of the spec, with their numbers"),
        (name = "Users", description = "Accounts, the signed-in profile and API tokens"),
        (name = "Persons", description = "People who hold coach, official or player identities"),
        (name = "Federations", description = "Federations, their staff and what they run"),
        (name = "Clubs", description = "Clubs, their teams and people"),
        (name = "Teams", description = "A club's side in one category"),
        (name = "Competitions", description = "Leagues, cups and tournaments of a federation"),
        (name = "Coaches", description = "Club managers: coaches of clubs and teams"),
        (name = "Players", description = "Players, their clubs and teams"),
        (name = "Officials", description = "Referees, delegates and other match officials"),
        (name = "Memberships", description = "Coaches and players in clubs and teams, officials in federations, teams in competitions"),
        (name = "Matches", description = "Fixtures, lineups, match officials, confirmation and history"),
        (name = "Events", description = "The match log: timeouts, swim-offs, cards, turnovers, exclusions, shots, challenges"),
        (name = "Standings", description = "Competition tables"),
        (name = "Statistics", description = "Player and team statistics from the match logs"),
        (name = "Admin", description = "Export, restore and backup of the whole store (administrators only)"),
        (name = "Public", description = "What the public live pages read without signing in: public competitions' matches, events, statistics and standings"),
        (name = "Import", description = "Clubs, teams, players, coaches, officials or matches from a file, all or nothing")
    ),
    // The live hub's messages (`/hubs/match`) are no call's body, and updates document their
    // body inline (the write shape with what reads give): listed so clients get their types.
    components(schemas(
        polodesk_domain::live::ServerMessage,
        polodesk_domain::live::ClientMessage,
        polodesk_domain::officials::OfficialInput,
        polodesk_domain::players::PlayerInput
    )),
    modifiers(&BearerAuth),
    security(("bearer" = []))
)]
struct ApiDoc;

/// Every call takes `Authorization: Bearer <access token or personal API token>`.
struct BearerAuth;

impl utoipa::Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The answers the access layer and the extractors give any call, documented on every
/// operation they can come from, so clients (and schemathesis) know them.
struct CommonErrors;

impl utoipa::Modify for CommonErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{Ref, ResponseBuilder};
        let error = |text: &str| {
            ResponseBuilder::new()
                .description(text)
                .content(
                    "application/json",
                    utoipa::openapi::ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ApiError")))
                        .build(),
                )
                .build()
        };
        for (path, item) in openapi.paths.paths.iter_mut() {
            let public = path == "/api/health" || path.starts_with("/api/Public/");
            // Each operation, and whether it changes something.
            let operations = [
                (false, &mut item.get),
                (true, &mut item.put),
                (true, &mut item.post),
                (true, &mut item.delete),
            ];
            for (writes, operation) in operations {
                let Some(operation) = operation else { continue };
                let responses = &mut operation.responses.responses;
                let mut add = |status: &str, text: &str| {
                    responses
                        .entry(status.to_owned())
                        .or_insert_with(|| error(text).into());
                };
                if !public {
                    add("401", "No valid access token or API token.");
                    add(
                        "403",
                        "The permission table or the own-entity rules refuse this to the caller; the message names the rule.",
                    );
                }
                // POST searches change nothing but are listed too: harmless, and simpler than
                // telling them apart here.
                if writes && !public {
                    add(
                        "429",
                        "The account made too many changes in a short time; Retry-After says when to try again.",
                    );
                }
                if writes {
                    add(
                        "503",
                        "Saving to disk failed earlier: the store takes no more changes until PoloDesk is restarted.",
                    );
                }
                if operation.parameters.as_ref().is_some_and(|p| !p.is_empty()) {
                    add("400", "A path or query parameter is malformed.");
                }
                if operation.request_body.is_some() {
                    add("400", "The body is malformed or breaks a rule.");
                    add("413", "The body is too large.");
                    add("415", "The body is not JSON.");
                }
            }
        }
    }
}

/// The OpenAPI document of every call, generated from the handlers.
pub fn openapi() -> utoipa::openapi::OpenApi {
    api_parts().1
}

fn api_parts() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(health))
        .merge(reference::routes())
        .merge(lookups::routes())
        .merge(users::routes())
        .merge(two_step::routes())
        .merge(federations::routes())
        .merge(clubs::routes())
        .merge(teams::routes())
        .merge(competitions::routes())
        .merge(persons::routes())
        .merge(coaches::routes())
        .merge(players::routes())
        .merge(officials::routes())
        .merge(memberships::routes())
        .merge(matches::routes())
        .merge(events::routes())
        .merge(standings::routes())
        .merge(stats::routes())
        .merge(admin::routes())
        .merge(import::routes())
        .merge(public::routes())
        .split_for_parts();
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    // After the routes are merged: the document's own modifiers run before there are paths.
    utoipa::Modify::modify(&CommonErrors, &mut doc);
    (router, doc)
}

/// The `/api` router, with the OpenAPI document at `/api/openapi.json`.
pub fn router() -> Router<AppState> {
    let (router, doc) = api_parts();
    let document: Arc<str> = doc
        .to_pretty_json()
        .expect("the OpenAPI document serializes")
        .into();
    router
        .route(
            "/api/openapi.json",
            get(move || {
                let document = Arc::clone(&document);
                async move {
                    (
                        [(header::CONTENT_TYPE, "application/json")],
                        document.to_string(),
                    )
                }
            }),
        )
        .route("/api", get(unknown_api_path))
        .route(
            "/api/{*rest}",
            get(unknown_api_path).fallback(unknown_api_path),
        )
        .method_not_allowed_fallback(method_not_allowed)
}

async fn unknown_api_path(uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(format!("There is no API call at {}.", uri.path()))
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::MethodNotAllowed(format!("{method} is not allowed on {}.", uri.path()))
}

/// Today's date (UTC), for the fields that default to it.
pub fn today() -> polodesk_domain::dates::Date {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    polodesk_domain::dates::Date::from_unix_days(days)
        .unwrap_or(polodesk_domain::dates::Date::new(1970, 1, 1).expect("a valid date"))
}

/// `201 Created` with a `Location` header and the created record.
pub type Created<T> = (StatusCode, [(header::HeaderName, String); 1], Json<T>);

pub fn created<T>(location: String, body: T) -> Created<T> {
    (
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(body),
    )
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` while the server answers and saves; `read-only` once saving to disk failed (the
    /// store then serves what was saved and takes no changes until restarted).
    pub status: &'static str,
    pub version: &'static str,
    /// What went wrong, when the status is not `ok`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[utoipa::path(get, path = "/api/health", operation_id = "getHealth", tag = "Health",
    responses((status = 200, body = Health), (status = 503, body = Health, description = "Saving to disk failed: reads only until restarted.")))]
async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let version = env!("CARGO_PKG_VERSION");
    match state.store.write_failure() {
        None => (
            StatusCode::OK,
            Json(Health {
                status: "ok",
                version,
                message: None,
            }),
        ),
        Some(cause) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(Health {
                status: "read-only",
                version,
                message: Some(format!(
                    "Saving to disk failed ({cause}); PoloDesk serves what was saved and takes no changes until it is restarted."
                )),
            }),
        ),
    }
}
