//! Accounts, their second step and their activity through the store's interface.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

mod support;

use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::users::{EMAIL_TAKEN, PERSON_HAS_USER, User, UserFields};
use polodesk_store::{
    ACTIVITY_KEPT, Activity, ChangedBy, SecondStep, SetPasswordLink, Store, StoreError,
    TWO_STEP_ALREADY_ON, TWO_STEP_NOT_STARTED,
};

use support::{admin, new_admin};

#[tokio::test]
async fn emails_are_unique_ignoring_case_and_follow_updates() {
    let store = Store::in_memory().unwrap();
    let ana = new_admin(&store, "Ana@PoloDesk.test").await;
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
        .set_password_hash(
            user.id,
            "$argon2id$x".into(),
            Some("h1".into()),
            (ChangedBy::Link, 500),
        )
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
async fn a_second_step_works_once_and_goes_with_its_user() {
    let store = Store::in_memory().unwrap();
    let ana = new_admin(&store, "ana@polodesk.test").await;
    let refused = |error: StoreError, message: &str| match error {
        StoreError::Conflict(text) => assert_eq!(text, message),
        other => panic!("{other:?}"),
    };
    // Nothing to confirm before a setup, and a setup's code proves nothing for another key.
    let early = store.turn_on_two_step(ana.id, vec![1; 20], 100, vec![], 3_000);
    refused(early.await.unwrap_err(), TWO_STEP_NOT_STARTED);
    store.start_two_step(ana.id, vec![1; 20]).await.unwrap();
    store.start_two_step(ana.id, vec![2; 20]).await.unwrap();
    let stale = store.turn_on_two_step(ana.id, vec![1; 20], 100, vec![], 3_000);
    refused(stale.await.unwrap_err(), TWO_STEP_NOT_STARTED);
    // A setup is not asked for at sign-in: no step is spent before it is on.
    assert!(!store.two_step(ana.id).unwrap().unwrap().on);
    assert!(
        !store
            .spend_second_step(ana.id, SecondStep::Step(101), 3_000)
            .await
            .unwrap()
    );
    let codes = vec!["aa".to_owned(), "bb".to_owned()];
    store
        .turn_on_two_step(ana.id, vec![2; 20], 100, codes, 3_000)
        .await
        .unwrap();
    let again = store.start_two_step(ana.id, vec![3; 20]);
    refused(again.await.unwrap_err(), TWO_STEP_ALREADY_ON);
    assert_eq!(store.two_step(ana.id).unwrap().unwrap().key, vec![2; 20]);

    let spend = |offered| store.spend_second_step(ana.id, offered, 3_030);
    // The confirming code's step, and any before it, are spent; a later one works once.
    assert!(!spend(SecondStep::Step(100)).await.unwrap());
    assert!(!spend(SecondStep::Step(99)).await.unwrap());
    assert!(spend(SecondStep::Step(101)).await.unwrap());
    assert!(!spend(SecondStep::Step(101)).await.unwrap());
    assert!(spend(SecondStep::Recovery("bb".into())).await.unwrap());
    assert!(!spend(SecondStep::Recovery("bb".into())).await.unwrap());
    assert!(!spend(SecondStep::Recovery("cc".into())).await.unwrap());
    assert_eq!(
        store.two_step(ana.id).unwrap().unwrap().recovery,
        vec!["aa".to_owned()]
    );
    assert!(
        store
            .replace_recovery_codes(ana.id, vec!["dd".into()], 3_060)
            .await
            .unwrap()
    );
    assert!(!spend(SecondStep::Recovery("aa".into())).await.unwrap());

    // Turned off, nothing is asked; deleting the user forgets a second factor too.
    let off = (ChangedBy::Administrator, 3_090);
    assert!(store.turn_off_two_step(ana.id, off).await.unwrap());
    assert!(!store.turn_off_two_step(ana.id, off).await.unwrap());
    assert_eq!(store.two_step(ana.id).unwrap(), None);
    // Each change is in the account's activity, the latest first; a code spent is not, a
    // recovery code is.
    let activity = activity_of(&store, ana.id);
    assert_eq!(
        activity,
        [
            (3_090, Activity::TwoStepOff(ChangedBy::Administrator)),
            (3_060, Activity::RecoveryCodesRenewed),
            (3_030, Activity::RecoveryCodeUsed),
            (3_000, Activity::TwoStepOn),
        ]
    );
    // A setup dropped before it was on is nobody's change.
    store.start_two_step(ana.id, vec![5; 20]).await.unwrap();
    assert!(store.turn_off_two_step(ana.id, off).await.unwrap());
    assert_eq!(store.account_activity(ana.id).unwrap().len(), 4);
    store.start_two_step(ana.id, vec![4; 20]).await.unwrap();
    let other = new_admin(&store, "bo@polodesk.test").await;
    store.delete::<User>(ana.id).await.unwrap();
    assert_eq!(store.two_step(ana.id).unwrap(), None);
    assert_eq!(store.two_step(other.id).unwrap(), None);
    assert!(store.account_activity(ana.id).unwrap().is_empty());
}

#[tokio::test]
async fn wrong_passwords_in_a_row_from_one_address_are_one_entry_and_the_latest_are_kept() {
    let store = Store::in_memory().unwrap();
    let ana = new_admin(&store, "ana@polodesk.test").await;
    let guess = |at, address: &str| {
        let wrong = Activity::WrongPasswords {
            address: Some(address.into()),
            count: 1,
        };
        store.note_account_activity(ana.id, at, wrong)
    };
    for at in 1..=3 {
        guess(at, "192.0.2.7").await.unwrap();
    }
    guess(4, "198.51.100.1").await.unwrap();
    store
        .set_password_hash(ana.id, "$argon2id$y".into(), None, (ChangedBy::Own, 5))
        .await
        .unwrap();
    guess(6, "192.0.2.7").await.unwrap();
    let activity = activity_of(&store, ana.id);
    let counted = |address: &str, count| Activity::WrongPasswords {
        address: Some(address.into()),
        count,
    };
    assert_eq!(
        activity,
        [
            (6, counted("192.0.2.7", 1)),
            (5, Activity::PasswordChanged(ChangedBy::Own)),
            (4, counted("198.51.100.1", 1)),
            (3, counted("192.0.2.7", 3)),
        ]
    );

    // The latest ACTIVITY_KEPT entries stay, whatever the user did before.
    for at in 10..10 + ACTIVITY_KEPT as u64 {
        store
            .note_account_activity(ana.id, at, Activity::RecoveryCodesRenewed)
            .await
            .unwrap();
    }
    let kept = store.account_activity(ana.id).unwrap();
    assert_eq!(kept.len(), ACTIVITY_KEPT);
    assert_eq!(kept.first().map(|e| e.1.at), Some(9 + ACTIVITY_KEPT as u64));
    assert_eq!(kept.last().map(|e| e.1.at), Some(10));
    let sequences: Vec<u64> = kept.iter().map(|e| e.0).collect();
    assert!(sequences.windows(2).all(|pair| pair[0] == pair[1] + 1));

    // A user deleted between a guess and its note gets no entry.
    new_admin(&store, "bo@polodesk.test").await;
    store.delete::<User>(ana.id).await.unwrap();
    guess(99, "192.0.2.7").await.unwrap();
    assert!(store.account_activity(ana.id).unwrap().is_empty());
}

/// A user's activity as (when, what), the latest first.
fn activity_of(store: &Store, user_id: u64) -> Vec<(u64, Activity)> {
    let entries = store.account_activity(user_id).unwrap();
    entries
        .into_iter()
        .map(|(_, entry)| (entry.at, entry.activity))
        .collect()
}
