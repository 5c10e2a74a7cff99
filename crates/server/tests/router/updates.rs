//! Updates take back what reads give: for every entity with a `PUT`, the body a `GET` answers
//! (or the row a detail lists) sent back as it is succeeds and changes nothing the next `GET`
//! shows. Another id in the body is refused; a member neither shape knows still is.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use crate::support::league::{League, event, id, post, put, shot};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// Sends `record` back to `write` and checks that the record `read` shows is the same after.
async fn send_back(app: &TestApp, token: &str, read: &str, write: &str, record: Value) {
    let before = app.get(read, Some(token)).await;
    assert_eq!(before.status, StatusCode::OK, "GET {read}: {}", before.text);
    let reply = put(app, token, write, record).await;
    assert!(
        reply.status.is_success(),
        "PUT {write}: {} {}",
        reply.status,
        reply.text
    );
    let after = app.get(read, Some(token)).await;
    assert_eq!(
        unrevised(before.body),
        unrevised(after.body),
        "{read} changed after PUT {write}"
    );
}

/// A record without the count of its writes, which every write moves on.
fn unrevised(mut record: Value) -> Value {
    if let Some(members) = record.as_object_mut() {
        members.remove("revision");
    }
    record
}

/// What `GET read` answers, sent back to `read` itself.
async fn record_back(app: &TestApp, token: &str, read: &str) {
    let record = app.get(read, Some(token)).await.body;
    send_back(app, token, read, read, record).await;
}

/// The first row of the list `member` of what `GET read` answers, sent back to
/// `/api/{kind}/{row id}`.
async fn row_back(app: &TestApp, token: &str, read: &str, member: &str, kind: &str) {
    let detail = app.get(read, Some(token)).await.body;
    let row = detail[member][0].clone();
    let row_id = row["id"]
        .as_u64()
        .unwrap_or_else(|| panic!("{read} lists no {member}"));
    send_back(app, token, read, &format!("/api/{kind}/{row_id}"), row).await;
}

#[tokio::test]
async fn every_put_takes_back_what_its_get_gives() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    let admin = league.admin.as_str();

    let home = app
        .get(&format!("/api/Teams/{}", league.home), Some(admin))
        .await;
    let club = home.body["clubId"].as_u64().unwrap();
    let competition = format!("/api/Competitions/{}", league.competition);
    let federation = app.get(&competition, Some(admin)).await.body["federationId"]
        .as_u64()
        .unwrap();
    let country = app
        .get(&format!("/api/Federations/{federation}"), Some(admin))
        .await
        .body["countryId"]
        .as_u64()
        .unwrap();
    let city = id(&post(
        &app,
        admin,
        "/api/Cities",
        json!({"name": "Beograd", "nameUniversal": "Belgrade", "countryId": country}),
    )
    .await);
    let category = home.body["categoryId"].as_u64().unwrap();
    let competition_type = id(&post(
        &app,
        admin,
        "/api/CompetitionTypes",
        json!({"name": "Liga", "nameUniversal": "League"}),
    )
    .await);
    let player = league.home_players[0];
    let person = app
        .get(&format!("/api/Players/{player}"), Some(admin))
        .await
        .body["personId"]
        .as_u64()
        .unwrap();
    // On the home team, the player is in its club already: the membership gets a start.
    let detail = app
        .get(&format!("/api/Players/{player}"), Some(admin))
        .await;
    let membership = detail.body["clubs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|link| link["clubId"] == club)
        .unwrap()["id"]
        .as_u64()
        .unwrap();
    let signed = json!({"clubId": club, "playerId": player, "activeFrom": "2025-09-01"});
    id(&put(
        &app,
        admin,
        &format!("/api/ClubPlayers/{membership}"),
        signed,
    )
    .await);
    let user = app.get("/api/Users", Some(admin)).await.body[0]["id"]
        .as_u64()
        .unwrap();

    let match_id = league.new_match(&app).await;
    let set = league.set_log(&app, match_id).await;
    assert!(set.status.is_success(), "{}", set.text);
    let started = league.set_status(&app, match_id, 201).await;
    assert!(started.status.is_success(), "{}", started.text);
    let goal = event(match_id, 1200, 3, "shot", shot(league.home, player, true));
    let goal = id(&post(&app, admin, "/api/Events", goal).await);

    for read in [
        format!("/api/Countries/{country}"),
        format!("/api/Cities/{city}"),
        format!("/api/Categories/{category}"),
        format!("/api/CompetitionTypes/{competition_type}"),
        format!("/api/Users/{user}"),
        format!("/api/Persons/{person}"),
        format!("/api/Federations/{federation}"),
        format!("/api/Clubs/{club}"),
        format!("/api/Teams/{}", league.home),
        competition.clone(),
        format!("/api/Players/{player}"),
        format!("/api/Officials/{}", league.referee),
        format!("/api/Matches/{match_id}"),
    ] {
        record_back(&app, admin, &read).await;
    }
    let rows = [
        (format!("/api/Clubs/{club}"), "coaches", "ClubCoaches"),
        (format!("/api/Clubs/{club}"), "players", "ClubPlayers"),
        (
            format!("/api/Teams/{}", league.home),
            "coaches",
            "TeamCoaches",
        ),
        (
            format!("/api/Teams/{}", league.home),
            "players",
            "TeamPlayers",
        ),
        (
            format!("/api/Federations/{federation}"),
            "officials",
            "FederationOfficials",
        ),
        (competition.clone(), "competitionTeams", "CompetitionTeams"),
        (
            format!("/api/Matches/{match_id}"),
            "officials",
            "MatchOfficials",
        ),
    ];
    for (read, member, kind) in rows {
        row_back(&app, admin, &read, member, kind).await;
    }
    let events = format!("/api/Events/{match_id}");
    let logged = app.get(&events, Some(admin)).await.body;
    let record = logged.as_array().unwrap().iter().find(|e| e["id"] == goal);
    let record = record.unwrap().clone();
    send_back(&app, admin, &events, &format!("/api/Events/{goal}"), record).await;
}

#[tokio::test]
async fn another_id_or_an_unknown_member_is_refused() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    let admin = league.admin.as_str();
    let match_id = league.new_match(&app).await;
    let path = format!("/api/Matches/{match_id}");
    let mut record = app.get(&path, Some(admin)).await.body;

    record["id"] = json!(match_id + 1);
    let other = put(&app, admin, &path, record.clone()).await;
    assert_eq!(other.status, StatusCode::BAD_REQUEST, "{}", other.text);
    assert_eq!(
        other.body["errors"]["id"],
        json!(["The id in the body must be the one in the path."])
    );

    record["id"] = json!(match_id);
    record["mayor"] = json!("x");
    let unknown = put(&app, admin, &path, record).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST, "{}", unknown.text);
    assert_eq!(
        unknown.body,
        json!({
            "message": "The request body has a field this call does not take: mayor.",
            "errors": {"mayor": ["Unknown field."]},
        })
    );
}
