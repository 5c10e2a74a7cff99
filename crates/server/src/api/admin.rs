//! Administration of the whole store (administrators only): the export document, a restore of
//! one into an empty store, and a backup copy of the live redb file (DESIGN §7).

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use polodesk_domain::views::admin::Restored;
use polodesk_store::Export;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::Json;

/// A restore carries the whole store: its body may be far larger than a form's.
pub const RESTORE_BODY_LIMIT: usize = 1024 * 1024 * 1024;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(export))
        .routes(routes!(backup))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(restore))
                .layer(axum::extract::DefaultBodyLimit::max(RESTORE_BODY_LIMIT)),
        )
}

/// Runs a blocking store call off the async workers.
async fn blocking<T: Send + 'static>(
    op: impl FnOnce() -> Result<T, polodesk_store::StoreError> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(op)
        .await
        .map_err(|e| ApiError::Internal(format!("a store task failed: {e}")))?
        .map_err(ApiError::from)
}

/// The whole store as one versioned JSON document (`format` "polodesk-export"), read in one
/// transaction. Password and PIN hashes and two-step sign-in keys are in it; sign-in secrets
/// (sessions, tokens, links) are not.
#[utoipa::path(get, path = "/api/Admin/export", operation_id = "exportStore", tag = "Admin",
    responses((status = 200, description = "The export document", body = Object,
        content_type = "application/json")))]
async fn export(State(state): State<AppState>) -> ApiResult<Response> {
    let store = state.store.clone();
    let json = blocking(move || Ok(store.export()?.to_json())).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response())
}

/// Loads an export document into the store, which must hold no records at all (a new data
/// folder), in one transaction. A store with data answers 409; a malformed document, one of
/// another version or one naming what it does not hold answers 400.
#[utoipa::path(post, path = "/api/Admin/restore", operation_id = "restoreStore", tag = "Admin",
    request_body(content = Object, content_type = "application/json",
        description = "An export document as `GET /api/Admin/export` gives it"),
    responses((status = 200, body = Restored),
        (status = 409, description = "The store is not empty", body = crate::error::ErrorBody)))]
async fn restore(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> ApiResult<Json<Restored>> {
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::PayloadTooLarge("The export document is too large.".into())
        }
        _ => ApiError::BadRequest(rejection.body_text()),
    })?;
    let doc = blocking(move || Export::from_json(&body)).await?;
    let records = doc.record_count();
    state.store.restore(doc).await?;
    Ok(Json(Restored { records }))
}

/// A consistent copy of the live store as a redb file, secrets included: saved as
/// `<data>/polodesk.redb`, `polodesk serve --data <data>` opens it.
#[utoipa::path(get, path = "/api/Admin/backup", operation_id = "backupStore", tag = "Admin",
    responses((status = 200, description = "The redb file", body = Vec<u8>,
        content_type = "application/octet-stream")))]
async fn backup(State(state): State<AppState>) -> ApiResult<Response> {
    let store = state.store.clone();
    let bytes = blocking(move || {
        let folder = tempfile::tempdir().map_err(|e| {
            polodesk_store::StoreError::Backend(format!("cannot make a temporary folder: {e}"))
        })?;
        let path = folder.path().join(polodesk_store::FILE_NAME);
        store.backup(&path)?;
        std::fs::read(&path).map_err(|e| {
            polodesk_store::StoreError::Backend(format!("cannot read the backup copy: {e}"))
        })
    })
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"polodesk.redb\"",
            ),
        ],
        bytes,
    )
        .into_response())
}
