//! Reference data: countries with their cities, age categories and competition types
//! (spec 01 §3). Every other entity points at these.
//!
//! Each entity comes in three shapes: the `…Input` a client sends (every field optional, unknown
//! fields refused), the checked `…Fields` that validation returns, and the stored entity with
//! its id.

use serde::{Deserialize, Serialize};

use crate::validation::{NAME, NAME_UNIVERSAL, TEXT_LIMIT, TextRule, ValidationErrors, messages};

const DESCRIPTION: TextRule = TextRule {
    field: "description",
    max: TEXT_LIMIT,
    required: None,
    too_long: messages::TOO_LONG,
};

/// A country (spec 01 §3); `code` is its ISO 3166-1 alpha-2 code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Country {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub code: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CountryInput {
    pub name: Option<String>,
    pub name_universal: Option<String>,
    /// ISO 3166-1 alpha-2, for example `RS`.
    pub code: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountryFields {
    pub name: String,
    pub name_universal: String,
    pub code: String,
}

pub const COUNTRY_CODE_REQUIRED: &str = "Code field is required!";
pub const COUNTRY_CODE_FORMAT: &str = "Code must be a two-letter ISO 3166 code.";

impl CountryInput {
    pub fn validate(self) -> Result<CountryFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = NAME.check_required(&mut errors, self.name);
        let name_universal = NAME_UNIVERSAL.check_required(&mut errors, self.name_universal);
        let code = self
            .code
            .map(|c| c.trim().to_ascii_uppercase())
            .unwrap_or_default();
        if code.is_empty() {
            errors.add("code", COUNTRY_CODE_REQUIRED);
        } else if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            errors.add("code", COUNTRY_CODE_FORMAT);
        }
        errors.finish(CountryFields {
            name,
            name_universal,
            code,
        })
    }
}

impl CountryFields {
    pub fn with_id(self, id: u64) -> Country {
        Country {
            id,
            name: self.name,
            name_universal: self.name_universal,
            code: self.code,
        }
    }
}

/// A city in a country (spec 01 §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct City {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub country_id: u64,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CityInput {
    pub name: Option<String>,
    pub name_universal: Option<String>,
    pub country_id: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CityFields {
    pub name: String,
    pub name_universal: String,
    pub country_id: u64,
}

/// The city form's own wording (spec 01 §5 City).
const CITY_NAME: TextRule = TextRule {
    field: "name",
    max: TEXT_LIMIT,
    required: Some(messages::REQUIRED_FIELD),
    too_long: messages::MAXIMUM_200,
};

impl CityInput {
    pub fn validate(self) -> Result<CityFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = CITY_NAME.check_required(&mut errors, self.name);
        let name_universal = TextRule {
            field: "nameUniversal",
            ..CITY_NAME
        }
        .check_required(&mut errors, self.name_universal);
        if self.country_id.is_none() {
            errors.add("countryId", messages::COUNTRY_IS_REQUIRED);
        }
        let country_id = self.country_id.unwrap_or_default();
        errors.finish(CityFields {
            name,
            name_universal,
            country_id,
        })
    }
}

impl CityFields {
    pub fn with_id(self, id: u64) -> City {
        City {
            id,
            name: self.name,
            name_universal: self.name_universal,
            country_id: self.country_id,
        }
    }
}

/// Which players a category or team is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Gender {
    Male,
    Female,
    Mixed,
}

/// An age and gender category such as senior men or under-17 women (spec 01 §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub description: Option<String>,
    pub gender: Gender,
    pub should_players_advance_category_yearly: bool,
    pub lower_age_limit: Option<u8>,
    pub upper_age_limit: Option<u8>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CategoryInput {
    pub name: Option<String>,
    pub name_universal: Option<String>,
    pub description: Option<String>,
    pub gender: Option<Gender>,
    pub should_players_advance_category_yearly: Option<bool>,
    pub lower_age_limit: Option<u8>,
    pub upper_age_limit: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryFields {
    pub name: String,
    pub name_universal: String,
    pub description: Option<String>,
    pub gender: Gender,
    pub should_players_advance_category_yearly: bool,
    pub lower_age_limit: Option<u8>,
    pub upper_age_limit: Option<u8>,
}

pub const GENDER_REQUIRED: &str = "Gender field is required!";
pub const AGE_LIMITS_ORDER: &str = "Lower age limit must not be above the upper age limit.";

impl CategoryInput {
    pub fn validate(self) -> Result<CategoryFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = NAME.check_required(&mut errors, self.name);
        let name_universal = NAME_UNIVERSAL.check_required(&mut errors, self.name_universal);
        let description = DESCRIPTION.check(&mut errors, self.description);
        if self.gender.is_none() {
            errors.add("gender", GENDER_REQUIRED);
        }
        if let (Some(lower), Some(upper)) = (self.lower_age_limit, self.upper_age_limit)
            && lower > upper
        {
            errors.add("lowerAgeLimit", AGE_LIMITS_ORDER);
        }
        errors.finish(CategoryFields {
            name,
            name_universal,
            description,
            gender: self.gender.unwrap_or(Gender::Mixed),
            should_players_advance_category_yearly: self
                .should_players_advance_category_yearly
                .unwrap_or(false),
            lower_age_limit: self.lower_age_limit,
            upper_age_limit: self.upper_age_limit,
        })
    }
}

impl CategoryFields {
    pub fn with_id(self, id: u64) -> Category {
        Category {
            id,
            name: self.name,
            name_universal: self.name_universal,
            description: self.description,
            gender: self.gender,
            should_players_advance_category_yearly: self.should_players_advance_category_yearly,
            lower_age_limit: self.lower_age_limit,
            upper_age_limit: self.upper_age_limit,
        }
    }
}

/// A kind of competition such as League, Cup or Play-off (spec 01 §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompetitionType {
    pub id: u64,
    pub name: String,
    pub name_universal: String,
    pub description: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CompetitionTypeInput {
    pub name: Option<String>,
    pub name_universal: Option<String>,
    pub description: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompetitionTypeFields {
    pub name: String,
    pub name_universal: String,
    pub description: Option<String>,
}

impl CompetitionTypeInput {
    pub fn validate(self) -> Result<CompetitionTypeFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = NAME.check_required(&mut errors, self.name);
        let name_universal = NAME_UNIVERSAL.check_required(&mut errors, self.name_universal);
        let description = DESCRIPTION.check(&mut errors, self.description);
        errors.finish(CompetitionTypeFields {
            name,
            name_universal,
            description,
        })
    }
}

impl CompetitionTypeFields {
    pub fn with_id(self, id: u64) -> CompetitionType {
        CompetitionType {
            id,
            name: self.name,
            name_universal: self.name_universal,
            description: self.description,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn city(name: &str, universal: &str, country: Option<u64>) -> CityInput {
        CityInput {
            name: Some(name.into()),
            name_universal: Some(universal.into()),
            country_id: country,
        }
    }

    #[test]
    fn city_form_reports_the_spec_messages() {
        let errors = city("", " ", None).validate().unwrap_err();
        assert_eq!(errors.fields()["name"], ["Required field"]);
        assert_eq!(errors.fields()["nameUniversal"], ["Required field"]);
        assert_eq!(errors.fields()["countryId"], ["Country is required!"]);

        let long = "x".repeat(201);
        let errors = city(&long, &long, Some(1)).validate().unwrap_err();
        assert_eq!(errors.fields()["name"], ["Maximum 200 characters"]);
        assert_eq!(errors.fields()["nameUniversal"], ["Maximum 200 characters"]);
        assert!(!errors.fields().contains_key("countryId"));
    }

    #[test]
    fn valid_city_is_trimmed_and_keeps_its_country() {
        let fields = city(" Herceg Novi ", "Herceg Novi", Some(7))
            .validate()
            .unwrap();
        assert_eq!(fields.name, "Herceg Novi");
        assert_eq!(fields.country_id, 7);
        let at_limit = "ž".repeat(200);
        assert!(city(&at_limit, &at_limit, Some(7)).validate().is_ok());
    }

    #[test]
    fn city_input_refuses_unknown_fields() {
        let result: Result<CityInput, _> =
            serde_json::from_str(r#"{"name":"Kotor","nameUniversal":"Kotor","countryId":3,"x":1}"#);
        assert!(
            result
                .unwrap_err()
                .to_string()
                .contains("unknown field `x`")
        );
    }

    #[test]
    fn country_code_must_be_two_letters() {
        let input = |code: &str| CountryInput {
            name: Some("Srbija".into()),
            name_universal: Some("Serbia".into()),
            code: Some(code.into()),
        };
        assert_eq!(input(" rs ").validate().unwrap().code, "RS");
        for bad in ["SRB", "R", "1S"] {
            let errors = input(bad).validate().unwrap_err();
            assert_eq!(errors.fields()["code"], [COUNTRY_CODE_FORMAT], "{bad}");
        }
        let errors = CountryInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["code"], [COUNTRY_CODE_REQUIRED]);
        assert_eq!(errors.fields()["name"], ["Name field is required!"]);
        assert_eq!(
            errors.fields()["nameUniversal"],
            ["Universal name field is required!"]
        );
    }

    #[test]
    fn category_needs_gender_and_ordered_age_limits() {
        let input = CategoryInput {
            name: Some("U17 men".into()),
            name_universal: Some("U17 men".into()),
            lower_age_limit: Some(17),
            upper_age_limit: Some(15),
            ..CategoryInput::default()
        };
        let errors = input.clone().validate().unwrap_err();
        assert_eq!(errors.fields()["gender"], [GENDER_REQUIRED]);
        assert_eq!(errors.fields()["lowerAgeLimit"], [AGE_LIMITS_ORDER]);
        let fixed = CategoryInput {
            gender: Some(Gender::Male),
            lower_age_limit: Some(15),
            upper_age_limit: Some(17),
            ..input
        };
        assert_eq!(fixed.validate().unwrap().gender, Gender::Male);
    }

    #[test]
    fn competition_type_description_is_limited() {
        let input = CompetitionTypeInput {
            name: Some("League".into()),
            name_universal: Some("League".into()),
            description: Some("d".repeat(201)),
        };
        assert_eq!(
            input.validate().unwrap_err().fields()["description"],
            ["Too long input!"]
        );
    }
}
