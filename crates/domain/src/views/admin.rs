//! What the administrators' store calls answer.

use serde::{Deserialize, Serialize};

/// What a restore wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Restored {
    /// The records of every kind the document held.
    pub records: usize,
}
