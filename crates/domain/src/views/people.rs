//! A person as the API shows it, inside the player, coach and official views as well.

use serde::{Deserialize, Serialize};

use crate::persons::PersonFields;

/// A person with the identities it holds (spec 01 §3: coachId, officialId, playerId).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = Person))]
#[serde(rename_all = "camelCase")]
pub struct PersonView {
    pub id: u64,
    #[serde(flatten)]
    pub fields: PersonFields,
    pub coach_id: Option<u64>,
    pub official_id: Option<u64>,
    pub player_id: Option<u64>,
}
