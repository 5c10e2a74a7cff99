//! Clubs through the real router: the calls, logos, search, removal from the federation, the
//! cascades and the own-entity rules of club and federation accounts.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::league::put;
use crate::support::{TestApp, png};
use axum::http::{Method, StatusCode};
use polodesk_domain::clubs::Club;
use polodesk_domain::codes::{PermissionAction, UserType};
use polodesk_domain::permissions::{Module, Refusal};
use polodesk_domain::users::User;
use serde_json::{Value, json};

use crate::support;

fn club(name: &str, federation: Option<u64>) -> Value {
    json!({"name": name, "nameUniversal": name, "federationId": federation})
}

#[tokio::test]
async fn a_club_is_created_with_a_logo_read_updated_removed_and_deleted() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let federation = app.federation().await;

    let mut body = club("VK Crvena zvezda", Some(federation));
    body["logo"] = json!(png(300, 200));
    let too_big = app
        .call(Method::POST, "/api/Clubs", Some(&admin), Some(body.clone()))
        .await;
    assert_eq!(too_big.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        too_big.body["errors"]["logo"],
        json!(["Image resolution is too big. Max resolution is 256x256."])
    );

    body["logo"] = json!(png(256, 256));
    body["venue"] = json!("Banjica");
    let created = app
        .call(Method::POST, "/api/Clubs", Some(&admin), Some(body.clone()))
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(created.body["federation"]["id"], federation);
    assert!(created.body["logo"].is_string());
    let detail = app
        .get(&format!("/api/Federations/{federation}"), Some(&admin))
        .await;
    assert_eq!(
        detail.body["clubs"][0]["id"], id,
        "the federation's detail lists its clubs"
    );
    let listed = app.get("/api/Clubs", Some(&admin)).await;
    assert_eq!(listed.body[0]["logo"], Value::Null, "lists leave logos out");

    body["venue"] = json!("Tašmajdan");
    let updated = put(&app, &admin, &format!("/api/Clubs/{id}"), body).await;
    assert_eq!(updated.body["venue"], "Tašmajdan");

    let removed = app
        .call(
            Method::PUT,
            &format!("/api/Clubs/{id}/remove"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    assert_eq!(removed.body["federationId"], Value::Null);
    assert_eq!(removed.body["venue"], "Tašmajdan");

    let deleted = app.delete(&format!("/api/Clubs/{id}"), Some(&admin)).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get(&format!("/api/Clubs/{id}"), Some(&admin))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_club_form_messages_and_references() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let empty = app
        .call(Method::POST, "/api/Clubs", Some(&admin), Some(json!({})))
        .await;
    assert_eq!(
        empty.body["errors"]["name"],
        json!(["Name field is required!"])
    );
    assert_eq!(
        empty.body["errors"]["nameUniversal"],
        json!(["Universal name field is required!"])
    );
    let mut body = club("X", Some(999));
    body["phone"] = json!("abc");
    let bad = app
        .call(Method::POST, "/api/Clubs", Some(&admin), Some(body))
        .await;
    assert_eq!(
        bad.body["errors"]["phone"],
        json!(["Only numbers and plus sign are allowed!"])
    );
    let unknown = app
        .call(
            Method::POST,
            "/api/Clubs",
            Some(&admin),
            Some(club("X", Some(999))),
        )
        .await;
    assert_eq!(
        unknown.body["errors"]["federationId"],
        json!(["The chosen federation does not exist."])
    );
}

#[tokio::test]
async fn search_by_federation_name_and_page() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let federation = app.federation().await;
    for name in ["VK Novi Beograd", "VK Šabac", "VK Jadran", "VK Radnički"] {
        app.call(
            Method::POST,
            "/api/Clubs",
            Some(&admin),
            Some(club(name, Some(federation))),
        )
        .await;
    }
    app.call(
        Method::POST,
        "/api/Clubs",
        Some(&admin),
        Some(club("Independent", None)),
    )
    .await;
    let of_federation = app
        .get(
            "/api/Clubs/search?Filter.Federation=srbije&PageSize=2",
            Some(&admin),
        )
        .await;
    assert_eq!(of_federation.body["totalItems"], 4);
    assert_eq!(of_federation.body["totalPages"], 2);
    let by_id = app
        .get(
            &format!("/api/Clubs/search?Filter.Federation={federation}"),
            Some(&admin),
        )
        .await;
    assert_eq!(by_id.body["totalItems"], 4);
    let sabac = app
        .get("/api/Clubs/search?Filter.NameUniversal=sabac", Some(&admin))
        .await;
    assert_eq!(sabac.body["pageItems"][0]["name"], "VK Šabac");
    let last = app
        .get(
            "/api/Clubs/search?SortBy=name&SortOrder=descend&PageSize=1",
            Some(&admin),
        )
        .await;
    assert_eq!(last.body["pageItems"][0]["name"], "VK Šabac");
    let bad = app
        .get("/api/Clubs/search?SortBy=budget", Some(&admin))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn deleting_a_federation_deletes_its_clubs_and_their_accounts() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    app.user("club@polodesk.test", UserType::Club, None).await;
    let staff = app
        .store
        .user_by_email("club@polodesk.test")
        .unwrap()
        .unwrap();
    let club = app.store.get::<Club>(staff.club_id.unwrap()).unwrap();
    let federation = club.fields.federation_id.unwrap();
    let users_before = app.store.list::<User>().unwrap().len();
    let deleted = app
        .delete(&format!("/api/Federations/{federation}"), Some(&admin))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert!(
        app.store.get::<Club>(club.id).is_err(),
        "the club went with its federation"
    );
    assert_eq!(
        app.store.list::<User>().unwrap().len(),
        users_before - 1,
        "and its account too"
    );
}

#[tokio::test]
async fn club_and_federation_accounts_act_on_their_own_clubs_only() {
    let app = TestApp::new().await;
    let own_club = app.club_account("club@polodesk.test").await;
    let own_federation = app.federation_account("federation@polodesk.test").await;
    let other_club = app.club().await;
    let other_federation = app
        .store
        .get::<Club>(other_club)
        .unwrap()
        .fields
        .federation_id;
    let club_token = app.token("club@polodesk.test").await;
    let federation_token = app.token("federation@polodesk.test").await;
    let own_club_federation = app
        .store
        .get::<Club>(own_club)
        .unwrap()
        .fields
        .federation_id;

    // Each refusal names the rule that refused it.
    let refused = |refusal: Refusal| (StatusCode::FORBIDDEN, refusal.message());
    let answer = |reply: support::Reply| {
        let message = reply.body["message"].as_str().unwrap_or_default();
        (reply.status, message.to_owned())
    };
    let put = |token: &str, id: u64, federation: Option<u64>| {
        let token = token.to_owned();
        let app = &app;
        async move {
            let path = format!("/api/Clubs/{id}");
            let body = club("Renamed", federation);
            answer(app.call(Method::PUT, &path, Some(&token), Some(body)).await)
        }
    };
    assert_eq!(
        put(&club_token, own_club, own_club_federation).await.0,
        StatusCode::OK
    );
    assert_eq!(
        put(&club_token, other_club, other_federation).await,
        refused(Refusal::Club)
    );
    assert_eq!(
        put(&club_token, own_club, Some(own_federation)).await,
        refused(Refusal::MoveClub),
        "a club does not move itself"
    );

    let create = |federation: u64| {
        let app = &app;
        let token = federation_token.clone();
        async move {
            let body = club("New", Some(federation));
            answer(
                app.call(Method::POST, "/api/Clubs", Some(&token), Some(body))
                    .await,
            )
        }
    };
    assert_eq!(create(own_federation).await.0, StatusCode::CREATED);
    assert_eq!(
        create(other_federation.unwrap()).await,
        refused(Refusal::Federation)
    );
    assert_eq!(
        put(&federation_token, other_club, other_federation).await,
        refused(Refusal::Club)
    );
    let leave = app
        .call(
            Method::PUT,
            &format!("/api/Clubs/{own_club}/remove"),
            Some(&club_token),
            None,
        )
        .await;
    assert_eq!(
        answer(leave),
        refused(Refusal::Federation),
        "a club does not leave its federation itself"
    );
    let delete_club = app
        .delete(&format!("/api/Clubs/{own_club}"), Some(&club_token))
        .await;
    assert_eq!(
        answer(delete_club),
        refused(Refusal::Table(Module::Clubs, PermissionAction::Delete)),
        "club accounts do not delete clubs"
    );
}

#[tokio::test]
async fn a_new_club_opens_a_team_for_each_chosen_category_in_the_same_write() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let federation = app.federation().await;
    let post =
        |path: &'static str, body: Value| app.call(Method::POST, path, Some(&admin), Some(body));
    let seniors = post(
        "/api/Categories",
        json!({"name": "Seniori", "nameUniversal": "Senior Men", "gender": "Male"}),
    )
    .await;
    assert_eq!(seniors.status, StatusCode::CREATED, "{}", seniors.text);
    let seniors = seniors.body["id"].as_u64().unwrap();
    let mut body = club("VK Jadran", Some(federation));
    body["teamCategories"] = json!([seniors, seniors]);
    let created = post("/api/Clubs", body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    let detail = app.get(&format!("/api/Clubs/{id}"), Some(&admin)).await;
    let teams = detail.body["teams"].as_array().unwrap();
    assert_eq!(teams.len(), 1, "one team per distinct category");
    assert_eq!(teams[0]["name"], "VK Jadran Seniori");
    assert_eq!(teams[0]["categoryId"], seniors);
    assert_eq!(teams[0]["federationId"], federation);

    // A category that does not exist: neither the club nor any team is made.
    let clubs_before = app.store.list::<Club>().unwrap().len();
    let mut body = club("VK Budva", Some(federation));
    body["teamCategories"] = json!([seniors, 999]);
    let refused = post("/api/Clubs", body).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.body["errors"]["teamCategories"],
        json!(["A chosen category does not exist."])
    );
    assert_eq!(app.store.list::<Club>().unwrap().len(), clubs_before);
}
