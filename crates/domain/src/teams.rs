//! Teams (spec 01 §3 Team, §5 Team): a club's side in one category.

use serde::{Deserialize, Serialize};

use crate::dates::Date;
use crate::organisations::{organisation_form, shared_fields_of, with_shared_fields};
use crate::reference::Gender;
use crate::validation::{
    TEXT_LIMIT, ValidationErrors, check_city_country, check_period, optional, required,
};

pub const CLUB_REQUIRED: &str = "Club field is required!";
pub const CATEGORY_REQUIRED: &str = "Category field is required!";

/// A team as stored and listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    pub id: u64,
    #[serde(flatten)]
    pub fields: TeamFields,
}

/// The checked fields of a team. `federation_id` follows the club's and `gender` the
/// category's unless given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamFields {
    pub name: String,
    pub name_universal: String,
    pub short_name: Option<String>,
    pub description: Option<String>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
    pub venue: Option<String>,
    pub address: Option<String>,
    pub web: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub facebook: Option<String>,
    pub twitter: Option<String>,
    pub youtube: Option<String>,
    pub instagram: Option<String>,
    pub is_pro: bool,
    pub club_id: u64,
    pub federation_id: Option<u64>,
    pub category_id: u64,
    pub gender: Option<Gender>,
    pub country_id: Option<u64>,
    pub city_id: Option<u64>,
    /// Base64 PNG, at most 256×256.
    pub logo: Option<String>,
}

organisation_form! {
    pub struct TeamInput {
        pub active_from: Option<Date>,
        pub active_to: Option<Date>,
        pub venue: Option<String>,
        pub club_id: Option<u64>,
        /// Taken from the club; accepted for the spec's payload shape and otherwise ignored.
        pub federation_id: Option<u64>,
        pub category_id: Option<u64>,
        pub gender: Option<Gender>,
        pub country_id: Option<u64>,
        pub city_id: Option<u64>,
    }
}

impl TeamInput {
    pub fn validate(self) -> Result<TeamFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let shared = shared_fields_of!(self).check(&mut errors);
        let venue = optional("venue", TEXT_LIMIT).check(&mut errors, self.venue);
        check_period(&mut errors, self.active_from, self.active_to);
        let club_id = required(&mut errors, self.club_id, "clubId", CLUB_REQUIRED);
        let category_id = required(
            &mut errors,
            self.category_id,
            "categoryId",
            CATEGORY_REQUIRED,
        );
        check_city_country(&mut errors, "countryId", self.country_id, self.city_id);
        errors.finish(with_shared_fields!(
            shared,
            TeamFields {
                active_from: self.active_from,
                active_to: self.active_to,
                venue,
                club_id,
                federation_id: None,
                category_id,
                gender: self.gender,
                country_id: self.country_id,
                city_id: self.city_id,
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_team_form_messages() {
        let errors = TeamInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["clubId"], [CLUB_REQUIRED]);
        assert_eq!(errors.fields()["categoryId"], [CATEGORY_REQUIRED]);
        let input = TeamInput {
            name: Some("Partizan U17".into()),
            name_universal: Some("Partizan U17".into()),
            club_id: Some(1),
            category_id: Some(2),
            facebook: Some("f".repeat(101)),
            federation_id: Some(99),
            ..TeamInput::default()
        };
        assert_eq!(
            input.clone().validate().unwrap_err().fields()["facebook"],
            ["Too long input!"]
        );
        let fields = TeamInput {
            facebook: None,
            ..input
        }
        .validate()
        .unwrap();
        assert_eq!(
            fields.federation_id, None,
            "the federation comes from the club, not the form"
        );
    }
}
