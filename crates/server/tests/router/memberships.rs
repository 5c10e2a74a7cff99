//! The six link calls through the real router (ClubCoaches, ClubPlayers, TeamCoaches,
//! TeamPlayers, FederationOfficials, CompetitionTeams): create, duplicate and missing ends,
//! update, delete, and the details that list them. `membership_cascades.rs` has the cascades
//! from deleted ends and the federation account's own competitions.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::links::{len, player, world};
use axum::http::{Method, StatusCode};
use polodesk_domain::memberships::{
    ClubCoach, ClubPlayer, CompetitionTeam, FederationOfficial, TeamCoach, TeamPlayer,
};
use serde_json::{Value, json};

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
    // A player of a team is a player of its club: the link made the membership, once.
    assert_eq!(len(&player["clubs"]), 1);
    assert_eq!(player["clubs"][0]["club"]["name"], "VK Partizan");
    let clubs = w.app.store.list::<ClubPlayer>().unwrap();
    assert_eq!(
        (clubs[0].fields.club_id, clubs[0].fields.player_id),
        (w.club, w.player)
    );

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
async fn two_active_players_of_a_team_may_not_share_a_cap() {
    let w = world().await;
    let path = "/api/TeamPlayers";
    let other = player(&w.app, "Nikola", "Jakšić").await;
    let first = json!({"teamId": w.team, "playerId": w.player, "positionId": 407, "capNumber": 7,
        "activeFrom": "2025-09-01"});
    w.link(path, first).await;
    let taken = "Cap number 7 is already worn by another active player of this team.";
    let second = json!({"teamId": w.team, "playerId": other, "positionId": 402, "capNumber": 7});
    let refused = w.call(Method::POST, path, Some(second.clone())).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.body["errors"]["capNumber"], json!([taken]));
    assert_eq!(w.app.store.list::<TeamPlayer>().unwrap().len(), 1);

    // Someone who left the team before the first came may have worn it.
    let before = json!({"teamId": w.team, "playerId": other, "positionId": 402, "capNumber": 7,
        "activeTo": "2025-08-31"});
    let id = w.link(path, before).await["id"].as_u64().unwrap();
    // Moving their stay into the first's period is refused, and changes nothing.
    let overlapping = w
        .call(Method::PUT, &format!("{path}/{id}"), Some(second))
        .await;
    assert_eq!(overlapping.body["errors"]["capNumber"], json!([taken]));
    let kept = w.app.store.list::<TeamPlayer>().unwrap();
    let kept = kept.iter().find(|link| link.id == id).unwrap();
    assert_eq!(
        kept.fields.active_to.map(|d| d.to_string()).as_deref(),
        Some("2025-08-31")
    );
    // Another cap is fine.
    let eight = json!({"teamId": w.team, "playerId": other, "positionId": 402, "capNumber": 8});
    assert_eq!(w.update(path, id, eight).await["capNumber"], 8);
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
