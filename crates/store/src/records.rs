//! The stored shape of each entity, owned by the store so that domain types carry no storage
//! concerns. Each struct is one version of one record; `Record::migrate` reads older ones.

use bincode::{Decode, Encode};
use polodesk_domain::reference::{
    Category, CategoryFields, City, CityFields, CompetitionType, CompetitionTypeFields, Country,
    CountryFields, Gender,
};
use serde::{Deserialize, Serialize};

use crate::codec::record_v1;

/// A reference record: the entity's fields as stored (version 1), made from the checked
/// fields and read back with its id. A field marked `=> into` is stored in its own shape.
macro_rules! stored_shape {
    (
        $record:ident: $entity:ident from $fields:ident,
        $name:literal in $table:ident {
            $($field:ident: $ty:ty $(=> $convert:ident)?,)*
        }
    ) => {
        #[derive(Debug, Encode, Decode, Serialize, Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $record {
            $(pub $field: $ty,)*
        }

        record_v1!($record, $name, $table);

        impl From<$fields> for $record {
            fn from(f: $fields) -> Self {
                Self {
                    $($field: f.$field $(.$convert())?,)*
                }
            }
        }

        impl $record {
            pub fn with_id(self, id: u64) -> $entity {
                $entity {
                    id,
                    $($field: self.$field $(.$convert())?,)*
                }
            }
        }
    };
}

stored_shape! {
    CountryRecord: Country from CountryFields,
    "Country" in COUNTRIES {
        name: String,
        name_universal: String,
        code: String,
    }
}

stored_shape! {
    CityRecord: City from CityFields,
    "City" in CITIES {
        name: String,
        name_universal: String,
        country_id: u64,
    }
}

#[derive(Debug, Clone, Copy, Encode, Decode, Serialize, Deserialize)]
pub enum GenderRecord {
    Male,
    Female,
    Mixed,
}

impl From<Gender> for GenderRecord {
    fn from(g: Gender) -> Self {
        match g {
            Gender::Male => Self::Male,
            Gender::Female => Self::Female,
            Gender::Mixed => Self::Mixed,
        }
    }
}

impl From<GenderRecord> for Gender {
    fn from(g: GenderRecord) -> Self {
        match g {
            GenderRecord::Male => Self::Male,
            GenderRecord::Female => Self::Female,
            GenderRecord::Mixed => Self::Mixed,
        }
    }
}

stored_shape! {
    CategoryRecord: Category from CategoryFields,
    "Category" in CATEGORIES {
        name: String,
        name_universal: String,
        description: Option<String>,
        gender: GenderRecord => into,
        should_players_advance_category_yearly: bool,
        lower_age_limit: Option<u8>,
        upper_age_limit: Option<u8>,
    }
}

stored_shape! {
    CompetitionTypeRecord: CompetitionType from CompetitionTypeFields,
    "Competition type" in COMPETITION_TYPES {
        name: String,
        name_universal: String,
        description: Option<String>,
    }
}
