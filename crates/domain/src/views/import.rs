//! An import's body and answer (`POST /api/Import/{kind}`).

use serde::{Deserialize, Serialize};

/// The rows of an import.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ImportInput {
    /// Each row is the body of the kind's create call (`ClubInput`, `TeamInput`,
    /// `NewPlayerInput`, `CoachInput`, `NewOfficialInput`, `MatchInput`).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub rows: Vec<serde_json::Value>,
}

/// What an import did (or, for a dry run, would do).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ImportResult {
    pub kind: String,
    /// How many rows were sent.
    pub rows: usize,
    /// How many records of the kind were created (would be, for a dry run).
    pub created: usize,
    pub dry_run: bool,
    /// The ids of the created records, in the order of the rows; empty for a dry run.
    pub ids: Vec<u64>,
}
