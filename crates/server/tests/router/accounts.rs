//! Accounts as administrators keep them: new users and their set-password links, a new link
//! for a forgotten password, passwords an administrator sets, the rules of a user record, and
//! the last administrator kept.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::league::put;
use crate::support::{ISSUER, PASSWORD, TestApp, query_value};
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_server::identity::tokens::now;
use serde_json::json;

use crate::support;

/// The set-password form posted with the one-time `token`, `password` and its `confirm`.
async fn set_password(app: &TestApp, token: &str, password: &str, confirm: &str) -> support::Reply {
    app.form(
        "/account/set-password",
        &[
            ("token", token),
            ("password", password),
            ("confirm", confirm),
        ],
        None,
    )
    .await
}

#[tokio::test]
async fn a_new_user_sets_a_password_through_the_link_and_signs_in() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let person = app
        .store
        .create::<Person>(PersonFields::new(
            "Jelena",
            "Stojanović",
            Date::new(1992, 8, 8).unwrap(),
        ))
        .await
        .unwrap();
    let person_id = Some(person.id);
    let created = app
        .call(
            Method::POST,
            "/api/Users",
            Some(&admin),
            Some(json!({"email": "new@polodesk.test", "typeId": 3, "personId": person_id})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let url = created.body["setPasswordUrl"].as_str().unwrap();
    assert!(url.starts_with(&format!("{ISSUER}/account/set-password?token=")));
    let token = query_value(url, "token").unwrap();

    let page = app
        .get(&format!("/account/set-password?token={token}"), None)
        .await;
    assert!(page.text.contains("new@polodesk.test"));
    let mismatch = set_password(&app, &token, "long enough 1", "other").await;
    assert!(mismatch.text.contains("Passwords do not match."));
    let common = set_password(&app, &token, "password1", "password1").await;
    assert!(
        common.text.contains("one of the most used ones"),
        "{}",
        common.text
    );
    let done = set_password(&app, &token, PASSWORD, PASSWORD).await;
    assert_eq!(done.status, StatusCode::OK);
    assert!(done.text.contains("Sign in"));
    // Used once.
    let again = app
        .get(&format!("/account/set-password?token={token}"), None)
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    let access = app.token("new@polodesk.test").await;
    let me = app.get("/api/Users/me", Some(&access)).await;
    assert_eq!(me.body["roles"], json!(["Person"]));
}

/// A user who forgot their password gets a fresh link from an administrator: it replaces the
/// earlier ones, the old password and sign-ins work until it is used, and using it ends them.
/// Only an administrator may ask for one.
#[tokio::test]
async fn an_administrator_gives_a_forgetful_user_a_new_set_password_link() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let user = app
        .user(
            "club@polodesk.test",
            polodesk_domain::codes::UserType::Club,
            None,
        )
        .await;
    let signed_in = app.token("club@polodesk.test").await;
    let path = format!("/api/Users/{user}/set-password-link");
    let refused = app.call(Method::POST, &path, Some(&signed_in), None).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);

    let link = |reply: &support::Reply| {
        let url = reply.body["setPasswordUrl"].as_str().unwrap();
        assert!(
            url.starts_with(&format!("{ISSUER}/account/set-password?token=")),
            "{url}"
        );
        query_value(url, "token").unwrap()
    };
    let first = app.call(Method::POST, &path, Some(&admin), None).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let lasts = first.body["expiresAt"].as_u64().unwrap() - now();
    assert!(
        (7 * 24 * 3600 - 60..=7 * 24 * 3600).contains(&lasts),
        "{lasts}"
    );
    let first = link(&first);
    let second = link(&app.call(Method::POST, &path, Some(&admin), None).await);
    let page = |token: String| {
        let app = &app;
        async move {
            app.get(&format!("/account/set-password?token={token}"), None)
                .await
                .status
        }
    };
    assert_eq!(page(first.clone()).await, StatusCode::NOT_FOUND, "replaced");
    assert_eq!(page(second.clone()).await, StatusCode::OK);
    assert_eq!(
        app.get("/api/Users/me", Some(&signed_in)).await.status,
        StatusCode::OK,
        "nothing ends before the link is used"
    );
    assert_eq!(
        app.password_grant("club@polodesk.test", PASSWORD)
            .await
            .status,
        StatusCode::OK
    );

    let chosen = "a brand new password";
    let done = set_password(&app, &second, chosen, chosen).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    assert_eq!(
        app.get("/api/Users/me", Some(&signed_in)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.password_grant("club@polodesk.test", chosen)
            .await
            .status,
        StatusCode::OK
    );
    let nobody = app
        .call(
            Method::POST,
            "/api/Users/999/set-password-link",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn user_validation_and_rules() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let federation = app.federation().await;
    let club = app.club().await;
    let post = |body| app.call(Method::POST, "/api/Users", Some(&admin), Some(body));
    let missing = post(json!({"typeId": 1})).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing.body["errors"]["email"],
        json!(["Email field is required!"])
    );
    assert_eq!(
        missing.body["errors"]["federationId"],
        json!(["Federation field is required!"])
    );
    assert_eq!(
        post(json!({"email": "x@", "typeId": 2})).await.body["errors"]["email"],
        json!(["Wrong e-mail format!"])
    );
    assert_eq!(
        post(json!({"email": "c@x.test", "typeId": 2})).await.body["errors"]["clubId"],
        json!(["Club field is required!"])
    );
    assert_eq!(
        post(json!({"email": "p@x.test", "typeId": 3})).await.body["errors"]["personId"],
        json!(["Person field is required!"])
    );
    assert_eq!(
        post(json!({"email": "admin@polodesk.test", "typeId": 0}))
            .await
            .body["errors"]["email"],
        json!(["A user with this email already exists."])
    );

    let created =
        post(json!({"email": "fed@x.test", "typeId": 1, "federationId": federation})).await;
    let id = created.body["id"].as_u64().unwrap();
    let renamed = put(
        &app,
        &admin,
        &format!("/api/Users/{id}"),
        json!({"email": "other@x.test", "typeId": 1, "federationId": federation}),
    )
    .await;
    assert_eq!(
        renamed.body["errors"]["email"],
        json!(["The email of an existing user cannot be changed."])
    );
    let moved = put(
        &app,
        &admin,
        &format!("/api/Users/{id}"),
        json!({"email": "fed@x.test", "typeId": 2, "clubId": club}),
    )
    .await;
    assert_eq!(moved.status, StatusCode::OK);
    assert_eq!(
        (
            moved.body["clubId"].clone(),
            moved.body["federationId"].clone()
        ),
        (json!(club), json!(null))
    );

    let admin_id = app
        .store
        .user_by_email("admin@polodesk.test")
        .unwrap()
        .unwrap()
        .id;
    let last = app
        .delete(&format!("/api/Users/{admin_id}"), Some(&admin))
        .await;
    assert_eq!(last.status, StatusCode::CONFLICT);
    assert_eq!(
        app.delete(&format!("/api/Users/{id}"), Some(&admin))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
}

#[tokio::test]
async fn person_search_needs_three_characters_and_ignores_accents() {
    let app = TestApp::new().await;
    app.user("djordje@polodesk.test", UserType::Person, None)
        .await;
    let admin = app.token("admin@polodesk.test").await;
    assert_eq!(
        app.get("/api/Persons/search?input=An", Some(&admin))
            .await
            .body,
        json!([])
    );
    let found = app
        .get("/api/Persons/search?input=ANA%20djord", Some(&admin))
        .await;
    assert_eq!(found.body[0]["surname"], "djordje");
    assert_eq!(found.body[0]["birthDate"], "1995-03-14");
}

/// Two administrators removed at the same moment: the store checks inside each write, so one
/// removal lands and the other is refused, and an administrator is left.
#[tokio::test]
async fn concurrent_removals_never_leave_no_administrator() {
    use polodesk_domain::users::User;
    let app = TestApp::new().await;
    let first = app
        .store
        .user_by_email("admin@polodesk.test")
        .unwrap()
        .unwrap()
        .id;
    let second = app
        .user("second@polodesk.test", UserType::Admin, None)
        .await;
    let (a, b) = tokio::join!(
        app.store.delete::<User>(first),
        app.store.delete::<User>(second)
    );
    let refused = match (a, b) {
        (Ok(()), Err(refused)) | (Err(refused), Ok(())) => refused,
        other => panic!("exactly one removal lands: {other:?}"),
    };
    assert_eq!(
        refused.to_string(),
        "The last administrator cannot be removed."
    );
    let admins = app.store.list::<User>().unwrap();
    assert_eq!(
        admins
            .iter()
            .filter(|u| u.type_id == UserType::Admin)
            .count(),
        1
    );
    // Through the API the same rule answers 409.
    let survivor = admins
        .iter()
        .find(|u| u.type_id == UserType::Admin)
        .unwrap();
    let token = app.token(&survivor.email).await;
    let reply = app
        .delete(&format!("/api/Users/{}", survivor.id), Some(&token))
        .await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "{}", reply.text);
    assert_eq!(
        reply.body["message"],
        "The last administrator cannot be removed."
    );
}

#[tokio::test]
async fn an_administrator_sets_a_password_that_signs_in_and_others_may_not() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let club_user = app.user("club@polodesk.test", UserType::Club, None).await;
    let path = format!("/api/Users/{club_user}/password");
    let sign_in = |password: &'static str| {
        let app = &app;
        async move {
            app.password_grant("club@polodesk.test", password)
                .await
                .status
        }
    };

    let short = put(&app, &admin, &path, json!({ "password": "short" })).await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        short.body["errors"]["password"][0],
        "Password must be at least 8 characters."
    );
    assert_eq!(sign_in("a-new-password").await, StatusCode::BAD_REQUEST);

    let club = app.token("club@polodesk.test").await;
    let own = put(&app, &club, &path, json!({ "password": "a-new-password" })).await;
    assert_eq!(own.status, StatusCode::FORBIDDEN);

    let set = put(&app, &admin, &path, json!({ "password": "a-new-password" })).await;
    assert_eq!(set.status, StatusCode::NO_CONTENT, "{}", set.text);
    assert_eq!(sign_in("a-new-password").await, StatusCode::OK);
    assert_eq!(sign_in(PASSWORD).await, StatusCode::BAD_REQUEST);

    let nobody = put(
        &app,
        &admin,
        "/api/Users/999/password",
        json!({ "password": "a-new-password" }),
    )
    .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
}

/// A long passphrase is taken whole: over 64 characters, spaces and letters beyond ASCII, and
/// the same less its last character does not sign in (V6.2.9). Both password fields of the
/// set-password page are masked (V6.2.6).
#[tokio::test]
async fn a_long_passphrase_is_taken_whole_and_the_fields_are_masked() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let user = app.user("club@polodesk.test", UserType::Club, None).await;
    let link = app
        .call(
            Method::POST,
            &format!("/api/Users/{user}/set-password-link"),
            Some(&admin),
            None,
        )
        .await;
    let token = query_value(link.body["setPasswordUrl"].as_str().unwrap(), "token").unwrap();
    let page = app
        .get(&format!("/account/set-password?token={token}"), None)
        .await;
    assert_eq!(page.status, StatusCode::OK);
    for field in ["password", "confirm"] {
        assert!(
            page.text.contains(&format!(
                "name=\"{field}\" type=\"password\" autocomplete=\"new-password\""
            )),
            "{field} is masked, for password managers a new password: {}",
            page.text
        );
    }
    assert!(!page.text.contains("onpaste"), "paste is not blocked");

    let passphrase =
        "Na Banjici plivamo svako jutro u šest, a subotom igramo protiv Zvezde u Tašmajdanu";
    assert!(passphrase.chars().count() > 64);
    let set = set_password(&app, &token, passphrase, passphrase).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text);
    assert_eq!(
        app.password_grant("club@polodesk.test", passphrase)
            .await
            .status,
        StatusCode::OK
    );
    let shorter = &passphrase[..passphrase.len() - 1];
    assert_eq!(
        app.password_grant("club@polodesk.test", shorter)
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}
