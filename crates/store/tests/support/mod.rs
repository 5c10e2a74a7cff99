//! What the store's test files share.

use polodesk_domain::codes::UserType;
use polodesk_domain::users::UserFields;

/// An administrator's account fields.
pub fn admin(email: &str) -> UserFields {
    UserFields {
        email: email.into(),
        phone_number: None,
        type_id: UserType::Admin,
        federation_id: None,
        club_id: None,
        person_id: None,
    }
}
