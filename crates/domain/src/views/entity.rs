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

impl From<&Country> for EntityRef {
    fn from(country: &Country) -> Self {
        let (name, name_universal) = (country.name.clone(), country.name_universal.clone());
        EntityRef {
            id: country.id,
            name,
            name_universal,
        }
    }
}

impl From<City> for EntityRef {
    fn from(city: City) -> Self {
        EntityRef {
            id: city.id,
            name: city.name,
            name_universal: city.name_universal,
        }
    }
}
