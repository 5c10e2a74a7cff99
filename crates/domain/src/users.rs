//! User accounts (spec 01 §3 User), their validation (spec 01 §5 User), and the roles and
//! access lists a signed-in user gets (DESIGN §5).

use serde::{Deserialize, Serialize};

use crate::codes::{Role, UserType};
use crate::validation::{Format, TextRule, ValidationErrors, messages};

pub const EMAIL_REQUIRED: &str = "Email field is required!";
pub const FEDERATION_REQUIRED: &str = "Federation field is required!";
pub const CLUB_REQUIRED: &str = "Club field is required!";
pub const PERSON_REQUIRED: &str = "Person field is required!";
pub const TYPE_REQUIRED: &str = "Type field is required!";
pub const EMAIL_IMMUTABLE: &str = "The email of an existing user cannot be changed.";
pub const EMAIL_TAKEN: &str = "A user with this email already exists.";
pub const PERSON_HAS_USER: &str = "This person already has a user account.";
/// The OAuth error of a password grant whose account needs its second step (`otp`) as well.
pub const TWO_STEP_REQUIRED: &str = "two_step_required";
/// What an account that must use two-step sign-in, and has not turned it on, is told by every
/// call but its own account's, and by the password grant (which cannot set it up).
pub const TWO_STEP_FIRST: &str =
    "Your account must use two-step sign-in: turn it on from your Account page first.";

/// A user email may hold 100 characters (spec 01 §5 User).
pub const EMAIL_LIMIT: usize = 100;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: u64,
    /// The sign-in name; the email, as in the spec's data.
    pub user_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub type_id: UserType,
    pub federation_id: Option<u64>,
    pub club_id: Option<u64>,
    pub person_id: Option<u64>,
    pub email_confirmed: bool,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserInput {
    pub email: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u16>))]
    pub type_id: Option<UserType>,
    pub federation_id: Option<u64>,
    pub club_id: Option<u64>,
    pub person_id: Option<u64>,
    pub phone_number: Option<String>,
}

/// A checked user: exactly the link its type needs, and no other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserFields {
    pub email: String,
    pub phone_number: Option<String>,
    pub type_id: UserType,
    pub federation_id: Option<u64>,
    pub club_id: Option<u64>,
    pub person_id: Option<u64>,
}

const PHONE: TextRule = TextRule {
    field: "phoneNumber",
    max: 100,
    required: None,
    too_long: messages::TOO_LONG,
};

impl UserInput {
    pub fn validate(self) -> Result<UserFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let email = self.email.map(|e| e.trim().to_owned()).unwrap_or_default();
        if email.is_empty() {
            errors.add("email", EMAIL_REQUIRED);
        } else if email.chars().count() > EMAIL_LIMIT {
            errors.add("email", messages::TOO_LONG);
        } else {
            Format::EMAIL.check(&mut errors, "email", Some(&email));
        }
        let phone_number = Format::PHONE.check_optional(&mut errors, PHONE, self.phone_number);
        let type_id = self.type_id.unwrap_or(UserType::Person);
        let (mut federation_id, mut club_id, mut person_id) = (None, None, None);
        match self.type_id {
            None => errors.add("typeId", TYPE_REQUIRED),
            Some(UserType::Admin) => {}
            Some(UserType::Federation) => {
                federation_id = self.federation_id;
                if federation_id.is_none() {
                    errors.add("federationId", FEDERATION_REQUIRED);
                }
            }
            Some(UserType::Club) => {
                club_id = self.club_id;
                if club_id.is_none() {
                    errors.add("clubId", CLUB_REQUIRED);
                }
            }
            Some(UserType::Person) => {
                person_id = self.person_id;
                if person_id.is_none() {
                    errors.add("personId", PERSON_REQUIRED);
                }
            }
        }
        errors.finish(UserFields {
            email,
            phone_number,
            type_id,
            federation_id,
            club_id,
            person_id,
        })
    }
}

impl UserFields {
    pub fn with_id(self, id: u64, email_confirmed: bool) -> User {
        User {
            id,
            user_name: self.email.clone(),
            email: self.email,
            phone_number: self.phone_number,
            type_id: self.type_id,
            federation_id: self.federation_id,
            club_id: self.club_id,
            person_id: self.person_id,
            email_confirmed,
        }
    }
}

/// The identities a person holds, which add roles to a Person user.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Identities {
    pub coach_id: Option<u64>,
    pub official_id: Option<u64>,
    pub player_id: Option<u64>,
}

/// Roles from the user type and, for a Person user, from the person's identities (DESIGN §5).
pub fn roles(user_type: UserType, identities: Identities) -> Vec<Role> {
    match user_type {
        UserType::Admin => vec![Role::Admin],
        UserType::Federation => vec![Role::Federation],
        UserType::Club => vec![Role::Club],
        UserType::Person => {
            let mut roles = vec![Role::Person];
            if identities.coach_id.is_some() {
                roles.push(Role::Coach);
            }
            if identities.official_id.is_some() {
                roles.push(Role::Official);
            }
            roles
        }
    }
}

/// What a signed-in user may act on beyond the permission table (DESIGN §5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Access {
    pub admin: bool,
    pub federations: Vec<u64>,
    pub clubs: Vec<u64>,
    pub teams: Vec<u64>,
    pub matches: Vec<u64>,
    pub officials: Vec<u64>,
}

impl Access {
    /// The access that follows from the account alone; modules that know more (teams of a club,
    /// matches of an official) add their ids.
    pub fn of(user: &User, identities: Identities) -> Access {
        Access {
            admin: user.type_id == UserType::Admin,
            federations: user.federation_id.into_iter().collect(),
            clubs: user.club_id.into_iter().collect(),
            officials: identities.official_id.into_iter().collect(),
            ..Access::default()
        }
    }
}

/// Whose accounts must sign in in two steps (`serve --require-two-step`). Until such an account
/// turns it on, it reaches only its own account's calls, where it can.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TwoStepRule {
    #[default]
    Nobody,
    Administrators,
    Everyone,
}

impl TwoStepRule {
    /// Whether accounts of `user_type` must use two-step sign-in.
    pub fn applies_to(self, user_type: UserType) -> bool {
        match self {
            TwoStepRule::Nobody => false,
            TwoStepRule::Administrators => user_type == UserType::Admin,
            TwoStepRule::Everyone => true,
        }
    }
}

impl std::str::FromStr for TwoStepRule {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "nobody" => Ok(TwoStepRule::Nobody),
            "administrators" => Ok(TwoStepRule::Administrators),
            "everyone" => Ok(TwoStepRule::Everyone),
            _ => Err(format!(
                "`{text}` is not one of nobody, administrators, everyone"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::WRONG_EMAIL;

    #[test]
    fn the_two_step_rule_names_whose_accounts_it_binds() {
        let admins: TwoStepRule = " Administrators".parse().expect("a rule");
        assert!(admins.applies_to(UserType::Admin));
        assert!(!admins.applies_to(UserType::Club));
        let everyone: TwoStepRule = "everyone".parse().expect("a rule");
        assert!(everyone.applies_to(UserType::Person));
        assert!(!TwoStepRule::default().applies_to(UserType::Admin));
        assert!("admins".parse::<TwoStepRule>().is_err());
    }

    fn input(type_id: Option<UserType>) -> UserInput {
        UserInput {
            email: Some("ana@club.rs".into()),
            type_id,
            ..UserInput::default()
        }
    }

    #[test]
    fn each_type_requires_its_link_with_the_spec_message() {
        for (type_id, field, message) in [
            (UserType::Federation, "federationId", FEDERATION_REQUIRED),
            (UserType::Club, "clubId", CLUB_REQUIRED),
            (UserType::Person, "personId", PERSON_REQUIRED),
        ] {
            let errors = input(Some(type_id)).validate().unwrap_err();
            assert_eq!(errors.fields()[field], [message], "{type_id:?}");
        }
        assert!(input(Some(UserType::Admin)).validate().is_ok());
        assert_eq!(
            input(None).validate().unwrap_err().fields()["typeId"],
            [TYPE_REQUIRED]
        );
    }

    #[test]
    fn links_other_than_the_type_needs_are_dropped() {
        let fields = UserInput {
            club_id: Some(3),
            person_id: Some(9),
            federation_id: Some(1),
            ..input(Some(UserType::Club))
        }
        .validate()
        .unwrap();
        assert_eq!(
            (fields.federation_id, fields.club_id, fields.person_id),
            (None, Some(3), None)
        );
    }

    #[test]
    fn email_messages_follow_the_spec() {
        let email = |e: &str| UserInput {
            email: Some(e.into()),
            ..input(Some(UserType::Admin))
        };
        let message = |e: &str| email(e).validate().unwrap_err().fields()["email"][0].clone();
        assert_eq!(message(""), EMAIL_REQUIRED);
        assert_eq!(message("ana@"), WRONG_EMAIL);
        assert_eq!(message("ana club@x.rs"), WRONG_EMAIL);
        assert_eq!(
            message(&format!("{}@x.rs", "a".repeat(100))),
            "Too long input!"
        );
        assert!(email("ana.petrovic+vk@vaterpolo.rs").validate().is_ok());
    }

    #[test]
    fn roles_come_from_the_type_and_the_persons_identities() {
        assert_eq!(roles(UserType::Admin, Identities::default()), [Role::Admin]);
        assert_eq!(
            roles(UserType::Person, Identities::default()),
            [Role::Person]
        );
        let both = Identities {
            coach_id: Some(1),
            official_id: Some(2),
            player_id: Some(3),
        };
        assert_eq!(
            roles(UserType::Person, both),
            [Role::Person, Role::Coach, Role::Official]
        );
        // Identities only count for Person accounts.
        assert_eq!(roles(UserType::Club, both), [Role::Club]);
    }
}
