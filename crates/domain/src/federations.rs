//! Federations (spec 01 §3 Federation, §5 Federation): the bodies that run competitions and
//! hold clubs and officials.

use serde::{Deserialize, Serialize};

use crate::dates::Date;
use crate::organisations::{organisation_form, shared_fields_of, with_shared_fields};
pub use crate::validation::COUNTRY_REQUIRED;
use crate::validation::{TEXT_LIMIT, ValidationErrors, check_period, optional, required};

pub const ACTIVE_FROM_REQUIRED: &str = "Active from field is required!";

/// A federation as stored and listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Federation {
    pub id: u64,
    #[serde(flatten)]
    pub fields: FederationFields,
}

/// The checked fields of a federation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FederationFields {
    pub name: String,
    pub name_universal: String,
    pub short_name: Option<String>,
    pub description: Option<String>,
    pub president: Option<String>,
    pub secretary: Option<String>,
    pub country_id: u64,
    pub city_id: Option<u64>,
    pub active_from: Date,
    pub active_to: Option<Date>,
    pub category_ids: Vec<u64>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub web: Option<String>,
    pub email: Option<String>,
    pub facebook: Option<String>,
    pub twitter: Option<String>,
    pub youtube: Option<String>,
    pub instagram: Option<String>,
    pub is_pro: bool,
    /// Base64 PNG.
    pub logo: Option<String>,
}

organisation_form! {
    pub struct FederationInput {
        pub president: Option<String>,
        pub secretary: Option<String>,
        pub country_id: Option<u64>,
        pub city_id: Option<u64>,
        pub active_from: Option<Date>,
        pub active_to: Option<Date>,
        /// Category ids.
        pub categories: Option<Vec<u64>>,
    }
}

impl FederationInput {
    pub fn validate(self) -> Result<FederationFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let shared = shared_fields_of!(self).check(&mut errors);
        let president = optional("president", TEXT_LIMIT).check(&mut errors, self.president);
        let secretary = optional("secretary", TEXT_LIMIT).check(&mut errors, self.secretary);
        let country_id = required(&mut errors, self.country_id, "countryId", COUNTRY_REQUIRED);
        if self.active_from.is_none() {
            errors.add("activeFrom", ACTIVE_FROM_REQUIRED);
        }
        check_period(&mut errors, self.active_from, self.active_to);
        let mut category_ids = self.categories.unwrap_or_default();
        category_ids.sort_unstable();
        category_ids.dedup();
        errors.finish(with_shared_fields!(
            shared,
            FederationFields {
                president,
                secretary,
                country_id,
                city_id: self.city_id,
                active_from: self.active_from.unwrap_or(Date {
                    year: 1,
                    month: 1,
                    day: 1,
                }),
                active_to: self.active_to,
                category_ids,
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::images::LOGO_TOO_BIG;
    use crate::validation::{ACTIVE_ORDER, WRONG_EMAIL};

    fn valid() -> FederationInput {
        FederationInput {
            name: Some("Vaterpolo savez Srbije".into()),
            name_universal: Some("Water Polo Federation of Serbia".into()),
            country_id: Some(1),
            active_from: Date::new(1990, 1, 1),
            ..FederationInput::default()
        }
    }

    #[test]
    fn required_fields_have_the_spec_messages() {
        let errors = FederationInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["countryId"], [COUNTRY_REQUIRED]);
        assert_eq!(errors.fields()["activeFrom"], [ACTIVE_FROM_REQUIRED]);
        assert!(valid().validate().is_ok());
    }

    #[test]
    fn limits_patterns_and_logo() {
        let input = FederationInput {
            president: Some("p".repeat(201)),
            web: Some("w".repeat(101)),
            phone: Some("011/123".into()),
            email: Some("office@".into()),
            logo: Some(crate::images::tests::png(300, 100)),
            active_to: Date::new(1989, 12, 31),
            ..valid()
        };
        let errors = input.validate().unwrap_err();
        assert_eq!(errors.fields()["president"], ["Too long input!"]);
        assert_eq!(errors.fields()["web"], ["Too long input!"]);
        assert_eq!(
            errors.fields()["phone"],
            ["Only numbers and plus sign are allowed!"]
        );
        assert_eq!(errors.fields()["email"], [WRONG_EMAIL]);
        assert_eq!(errors.fields()["logo"], [LOGO_TOO_BIG]);
        assert_eq!(errors.fields()["activeTo"], [ACTIVE_ORDER]);
        let phone = FederationInput {
            phone: Some("+381 (11) 123".into()),
            ..valid()
        };
        assert_eq!(
            phone.validate().unwrap().phone.as_deref(),
            Some("+381 (11) 123")
        );
    }
}
