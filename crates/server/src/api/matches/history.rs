//! The history of a match and its log: who wrote what, when, before and after.

use axum::extract::State;
use polodesk_domain::dates::Instant;
use polodesk_domain::matches::HistoryEntry;
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{Json, Path};

/// One write to a match's log, as its history shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryView {
    /// 1 for the first write.
    pub sequence: u64,
    pub at: Instant,
    pub user_id: u64,
    pub user: String,
    pub action: String,
    /// What the write changed before it: an event or the match's fields (objects), a lineup
    /// (an array), a status (a number); null when there was nothing.
    pub before: Option<serde_json::Value>,
    /// The same, after the write.
    pub after: Option<serde_json::Value>,
}

fn history_view(sequence: u64, entry: HistoryEntry) -> HistoryView {
    let parse = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
    HistoryView {
        sequence,
        at: entry.at,
        user_id: entry.user_id,
        user: entry.user,
        action: entry.action,
        before: parse(entry.before),
        after: parse(entry.after),
    }
}

/// Every write to the match and its log, oldest first: who, when, and before and after.
#[utoipa::path(get, path = "/api/Matches/{id}/history", operation_id = "getMatchHistory", tag = "Matches", params(("id" = u64, Path)),
    responses((status = 200, body = Vec<HistoryView>), (status = 404, body = ErrorBody)))]
pub async fn history(
    State(state): State<AppState>,
    Path(id): Path<u64>,
) -> ApiResult<Json<Vec<HistoryView>>> {
    let entries = state.store.match_history(id)?;
    Ok(Json(
        entries
            .into_iter()
            .zip(1..)
            .map(|(entry, sequence)| history_view(sequence, entry))
            .collect(),
    ))
}
