//! Teams (spec 01 §3 Team, §5 Team): a club's side in one category.

use serde::{Deserialize, Serialize};

use crate::dates::Date;
use crate::reference::Gender;
use crate::validation::{
    CONTACT_LIMIT, NAME, NAME_UNIVERSAL, TEXT_LIMIT, ValidationErrors, check_email, check_logo,
    check_period, check_phone, optional,
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

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamInput {
    pub name: Option<String>,
    pub name_universal: Option<String>,
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
    pub is_pro: Option<bool>,
    pub club_id: Option<u64>,
    /// Taken from the club; accepted for the spec's payload shape and otherwise ignored.
    pub federation_id: Option<u64>,
    pub category_id: Option<u64>,
    pub gender: Option<Gender>,
    pub country_id: Option<u64>,
    pub city_id: Option<u64>,
    /// Base64 PNG, at most 256×256.
    pub logo: Option<String>,
}

impl TeamInput {
    pub fn validate(self) -> Result<TeamFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = NAME.check_required(&mut errors, self.name);
        let name_universal = NAME_UNIVERSAL.check_required(&mut errors, self.name_universal);
        let short_name = optional("shortName", TEXT_LIMIT).check(&mut errors, self.short_name);
        let description = optional("description", TEXT_LIMIT).check(&mut errors, self.description);
        let venue = optional("venue", TEXT_LIMIT).check(&mut errors, self.venue);
        let address = optional("address", TEXT_LIMIT).check(&mut errors, self.address);
        check_period(&mut errors, self.active_from, self.active_to);
        let phone = check_phone(&mut errors, "phone", self.phone, CONTACT_LIMIT);
        let email = check_email(&mut errors, "email", self.email, CONTACT_LIMIT);
        let web = optional("web", CONTACT_LIMIT).check(&mut errors, self.web);
        let facebook = optional("facebook", CONTACT_LIMIT).check(&mut errors, self.facebook);
        let twitter = optional("twitter", CONTACT_LIMIT).check(&mut errors, self.twitter);
        let youtube = optional("youtube", CONTACT_LIMIT).check(&mut errors, self.youtube);
        let instagram = optional("instagram", CONTACT_LIMIT).check(&mut errors, self.instagram);
        let logo = check_logo(&mut errors, self.logo);
        if self.club_id.is_none() {
            errors.add("clubId", CLUB_REQUIRED);
        }
        if self.category_id.is_none() {
            errors.add("categoryId", CATEGORY_REQUIRED);
        }
        if self.city_id.is_some() && self.country_id.is_none() {
            errors.add("countryId", crate::federations::COUNTRY_REQUIRED);
        }
        errors.finish(TeamFields {
            name,
            name_universal,
            short_name,
            description,
            active_from: self.active_from,
            active_to: self.active_to,
            venue,
            address,
            web,
            email,
            phone,
            facebook,
            twitter,
            youtube,
            instagram,
            is_pro: self.is_pro.unwrap_or(false),
            club_id: self.club_id.unwrap_or_default(),
            federation_id: None,
            category_id: self.category_id.unwrap_or_default(),
            gender: self.gender,
            country_id: self.country_id,
            city_id: self.city_id,
            logo,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_team_form_messages() {
        let errors = TeamInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["name"], ["Name field is required!"]);
        assert_eq!(
            errors.fields()["nameUniversal"],
            ["Universal name field is required!"]
        );
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
