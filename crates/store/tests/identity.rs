//! Accounts and sign-in secrets through the store's interface.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::users::{EMAIL_TAKEN, PERSON_HAS_USER, User, UserFields};
use polodesk_store::{
    ACTIVITY_KEPT, Activity, ApiToken, ChangedBy, RefreshToken, Rotation, SecondStep, Seen,
    Session, SetPasswordLink, Store, StoreError, TWO_STEP_ALREADY_ON, TWO_STEP_NOT_STARTED,
};

const CLIENT: &str = "polodesk-web";
const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

fn seen(at: u64) -> Seen {
    Seen {
        at,
        user_agent: FIREFOX.into(),
        address: Some("192.0.2.1".into()),
    }
}

fn refresh_token(user_id: u64, expires_at: u64) -> RefreshToken {
    RefreshToken {
        user_id,
        client_id: CLIENT.into(),
        scope: "openid".into(),
        auth_time: 5,
        family: 0,
        expires_at,
        spent: false,
    }
}

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
        .issue_refresh_token("r1".into(), token, 0, seen(5), None)
        .await
        .unwrap();
    let Rotation::Rotated(granted) = store
        .rotate_refresh_token("r1".into(), "r2".into(), CLIENT.into(), seen(10))
        .await
        .unwrap()
    else {
        panic!("r1 should rotate")
    };
    assert_eq!(granted.user_id, 1);
    // r1 again: theft suspected, the family (r2 included) is revoked.
    assert_eq!(
        store
            .rotate_refresh_token("r1".into(), "r3".into(), CLIENT.into(), seen(11))
            .await
            .unwrap(),
        Rotation::Reused
    );
    assert_eq!(
        store
            .rotate_refresh_token("r2".into(), "r4".into(), CLIENT.into(), seen(12))
            .await
            .unwrap(),
        Rotation::Refused
    );
    assert_eq!(
        store
            .rotate_refresh_token("nope".into(), "r5".into(), CLIENT.into(), seen(12))
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
        .issue_refresh_token("r1".into(), token.clone(), 0, seen(5), None)
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
    let late = store.issue_refresh_token("r2".into(), token.clone(), 0, seen(5), None);
    assert_eq!(late.await.unwrap(), None);
    assert_eq!(
        store
            .rotate_refresh_token("r2".into(), "r3".into(), CLIENT.into(), seen(10))
            .await
            .unwrap(),
        Rotation::Refused,
        "nothing was stored"
    );
    let fresh = store
        .issue_refresh_token("r4".into(), token, 1, seen(5), None)
        .await;
    assert!(fresh.unwrap().is_some_and(|fresh| fresh != family));
}

/// A family's expiry is absolute: each rotated token copies it (no sliding window), and a
/// token rotated just before it is refused once it has passed.
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
        .issue_refresh_token("old".into(), token, 0, seen(5), None)
        .await
        .unwrap();
    let mut current = "old".to_owned();
    for (next, at) in [("n1", 10), ("n2", 49)] {
        let rotated = store
            .rotate_refresh_token(current.clone(), next.into(), CLIENT.into(), seen(at))
            .await
            .unwrap();
        assert!(matches!(rotated, Rotation::Rotated(_)), "{rotated:?}");
        let token = store.secret::<RefreshToken>(next).unwrap().unwrap();
        assert_eq!(
            token.expires_at, 50,
            "the family's expiry, not {at} + a token's life"
        );
        current = next.into();
    }
    assert_eq!(
        store
            .rotate_refresh_token(current, "n3".into(), CLIENT.into(), seen(50))
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

/// A user's sign-ins are listed with what their devices last said, the last used first; one
/// ends alone, with its tokens and the issuer session it came from, and only by its own user.
#[tokio::test]
async fn sign_ins_are_listed_and_end_one_by_one() {
    let store = Store::in_memory().unwrap();
    let ana = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap();
    let other = store
        .create_user(admin("bo@polodesk.test"), None, None)
        .await
        .unwrap();
    let browser = Session {
        user_id: ana.id,
        expires_at: 2_000,
    };
    store.put_secret("cookie".into(), browser).await.unwrap();
    let laptop = store
        .issue_refresh_token(
            "l1".into(),
            refresh_token(ana.id, 1_000),
            0,
            seen(5),
            Some("cookie".into()),
        )
        .await
        .unwrap()
        .unwrap();
    let long_agent = Seen {
        user_agent: "é".repeat(300),
        address: None,
        ..seen(5)
    };
    let console = store
        .issue_refresh_token(
            "c1".into(),
            refresh_token(ana.id, 1_000),
            0,
            long_agent,
            None,
        )
        .await
        .unwrap()
        .unwrap();
    let listed = store.sign_ins(ana.id, 10).unwrap();
    assert_eq!(
        listed.iter().map(|(family, _)| *family).collect::<Vec<_>>(),
        [console, laptop],
        "of two used at the same second, the newer first"
    );
    assert_eq!(
        listed[0].1.user_agent.len(),
        256,
        "a User-Agent is kept short"
    );

    let phone = Seen {
        at: 20,
        user_agent: "Mozilla/5.0 (Android 14) Firefox/133.0".into(),
        address: Some("198.51.100.7".into()),
    };
    let rotated = store
        .rotate_refresh_token("l1".into(), "l2".into(), CLIENT.into(), phone)
        .await
        .unwrap();
    assert!(matches!(rotated, Rotation::Rotated(_)));
    let listed = store.sign_ins(ana.id, 21).unwrap();
    assert_eq!(listed[0].0, laptop, "the last used first");
    assert_eq!(listed[0].1.last_used_at, 20);
    assert_eq!(listed[0].1.started_at, 5);
    assert_eq!(listed[0].1.address.as_deref(), Some("198.51.100.7"));
    assert!(listed[0].1.user_agent.contains("Android"));
    assert!(
        store.sign_ins(ana.id, 1_000).unwrap().is_empty(),
        "ended at 1,000"
    );

    let refused = store.end_sign_in(other.id, laptop).await.unwrap_err();
    assert!(
        matches!(
            refused,
            StoreError::NotFound {
                entity: "Sign-in",
                ..
            }
        ),
        "{refused:?}"
    );
    assert_eq!(store.sign_ins(ana.id, 21).unwrap().len(), 2);

    store.end_sign_in(ana.id, laptop).await.unwrap();
    let left = store.sign_ins(ana.id, 21).unwrap();
    assert_eq!(left.iter().map(|(f, _)| *f).collect::<Vec<_>>(), [console]);
    assert!(
        store
            .signed_in_user(ana.id, 0, Some(laptop))
            .unwrap()
            .is_none()
    );
    assert!(
        store
            .signed_in_user(ana.id, 0, Some(console))
            .unwrap()
            .is_some()
    );
    assert!(
        store.secret::<Session>("cookie").unwrap().is_none(),
        "its browser session ended"
    );
    assert!(store.secret::<RefreshToken>("l2").unwrap().is_none());
    assert!(
        store.secret::<RefreshToken>("l1").unwrap().is_none(),
        "spent ones too"
    );
    let again = store
        .rotate_refresh_token("l2".into(), "l3".into(), CLIENT.into(), seen(30))
        .await
        .unwrap();
    assert_eq!(again, Rotation::Refused);
    let twice = store.end_sign_in(ana.id, laptop).await.unwrap_err();
    assert!(matches!(twice, StoreError::NotFound { .. }));

    store.end_sign_ins(ana.id).await.unwrap();
    assert!(store.sign_ins(ana.id, 21).unwrap().is_empty());
    assert!(
        store
            .signed_in_user(ana.id, 1, Some(console))
            .unwrap()
            .is_none()
    );
}

/// A revoked family is remembered until no access token of it can work (its tokens' end plus
/// an access token's life), then forgotten; an ended sign-in is forgotten at its end.
#[tokio::test]
async fn revoked_families_and_ended_sign_ins_are_forgotten_in_time() {
    use polodesk_store::ACCESS_TOKEN_SECONDS;
    let store = Store::in_memory().unwrap();
    let ana = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap();
    let revoked = store
        .issue_refresh_token("r1".into(), refresh_token(ana.id, 1_000), 0, seen(5), None)
        .await
        .unwrap()
        .unwrap();
    let kept = store
        .issue_refresh_token("k1".into(), refresh_token(ana.id, 5_000), 0, seen(5), None)
        .await
        .unwrap()
        .unwrap();
    assert!(
        store
            .revoke_refresh_family("r1".into(), CLIENT.into())
            .await
            .unwrap()
    );
    assert_eq!(
        store
            .sign_ins(ana.id, 0)
            .unwrap()
            .iter()
            .map(|(f, _)| *f)
            .collect::<Vec<_>>(),
        [kept]
    );
    let forgotten_at = 1_000 + ACCESS_TOKEN_SECONDS;
    assert_eq!(store.sweep_expired(forgotten_at - 1).await.unwrap(), 0);
    assert!(
        store
            .signed_in_user(ana.id, 0, Some(revoked))
            .unwrap()
            .is_none()
    );
    assert_eq!(store.sweep_expired(forgotten_at).await.unwrap(), 1);
    assert!(
        store
            .signed_in_user(ana.id, 0, Some(revoked))
            .unwrap()
            .is_some(),
        "forgotten: every access token of it has expired by now"
    );
    assert_eq!(
        store.sweep_expired(5_000).await.unwrap(),
        2,
        "the kept token and its sign-in"
    );
    assert!(store.sign_ins(ana.id, 0).unwrap().is_empty());
}

/// Deleting a user forgets its sign-ins.
#[tokio::test]
async fn a_deleted_user_has_no_sign_ins() {
    let store = Store::in_memory().unwrap();
    let ana = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap();
    store
        .create_user(admin("bo@polodesk.test"), None, None)
        .await
        .unwrap();
    store
        .issue_refresh_token("r1".into(), refresh_token(ana.id, 1_000), 0, seen(5), None)
        .await
        .unwrap();
    store.delete::<User>(ana.id).await.unwrap();
    assert!(store.sign_ins(ana.id, 0).unwrap().is_empty());
}

/// A sign-in unused for `IDLE_SECONDS` ends at its next refresh; one used in time goes on, and
/// each use starts the wait again.
#[tokio::test]
async fn a_sign_in_unused_for_twelve_hours_ends() {
    use polodesk_store::IDLE_SECONDS;
    let store = Store::in_memory().unwrap();
    let ana = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap();
    let far = 10 * IDLE_SECONDS;
    let family = store
        .issue_refresh_token("r1".into(), refresh_token(ana.id, far), 0, seen(5), None)
        .await
        .unwrap()
        .unwrap();
    let used = 5 + IDLE_SECONDS - 1;
    let rotated = store
        .rotate_refresh_token("r1".into(), "r2".into(), CLIENT.into(), seen(used))
        .await
        .unwrap();
    assert!(matches!(rotated, Rotation::Rotated(_)), "{rotated:?}");
    assert_eq!(
        store
            .sign_ins(ana.id, used + IDLE_SECONDS - 1)
            .unwrap()
            .len(),
        1
    );
    assert!(
        store
            .sign_ins(ana.id, used + IDLE_SECONDS)
            .unwrap()
            .is_empty(),
        "idle"
    );

    let idle = store
        .rotate_refresh_token(
            "r2".into(),
            "r3".into(),
            CLIENT.into(),
            seen(used + IDLE_SECONDS),
        )
        .await
        .unwrap();
    assert_eq!(idle, Rotation::Idle);
    assert!(
        store
            .signed_in_user(ana.id, 0, Some(family))
            .unwrap()
            .is_none()
    );
    assert!(store.sign_ins(ana.id, 0).unwrap().is_empty());
    let again = store
        .rotate_refresh_token(
            "r2".into(),
            "r4".into(),
            CLIENT.into(),
            seen(used + IDLE_SECONDS),
        )
        .await
        .unwrap();
    assert_eq!(again, Rotation::Refused);
}

/// An issuer session unused for `IDLE_SECONDS` no longer signs its browser in; each use starts
/// the wait again, and one kept by a release without uses counts from its sign-in. The sweep
/// removes the idle ones.
#[tokio::test]
async fn an_issuer_session_unused_for_twelve_hours_ends() {
    use polodesk_store::{IDLE_SECONDS, SESSION_SECONDS};
    let store = Store::in_memory().unwrap();
    let session = |signed_in: u64| Session {
        user_id: 1,
        expires_at: signed_in + SESSION_SECONDS,
    };
    store
        .start_session("a".into(), session(100), 100)
        .await
        .unwrap();
    assert!(
        store
            .session("a", 100 + IDLE_SECONDS - 1)
            .unwrap()
            .is_some()
    );
    store
        .use_session("a".into(), 100 + IDLE_SECONDS - 1)
        .await
        .unwrap();
    let used = 100 + IDLE_SECONDS - 1;
    assert!(
        store
            .session("a", used + IDLE_SECONDS - 1)
            .unwrap()
            .is_some()
    );
    assert!(store.session("a", used + IDLE_SECONDS).unwrap().is_none());

    // Kept before uses were: counted from its sign-in.
    store.put_secret("old".into(), session(200)).await.unwrap();
    assert!(
        store
            .session("old", 200 + IDLE_SECONDS - 1)
            .unwrap()
            .is_some()
    );
    assert!(store.session("old", 200 + IDLE_SECONDS).unwrap().is_none());
    assert!(store.session("unknown", 200).unwrap().is_none());

    assert_eq!(
        store.sweep_expired(200 + IDLE_SECONDS).await.unwrap(),
        1,
        "the old one"
    );
    assert!(store.secret::<Session>("old").unwrap().is_none());
    assert!(store.secret::<Session>("a").unwrap().is_some());
    assert_eq!(store.sweep_expired(used + IDLE_SECONDS).await.unwrap(), 1);
    assert!(store.secret::<Session>("a").unwrap().is_none());
}

#[tokio::test]
async fn a_second_step_works_once_and_goes_with_its_user() {
    let store = Store::in_memory().unwrap();
    let ana = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap();
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
    let other = store
        .create_user(admin("bo@polodesk.test"), None, None)
        .await
        .unwrap();
    store.delete::<User>(ana.id).await.unwrap();
    assert_eq!(store.two_step(ana.id).unwrap(), None);
    assert_eq!(store.two_step(other.id).unwrap(), None);
    assert!(store.account_activity(ana.id).unwrap().is_empty());
}

#[tokio::test]
async fn wrong_passwords_in_a_row_from_one_address_are_one_entry_and_the_latest_are_kept() {
    let store = Store::in_memory().unwrap();
    let ana = store
        .create_user(admin("ana@polodesk.test"), None, None)
        .await
        .unwrap();
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
    store
        .create_user(admin("bo@polodesk.test"), None, None)
        .await
        .unwrap();
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
