//! Officials (spec 01 §3 Official, §5 Official form, PIN): referees, delegates, secretaries and
//! the rest, each a person with roles in federations and a PIN to confirm match logs with.

use serde::{Deserialize, Serialize};

use crate::dates::Date;
use crate::memberships::{
    FEDERATION_REQUIRED, FederationOfficialFields, FederationOfficialInput, check_each,
};
use crate::persons::{
    OfficialPart, PROFILE_REQUIRED_OFFICIAL, PersonInput, Profile, check_profile,
};
use crate::validation::{TEXT_LIMIT, ValidationErrors, optional};

pub const ALREADY_AN_OFFICIAL: &str = "This person is already a official!";
pub const PIN_DIGITS: &str = "Only numbers are allowed!";
pub const PIN_TOO_SHORT: &str = "Too short PIN!";
pub const PIN_TOO_LONG: &str = "Too long PIN!";
pub const PIN_LENGTH: usize = 4;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Official {
    pub id: u64,
    #[serde(flatten)]
    pub fields: OfficialFields,
    /// Whether a PIN has been set; the PIN itself is never shown.
    pub has_pin: bool,
}

/// An official's own fields. `person_id` is set when the official is created and never changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct OfficialFields {
    pub person_id: u64,
    pub title: Option<String>,
}

/// `PUT /api/Officials/{id}`: the title.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OfficialInput {
    /// Ignored: the path names the official.
    pub id: Option<u64>,
    pub title: Option<String>,
}

impl OfficialInput {
    pub fn validate(self) -> Result<OfficialFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let title = optional("title", TEXT_LIMIT).check(&mut errors, self.title);
        errors.finish(OfficialFields {
            person_id: 0,
            title,
        })
    }
}

/// `POST /api/Officials`: a new or existing person, a title and the federation roles.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewOfficialInput {
    /// An existing profile; or else `person`.
    pub person_id: Option<u64>,
    /// A new profile; or else `personId`.
    pub person: Option<PersonInput>,
    pub title: Option<String>,
    /// At least one federation with its roles.
    pub federations: Option<Vec<FederationOfficialInput>>,
}

/// A checked official form. `fields.person_id` and the roles' `official_id` are filled in by
/// the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOfficial {
    pub profile: Profile,
    pub fields: OfficialFields,
    pub federations: Vec<FederationOfficialFields>,
}

/// Checked here, beside the official it makes; defined with the person form that carries it.
impl OfficialPart {
    /// Checks the title and the federation roles.
    pub fn check(
        self,
        errors: &mut ValidationErrors,
        today: Date,
    ) -> (OfficialFields, Vec<FederationOfficialFields>) {
        let title = optional("title", TEXT_LIMIT).check(errors, self.title);
        let inputs = self.federations.unwrap_or_default();
        if inputs.is_empty() {
            errors.add("federations", FEDERATION_REQUIRED);
        }
        let federations = check_each(errors, "federations", inputs, |f, e| {
            f.check(e, Some(0), today)
        });
        (
            OfficialFields {
                person_id: 0,
                title,
            },
            federations,
        )
    }
}

impl NewOfficialInput {
    pub fn validate(self, today: Date) -> Result<NewOfficial, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let profile = check_profile(
            &mut errors,
            self.person_id,
            self.person,
            PROFILE_REQUIRED_OFFICIAL,
        );
        let (fields, federations) = OfficialPart {
            title: self.title,
            federations: self.federations,
        }
        .check(&mut errors, today);
        errors.finish(NewOfficial {
            profile,
            fields,
            federations,
        })
    }
}

/// `PUT /api/Officials/{id}/pin`.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PinInput {
    /// Ignored: the path names the official.
    pub id: Option<u64>,
    /// Exactly 4 digits.
    pub pin: Option<String>,
}

/// Checks a PIN: digits only, exactly four of them.
pub fn check_pin(pin: Option<&str>) -> Result<&str, ValidationErrors> {
    let pin = pin.unwrap_or("");
    let message = if !pin.chars().all(|c| c.is_ascii_digit()) {
        Some(PIN_DIGITS)
    } else if pin.len() < PIN_LENGTH {
        Some(PIN_TOO_SHORT)
    } else if pin.len() > PIN_LENGTH {
        Some(PIN_TOO_LONG)
    } else {
        None
    };
    match message {
        Some(message) => Err(ValidationErrors::single("pin", message)),
        None => Ok(pin),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::OfficialRole;

    #[test]
    fn pins_are_four_digits() {
        assert_eq!(check_pin(Some("0420")).unwrap(), "0420");
        let message = |pin| check_pin(pin).unwrap_err().fields()["pin"][0].clone();
        assert_eq!(message(Some("12a4")), PIN_DIGITS);
        assert_eq!(message(Some("123")), PIN_TOO_SHORT);
        assert_eq!(message(None), PIN_TOO_SHORT);
        assert_eq!(message(Some("12345")), PIN_TOO_LONG);
        assert_eq!(message(Some("١٢٣٤")), PIN_DIGITS, "only ASCII digits");
    }

    #[test]
    fn an_official_needs_a_profile_and_a_federation_with_roles() {
        let today = Date::new(2026, 11, 22).unwrap();
        let errors = NewOfficialInput::default().validate(today).unwrap_err();
        assert_eq!(errors.fields()["personId"], [PROFILE_REQUIRED_OFFICIAL]);
        assert_eq!(errors.fields()["federations"], [FEDERATION_REQUIRED]);
        let errors = NewOfficialInput {
            person_id: Some(1),
            federations: Some(vec![FederationOfficialInput {
                federation_id: Some(2),
                ..FederationOfficialInput::default()
            }]),
            ..NewOfficialInput::default()
        }
        .validate(today)
        .unwrap_err();
        assert_eq!(
            errors.fields()["federations[0].roles"],
            [crate::memberships::ROLES_REQUIRED]
        );
        let official = NewOfficialInput {
            person_id: Some(1),
            title: Some("FINA referee".into()),
            federations: Some(vec![FederationOfficialInput {
                federation_id: Some(2),
                roles: Some(vec![OfficialRole::Referee]),
                ..FederationOfficialInput::default()
            }]),
            ..NewOfficialInput::default()
        }
        .validate(today)
        .unwrap();
        assert_eq!(official.profile, Profile::Existing(1));
        assert_eq!(official.federations[0].active_from, today);
    }
}
