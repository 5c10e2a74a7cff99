//! The stored shape of each entity, owned by the store so that domain types carry no storage
//! concerns. Each struct is one version of one record; `Record::migrate` reads older ones.

use bincode::{Decode, Encode};
use polodesk_domain::reference::{
    Category, CategoryFields, City, CityFields, CompetitionType, CompetitionTypeFields, Country,
    CountryFields, Gender,
};
use serde::{Deserialize, Serialize};

use crate::codec::Record;
use crate::tables;
use crate::tables::RecordTable;

#[derive(Debug, Encode, Decode, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CountryRecord {
    pub name: String,
    pub name_universal: String,
    pub code: String,
}

impl Record for CountryRecord {
    const ENTITY: &'static str = "Country";
    const TABLE: RecordTable = RecordTable::of(tables::COUNTRIES);
    const VERSION: u16 = 1;
}

impl From<CountryFields> for CountryRecord {
    fn from(f: CountryFields) -> Self {
        Self {
            name: f.name,
            name_universal: f.name_universal,
            code: f.code,
        }
    }
}

impl CountryRecord {
    pub fn with_id(self, id: u64) -> Country {
        Country {
            id,
            name: self.name,
            name_universal: self.name_universal,
            code: self.code,
        }
    }
}

#[derive(Debug, Encode, Decode, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CityRecord {
    pub name: String,
    pub name_universal: String,
    pub country_id: u64,
}

impl Record for CityRecord {
    const ENTITY: &'static str = "City";
    const TABLE: RecordTable = RecordTable::of(tables::CITIES);
    const VERSION: u16 = 1;
}

impl From<CityFields> for CityRecord {
    fn from(f: CityFields) -> Self {
        Self {
            name: f.name,
            name_universal: f.name_universal,
            country_id: f.country_id,
        }
    }
}

impl CityRecord {
    pub fn with_id(self, id: u64) -> City {
        City {
            id,
            name: self.name,
            name_universal: self.name_universal,
            country_id: self.country_id,
        }
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

#[derive(Debug, Encode, Decode, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CategoryRecord {
    pub name: String,
    pub name_universal: String,
    pub description: Option<String>,
    pub gender: GenderRecord,
    pub should_players_advance_category_yearly: bool,
    pub lower_age_limit: Option<u8>,
    pub upper_age_limit: Option<u8>,
}

impl Record for CategoryRecord {
    const ENTITY: &'static str = "Category";
    const TABLE: RecordTable = RecordTable::of(tables::CATEGORIES);
    const VERSION: u16 = 1;
}

impl From<CategoryFields> for CategoryRecord {
    fn from(f: CategoryFields) -> Self {
        Self {
            name: f.name,
            name_universal: f.name_universal,
            description: f.description,
            gender: f.gender.into(),
            should_players_advance_category_yearly: f.should_players_advance_category_yearly,
            lower_age_limit: f.lower_age_limit,
            upper_age_limit: f.upper_age_limit,
        }
    }
}

impl CategoryRecord {
    pub fn with_id(self, id: u64) -> Category {
        Category {
            id,
            name: self.name,
            name_universal: self.name_universal,
            description: self.description,
            gender: self.gender.into(),
            should_players_advance_category_yearly: self.should_players_advance_category_yearly,
            lower_age_limit: self.lower_age_limit,
            upper_age_limit: self.upper_age_limit,
        }
    }
}

#[derive(Debug, Encode, Decode, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CompetitionTypeRecord {
    pub name: String,
    pub name_universal: String,
    pub description: Option<String>,
}

impl Record for CompetitionTypeRecord {
    const ENTITY: &'static str = "Competition type";
    const TABLE: RecordTable = RecordTable::of(tables::COMPETITION_TYPES);
    const VERSION: u16 = 1;
}

impl From<CompetitionTypeFields> for CompetitionTypeRecord {
    fn from(f: CompetitionTypeFields) -> Self {
        Self {
            name: f.name,
            name_universal: f.name_universal,
            description: f.description,
        }
    }
}

impl CompetitionTypeRecord {
    pub fn with_id(self, id: u64) -> CompetitionType {
        CompetitionType {
            id,
            name: self.name,
            name_universal: self.name_universal,
            description: self.description,
        }
    }
}
