//! The six link calls through the real router (ClubCoaches, ClubPlayers, TeamCoaches,
//! TeamPlayers, FederationOfficials, CompetitionTeams): create, duplicate and missing ends,
//! update, delete, the details that list them, the cascades from deleted ends, and the
//! federation account's own competitions.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use axum::http::{Method, StatusCode, header};
use polodesk_domain::coaches::NewCoach;
use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::memberships::{
    ClubCoach, ClubPlayer, CompetitionTeam, FederationOfficial, TeamCoach, TeamPlayer,
};
use polodesk_domain::officials::{NewOfficial, OfficialFields};
use polodesk_domain::persons::{PersonFields, Profile};
use polodesk_domain::players::{NewPlayer, PlayerFields};
use polodesk_domain::reference::{Category, CategoryFields, Gender};
use serde_json::{Value, json};
use support::{Reply, TestApp};

mod support;

const ADMIN: &str = "admin@polodesk.test";

/// A federation with a club, a team, a competition, and a coach, a player and an official who
/// belong to nothing yet.
struct World {
    app: TestApp,
    admin: String,
    federation: u64,
    club: u64,
    team: u64,
    competition: u64,
    coach: u64,
    player: u64,
    official: u64,
}

fn profile(name: &str, surname: &str) -> Profile {
    Profile::New(Box::new(PersonFields::new(
        name,
        surname,
        Date::new(1980, 1, 1).unwrap(),
    )))
}

async fn category(app: &TestApp) -> u64 {
    let fields = CategoryFields {
        name: "Seniori".into(),
        name_universal: "Seniors".into(),
        description: None,
        gender: Gender::Male,
        should_players_advance_category_yearly: false,
        lower_age_limit: None,
        upper_age_limit: None,
    };
    app.store.create::<Category>(fields).await.unwrap().id
}

async fn created_id(app: &TestApp, token: &str, path: &str, body: Value) -> u64 {
    let reply = app.call(Method::POST, path, Some(token), Some(body)).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{path}: {}", reply.text);
    reply.body["id"].as_u64().unwrap()
}

async fn club(app: &TestApp, token: &str, name: &str, federation: u64) -> u64 {
    let body = json!({"name": name, "nameUniversal": name, "federationId": federation});
    created_id(app, token, "/api/Clubs", body).await
}

async fn team(app: &TestApp, token: &str, name: &str, club: u64) -> u64 {
    let category = category(app).await;
    let body = json!({"name": name, "nameUniversal": name, "clubId": club, "categoryId": category});
    created_id(app, token, "/api/Teams", body).await
}

async fn competition(app: &TestApp, token: &str, name: &str, federation: u64) -> u64 {
    let body = json!({"name": name, "nameUniversal": name, "federationId": federation,
        "startDate": "2026-10-01", "endDate": "2027-05-30", "season": "2026/27"});
    created_id(app, token, "/api/Competitions", body).await
}

async fn world() -> World {
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
    let player = app
        .store
        .create_player(NewPlayer {
            profile: profile("Filip", "Filipović"),
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
        .id;
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
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.app.call(method, path, Some(&self.admin), body).await
    }

    async fn get(&self, path: &str) -> Value {
        let reply = self.app.get(path, Some(&self.admin)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
        reply.body
    }

    /// Creates a link: 201 with its Location and view.
    async fn link(&self, path: &str, body: Value) -> Value {
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
    async fn refusals(
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

    async fn update(&self, path: &str, id: u64, body: Value) -> Value {
        let path = format!("{path}/{id}");
        let reply = self.call(Method::PUT, &path, Some(body)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
        assert_eq!(reply.body["id"], id);
        reply.body
    }

    /// Deletes a link: 204, then 404 for a second delete and for an update.
    async fn unlink(&self, path: &str, id: u64, body: Value) {
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
    async fn required(&self, path: &str) -> Value {
        let reply = self.call(Method::POST, path, Some(json!({}))).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{path}");
        reply.body["errors"].clone()
    }
}

fn len(list: &Value) -> usize {
    list.as_array().unwrap().len()
}

#[tokio::test]
async fn club_coaches() {
    let w = world().await;
    let path = "/api/ClubCoaches";
    let errors = w.required(path).await;
    assert_eq!(errors["clubId"], json!(["Club field is required!"]));
    assert_eq!(errors["coachId"], json!(["Coach field is required!"]));

    let body = json!({"clubId": w.club, "coachId": w.coach, "activeFrom": "2024-09-01"});
    let link = w.link(path, body.clone()).await;
    let id = link["id"].as_u64().unwrap();
    assert_eq!(link["clubId"], w.club);
    assert_eq!(link["coachId"], w.coach);
    assert_eq!(link["activeFrom"], "2024-09-01");
    assert_eq!(link["activeTo"], Value::Null);
    assert_eq!(link["club"]["name"], "VK Partizan");
    assert_eq!(link["coach"]["id"], w.coach);
    assert_eq!(link["coach"]["name"], "Dejan");
    assert_eq!(link["coach"]["surname"], "Savić");
    w.refusals(
        path,
        &body,
        [("clubId", "club"), ("coachId", "coach")],
        "This club manager is already in this club.",
    )
    .await;
    assert_eq!(w.app.store.list::<ClubCoach>().unwrap().len(), 1);

    let club = w.get(&format!("/api/Clubs/{}", w.club)).await;
    assert_eq!(club["coaches"][0]["id"], id);
    assert_eq!(club["coaches"][0]["coach"]["surname"], "Savić");
    let coach = w.get(&format!("/api/Coaches/{}", w.coach)).await;
    assert_eq!(coach["clubs"][0]["club"]["name"], "VK Partizan");

    let changed = json!({"clubId": w.club, "coachId": w.coach, "activeFrom": "2024-09-01",
        "activeTo": "2025-06-30"});
    let updated = w.update(path, id, changed).await;
    assert_eq!(updated["activeTo"], "2025-06-30");
    assert_eq!(updated["club"]["name"], "VK Partizan");
    let backwards = json!({"clubId": w.club, "coachId": w.coach, "activeFrom": "2024-09-01",
        "activeTo": "2024-08-31"});
    let refused = w
        .call(Method::PUT, &format!("{path}/{id}"), Some(backwards))
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.body["errors"]["activeTo"],
        json!(["Active to must not be before active from."])
    );
    let club = w.get(&format!("/api/Clubs/{}", w.club)).await;
    assert_eq!(club["coaches"][0]["activeTo"], "2025-06-30");

    w.unlink(path, id, body).await;
    let club = w.get(&format!("/api/Clubs/{}", w.club)).await;
    assert_eq!(club["coaches"], json!([]));
    let coach = w.get(&format!("/api/Coaches/{}", w.coach)).await;
    assert_eq!(coach["clubs"], json!([]));
}

#[tokio::test]
async fn club_players() {
    let w = world().await;
    let path = "/api/ClubPlayers";
    let errors = w.required(path).await;
    assert_eq!(errors["clubId"], json!(["Club field is required!"]));
    assert_eq!(errors["playerId"], json!(["Player field is required!"]));

    let body = json!({"clubId": w.club, "playerId": w.player});
    let link = w.link(path, body.clone()).await;
    let id = link["id"].as_u64().unwrap();
    assert_eq!(link["club"]["name"], "VK Partizan");
    assert_eq!(link["player"]["id"], w.player);
    assert_eq!(link["player"]["surname"], "Filipović");
    w.refusals(
        path,
        &body,
        [("clubId", "club"), ("playerId", "player")],
        "This player is already in this club.",
    )
    .await;
    assert_eq!(w.app.store.list::<ClubPlayer>().unwrap().len(), 1);

    let club = w.get(&format!("/api/Clubs/{}", w.club)).await;
    assert_eq!(club["players"][0]["player"]["name"], "Filip");
    let player = w.get(&format!("/api/Players/{}", w.player)).await;
    assert_eq!(player["clubs"][0]["club"]["name"], "VK Partizan");

    let updated = w
        .update(
            path,
            id,
            json!({"clubId": w.club, "playerId": w.player, "activeFrom": "2023-01-01"}),
        )
        .await;
    assert_eq!(updated["activeFrom"], "2023-01-01");

    w.unlink(path, id, body).await;
    let club = w.get(&format!("/api/Clubs/{}", w.club)).await;
    assert_eq!(club["players"], json!([]));
    let player = w.get(&format!("/api/Players/{}", w.player)).await;
    assert_eq!(player["clubs"], json!([]));
}

#[tokio::test]
async fn team_coaches() {
    let w = world().await;
    let path = "/api/TeamCoaches";
    let errors = w.required(path).await;
    assert_eq!(errors["teamId"], json!(["Team field is required!"]));
    assert_eq!(errors["coachId"], json!(["Coach field is required!"]));

    let body = json!({"teamId": w.team, "coachId": w.coach});
    let link = w.link(path, body.clone()).await;
    let id = link["id"].as_u64().unwrap();
    assert_eq!(link["team"]["name"], "Partizan Seniori");
    assert_eq!(link["coach"]["surname"], "Savić");
    assert_eq!(link["roleId"], 500);
    assert_eq!(link["role"], "Head Coach");
    w.refusals(
        path,
        &body,
        [("teamId", "team"), ("coachId", "coach")],
        "This club manager is already in this team.",
    )
    .await;
    assert_eq!(w.app.store.list::<TeamCoach>().unwrap().len(), 1);

    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["coaches"][0]["id"], id);
    assert_eq!(team["coaches"][0]["role"], "Head Coach");
    let coach = w.get(&format!("/api/Coaches/{}", w.coach)).await;
    assert_eq!(coach["teams"][0]["team"]["name"], "Partizan Seniori");

    let updated = w
        .update(
            path,
            id,
            json!({"teamId": w.team, "coachId": w.coach, "roleId": 501}),
        )
        .await;
    assert_eq!(updated["roleId"], 501);
    assert_eq!(updated["role"], "Assistant Coach");
    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["coaches"][0]["role"], "Assistant Coach");
    let bad_role = w
        .call(
            Method::PUT,
            &format!("{path}/{id}"),
            Some(json!({"teamId": w.team, "coachId": w.coach, "roleId": 502})),
        )
        .await;
    assert_eq!(bad_role.status, StatusCode::BAD_REQUEST);

    w.unlink(path, id, body).await;
    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["coaches"], json!([]));
}

#[tokio::test]
async fn team_players() {
    let w = world().await;
    let path = "/api/TeamPlayers";
    let errors = w.required(path).await;
    assert_eq!(errors["teamId"], json!(["Team field is required!"]));
    assert_eq!(errors["playerId"], json!(["Player field is required!"]));
    assert_eq!(errors["positionId"], json!(["Position field is required!"]));
    let cap = w
        .call(
            Method::POST,
            path,
            Some(json!({"teamId": w.team, "playerId": w.player, "positionId": 401, "capNumber": 100})),
        )
        .await;
    assert_eq!(
        cap.body["errors"]["capNumber"],
        json!(["Cap number must be between 1 and 99."])
    );

    let body = json!({"teamId": w.team, "playerId": w.player, "positionId": 407, "capNumber": 7});
    let link = w.link(path, body.clone()).await;
    let id = link["id"].as_u64().unwrap();
    assert_eq!(link["team"]["name"], "Partizan Seniori");
    assert_eq!(link["player"]["surname"], "Filipović");
    assert_eq!(link["positionId"], 407);
    assert_eq!(link["position"], "Center Forward");
    assert_eq!(link["capNumber"], 7);
    w.refusals(
        path,
        &body,
        [("teamId", "team"), ("playerId", "player")],
        "This player is already in this team.",
    )
    .await;
    assert_eq!(w.app.store.list::<TeamPlayer>().unwrap().len(), 1);

    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["players"][0]["id"], id);
    assert_eq!(team["players"][0]["position"], "Center Forward");
    let player = w.get(&format!("/api/Players/{}", w.player)).await;
    assert_eq!(player["teams"][0]["team"]["name"], "Partizan Seniori");

    let updated = w
        .update(
            path,
            id,
            json!({"teamId": w.team, "playerId": w.player, "positionId": 404, "capNumber": 10}),
        )
        .await;
    assert_eq!(updated["position"], "Central Defender");
    assert_eq!(updated["capNumber"], 10);
    let refused = w
        .call(
            Method::PUT,
            &format!("{path}/{id}"),
            Some(
                json!({"teamId": w.team, "playerId": w.player, "positionId": 404, "capNumber": 0}),
            ),
        )
        .await;
    assert_eq!(
        refused.body["errors"]["capNumber"],
        json!(["Cap number must be between 1 and 99."])
    );
    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["players"][0]["capNumber"], 10);

    w.unlink(path, id, body).await;
    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["players"], json!([]));
}

#[tokio::test]
async fn federation_officials() {
    let w = world().await;
    let path = "/api/FederationOfficials";
    let errors = w.required(path).await;
    assert_eq!(
        errors["federationId"],
        json!(["Federation field is required!"])
    );
    assert_eq!(errors["officialId"], json!(["Official field is required!"]));
    assert_eq!(errors["roles"], json!(["Roles field is required!"]));

    let body = json!({"federationId": w.federation, "officialId": w.official, "roles": [603, 600]});
    let link = w.link(path, body.clone()).await;
    let id = link["id"].as_u64().unwrap();
    assert_eq!(link["federation"]["name"], "Vaterpolo savez Srbije");
    assert_eq!(link["official"]["surname"], "Margeta");
    assert_eq!(link["roles"], json!([600, 603]));
    assert_eq!(
        link["officialRoles"],
        json!([{"roleId": 600, "role": "Referee"}, {"roleId": 603, "role": "Timekeeper"}])
    );
    assert!(
        link["activeFrom"].is_string(),
        "activeFrom defaults to today"
    );
    w.refusals(
        path,
        &body,
        [("federationId", "federation"), ("officialId", "official")],
        "This person is already a official!",
    )
    .await;
    assert_eq!(w.app.store.list::<FederationOfficial>().unwrap().len(), 1);

    let federation = w.get(&format!("/api/Federations/{}", w.federation)).await;
    assert_eq!(federation["officials"][0]["id"], id);
    assert_eq!(federation["officials"][0]["official"]["name"], "Boris");
    let official = w.get(&format!("/api/Officials/{}", w.official)).await;
    assert_eq!(
        official["federations"][0]["federation"]["name"],
        "Vaterpolo savez Srbije"
    );

    let updated = w
        .update(
            path,
            id,
            json!({"federationId": w.federation, "officialId": w.official, "roles": [602],
                "activeFrom": "2021-01-01"}),
        )
        .await;
    assert_eq!(
        updated["officialRoles"],
        json!([{"roleId": 602, "role": "Secretary"}])
    );
    assert_eq!(updated["activeFrom"], "2021-01-01");
    let no_roles = w
        .call(
            Method::PUT,
            &format!("{path}/{id}"),
            Some(json!({"federationId": w.federation, "officialId": w.official, "roles": []})),
        )
        .await;
    assert_eq!(
        no_roles.body["errors"]["roles"],
        json!(["Roles field is required!"])
    );

    w.unlink(path, id, body).await;
    let federation = w.get(&format!("/api/Federations/{}", w.federation)).await;
    assert_eq!(federation["officials"], json!([]));
    let official = w.get(&format!("/api/Officials/{}", w.official)).await;
    assert_eq!(official["federations"], json!([]));
}

#[tokio::test]
async fn competition_teams() {
    let w = world().await;
    let path = "/api/CompetitionTeams";
    let errors = w.required(path).await;
    assert_eq!(
        errors["competitionId"],
        json!(["Competition field is required!"])
    );
    assert_eq!(errors["teamId"], json!(["Team field is required!"]));

    let body = json!({"competitionId": w.competition, "teamId": w.team, "isSeed": true,
        "description": "Nosilac"});
    let link = w.link(path, body.clone()).await;
    let id = link["id"].as_u64().unwrap();
    assert_eq!(link["competition"]["name"], "Superliga");
    assert_eq!(link["team"]["name"], "Partizan Seniori");
    assert_eq!(link["isSeed"], true);
    assert_eq!(link["isDisqualified"], false);
    assert_eq!(link["description"], "Nosilac");
    w.refusals(
        path,
        &body,
        [("competitionId", "competition"), ("teamId", "team")],
        "This team already competes in this competition.",
    )
    .await;
    assert_eq!(w.app.store.list::<CompetitionTeam>().unwrap().len(), 1);

    let competition = w.get(&format!("/api/Competitions/{}", w.competition)).await;
    assert_eq!(len(&competition["competitionTeams"]), 1);
    assert_eq!(competition["competitionTeams"][0]["id"], id);
    assert_eq!(
        competition["competitionTeams"][0]["team"]["name"],
        "Partizan Seniori"
    );
    assert_eq!(len(&competition["teams"]), 1);
    assert_eq!(competition["teams"][0]["id"], w.team);
    assert_eq!(competition["teams"][0]["name"], "Partizan Seniori");
    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["competitionTeams"][0]["id"], id);
    assert_eq!(
        team["competitionTeams"][0]["competition"]["name"],
        "Superliga"
    );

    let updated = w
        .update(
            path,
            id,
            json!({"competitionId": w.competition, "teamId": w.team, "isDisqualified": true}),
        )
        .await;
    assert_eq!(updated["isDisqualified"], true);
    assert_eq!(updated["isSeed"], false, "a PUT replaces the fields");
    assert_eq!(updated["description"], Value::Null);

    w.unlink(path, id, body).await;
    let competition = w.get(&format!("/api/Competitions/{}", w.competition)).await;
    assert_eq!(competition["competitionTeams"], json!([]));
    assert_eq!(competition["teams"], json!([]));
    let team = w.get(&format!("/api/Teams/{}", w.team)).await;
    assert_eq!(team["competitionTeams"], json!([]));
}

#[tokio::test]
async fn a_link_is_not_moved_onto_a_pair_already_linked() {
    let w = world().await;
    let other = club(&w.app, &w.admin, "VK Jug", w.federation).await;
    let path = "/api/ClubCoaches";
    w.link(path, json!({"clubId": w.club, "coachId": w.coach}))
        .await;
    let second = w
        .link(path, json!({"clubId": other, "coachId": w.coach}))
        .await;
    let id = second["id"].as_u64().unwrap();
    let moved = w
        .call(
            Method::PUT,
            &format!("{path}/{id}"),
            Some(json!({"clubId": w.club, "coachId": w.coach})),
        )
        .await;
    assert_eq!(moved.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        moved.body["errors"]["coachId"],
        json!(["This club manager is already in this club."])
    );
    let coach = w.get(&format!("/api/Coaches/{}", w.coach)).await;
    let clubs: Vec<&Value> = coach["clubs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["clubId"])
        .collect();
    assert_eq!(clubs, [&json!(w.club), &json!(other)], "nothing moved");
}

#[tokio::test]
async fn deleting_a_team_removes_its_entries_players_and_coaches() {
    let w = world().await;
    w.link(
        "/api/CompetitionTeams",
        json!({"competitionId": w.competition, "teamId": w.team}),
    )
    .await;
    w.link(
        "/api/TeamPlayers",
        json!({"teamId": w.team, "playerId": w.player, "positionId": 401}),
    )
    .await;
    w.link(
        "/api/TeamCoaches",
        json!({"teamId": w.team, "coachId": w.coach}),
    )
    .await;
    w.link(
        "/api/ClubPlayers",
        json!({"clubId": w.club, "playerId": w.player}),
    )
    .await;

    let deleted = w
        .call(Method::DELETE, &format!("/api/Teams/{}", w.team), None)
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let competition = w.get(&format!("/api/Competitions/{}", w.competition)).await;
    assert_eq!(competition["competitionTeams"], json!([]));
    assert_eq!(competition["teams"], json!([]));
    let player = w.get(&format!("/api/Players/{}", w.player)).await;
    assert_eq!(player["teams"], json!([]));
    assert_eq!(len(&player["clubs"]), 1, "the club membership stays");
    let coach = w.get(&format!("/api/Coaches/{}", w.coach)).await;
    assert_eq!(coach["teams"], json!([]));
    assert!(w.app.store.list::<CompetitionTeam>().unwrap().is_empty());
    assert!(w.app.store.list::<TeamPlayer>().unwrap().is_empty());
    assert!(w.app.store.list::<TeamCoach>().unwrap().is_empty());

    // And a deleted competition takes its entries.
    let team = team(&w.app, &w.admin, "Partizan B", w.club).await;
    w.link(
        "/api/CompetitionTeams",
        json!({"competitionId": w.competition, "teamId": team}),
    )
    .await;
    let deleted = w
        .call(
            Method::DELETE,
            &format!("/api/Competitions/{}", w.competition),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let detail = w.get(&format!("/api/Teams/{team}")).await;
    assert_eq!(detail["competitionTeams"], json!([]));
}

#[tokio::test]
async fn deleting_a_club_removes_its_club_links_but_not_the_people() {
    let w = world().await;
    let other = club(&w.app, &w.admin, "VK Jug", w.federation).await;
    w.link(
        "/api/ClubCoaches",
        json!({"clubId": w.club, "coachId": w.coach}),
    )
    .await;
    w.link(
        "/api/ClubPlayers",
        json!({"clubId": w.club, "playerId": w.player}),
    )
    .await;
    w.link(
        "/api/ClubPlayers",
        json!({"clubId": other, "playerId": w.player}),
    )
    .await;
    w.link(
        "/api/TeamPlayers",
        json!({"teamId": w.team, "playerId": w.player, "positionId": 401}),
    )
    .await;

    let deleted = w
        .call(Method::DELETE, &format!("/api/Clubs/{}", w.club), None)
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let coach = w.get(&format!("/api/Coaches/{}", w.coach)).await;
    assert_eq!(coach["clubs"], json!([]));
    let player = w.get(&format!("/api/Players/{}", w.player)).await;
    assert_eq!(len(&player["clubs"]), 1);
    assert_eq!(player["clubs"][0]["clubId"], other);
    assert_eq!(
        player["teams"],
        json!([]),
        "the club's team went, with its roster"
    );
    assert!(w.app.store.list::<ClubCoach>().unwrap().is_empty());
    assert_eq!(w.app.store.list::<ClubPlayer>().unwrap().len(), 1);
}

#[tokio::test]
async fn deleting_a_federation_removes_its_official_roles_but_not_the_official() {
    let w = world().await;
    let other = w.app.federation().await;
    w.link(
        "/api/FederationOfficials",
        json!({"federationId": w.federation, "officialId": w.official, "roles": [600]}),
    )
    .await;
    w.link(
        "/api/FederationOfficials",
        json!({"federationId": other, "officialId": w.official, "roles": [601]}),
    )
    .await;

    let deleted = w
        .call(
            Method::DELETE,
            &format!("/api/Federations/{}", w.federation),
            None,
        )
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let official = w.get(&format!("/api/Officials/{}", w.official)).await;
    let roles = official["federations"].as_array().unwrap();
    assert_eq!(roles.len(), 1);
    assert_eq!(roles[0]["federationId"], other);
    assert_eq!(w.app.store.list::<FederationOfficial>().unwrap().len(), 1);
}

#[tokio::test]
async fn federation_accounts_enter_teams_in_their_own_competitions_only() {
    let w = world().await;
    w.app
        .user("fed@polodesk.test", UserType::Federation, None)
        .await;
    let own = w
        .app
        .store
        .user_by_email("fed@polodesk.test")
        .unwrap()
        .unwrap()
        .federation_id
        .unwrap();
    let token = w.app.token("fed@polodesk.test").await;
    let own_club = club(&w.app, &w.admin, "VK Novi Beograd", own).await;
    let own_team = team(&w.app, &w.admin, "Novi Beograd", own_club).await;
    let own_competition = competition(&w.app, &w.admin, "Kup", own).await;
    let path = "/api/CompetitionTeams";
    let call = |method: Method, path: String, body: Option<Value>| {
        let (app, token) = (&w.app, &token);
        async move { app.call(method, &path, Some(token), body).await }
    };

    let theirs = call(
        Method::POST,
        path.into(),
        Some(json!({"competitionId": w.competition, "teamId": own_team})),
    )
    .await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN, "{}", theirs.text);
    assert!(w.app.store.list::<CompetitionTeam>().unwrap().is_empty());
    let mine = call(
        Method::POST,
        path.into(),
        Some(json!({"competitionId": own_competition, "teamId": own_team})),
    )
    .await;
    assert_eq!(mine.status, StatusCode::CREATED, "{}", mine.text);

    let entry = w
        .link(
            path,
            json!({"competitionId": w.competition, "teamId": w.team}),
        )
        .await;
    let entry_path = format!("{path}/{}", entry["id"]);
    let edit = call(
        Method::PUT,
        entry_path.clone(),
        Some(json!({"competitionId": w.competition, "teamId": w.team, "isSeed": true})),
    )
    .await;
    assert_eq!(edit.status, StatusCode::FORBIDDEN);
    let moved = call(
        Method::PUT,
        format!("{path}/{}", mine.body["id"]),
        Some(json!({"competitionId": w.competition, "teamId": own_team})),
    )
    .await;
    assert_eq!(
        moved.status,
        StatusCode::FORBIDDEN,
        "not moved into another federation's competition"
    );
    let delete = call(Method::DELETE, entry_path, None).await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN);
    assert_eq!(w.app.store.list::<CompetitionTeam>().unwrap().len(), 2);

    let roles = call(
        Method::POST,
        "/api/FederationOfficials".into(),
        Some(json!({"federationId": w.federation, "officialId": w.official, "roles": [600]})),
    )
    .await;
    assert_eq!(roles.status, StatusCode::FORBIDDEN);
    let own_roles = call(
        Method::POST,
        "/api/FederationOfficials".into(),
        Some(json!({"federationId": own, "officialId": w.official, "roles": [600]})),
    )
    .await;
    assert_eq!(own_roles.status, StatusCode::CREATED, "{}", own_roles.text);
}
