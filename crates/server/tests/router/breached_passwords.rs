//! New passwords checked against a breached-password service (ASVS V6.2.12), one that answers
//! as Pwned Passwords' range API does, run here on loopback: wherever a password is set, one the
//! service lists is refused and nothing changes; only five hex digits of a SHA-1 are sent; and
//! a service that does not answer leaves the local rules to decide.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::sync::{Arc, Mutex};

use crate::support::league::put;
use crate::support::{PASSWORD, TestApp, query_value};
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::UserType;
use polodesk_server::identity::breached::PASSWORD_BREACHED;
use polodesk_store::Store;
use serde_json::json;
use sha1::{Digest, Sha1};

const BREACHED: &str = "Tr0ub4dour&3-zebra";
/// Listed by the service only as padding, with a count of 0: not breached.
const DECOY: &str = "a-decoy-of-the-padding";
const FINE: &str = "quiet-harbour-lantern";

fn sha1_hex(password: &str) -> String {
    hex::encode_upper(Sha1::digest(password.as_bytes()))
}

#[derive(Clone, Default)]
struct Service {
    asked: Arc<Mutex<Vec<String>>>,
}

/// A range service on loopback listing `BREACHED` (seen 42 times) and, as padding, `DECOY`
/// (count 0), besides unrelated lines; its base URL and the prefixes it was asked for.
async fn range_service() -> (String, Arc<Mutex<Vec<String>>>) {
    async fn range(State(service): State<Service>, Path(prefix): Path<String>) -> String {
        service.asked.lock().unwrap().push(prefix.clone());
        let mut lines = vec![format!("{}:1", "0".repeat(35))];
        for (password, count) in [(BREACHED, 42), (DECOY, 0)] {
            let hash = sha1_hex(password);
            if hash.starts_with(&prefix) {
                lines.push(format!("{}:{count}", &hash[5..]));
            }
        }
        lines.join("\r\n")
    }
    let service = Service::default();
    let asked = service.asked.clone();
    let router = Router::new()
        .route("/range/{prefix}", axum::routing::get(range))
        .with_state(service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    (url, asked)
}

/// The router checking new passwords with the service at `url`, an administrator, and a club
/// account (its id).
async fn app_with_service(url: &str) -> (TestApp, u64) {
    let app = TestApp::with_identity(Store::in_memory().unwrap(), |identity| {
        identity.with_breached_passwords(url)
    });
    app.user("admin@polodesk.test", UserType::Admin, None).await;
    let club = app.user("club@polodesk.test", UserType::Club, None).await;
    (app, club)
}

async fn signs_in(app: &TestApp, password: &str) -> bool {
    app.password_grant("club@polodesk.test", password)
        .await
        .status
        == StatusCode::OK
}

#[tokio::test]
async fn an_administrator_may_not_set_a_breached_password() {
    let (url, asked) = range_service().await;
    let (app, club) = app_with_service(&url).await;
    let admin = app.token("admin@polodesk.test").await;
    let path = format!("/api/Users/{club}/password");

    let refused = put(&app, &admin, &path, json!({ "password": BREACHED })).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert_eq!(refused.body["errors"]["password"][0], PASSWORD_BREACHED);
    assert!(!signs_in(&app, BREACHED).await);
    assert!(signs_in(&app, PASSWORD).await, "nothing changed");

    for fine in [DECOY, FINE] {
        let set = put(&app, &admin, &path, json!({ "password": fine })).await;
        assert_eq!(set.status, StatusCode::NO_CONTENT, "{fine}: {}", set.text);
        assert!(signs_in(&app, fine).await);
    }

    // The service only ever saw the first five hex digits of each password's SHA-1.
    let asked = asked.lock().unwrap().clone();
    let prefixes: Vec<String> = [BREACHED, DECOY, FINE]
        .iter()
        .map(|p| sha1_hex(p)[..5].to_owned())
        .collect();
    assert_eq!(asked, prefixes);
}

#[tokio::test]
async fn a_user_may_not_change_to_a_breached_password_nor_choose_one_by_link() {
    let (url, _) = range_service().await;
    let (app, id) = app_with_service(&url).await;
    let club = app.token("club@polodesk.test").await;
    let own = |password: &'static str| {
        let app = &app;
        let club = club.clone();
        async move {
            let body = json!({ "currentPassword": PASSWORD, "password": password });
            put(app, &club, "/api/Users/me/password", body).await
        }
    };
    let refused = own(BREACHED).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert_eq!(refused.body["errors"]["password"][0], PASSWORD_BREACHED);
    assert!(signs_in(&app, PASSWORD).await, "nothing changed");

    // The set-password link's page refuses it and keeps the link usable.
    let admin = app.token("admin@polodesk.test").await;
    let path = format!("/api/Users/{id}/set-password-link");
    let link = app.call(Method::POST, &path, Some(&admin), None).await;
    let token = query_value(link.body["setPasswordUrl"].as_str().unwrap(), "token").unwrap();
    let form = |password: &'static str| {
        let app = &app;
        let token = token.clone();
        async move {
            let pairs = [
                ("token", token.as_str()),
                ("password", password),
                ("confirm", password),
            ];
            app.form("/account/set-password", &pairs, None).await
        }
    };
    let page = form(BREACHED).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert!(
        page.text.contains("appeared in a data breach"),
        "{}",
        page.text
    );
    assert!(!signs_in(&app, BREACHED).await);
    let chosen = form(FINE).await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
    assert!(signs_in(&app, FINE).await);
}

#[tokio::test]
async fn a_service_that_does_not_answer_leaves_the_local_rules_to_decide() {
    // A port that was just free: nothing listens there.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let (app, id) = app_with_service(&url).await;
    let admin = app.token("admin@polodesk.test").await;
    let path = format!("/api/Users/{id}/password");

    let common = put(&app, &admin, &path, json!({ "password": "password123" })).await;
    assert_eq!(common.status, StatusCode::BAD_REQUEST);
    let set = put(&app, &admin, &path, json!({ "password": BREACHED })).await;
    assert_eq!(set.status, StatusCode::NO_CONTENT, "{}", set.text);
    assert!(signs_in(&app, BREACHED).await);
}
