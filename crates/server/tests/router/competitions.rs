//! Competitions through the real router: the calls, the form rules, the default order, the
//! cascade from the federation and the federation account's own-entity rule.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use axum::http::{Method, StatusCode};
use polodesk_domain::competitions::Competition;
use polodesk_domain::reference::Category;
use serde_json::{Value, json};

use crate::support;

async fn category(app: &TestApp, name: &str) -> u64 {
    let fields = support::men(name, name);
    app.store.create::<Category>(fields).await.unwrap().id
}

fn competition(name: &str, federation: u64, category: Option<u64>) -> Value {
    json!({"name": name, "nameUniversal": name, "federationId": federation, "categoryId": category,
        "startDate": "2026-10-01", "endDate": "2027-05-30", "season": "2026/27"})
}

#[tokio::test]
async fn competitions_are_created_searched_in_the_spec_order_and_go_with_their_federation() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let federation = app.federation().await;
    let (seniors, cadets) = (
        category(&app, "A Seniors").await,
        category(&app, "B Cadets").await,
    );

    let created = app
        .call(
            Method::POST,
            "/api/Competitions",
            Some(&admin),
            Some(competition("Superliga", federation, Some(seniors))),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.body["matchLogTemplateLanguage"], "en");
    assert_eq!(created.body["category"]["name"], "A Seniors");
    app.call(
        Method::POST,
        "/api/Competitions",
        Some(&admin),
        Some(competition("Kadetska liga", federation, Some(cadets))),
    )
    .await;

    let page = app.get("/api/Competitions/search", Some(&admin)).await;
    let names: Vec<&str> = page.body["pageItems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Kadetska liga", "Superliga"],
        "by category, descending"
    );
    let since = app
        .get(
            "/api/Competitions/search?Filter.StartDate=GTE:2026-09-01&Filter.Category=senior",
            Some(&admin),
        )
        .await;
    assert_eq!(since.body["totalItems"], 1);

    let empty = app
        .call(
            Method::POST,
            "/api/Competitions",
            Some(&admin),
            Some(json!({})),
        )
        .await;
    assert_eq!(
        empty.body["errors"]["federationId"],
        json!(["Federation field is required!"])
    );

    app.delete(&format!("/api/Federations/{federation}"), Some(&admin))
        .await;
    assert!(
        app.store.list::<Competition>().unwrap().is_empty(),
        "competitions went with the federation"
    );
}

#[tokio::test]
async fn a_federation_account_runs_competitions_of_its_own_federation_only() {
    let app = TestApp::new().await;
    let own = app.federation_account("federation@polodesk.test").await;
    let other = app.federation().await;
    let token = app.token("federation@polodesk.test").await;
    let admin = app.token("admin@polodesk.test").await;

    let post = |federation: u64| {
        app.call(
            Method::POST,
            "/api/Competitions",
            Some(&token),
            Some(competition("Liga", federation, None)),
        )
    };
    let mine = post(own).await;
    assert_eq!(mine.status, StatusCode::CREATED);
    assert_eq!(post(other).await.status, StatusCode::FORBIDDEN);

    let theirs = app
        .call(
            Method::POST,
            "/api/Competitions",
            Some(&admin),
            Some(competition("Kup", other, None)),
        )
        .await;
    let theirs = theirs.body["id"].as_u64().unwrap();
    let path = format!("/api/Competitions/{theirs}");
    let put = app
        .call(
            Method::PUT,
            &path,
            Some(&token),
            Some(competition("Kup", other, None)),
        )
        .await;
    assert_eq!(put.status, StatusCode::FORBIDDEN);
    let mine = mine.body["id"].as_u64().unwrap();
    let moved = app
        .call(
            Method::PUT,
            &format!("/api/Competitions/{mine}"),
            Some(&token),
            Some(competition("Liga", other, None)),
        )
        .await;
    assert_eq!(
        moved.status,
        StatusCode::FORBIDDEN,
        "not moved into another federation"
    );
}
