//! An account's Recent activity: its sign-ins, wrong passwords and changes to its password,
//! for its owner and the administrators alone.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use axum::http::StatusCode;
use polodesk_domain::codes::UserType;
use polodesk_server::identity::tokens::now;
use serde_json::{Value, json};

use crate::sign_ins::{CLUB, NEW_PASSWORD, change};
use crate::support::league::put;
use crate::support::{PASSWORD, TestApp};

/// The account's activity as the Account page reads it, the latest first.
pub(crate) async fn activity(app: &TestApp, token: &str) -> Vec<Value> {
    let reply = app.get("/api/Users/me/activity", Some(token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.body.as_array().unwrap().clone()
}

#[tokio::test]
async fn an_account_sees_its_sign_ins_wrong_passwords_and_password_changes_and_no_one_elses() {
    let app = TestApp::new().await;
    let club = app.user(CLUB, UserType::Club, None).await;
    let first = app.token(CLUB).await;
    for _ in 0..2 {
        let guess = app.password_grant(CLUB, "a-wrong-guess").await;
        assert_eq!(guess.status, StatusCode::BAD_REQUEST);
    }
    // A guess is noted after its answer, so that the answer's time tells nothing.
    let mut noted = Vec::new();
    for _ in 0..100 {
        noted = activity(&app, &first).await;
        if noted.first().is_some_and(|e| e["count"] == 2) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let newest = &noted[0];
    assert_eq!(newest["kind"], "wrongPasswords", "{noted:?}");
    assert_eq!(newest["count"], 2, "two guesses in a row are one entry");
    assert_eq!(noted[1]["kind"], "signedIn");
    assert_eq!(noted[1]["app"], "Command line");
    let now = now();
    assert!((now - 5..=now).contains(&newest["at"].as_u64().unwrap()));

    let changed = change(&app, &first, PASSWORD, NEW_PASSWORD).await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text);
    let admin = app.token("admin@polodesk.test").await;
    let reset = put(
        &app,
        &admin,
        &format!("/api/Users/{club}/password"),
        json!({ "password": "yet-another-password" }),
    )
    .await;
    assert_eq!(reset.status, StatusCode::NO_CONTENT, "{}", reset.text);
    let grant = app.password_grant(CLUB, "yet-another-password").await;
    let token = grant.body["access_token"].as_str().unwrap().to_owned();

    let noted = activity(&app, &token).await;
    let kinds: Vec<(&str, &str)> = noted
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap(),
                e["by"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("signedIn", ""),
            ("passwordChanged", "administrator"),
            ("passwordChanged", "own"),
            ("wrongPasswords", ""),
            ("signedIn", ""),
        ]
    );
    // Each account reads its own: the administrator's holds only its sign-in.
    let admins: Vec<Value> = activity(&app, &admin).await;
    assert_eq!(admins.len(), 1);
    assert_eq!(admins[0]["kind"], "signedIn");
    let anonymous = app.get("/api/Users/me/activity", None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_account_sees_every_sign_in_ended_and_by_whom() {
    let app = TestApp::new().await;
    let club = app.user(CLUB, UserType::Club, None).await;
    let first = app.token(CLUB).await;
    let ended = app.delete("/api/Users/me/sessions", Some(&first)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{}", ended.text);
    let admin = app.token("admin@polodesk.test").await;
    let path = format!("/api/Users/{club}/sessions");
    let ended = app.delete(&path, Some(&admin)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{}", ended.text);

    let token = app.token(CLUB).await;
    let noted = activity(&app, &token).await;
    let kinds: Vec<(&str, &str)> = noted
        .iter()
        .map(|e| {
            let by = e["by"].as_str().unwrap_or_default();
            (e["kind"].as_str().unwrap(), by)
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("signedIn", ""),
            ("signedOutEverywhere", "administrator"),
            ("signedOutEverywhere", "own"),
            ("signedIn", ""),
        ]
    );
    let now = now();
    assert!((now - 5..=now).contains(&noted[1]["at"].as_u64().unwrap()));
}

#[tokio::test]
async fn an_administrator_reads_a_users_activity_as_its_owner_does_and_no_one_else_may() {
    let app = TestApp::new().await;
    let club = app.user(CLUB, UserType::Club, None).await;
    app.token(CLUB).await;
    let admin = app.token("admin@polodesk.test").await;
    let reset = app
        .delete(&format!("/api/Users/{club}/sessions"), Some(&admin))
        .await;
    assert_eq!(reset.status, StatusCode::NO_CONTENT, "{}", reset.text);
    let own = app.token(CLUB).await;

    let path = format!("/api/Users/{club}/activity");
    let read = app.get(&path, Some(&admin)).await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    assert_eq!(read.body.as_array().unwrap(), &activity(&app, &own).await);
    assert_eq!(read.body[1]["kind"], "signedOutEverywhere");
    assert_eq!(read.body[1]["by"], "administrator");
    // The administrator's own history is not the user's.
    let admins = activity(&app, &admin).await;
    assert!(admins.iter().all(|e| e["kind"] == "signedIn"), "{admins:?}");

    let refused = app.get(&path, Some(&own)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    let unknown = app.get("/api/Users/9999/activity", Some(&admin)).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND, "{}", unknown.text);
}
