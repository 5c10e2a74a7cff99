//! Teams through the real router: the calls, the rules that come from the club and category,
//! search, the cascade from clubs, and the own-entity rules.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use crate::support::league::put;
use axum::http::{Method, StatusCode};
use polodesk_domain::clubs::Club;
use polodesk_domain::reference::{Category, CategoryFields, Gender};
use polodesk_domain::teams::Team;
use serde_json::{Value, json};

async fn category(app: &TestApp, name: &str, gender: Gender) -> u64 {
    let fields = CategoryFields {
        name: name.into(),
        name_universal: name.into(),
        description: None,
        gender,
        should_players_advance_category_yearly: false,
        lower_age_limit: None,
        upper_age_limit: None,
    };
    app.store.create::<Category>(fields).await.unwrap().id
}

fn team(name: &str, club: u64, category: u64) -> Value {
    json!({"name": name, "nameUniversal": name, "clubId": club, "categoryId": category})
}

#[tokio::test]
async fn a_team_takes_its_federation_from_the_club_and_its_gender_from_the_category() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let club = app.club().await;
    let federation = app.store.get::<Club>(club).unwrap().fields.federation_id;
    let women = category(&app, "Seniorke", Gender::Female).await;

    let created = app
        .call(
            Method::POST,
            "/api/Teams",
            Some(&admin),
            Some(team("Partizan Ž", club, women)),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(created.body["federationId"], json!(federation));
    assert_eq!(created.body["gender"], "Female");
    assert_eq!(created.body["club"]["id"], club);
    assert_eq!(created.body["category"]["name"], "Seniorke");

    let detail = app.get(&format!("/api/Clubs/{club}"), Some(&admin)).await;
    assert_eq!(
        detail.body["teams"][0]["id"], id,
        "the club's detail lists its teams"
    );
    let of_federation = app
        .get(
            &format!("/api/Teams?federationId={}", federation.unwrap()),
            Some(&admin),
        )
        .await;
    assert_eq!(of_federation.body.as_array().unwrap().len(), 1);
    assert_eq!(
        app.get("/api/Teams?federationId=999", Some(&admin))
            .await
            .body,
        json!([])
    );

    // A club leaving its federation takes its teams along.
    app.call(
        Method::PUT,
        &format!("/api/Clubs/{club}/remove"),
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(
        app.get(&format!("/api/Teams/{id}"), Some(&admin))
            .await
            .body["federationId"],
        Value::Null
    );

    let mut body = team("Partizan Žene", club, women);
    body["venue"] = json!("Banjica");
    let updated = put(&app, &admin, &format!("/api/Teams/{id}"), body).await;
    assert_eq!(updated.body["venue"], "Banjica");
    let deleted = app.delete(&format!("/api/Teams/{id}"), Some(&admin)).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn the_team_form_messages_and_references() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let empty = app
        .call(Method::POST, "/api/Teams", Some(&admin), Some(json!({})))
        .await;
    assert_eq!(
        empty.body["errors"]["clubId"],
        json!(["Club field is required!"])
    );
    assert_eq!(
        empty.body["errors"]["categoryId"],
        json!(["Category field is required!"])
    );
    let club = app.club().await;
    let unknown = app
        .call(
            Method::POST,
            "/api/Teams",
            Some(&admin),
            Some(team("X", club, 999)),
        )
        .await;
    assert_eq!(
        unknown.body["errors"]["categoryId"],
        json!(["The chosen category does not exist."])
    );
    let used = category(&app, "Seniori", Gender::Male).await;
    let path = "/api/Teams";
    app.call(
        Method::POST,
        path,
        Some(&admin),
        Some(team("Partizan", club, used)),
    )
    .await;
    let refused = app
        .delete(&format!("/api/Categories/{used}"), Some(&admin))
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(
        refused.body["message"],
        "This category cannot be deleted because a team refers to it."
    );
}

#[tokio::test]
async fn search_and_the_cascade_from_the_club() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let club = app.club().await;
    let men = category(&app, "Seniori", Gender::Male).await;
    let youth = category(&app, "Kadeti U15", Gender::Male).await;
    for (name, cat) in [
        ("Partizan", men),
        ("Partizan U15", youth),
        ("Partizan B", men),
    ] {
        app.call(
            Method::POST,
            "/api/Teams",
            Some(&admin),
            Some(team(name, club, cat)),
        )
        .await;
    }
    let by_category = app
        .get("/api/Teams/search?Filter.Category=kadeti", Some(&admin))
        .await;
    assert_eq!(by_category.body["totalItems"], 1);
    let by_club = app
        .get(
            &format!("/api/Teams/search?Filter.Club={club}&SortBy=name&SortOrder=descend"),
            Some(&admin),
        )
        .await;
    assert_eq!(by_club.body["totalItems"], 3);
    assert_eq!(by_club.body["pageItems"][0]["name"], "Partizan U15");

    app.delete(&format!("/api/Clubs/{club}"), Some(&admin))
        .await;
    assert!(
        app.store.list::<Team>().unwrap().is_empty(),
        "the club's teams went with it"
    );
}

#[tokio::test]
async fn club_accounts_field_and_change_teams_of_their_own_club_only() {
    let app = TestApp::new().await;
    let own = app.club_account("club@polodesk.test").await;
    let other = app.club().await;
    let men = category(&app, "Seniori", Gender::Male).await;
    let token = app.token("club@polodesk.test").await;
    let admin = app.token("admin@polodesk.test").await;

    let mine = app
        .call(
            Method::POST,
            "/api/Teams",
            Some(&token),
            Some(team("Ours", own, men)),
        )
        .await;
    assert_eq!(mine.status, StatusCode::CREATED);
    let theirs = app
        .call(
            Method::POST,
            "/api/Teams",
            Some(&token),
            Some(team("Theirs", other, men)),
        )
        .await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    let other_team = app
        .call(
            Method::POST,
            "/api/Teams",
            Some(&admin),
            Some(team("Other", other, men)),
        )
        .await;
    let other_id = other_team.body["id"].as_u64().unwrap();
    let mine_id = mine.body["id"].as_u64().unwrap();

    for (id, club, expected) in [
        (mine_id, own, StatusCode::OK),
        (other_id, other, StatusCode::FORBIDDEN),
        // A team is not moved to another club by a club account.
        (mine_id, other, StatusCode::FORBIDDEN),
    ] {
        let path = format!("/api/Teams/{id}");
        let reply = app
            .call(
                Method::PUT,
                &path,
                Some(&token),
                Some(team("Renamed", club, men)),
            )
            .await;
        assert_eq!(
            reply.status, expected,
            "{path} to club {club}: {}",
            reply.text
        );
    }
}
