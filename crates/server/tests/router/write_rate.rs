//! Each account's changes are limited to a rate (`serve --write-rate`): a burst of ten seconds'
//! worth, then 429 with Retry-After until it slows down. Reads and other accounts go on.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use axum::http::{Method, StatusCode, header};
use polodesk_server::TOO_MANY_WRITES;
use polodesk_store::Store;
use serde_json::json;

const ADMIN: &str = "admin@polodesk.test";
const CLUB: &str = "club@polodesk.test";

#[tokio::test]
async fn an_account_that_writes_too_fast_is_told_to_wait_and_nothing_changes() {
    let store = Store::in_memory().unwrap();
    let app = TestApp::with_state(store, |state| state.with_write_rate(1), |i| i);
    app.user(ADMIN, polodesk_domain::codes::UserType::Admin, None)
        .await;
    app.club_account(CLUB).await;
    let admin = app.token(ADMIN).await;
    let club = app.token(CLUB).await;
    let city = |name: &str| json!({ "name": name, "nameUniversal": name, "countryId": 999 });

    // Ten seconds' worth at one a second: ten writes, refused or not, count.
    for n in 0..10 {
        let body = Some(city(&format!("City {n}")));
        let reply = app
            .call(Method::POST, "/api/Cities", Some(&admin), body)
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text);
    }
    let cities = app.get("/api/Cities", Some(&admin)).await.body;
    let body = Some(city("One too many"));
    let refused = app
        .call(Method::POST, "/api/Cities", Some(&admin), body)
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.body["message"], TOO_MANY_WRITES);
    assert_eq!(refused.headers[header::RETRY_AFTER], "1");
    // Reads go on, and nothing was written.
    let after = app.get("/api/Cities", Some(&admin)).await;
    assert_eq!(after.status, StatusCode::OK);
    assert_eq!(after.body, cities);
    // Another account has its own burst.
    let body = Some(city("Elsewhere"));
    let other = app
        .call(Method::POST, "/api/Cities", Some(&club), body)
        .await;
    assert_ne!(
        other.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        other.text
    );

    // A second later, one more write goes through.
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    let body = Some(city("After a pause"));
    let later = app
        .call(Method::POST, "/api/Cities", Some(&admin), body)
        .await;
    assert_eq!(later.status, StatusCode::BAD_REQUEST, "{}", later.text);
}
