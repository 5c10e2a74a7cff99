//! People (spec 01 §3 Person): a person may hold a coach, an official and a player identity,
//! and a Person user account is linked to one.

use serde::{Deserialize, Serialize};

use crate::dates::Date;
use crate::users::Identities;

/// A person as lists and pickers show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonSummary {
    pub id: u64,
    pub name: String,
    pub surname: String,
    pub birth_date: Date,
}

/// A person with the identities it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: u64,
    pub name: String,
    pub surname: String,
    pub birth_date: Date,
    pub identities: Identities,
}

impl Person {
    pub fn summary(&self) -> PersonSummary {
        PersonSummary {
            id: self.id,
            name: self.name.clone(),
            surname: self.surname.clone(),
            birth_date: self.birth_date,
        }
    }
}

/// The fields a person is created with; identities are added by the coach, official and player
/// modules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonFields {
    pub name: String,
    pub surname: String,
    pub birth_date: Date,
}

/// The person search (`GET /api/Persons/search?input=`) needs this many characters.
pub const SEARCH_MIN_CHARS: usize = 3;
