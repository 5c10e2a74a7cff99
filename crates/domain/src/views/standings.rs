//! A competition's tables as the API shows them: each table's rows, with the team by name.

use serde::{Deserialize, Serialize};

use super::entity::EntityRef;
use crate::standings::{Ranking, StandingType};

/// One team's row in a table: the domain's ranking with the team by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RankingView {
    /// The team's id: a team has one row per table.
    pub id: u64,
    pub competition_id: u64,
    pub team: Option<EntityRef>,
    #[serde(flatten)]
    pub ranking: Ranking,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StandingGroupView {
    pub standing_type: StandingType,
    pub rankings: Vec<RankingView>,
}
