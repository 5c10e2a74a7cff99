//! What the store's test files share.

use polodesk_domain::codes::UserType;
use polodesk_domain::users::{User, UserFields};
use polodesk_store::Store;

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

/// A new administrator account, without a password.
pub async fn new_admin(store: &Store, email: &str) -> User {
    store.create_user(admin(email), None, None).await.unwrap()
}
