//! What happens to links when their ends change: a link is not moved onto a pair already
//! linked, deleting a team, a club or a federation removes its links but not the people, and
//! a federation account enters teams in its own competitions only.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::links::{club, competition, len, world};
use crate::support::team;
use axum::http::{Method, StatusCode};
use polodesk_domain::memberships::{
    ClubCoach, ClubPlayer, CompetitionTeam, FederationOfficial, TeamCoach, TeamPlayer,
};
use serde_json::{Value, json};

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
    // Linked to the team, the player joins its club too.
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
    let own = w.app.federation_account("fed@polodesk.test").await;
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
