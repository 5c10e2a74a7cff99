//! The world the link tests stand on: a federation with a club, a team, a competition, and
//! people who belong to nothing yet; and the calls every link kind answers alike.

use axum::http::{Method, StatusCode, header};
use polodesk_domain::coaches::NewCoach;
use polodesk_domain::dates::Date;
use polodesk_domain::officials::{NewOfficial, OfficialFields};
use polodesk_domain::persons::{PersonFields, Profile};
use polodesk_domain::players::{NewPlayer, PlayerFields};
use serde_json::{Value, json};

use super::{Reply, TestApp, created_id, team};

const ADMIN: &str = "admin@polodesk.test";

/// A federation with a club, a team, a competition, and a coach, a player and an official who
/// belong to nothing yet.
pub struct World {
    pub app: TestApp,
    pub admin: String,
    pub federation: u64,
    pub club: u64,
    pub team: u64,
    pub competition: u64,
    pub coach: u64,
    pub player: u64,
    pub official: u64,
}

fn profile(name: &str, surname: &str) -> Profile {
    Profile::New(Box::new(PersonFields::new(
        name,
        surname,
        Date::new(1980, 1, 1).unwrap(),
    )))
}

/// A club of `federation`, named `name`.
pub async fn club(app: &TestApp, token: &str, name: &str, federation: u64) -> u64 {
    let body = json!({"name": name, "nameUniversal": name, "federationId": federation});
    created_id(app, token, "/api/Clubs", body).await
}

pub async fn competition(app: &TestApp, token: &str, name: &str, federation: u64) -> u64 {
    let body = json!({"name": name, "nameUniversal": name, "federationId": federation,
        "startDate": "2026-10-01", "endDate": "2027-05-30", "season": "2026/27"});
    created_id(app, token, "/api/Competitions", body).await
}

/// A player in no club or team yet.
pub async fn player(app: &TestApp, name: &str, surname: &str) -> u64 {
    app.store
        .create_player(NewPlayer {
            profile: profile(name, surname),
            fields: PlayerFields {
                person_id: 0,
                height: None,
                weight: None,
                dominant_hand: None,
                primary_position_id: None,
            },
            clubs: vec![],
            teams: vec![],
        })
        .await
        .unwrap()
        .id
}

pub async fn world() -> World {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let federation = app.federation().await;
    let club = club(&app, &admin, "VK Partizan", federation).await;
    let team = team(&app, &admin, "Partizan Seniori", club).await;
    let competition = competition(&app, &admin, "Superliga", federation).await;
    let coach = app
        .store
        .create_coach(NewCoach {
            profile: profile("Dejan", "Savić"),
            clubs: vec![],
            teams: vec![],
        })
        .await
        .unwrap()
        .id;
    let player = player(&app, "Filip", "Filipović").await;
    let official = app
        .store
        .create_official(NewOfficial {
            profile: profile("Boris", "Margeta"),
            fields: OfficialFields {
                person_id: 0,
                title: None,
            },
            federations: vec![],
        })
        .await
        .unwrap()
        .id;
    World {
        app,
        admin,
        federation,
        club,
        team,
        competition,
        coach,
        player,
        official,
    }
}

impl World {
    pub async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.app.call(method, path, Some(&self.admin), body).await
    }

    pub async fn get(&self, path: &str) -> Value {
        let reply = self.app.get(path, Some(&self.admin)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
        reply.body
    }

    /// Creates a link: 201 with its Location and view.
    pub async fn link(&self, path: &str, body: Value) -> Value {
        let reply = self.call(Method::POST, path, Some(body)).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{path}: {}", reply.text);
        let id = reply.body["id"].as_u64().unwrap();
        assert_eq!(
            reply.headers[header::LOCATION],
            format!("{path}/{id}").as_str()
        );
        reply.body
    }

    /// A link of `body`'s pair again, and with each end missing, is refused with the spec's
    /// messages; nothing more is linked.
    pub async fn refusals(
        &self,
        path: &str,
        body: &Value,
        [first, second]: [(&str, &str); 2],
        duplicate: &str,
    ) {
        let again = self.call(Method::POST, path, Some(body.clone())).await;
        assert_eq!(
            again.status,
            StatusCode::BAD_REQUEST,
            "{path}: {}",
            again.text
        );
        assert_eq!(
            again.body["errors"][second.0],
            json!([duplicate]),
            "{path}: {}",
            again.text
        );
        for (field, word) in [first, second] {
            let mut missing = body.clone();
            missing[field] = json!(999);
            let reply = self.call(Method::POST, path, Some(missing)).await;
            assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{path} {field}");
            assert_eq!(
                reply.body["errors"][field],
                json!([format!("The chosen {word} does not exist.")]),
                "{path}: {}",
                reply.text
            );
        }
    }

    pub async fn update(&self, path: &str, id: u64, body: Value) -> Value {
        let path = format!("{path}/{id}");
        let reply = self.call(Method::PUT, &path, Some(body)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
        assert_eq!(reply.body["id"], id);
        reply.body
    }

    /// Deletes a link: 204, then 404 for a second delete and for an update.
    pub async fn unlink(&self, path: &str, id: u64, body: Value) {
        let path = format!("{path}/{id}");
        let deleted = self.call(Method::DELETE, &path, None).await;
        assert_eq!(
            deleted.status,
            StatusCode::NO_CONTENT,
            "{path}: {}",
            deleted.text
        );
        let again = self.call(Method::DELETE, &path, None).await;
        assert_eq!(again.status, StatusCode::NOT_FOUND, "{path}");
        let update = self.call(Method::PUT, &path, Some(body)).await;
        assert_eq!(update.status, StatusCode::NOT_FOUND, "{path}");
    }

    /// The messages of an empty form.
    pub async fn required(&self, path: &str) -> Value {
        let reply = self.call(Method::POST, path, Some(json!({}))).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{path}");
        reply.body["errors"].clone()
    }
}

pub fn len(list: &Value) -> usize {
    list.as_array().unwrap().len()
}
