//! Clubs (spec 01 §3 Club, §5 Club): they belong to a federation (or to none, once removed from
//! it) and field teams.

use serde::{Deserialize, Serialize};

use crate::dates::Date;
use crate::organisations::{organisation_form, shared_fields_of, with_shared_fields};
use crate::validation::{TEXT_LIMIT, ValidationErrors, check_city_country, check_period, optional};

/// A club as stored and listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Club {
    pub id: u64,
    #[serde(flatten)]
    pub fields: ClubFields,
}

/// The checked fields of a club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ClubFields {
    pub name: String,
    pub name_universal: String,
    pub short_name: Option<String>,
    pub description: Option<String>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
    pub venue: Option<String>,
    pub president: Option<String>,
    pub address: Option<String>,
    pub web: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub facebook: Option<String>,
    pub youtube: Option<String>,
    pub twitter: Option<String>,
    pub instagram: Option<String>,
    pub is_pro: bool,
    pub is_national: bool,
    pub federation_id: Option<u64>,
    pub country_id: Option<u64>,
    pub city_id: Option<u64>,
    /// Base64 PNG, at most 256×256.
    pub logo: Option<String>,
}

organisation_form! {
    pub struct ClubInput {
        pub active_from: Option<Date>,
        pub active_to: Option<Date>,
        pub venue: Option<String>,
        pub president: Option<String>,
        pub is_national: Option<bool>,
        pub federation_id: Option<u64>,
        pub country_id: Option<u64>,
        pub city_id: Option<u64>,
        /// Category ids of the teams to open with a new club (spec 01 §3 `teamCategories`): one
        /// team per category, made in the same write as the club. Ignored on update.
        pub team_categories: Option<Vec<u64>>,
    }
}

impl ClubInput {
    pub fn validate(self) -> Result<ClubFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let shared = shared_fields_of!(self).check(&mut errors);
        let venue = optional("venue", TEXT_LIMIT).check(&mut errors, self.venue);
        let president = optional("president", TEXT_LIMIT).check(&mut errors, self.president);
        check_period(&mut errors, self.active_from, self.active_to);
        check_city_country(&mut errors, "countryId", self.country_id, self.city_id);
        errors.finish(with_shared_fields!(
            shared,
            ClubFields {
                active_from: self.active_from,
                active_to: self.active_to,
                venue,
                president,
                is_national: self.is_national.unwrap_or(false),
                federation_id: self.federation_id,
                country_id: self.country_id,
                city_id: self.city_id,
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::images::LOGO_TOO_BIG;

    #[test]
    fn the_club_form_messages() {
        let input = ClubInput {
            name: Some("n".repeat(201)),
            name_universal: Some("VK Partizan".into()),
            venue: Some("v".repeat(201)),
            phone: Some("011-123".into()),
            email: Some("vk@partizan".into()),
            instagram: Some("i".repeat(101)),
            logo: Some(crate::images::tests::png(512, 512)),
            city_id: Some(3),
            ..ClubInput::default()
        };
        let errors = input.validate().unwrap_err();
        assert_eq!(errors.fields()["name"], ["Too long input!"]);
        assert_eq!(errors.fields()["venue"], ["Too long input!"]);
        assert_eq!(
            errors.fields()["phone"],
            ["Only numbers and plus sign are allowed!"]
        );
        assert_eq!(errors.fields()["email"], ["Wrong e-mail format!"]);
        assert_eq!(errors.fields()["instagram"], ["Too long input!"]);
        assert_eq!(errors.fields()["logo"], [LOGO_TOO_BIG]);
        assert_eq!(errors.fields()["countryId"], ["Country field is required!"]);
    }
}
