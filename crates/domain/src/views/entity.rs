//! Another entity by name beside its id, as every view names clubs, teams, competitions and
//! places.

use serde::{Deserialize, Serialize};

use crate::reference::{City, Country};

/// Another entity by name, beside its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EntityRef {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
}

/// A country or a city, named by its two names.
macro_rules! place_ref {
    ($($place:ty),*) => {$(
        impl From<&$place> for EntityRef {
            fn from(place: &$place) -> Self {
                EntityRef {
                    id: place.id,
                    name: place.name.clone(),
                    name_universal: place.name_universal.clone(),
                }
            }
        }
    )*};
}

place_ref!(Country, City);
