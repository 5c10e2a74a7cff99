//! Accounts and sign-in secrets through the store's interface.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::users::{EMAIL_TAKEN, PERSON_HAS_USER, User, UserFields};
use polodesk_store::{ApiToken, RefreshToken, Rotation, SetPasswordLink, Store, StoreError};

const CLIENT: &str = "polodesk-web";

fn admin(email: &str) -> UserFields {
    UserFields {
        email: email.into(),
        phone_number: None,
        type_id: UserType::Admin,
        federation_id: None,
        club_id: None,
        person_id: None,
    }
}

#[tokio::test]
async fn emails_are_unique_ignoring_case_and_follow_updates() {
    let store = Store::in_memory().unwrap();
    let ana = store
        .create_user(admin("Ana@PoloDesk.test"), None, None)
        .await
        .unwrap();
    let taken = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap_err();
    let StoreError::Invalid(errors) = taken else {
        panic!("{taken:?}")
    };
    assert_eq!(errors.fields()["email"], [EMAIL_TAKEN]);

    assert_eq!(
        store
            .user_by_email("ANA@polodesk.test")
            .unwrap()
            .unwrap()
            .id,
        ana.id
    );
    store
        .update::<User>(ana.id, admin("ana.p@polodesk.test"))
        .await
        .unwrap();
    assert!(store.user_by_email("ana@polodesk.test").unwrap().is_none());
    assert!(
        store
            .create_user(admin("ana@polodesk.test"), None, None)
            .await
            .is_ok()
    );
    store.delete::<User>(ana.id).await.unwrap();
    assert!(
        store
            .user_by_email("ana.p@polodesk.test")
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn a_password_survives_profile_updates_and_a_link_is_used_once() {
    let store = Store::in_memory().unwrap();
    let link = SetPasswordLink {
        user_id: 0,
        expires_at: 100,
    };
    let user = store
        .create_user(admin("new@polodesk.test"), None, Some(("h1".into(), link)))
        .await
        .unwrap();
    let stored: SetPasswordLink = store.secret("h1").unwrap().unwrap();
    assert_eq!(
        stored.user_id, user.id,
        "the link points at the created user"
    );

    store
        .set_password_hash(user.id, "$argon2id$x".into(), Some("h1".into()))
        .await
        .unwrap();
    assert!(store.secret::<SetPasswordLink>("h1").unwrap().is_none());
    store
        .update::<User>(user.id, admin("new@polodesk.test"))
        .await
        .unwrap();
    assert_eq!(
        store.password_hash(user.id).unwrap().as_deref(),
        Some("$argon2id$x")
    );
    assert!(store.get::<User>(user.id).unwrap().email_confirmed);
}

#[tokio::test]
async fn a_person_user_needs_an_existing_person() {
    let store = Store::in_memory().unwrap();
    let fields = UserFields {
        type_id: UserType::Person,
        person_id: Some(5),
        ..admin("p@x.test")
    };
    assert!(matches!(
        store.create_user(fields.clone(), None, None).await,
        Err(StoreError::Invalid(_))
    ));
    let person = store
        .create::<Person>(PersonFields::new(
            "Ana",
            "Đurić",
            Date::new(1990, 4, 2).unwrap(),
        ))
        .await
        .unwrap();
    let fields = UserFields {
        person_id: Some(person.id),
        ..fields
    };
    assert!(store.create_user(fields.clone(), None, None).await.is_ok());
    let second = UserFields {
        email: "p2@x.test".into(),
        ..fields
    };
    let Err(StoreError::Invalid(errors)) = store.create_user(second, None, None).await else {
        panic!("a person has one account at most")
    };
    assert_eq!(errors.fields()["personId"], [PERSON_HAS_USER]);
    assert_eq!(store.search_persons("djur", 10).unwrap().len(), 0);
    assert_eq!(
        store.search_persons("ana dur", 10).unwrap()[0].id,
        person.id
    );
}

#[tokio::test]
async fn refresh_tokens_rotate_and_a_reused_one_revokes_its_family() {
    let store = Store::in_memory().unwrap();
    let token = RefreshToken {
        user_id: 1,
        client_id: CLIENT.into(),
        scope: "openid".into(),
        auth_time: 5,
        family: 0,
        expires_at: 1_000,
        spent: false,
    };
    store
        .issue_refresh_token("r1".into(), token, 0)
        .await
        .unwrap();
    let Rotation::Rotated(granted) = store
        .rotate_refresh_token("r1".into(), "r2".into(), CLIENT.into(), 10)
        .await
        .unwrap()
    else {
        panic!("r1 should rotate")
    };
    assert_eq!(granted.user_id, 1);
    // r1 again: theft suspected, the family (r2 included) is revoked.
    assert_eq!(
        store
            .rotate_refresh_token("r1".into(), "r3".into(), CLIENT.into(), 11)
            .await
            .unwrap(),
        Rotation::Reused
    );
    assert_eq!(
        store
            .rotate_refresh_token("r2".into(), "r4".into(), CLIENT.into(), 12)
            .await
            .unwrap(),
        Rotation::Refused
    );
    assert_eq!(
        store
            .rotate_refresh_token("nope".into(), "r5".into(), CLIENT.into(), 12)
            .await
            .unwrap(),
        Rotation::Refused
    );
}

/// Ending a user's sign-ins also revokes the families it removes: an access token issued from
/// one of them after the new generation was read is refused. A family for the generation
/// before is not started at all.
#[tokio::test]
async fn ending_sign_ins_revokes_their_families_and_refuses_a_late_one() {
    let store = Store::in_memory().unwrap();
    let user = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap();
    let token = RefreshToken {
        user_id: user.id,
        client_id: CLIENT.into(),
        scope: "openid".into(),
        auth_time: 5,
        family: 0,
        expires_at: 1_000,
        spent: false,
    };
    let family = store
        .issue_refresh_token("r1".into(), token.clone(), 0)
        .await
        .unwrap()
        .unwrap();
    let signed_in = |generation, family| store.signed_in_user(user.id, generation, family);
    assert!(signed_in(0, Some(family)).unwrap().is_some());

    store.end_sign_ins(user.id).await.unwrap();
    assert_eq!(store.sign_in_generation(user.id).unwrap(), 1);
    assert!(signed_in(0, Some(family)).unwrap().is_none());
    assert!(signed_in(1, Some(family)).unwrap().is_none(), "revoked");
    assert!(signed_in(1, None).unwrap().is_some());
    let late = store.issue_refresh_token("r2".into(), token.clone(), 0);
    assert_eq!(late.await.unwrap(), None);
    assert_eq!(
        store
            .rotate_refresh_token("r2".into(), "r3".into(), CLIENT.into(), 10)
            .await
            .unwrap(),
        Rotation::Refused,
        "nothing was stored"
    );
    let fresh = store.issue_refresh_token("r4".into(), token, 1).await;
    assert!(fresh.unwrap().is_some_and(|fresh| fresh != family));
}

#[tokio::test]
async fn an_expired_refresh_token_is_refused() {
    let store = Store::in_memory().unwrap();
    let token = RefreshToken {
        user_id: 1,
        client_id: CLIENT.into(),
        scope: String::new(),
        auth_time: 5,
        family: 0,
        expires_at: 50,
        spent: false,
    };
    store
        .issue_refresh_token("old".into(), token, 0)
        .await
        .unwrap();
    assert_eq!(
        store
            .rotate_refresh_token("old".into(), "n".into(), CLIENT.into(), 50)
            .await
            .unwrap(),
        Rotation::Refused
    );
}

#[tokio::test]
async fn a_new_api_token_replaces_the_old_one() {
    let store = Store::in_memory().unwrap();
    store
        .replace_api_token(
            "a1".into(),
            ApiToken {
                user_id: 7,
                created_at: 1,
            },
        )
        .await
        .unwrap();
    store
        .replace_api_token(
            "a2".into(),
            ApiToken {
                user_id: 7,
                created_at: 2,
            },
        )
        .await
        .unwrap();
    assert!(store.secret::<ApiToken>("a1").unwrap().is_none());
    assert_eq!(
        store.secret::<ApiToken>("a2").unwrap().unwrap().created_at,
        2
    );
}
