//! Offline clients replay their edits and deletes of events: a replayed PUT answers as the
//! first did and a replayed DELETE answers 404 (done), and neither writes, adds a history entry
//! or tells the match's viewers anything.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::{Reply, TestApp, created_id, received};
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::UserType;
use polodesk_domain::users::User;
use polodesk_server::hub::Subscription;
use serde_json::{Value, json};

use crate::support;

/// A match of a competition in the scorer's federation, and the scorer's token: a federation
/// account, which logs the matches of its competitions.
struct Scored {
    scorer: String,
    match_id: u64,
    home: u64,
}

async fn call(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Reply {
    app.call(method, path, Some(token), body).await
}

async fn scored_match(app: &TestApp) -> Scored {
    let admin = app.token("admin@polodesk.test").await;
    let user = app
        .user("scorer@polodesk.test", UserType::Federation, None)
        .await;
    let federation = app.store.get::<User>(user).unwrap().federation_id.unwrap();
    let scorer = app.token("scorer@polodesk.test").await;
    let mut teams = Vec::new();
    for name in ["Partizan", "Crvena zvezda"] {
        let club = support::club(app, &admin, name).await;
        teams.push(support::team(app, &admin, name, club).await);
    }
    let body = json!({"name": "Superliga", "nameUniversal": "Super League",
        "federationId": federation});
    let competition = created_id(app, &admin, "/api/Competitions", body).await;
    for team in &teams {
        let body = json!({"competitionId": competition, "teamId": team});
        created_id(app, &admin, "/api/CompetitionTeams", body).await;
    }
    let body = json!({"homeTeamId": teams[0], "awayTeamId": teams[1],
        "competitionId": competition, "startDate": "2026-11-28T18:00:00Z"});
    let match_id = created_id(app, &admin, "/api/Matches", body).await;
    Scored {
        scorer,
        match_id,
        home: teams[0],
    }
}

fn timeout(match_id: u64, team: u64, minute: u8) -> Value {
    json!({"matchId": match_id, "typeId": 700, "periodId": 1200, "minute": minute,
        "seconds": 0, "timeout": {"teamId": team}})
}

impl Scored {
    /// Logs a home timeout at `minute` as the scorer: the event's id.
    async fn log_timeout(&self, app: &TestApp, minute: u8) -> u64 {
        let body = timeout(self.match_id, self.home, minute);
        created_id(app, &self.scorer, "/api/Events", body).await
    }
}

async fn history(app: &TestApp, token: &str, match_id: u64) -> Value {
    let reply = app
        .get(&format!("/api/Matches/{match_id}/history"), Some(token))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.body
}

/// What a replay must leave as it was: no second history entry, and nothing for the viewers.
async fn nothing_more(
    app: &TestApp,
    token: &str,
    match_id: u64,
    history_before: &Value,
    viewer: &mut Subscription,
) {
    let history_now = history(app, token, match_id).await;
    assert_eq!(&history_now, history_before, "no second history entry");
    assert!(
        received(viewer).await.is_empty(),
        "the viewers hear nothing"
    );
}

#[tokio::test]
async fn a_replayed_put_of_an_event_changes_nothing_and_answers_as_the_first() {
    let app = TestApp::new().await;
    let scored = scored_match(&app).await;
    let (token, m) = (&scored.scorer, scored.match_id);
    let event = scored.log_timeout(&app, 7).await;
    let path = format!("/api/Events/{event}");
    let edit = timeout(m, scored.home, 6);

    let first = call(&app, token, Method::PUT, &path, Some(edit.clone())).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    assert_eq!(first.body["minute"], 6);
    let after_first = history(&app, token, m).await;
    assert_eq!(
        after_first.as_array().unwrap().last().unwrap()["action"],
        "Event updated"
    );
    let mut viewer = app.hub.subscribe(m);

    let replayed = call(&app, token, Method::PUT, &path, Some(edit)).await;
    assert_eq!(replayed.status, StatusCode::OK, "{}", replayed.text);
    assert_eq!(
        replayed.body, first.body,
        "the replay answers as the first did"
    );
    nothing_more(&app, token, m, &after_first, &mut viewer).await;
    let log = app.get(&format!("/api/Events/{m}"), Some(token)).await;
    assert_eq!(log.body.as_array().unwrap().len(), 1);
    assert_eq!(log.body[0]["minute"], 6);
}

#[tokio::test]
async fn a_replayed_put_sent_back_with_its_id_changes_nothing() {
    let app = TestApp::new().await;
    let scored = scored_match(&app).await;
    let (token, m) = (&scored.scorer, scored.match_id);
    let event = scored.log_timeout(&app, 7).await;
    let edit = timeout(m, scored.home, 5);
    let path = format!("/api/Events/{event}");
    let first = call(&app, token, Method::PUT, &path, Some(edit.clone())).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let before = history(&app, token, m).await;

    // The same body sent with its id, as a client that read the event back sends it.
    let mut with_id = edit;
    with_id["id"] = json!(event);
    let replayed = call(&app, token, Method::PUT, &path, Some(with_id)).await;
    assert_eq!(replayed.status, StatusCode::OK, "{}", replayed.text);
    assert_eq!(replayed.body, first.body);
    assert_eq!(history(&app, token, m).await, before);
}

#[tokio::test]
async fn a_replayed_delete_of_an_event_changes_nothing_and_answers_404() {
    let app = TestApp::new().await;
    let scored = scored_match(&app).await;
    let (token, m) = (&scored.scorer, scored.match_id);
    let mut events = Vec::new();
    for minute in [7, 6] {
        events.push(scored.log_timeout(&app, minute).await);
    }
    let path = format!("/api/Events/{}", events[0]);
    let first = call(&app, token, Method::DELETE, &path, None).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let after_first = history(&app, token, m).await;
    assert_eq!(
        after_first.as_array().unwrap().last().unwrap()["action"],
        "Event deleted"
    );
    let mut viewer = app.hub.subscribe(m);

    let replayed = call(&app, token, Method::DELETE, &path, None).await;
    assert_eq!(replayed.status, StatusCode::NOT_FOUND, "{}", replayed.text);
    nothing_more(&app, token, m, &after_first, &mut viewer).await;
    let log = app.get(&format!("/api/Events/{m}"), Some(token)).await;
    assert_eq!(
        log.body.as_array().unwrap().len(),
        1,
        "the other event stays"
    );
    assert_eq!(log.body[0]["id"], events[1]);
}
