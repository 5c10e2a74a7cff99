//! Match log events (spec 02 §7): the log of a match, and recording, changing and removing an
//! event. Every write answers the event with the match's recomputed score and is pushed to the
//! match's live viewers.

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use polodesk_domain::events::{EventInput, EventView};
use polodesk_domain::permissions::Refusal;
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::{EventWrite, StoreError};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::live::{self, Action};
use polodesk_domain::views::score::{MatchScore, score_of};

use super::matches::actor;
use crate::AppState;
use crate::access::{Principal, owns_match};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{Json, Path, Update};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(list, update, delete))
}

/// An event with the match's score after the write; a double exclusion also names its other
/// half (made, changed or removed with it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventWithScore {
    #[serde(flatten)]
    pub event: EventView,
    pub paired_event: Option<EventView>,
    pub removed_paired_event_id: Option<u64>,
    #[serde(rename = "match")]
    pub game: MatchScore,
}

fn answer(write: EventWrite) -> EventWithScore {
    EventWithScore {
        game: score_of(&write.game),
        event: EventView::from(write.event),
        paired_event: write.paired.map(EventView::from),
        removed_paired_event_id: write.removed_pair,
    }
}

/// The events of a match in log order: by period, then by the clock.
#[utoipa::path(get, path = "/api/Events/{id}", operation_id = "listMatchEvents", tag = "Events",
    params(("id" = u64, Path, description = "The match's id")),
    responses((status = 200, body = Vec<EventView>), (status = 404, body = ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    Path(match_id): Path<u64>,
) -> ApiResult<Json<Vec<EventView>>> {
    Ok(Json(views_of(&state, match_id)?))
}

/// A match's events in log order, as the API shows them.
pub fn views_of(state: &AppState, match_id: u64) -> ApiResult<Vec<EventView>> {
    let events = state.store.events_of(match_id)?;
    Ok(events.into_iter().map(EventView::from).collect())
}

/// Records an event. A retried POST with the same `clientId` answers the first event (200)
/// instead of recording it twice.
#[utoipa::path(post, path = "/api/Events", operation_id = "createEvent", tag = "Events", request_body = EventInput,
    responses((status = 201, body = EventWithScore), (status = 200, body = EventWithScore),
        (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Json(input): Json<EventInput>,
) -> ApiResult<(StatusCode, Json<EventWithScore>)> {
    let fields = input.validate()?;
    match state.store.get_match(fields.match_id) {
        Ok(game) if owns_match(&state, &principal.access, &game) => {}
        Ok(_) => return Err(ApiError::Forbidden(Refusal::Match)),
        // As the access layer answers for owned paths: a missing match is refused to all but
        // admins.
        Err(StoreError::NotFound { .. }) if !principal.access.admin => {
            return Err(ApiError::Forbidden(Refusal::Record));
        }
        Err(StoreError::NotFound { .. }) => {
            return Err(
                ValidationErrors::single("matchId", "The chosen match does not exist.").into(),
            );
        }
        Err(other) => return Err(other.into()),
    }
    let write = state.store.create_event(fields, actor(&principal)).await?;
    live::event_written(&state, Action::Created, &write);
    let status = if write.replayed {
        StatusCode::OK
    } else {
        StatusCode::CREATED
    };
    Ok((status, Json(answer(write))))
}

/// Replaces an event (same match); answers it with the match's score. A replayed PUT (the
/// event as it already is) changes nothing and answers the same.
#[utoipa::path(put, path = "/api/Events/{id}", operation_id = "updateEvent", tag = "Events", request_body = inline(Update<EventInput, EventView>),
    params(("id" = u64, Path)),
    responses((status = 200, body = EventWithScore), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Update { id, input, .. }: Update<EventInput, EventView>,
) -> ApiResult<Json<EventWithScore>> {
    let fields = input.validate()?;
    let write = state
        .store
        .update_event(id, fields, actor(&principal))
        .await?;
    live::event_written(&state, Action::Updated, &write);
    Ok(Json(answer(write)))
}

/// Removes an event (and the other half of a double exclusion); answers the removed event with
/// the match's score, from which the client resets its score. A replayed DELETE changes
/// nothing and answers 404, which the client treats as done.
#[utoipa::path(delete, path = "/api/Events/{id}", operation_id = "deleteEvent", tag = "Events", params(("id" = u64, Path)),
    responses((status = 200, body = EventWithScore),
        (status = 404, body = ErrorBody,
            description = "No such event: already deleted (a replayed DELETE), so done."),
        (status = 409, body = ErrorBody)))]
async fn delete(
    State(state): State<AppState>,
    Extension(principal): Extension<Principal>,
    Path(id): Path<u64>,
) -> ApiResult<Json<EventWithScore>> {
    let write = state.store.delete_event(id, actor(&principal)).await?;
    live::event_written(&state, Action::Deleted, &write);
    Ok(Json(answer(write)))
}
