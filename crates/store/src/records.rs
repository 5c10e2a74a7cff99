//! The stored shape of each entity, owned by the store so that domain types carry no storage
//! concerns. Each struct is one version of one record; `Record::migrate` reads older ones.

use bincode::{Decode, Encode};
use polodesk_domain::reference::{
    Category, CategoryFields, City, CityFields, CompetitionType, CompetitionTypeFields, Country,
    CountryFields, Gender,
};
use serde::{Deserialize, Serialize};

use crate::codec::record_v1;
use crate::place_names::Place;
use crate::txn::WriteTx;

/// A reference record: the entity's fields as stored (version 1), made from the checked
/// fields and read back with its id. A field marked `=> into` is stored in its own shape.
macro_rules! stored_shape {
    (
        $record:ident: $entity:ident from $fields:ident {
            $($field:ident: $ty:ty $(=> $convert:ident)?,)*
        }
    ) => {
        #[derive(Debug, Encode, Decode, Serialize, Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $record {
            $(pub $field: $ty,)*
        }

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

/// Countries and cities keep their names in the catalog (`place_names`).
macro_rules! place_record {
    ($record:ident, $name:literal, $table:ident, $place:ident) => {
        record_v1!(
            $record,
            $name,
            $table,
            fn written(&self, tx: &WriteTx<'_>, id: u64) {
                tx.place_written(Place::$place, id, &self.name, &self.name_universal);
            },
            fn removed(tx: &WriteTx<'_>, id: u64) {
                tx.place_removed(Place::$place, id);
            }
        );
    };
}

place_record!(CountryRecord, "Country", COUNTRIES, Country);
place_record!(CityRecord, "City", CITIES, City);
record_v1!(CategoryRecord, "Category", CATEGORIES);
record_v1!(CompetitionTypeRecord, "Competition type", COMPETITION_TYPES);

stored_shape! {
    CountryRecord: Country from CountryFields {
        name: String,
        name_universal: String,
        code: String,
    }
}

stored_shape! {
    CityRecord: City from CityFields {
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
    CategoryRecord: Category from CategoryFields {
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
    CompetitionTypeRecord: CompetitionType from CompetitionTypeFields {
        name: String,
        name_universal: String,
        description: Option<String>,
    }
}
