//! Sign-in secrets through the store's interface: refresh-token families, sign-ins and their
//! devices, API tokens, issuer sessions, and their ends.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

mod support;

use polodesk_domain::users::User;
use polodesk_store::{
    Activity, ActivityEntry, ApiToken, ChangedBy, RefreshToken, Rotation, Seen, Session, Store,
    StoreError,
};

use support::new_admin;

const CLIENT: &str = "polodesk-web";
const FIREFOX: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

fn seen(at: u64) -> Seen {
    Seen {
        at,
        user_agent: FIREFOX.into(),
        address: Some("192.0.2.1".into()),
    }
}

/// Rotates the web app's refresh token `old` into `new`, as the token endpoint does.
async fn rotate(store: &Store, old: &str, new: &str, seen: Seen) -> Rotation {
    store
        .rotate_refresh_token(old.into(), new.into(), CLIENT.into(), seen)
        .await
        .unwrap()
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

#[tokio::test]
async fn refresh_tokens_rotate_and_a_reused_one_revokes_its_family() {
    let store = Store::in_memory().unwrap();
    let token = refresh_token(1, 1_000);
    store
        .issue_refresh_token("r1".into(), token, 0, seen(5), None)
        .await
        .unwrap();
    let Rotation::Rotated(granted) = rotate(&store, "r1", "r2", seen(10)).await else {
        panic!("r1 should rotate")
    };
    assert_eq!(granted.user_id, 1);
    // r1 again: theft suspected, the family (r2 included) is revoked.
    assert_eq!(rotate(&store, "r1", "r3", seen(11)).await, Rotation::Reused);
    assert_eq!(
        rotate(&store, "r2", "r4", seen(12)).await,
        Rotation::Refused
    );
    assert_eq!(
        rotate(&store, "nope", "r5", seen(12)).await,
        Rotation::Refused
    );
}

/// Ending a user's sign-ins also revokes the families it removes: an access token issued from
/// one of them after the new generation was read is refused. A family for the generation
/// before is not started at all.
#[tokio::test]
async fn ending_sign_ins_revokes_their_families_and_refuses_a_late_one() {
    let store = Store::in_memory().unwrap();
    let user = new_admin(&store, "ana@polodesk.test").await;
    let token = refresh_token(user.id, 1_000);
    let family = store
        .issue_refresh_token("r1".into(), token.clone(), 0, seen(5), None)
        .await
        .unwrap()
        .unwrap();
    let signed_in = |generation, family| store.signed_in_user(user.id, generation, family);
    assert!(signed_in(0, Some(family)).unwrap().is_some());

    store
        .end_sign_ins(user.id, (ChangedBy::Own, 7))
        .await
        .unwrap();
    let noted = store.account_activity(user.id).unwrap();
    let ended = ActivityEntry {
        at: 7,
        activity: Activity::SignedOutEverywhere(ChangedBy::Own),
    };
    assert_eq!(noted.first().map(|(_, entry)| entry), Some(&ended));
    assert_eq!(store.sign_in_generation(user.id).unwrap(), 1);
    assert!(signed_in(0, Some(family)).unwrap().is_none());
    assert!(signed_in(1, Some(family)).unwrap().is_none(), "revoked");
    assert!(signed_in(1, None).unwrap().is_some());
    let late = store.issue_refresh_token("r2".into(), token.clone(), 0, seen(5), None);
    assert_eq!(late.await.unwrap(), None);
    assert_eq!(
        rotate(&store, "r2", "r3", seen(10)).await,
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
    let token = refresh_token(1, 50);
    store
        .issue_refresh_token("old".into(), token, 0, seen(5), None)
        .await
        .unwrap();
    let mut current = "old".to_owned();
    for (next, at) in [("n1", 10), ("n2", 49)] {
        let rotated = rotate(&store, &current, next, seen(at)).await;
        assert!(matches!(rotated, Rotation::Rotated(_)), "{rotated:?}");
        let token = store.secret::<RefreshToken>(next).unwrap().unwrap();
        assert_eq!(
            token.expires_at, 50,
            "the family's expiry, not {at} + a token's life"
        );
        current = next.into();
    }
    assert_eq!(
        rotate(&store, &current, "n3", seen(50)).await,
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
    let ana = new_admin(&store, "ana@polodesk.test").await;
    let other = new_admin(&store, "bo@polodesk.test").await;
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
    let rotated = rotate(&store, "l1", "l2", phone).await;
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
    let again = rotate(&store, "l2", "l3", seen(30)).await;
    assert_eq!(again, Rotation::Refused);
    let twice = store.end_sign_in(ana.id, laptop).await.unwrap_err();
    assert!(matches!(twice, StoreError::NotFound { .. }));

    store
        .end_sign_ins(ana.id, (ChangedBy::Administrator, 9))
        .await
        .unwrap();
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
    let ana = new_admin(&store, "ana@polodesk.test").await;
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
    let ana = new_admin(&store, "ana@polodesk.test").await;
    new_admin(&store, "bo@polodesk.test").await;
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
    let ana = new_admin(&store, "ana@polodesk.test").await;
    let far = 10 * IDLE_SECONDS;
    let family = store
        .issue_refresh_token("r1".into(), refresh_token(ana.id, far), 0, seen(5), None)
        .await
        .unwrap()
        .unwrap();
    let used = 5 + IDLE_SECONDS - 1;
    let rotated = rotate(&store, "r1", "r2", seen(used)).await;
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

    let idle = rotate(&store, "r2", "r3", seen(used + IDLE_SECONDS)).await;
    assert_eq!(idle, Rotation::Idle);
    assert!(
        store
            .signed_in_user(ana.id, 0, Some(family))
            .unwrap()
            .is_none()
    );
    assert!(store.sign_ins(ana.id, 0).unwrap().is_empty());
    let again = rotate(&store, "r2", "r4", seen(used + IDLE_SECONDS)).await;
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
