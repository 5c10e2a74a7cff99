//! People (spec 01 §3 Person, §5 Person): a person may hold a coach, an official and a player
//! identity, and a Person user account is linked to one.

use serde::{Deserialize, Serialize};

use crate::dates::Date;
use crate::images::{PHOTO_MAX_SIDE, PHOTO_TOO_BIG};
use crate::memberships::FederationOfficialInput;
use crate::users::Identities;
use crate::validation::{
    Format, NAME, TEXT_LIMIT, TextRule, ValidationErrors, check_city_country, check_image, optional,
};

pub const SURNAME_REQUIRED: &str = "Surname field is required!";
pub const BIRTH_DATE_REQUIRED: &str = "Birth date field is required!";

/// A person with the identities it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: u64,
    pub fields: PersonFields,
    pub identities: Identities,
}

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

impl Person {
    pub fn summary(&self) -> PersonSummary {
        PersonSummary {
            id: self.id,
            name: self.fields.name.clone(),
            surname: self.fields.surname.clone(),
            birth_date: self.fields.birth_date,
        }
    }

    /// "Name Surname".
    pub fn full_name(&self) -> String {
        format!("{} {}", self.fields.name, self.fields.surname)
    }
}

/// The checked fields of a person; its identities are set by the coach, official and player
/// modules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonFields {
    pub name: String,
    pub surname: String,
    pub birth_date: Date,
    pub nationality: Option<String>,
    pub address: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub facebook: Option<String>,
    pub youtube: Option<String>,
    pub twitter: Option<String>,
    pub instagram: Option<String>,
    /// Base64 PNG.
    pub photo: Option<String>,
    pub country_of_birth_id: Option<u64>,
    pub city_of_birth_id: Option<u64>,
}

impl PersonFields {
    /// A person known by name and birth date only.
    pub fn new(name: &str, surname: &str, birth_date: Date) -> PersonFields {
        PersonFields {
            name: name.to_owned(),
            surname: surname.to_owned(),
            birth_date,
            nationality: None,
            address: None,
            email: None,
            phone: None,
            facebook: None,
            youtube: None,
            twitter: None,
            instagram: None,
            photo: None,
            country_of_birth_id: None,
            city_of_birth_id: None,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersonInput {
    pub name: Option<String>,
    pub surname: Option<String>,
    pub birth_date: Option<Date>,
    pub nationality: Option<String>,
    pub address: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub facebook: Option<String>,
    pub youtube: Option<String>,
    pub twitter: Option<String>,
    pub instagram: Option<String>,
    /// Base64 PNG.
    pub photo: Option<String>,
    pub country_of_birth_id: Option<u64>,
    pub city_of_birth_id: Option<u64>,
    /// Makes the new person an official as well; read by `POST /api/Persons` only.
    pub official: Option<OfficialPart>,
}

/// The official part of a new official, or of a new person (`POST /api/Persons`).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OfficialPart {
    pub title: Option<String>,
    /// At least one federation with its roles.
    pub federations: Option<Vec<FederationOfficialInput>>,
}

impl PersonInput {
    pub fn validate(self) -> Result<PersonFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let name = NAME.check_required(&mut errors, self.name);
        let surname = TextRule {
            field: "surname",
            required: Some(SURNAME_REQUIRED),
            ..NAME
        }
        .check_required(&mut errors, self.surname);
        if self.birth_date.is_none() {
            errors.add("birthDate", BIRTH_DATE_REQUIRED);
        }
        let nationality = optional("nationality", TEXT_LIMIT).check(&mut errors, self.nationality);
        let address = optional("address", TEXT_LIMIT).check(&mut errors, self.address);
        let email =
            Format::EMAIL.check_optional(&mut errors, optional("email", TEXT_LIMIT), self.email);
        let phone =
            Format::PHONE.check_optional(&mut errors, optional("phone", TEXT_LIMIT), self.phone);
        let facebook = optional("facebook", TEXT_LIMIT).check(&mut errors, self.facebook);
        let youtube = optional("youtube", TEXT_LIMIT).check(&mut errors, self.youtube);
        let twitter = optional("twitter", TEXT_LIMIT).check(&mut errors, self.twitter);
        let instagram = optional("instagram", TEXT_LIMIT).check(&mut errors, self.instagram);
        let photo = check_image(
            &mut errors,
            "photo",
            self.photo,
            PHOTO_MAX_SIDE,
            PHOTO_TOO_BIG,
        );
        check_city_country(
            &mut errors,
            "countryOfBirthId",
            self.country_of_birth_id,
            self.city_of_birth_id,
        );
        errors.finish(PersonFields {
            name,
            surname,
            birth_date: self.birth_date.unwrap_or(Date {
                year: 1,
                month: 1,
                day: 1,
            }),
            nationality,
            address,
            email,
            phone,
            facebook,
            youtube,
            twitter,
            instagram,
            photo,
            country_of_birth_id: self.country_of_birth_id,
            city_of_birth_id: self.city_of_birth_id,
        })
    }
}

/// Who a new coach, player or official is: a person already registered, or a new one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Profile {
    Existing(u64),
    New(Box<PersonFields>),
}

/// The coach and player forms' message when no profile is given.
pub const PROFILE_REQUIRED: &str = "Profile field is required.";
/// The official form's wording of the same.
pub const PROFILE_REQUIRED_OFFICIAL: &str = "Profile field is required!";
pub const PROFILE_EITHER: &str = "Choose an existing profile or enter a new one, not both.";

/// Checks the profile part of a coach, player or official form: `personId` or `person`.
pub fn check_profile(
    errors: &mut ValidationErrors,
    person_id: Option<u64>,
    person: Option<PersonInput>,
    missing: &str,
) -> Profile {
    match (person_id, person) {
        (Some(id), None) => Profile::Existing(id),
        (None, Some(person)) => match person.validate() {
            Ok(fields) => Profile::New(Box::new(fields)),
            Err(inner) => {
                errors.nest("person", inner);
                Profile::Existing(0)
            }
        },
        (None, None) => {
            errors.add("personId", missing);
            Profile::Existing(0)
        }
        (Some(_), Some(_)) => {
            errors.add("personId", PROFILE_EITHER);
            Profile::Existing(0)
        }
    }
}

/// The person search (`GET /api/Persons/search?input=`) needs this many characters.
pub const SEARCH_MIN_CHARS: usize = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_person_form_messages() {
        let errors = PersonInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["name"], ["Name field is required!"]);
        assert_eq!(errors.fields()["surname"], [SURNAME_REQUIRED]);
        assert_eq!(errors.fields()["birthDate"], [BIRTH_DATE_REQUIRED]);
        let input = PersonInput {
            name: Some("Ana".into()),
            surname: Some("s".repeat(201)),
            birth_date: Date::new(2001, 2, 3),
            email: Some("ana@".into()),
            phone: Some("x".into()),
            photo: Some("bm90IGEgcG5n".into()),
            ..PersonInput::default()
        };
        let errors = input.validate().unwrap_err();
        assert_eq!(errors.fields()["surname"], ["Too long input!"]);
        assert_eq!(errors.fields()["email"], ["Wrong e-mail format!"]);
        assert_eq!(
            errors.fields()["phone"],
            ["Only numbers and plus sign are allowed!"]
        );
        assert_eq!(errors.fields()["photo"], ["Only PNG images are allowed."]);
    }
}
