//! Players through the real router: creation with a profile, build, hand, position and
//! memberships in one call, the form messages, the player information update, search by club
//! and team, the delete that keeps the person, and the club account's own club.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::league::put;
use crate::support::{
    Reply, TestApp, club, count, created_id, delete_member, partizan, person, surnames, team,
};
use axum::http::{Method, StatusCode, header};
use polodesk_domain::persons::Person;
use polodesk_domain::players::Player;
use serde_json::{Value, json};

const ADMIN: &str = "admin@polodesk.test";

async fn post_player(app: &TestApp, token: &str, body: Value) -> Reply {
    app.call(Method::POST, "/api/Players", Some(token), Some(body))
        .await
}

async fn put_player(app: &TestApp, token: &str, id: u64, body: Value) -> Reply {
    let path = format!("/api/Players/{id}");
    put(app, token, &path, body).await
}

/// A new player of `club`, and of `team` as a driver with cap `cap` when given.
async fn player(
    app: &TestApp,
    token: &str,
    (name, surname): (&str, &str),
    club: u64,
    team: Option<(u64, u8)>,
) -> u64 {
    let mut body =
        json!({"person": person(name, surname, "2000-01-01"), "clubs": [{"clubId": club}]});
    if let Some((team, cap)) = team {
        body["teams"] = json!([{"teamId": team, "positionId": 401, "capNumber": cap}]);
    }
    created_id(app, token, "/api/Players", body).await
}

/// `GET /api/Players/search?QUERY`, which must answer 200.
async fn search_players(app: &TestApp, token: &str, query: String) -> Reply {
    let reply = app
        .get(&format!("/api/Players/search?{query}"), Some(token))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{query}: {}", reply.text);
    reply
}

#[tokio::test]
async fn a_new_player_comes_with_its_profile_position_clubs_and_teams() {
    let (app, admin, club, team) = partizan().await;
    let body = json!({
        "person": person("Filip", "Filipović", "1987-05-02"),
        "height": "196 cm",
        "weight": "103 kg",
        "dominantHand": "L",
        "primaryPositionId": 407,
        "clubs": [{"clubId": club}],
        "teams": [{"teamId": team, "positionId": 407, "capNumber": 7}],
    });
    let created = post_player(&app, &admin, body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(
        created.headers[header::LOCATION],
        format!("/api/Players/{id}").as_str()
    );
    let body = &created.body;
    assert_eq!(body["name"], "Filip");
    assert_eq!(body["surname"], "Filipović");
    assert_eq!(body["height"], "196 cm");
    assert_eq!(body["weight"], "103 kg");
    assert_eq!(body["dominantHand"], "L");
    assert_eq!(body["primaryPositionId"], 407);
    assert_eq!(body["primaryPosition"], "Center Forward");
    assert_eq!(body["person"]["playerId"], id);
    assert_eq!(body["clubs"][0]["club"]["name"], "VK Partizan");
    assert_eq!(body["clubs"][0]["playerId"], id);
    assert_eq!(body["teams"][0]["team"]["name"], "Partizan Seniori");
    assert_eq!(body["teams"][0]["capNumber"], 7);
    assert_eq!(body["teams"][0]["positionId"], 407);
    assert_eq!(body["teams"][0]["position"], "Center Forward");

    let read = app.get(&format!("/api/Players/{id}"), Some(&admin)).await;
    assert_eq!(read.body, created.body);
    let team_detail = app.get(&format!("/api/Teams/{team}"), Some(&admin)).await;
    let roster = &team_detail.body["players"][0];
    assert_eq!(roster["player"]["surname"], "Filipović");
    assert_eq!(roster["player"]["id"], id);
    assert_eq!(roster["position"], "Center Forward");
    assert_eq!(roster["capNumber"], 7);
    let club_detail = app.get(&format!("/api/Clubs/{club}"), Some(&admin)).await;
    assert_eq!(club_detail.body["players"][0]["player"]["name"], "Filip");

    // An existing profile, a team alone, and the cap number's edges.
    let profile = app
        .call(
            Method::POST,
            "/api/Persons",
            Some(&admin),
            Some(person("Andrija", "Prlainović", "1987-04-28")),
        )
        .await;
    let person_id = profile.body["id"].as_u64().unwrap();
    let body = json!({"personId": person_id,
        "teams": [{"teamId": team, "positionId": 405, "capNumber": 99}]});
    let existing = post_player(&app, &admin, body.clone()).await;
    assert_eq!(existing.status, StatusCode::CREATED, "{}", existing.text);
    assert_eq!(existing.body["personId"], person_id);
    assert_eq!(existing.body["teams"][0]["position"], "Left Winger");
    // A player of a team is a player of its club.
    assert_eq!(existing.body["clubs"][0]["club"]["name"], "VK Partizan");
    assert_eq!(existing.body["clubs"].as_array().unwrap().len(), 1);
    let again = post_player(&app, &admin, body).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        again.body["errors"]["personId"],
        json!(["This person is already a player!"])
    );
    assert_eq!(count::<Player>(&app), 2);
    let first_cap = post_player(
        &app,
        &admin,
        json!({"person": person("Dušan", "Mandić", "1994-06-16"),
            "teams": [{"teamId": team, "positionId": 401, "capNumber": 1}]}),
    )
    .await;
    assert_eq!(first_cap.status, StatusCode::CREATED, "{}", first_cap.text);
}

#[tokio::test]
async fn the_player_form_messages_and_nothing_half_made() {
    let (app, admin, club, team) = partizan().await;

    let empty = post_player(&app, &admin, json!({})).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty.body["errors"]["personId"],
        json!(["Profile field is required."])
    );
    assert_eq!(
        empty.body["errors"]["clubs"],
        json!(["Club or Team field is required."])
    );

    for cap in [0, 100] {
        let body = json!({"person": person("Filip", "Filipović", "1987-05-02"),
            "teams": [{"teamId": team, "positionId": 407, "capNumber": cap}]});
        let reply = post_player(&app, &admin, body).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "cap {cap}");
        assert_eq!(
            reply.body["errors"]["teams[0].capNumber"],
            json!(["Cap number must be between 1 and 99."]),
            "cap {cap}"
        );
    }
    let no_position = post_player(
        &app,
        &admin,
        json!({"person": person("Filip", "Filipović", "1987-05-02"),
            "teams": [{"teamId": team, "capNumber": 7}]}),
    )
    .await;
    assert_eq!(no_position.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        no_position.body["errors"]["teams[0].positionId"],
        json!(["Position field is required!"])
    );
    let no_team = post_player(
        &app,
        &admin,
        json!({"person": person("Filip", "Filipović", "1987-05-02"),
            "teams": [{"positionId": 401}]}),
    )
    .await;
    assert_eq!(
        no_team.body["errors"]["teams[0].teamId"],
        json!(["Team field is required!"])
    );
    let long = post_player(
        &app,
        &admin,
        json!({"person": person("Filip", "Filipović", "1987-05-02"),
            "height": "9".repeat(201), "clubs": [{"clubId": club}]}),
    )
    .await;
    assert_eq!(long.body["errors"]["height"], json!(["Too long input!"]));
    let hand = post_player(
        &app,
        &admin,
        json!({"person": person("Filip", "Filipović", "1987-05-02"),
            "dominantHand": "X", "clubs": [{"clubId": club}]}),
    )
    .await;
    assert_eq!(hand.status, StatusCode::BAD_REQUEST, "{}", hand.text);

    // The team row is refused by the store after the person and club row were written.
    let missing_team = post_player(
        &app,
        &admin,
        json!({"person": person("Filip", "Filipović", "1987-05-02"),
            "clubs": [{"clubId": club}],
            "teams": [{"teamId": 999, "positionId": 401}]}),
    )
    .await;
    assert_eq!(missing_team.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing_team.body["errors"]["teams[0].teamId"],
        json!(["The chosen team does not exist."])
    );
    assert_eq!(count::<Player>(&app), 0);
    assert_eq!(count::<Person>(&app), 0);
    let club_detail = app.get(&format!("/api/Clubs/{club}"), Some(&admin)).await;
    assert_eq!(club_detail.body["players"], json!([]));
}

#[tokio::test]
async fn the_player_information_is_updated_on_its_own() {
    let (app, admin, club, team) = partizan().await;
    let id = player(&app, &admin, ("Filip", "Filipović"), club, Some((team, 7))).await;
    let before = app.get(&format!("/api/Players/{id}"), Some(&admin)).await;

    let body = json!({"id": id, "height": "196 cm", "weight": "103 kg", "dominantHand": "R",
        "primaryPositionId": 400});
    let updated = put_player(&app, &admin, id, body).await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    assert_eq!(updated.body["height"], "196 cm");
    assert_eq!(updated.body["weight"], "103 kg");
    assert_eq!(updated.body["dominantHand"], "R");
    assert_eq!(updated.body["primaryPositionId"], 400);
    assert_eq!(updated.body["primaryPosition"], "Goalkeeper");
    assert_eq!(updated.body["personId"], before.body["personId"]);
    assert_eq!(updated.body["clubs"], before.body["clubs"]);
    assert_eq!(updated.body["teams"], before.body["teams"]);
    let read = app.get(&format!("/api/Players/{id}"), Some(&admin)).await;
    assert_eq!(read.body, updated.body);

    let left = put_player(&app, &admin, id, json!({"dominantHand": "L"})).await;
    assert_eq!(left.status, StatusCode::OK);
    assert_eq!(left.body["dominantHand"], "L");
    assert_eq!(
        left.body["height"],
        Value::Null,
        "a PUT replaces the fields"
    );

    let x = put_player(&app, &admin, id, json!({"dominantHand": "X"})).await;
    assert_eq!(x.status, StatusCode::BAD_REQUEST, "{}", x.text);
    let long = put_player(&app, &admin, id, json!({"weight": "9".repeat(201)})).await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
    assert_eq!(long.body["errors"]["weight"], json!(["Too long input!"]));
    let position = put_player(&app, &admin, id, json!({"primaryPositionId": 399})).await;
    assert_eq!(position.status, StatusCode::BAD_REQUEST);
    // Height and weight are text in the spec, but must read as a person's measure.
    let tall = put_player(
        &app,
        &admin,
        id,
        json!({"height": "tall", "weight": "250 kg"}),
    )
    .await;
    assert_eq!(tall.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        tall.body["errors"]["height"],
        json!(["Height must be a number of centimetres from 100 to 250, such as 192 or 192 cm."])
    );
    assert_eq!(
        tall.body["errors"]["weight"],
        json!(["Weight must be a number of kilograms from 25 to 200, such as 95 or 95 kg."])
    );
    let unchanged = app.get(&format!("/api/Players/{id}"), Some(&admin)).await;
    assert_eq!(unchanged.body["dominantHand"], "L");
    let numbers = put_player(&app, &admin, id, json!({"height": "201", "weight": "98.5"})).await;
    assert_eq!(numbers.status, StatusCode::OK, "{}", numbers.text);
    assert_eq!(numbers.body["height"], "201 cm");
    assert_eq!(numbers.body["weight"], "98.5 kg");

    let missing = put_player(&app, &admin, 999, json!({"height": "180 cm"})).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn players_are_searched_by_club_and_team() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let partizan = club(&app, &admin, "VK Partizan").await;
    let jug = club(&app, &admin, "Jug Dubrovnik").await;
    let seniors = team(&app, &admin, "Partizan Seniori", partizan).await;
    let youth = team(&app, &admin, "Partizan Kadeti", partizan).await;
    player(
        &app,
        &admin,
        ("Filip", "Filipović"),
        partizan,
        Some((seniors, 7)),
    )
    .await;
    player(
        &app,
        &admin,
        ("Dušan", "Mandić"),
        partizan,
        Some((seniors, 9)),
    )
    .await;
    player(
        &app,
        &admin,
        ("Strahinja", "Rašović"),
        partizan,
        Some((youth, 5)),
    )
    .await;
    player(&app, &admin, ("Xavier", "García"), jug, None).await;
    let search = |query: String| search_players(&app, &admin, query);

    let of_partizan = search(format!("Filter.Club={partizan}")).await;
    assert_eq!(
        surnames(&of_partizan.body),
        ["Filipović", "Mandić", "Rašović"]
    );
    assert_eq!(of_partizan.body["totalItems"], 3);
    let of_jug = search("Filter.Club=jug".into()).await;
    assert_eq!(surnames(&of_jug.body), ["García"]);
    let of_seniors = search(format!("Filter.Team={seniors}")).await;
    assert_eq!(surnames(&of_seniors.body), ["Filipović", "Mandić"]);
    let of_youth = search("Filter.Team=kadeti".into()).await;
    assert_eq!(surnames(&of_youth.body), ["Rašović"]);
    let narrowed = search(format!("Filter.Team={seniors}&Filter.Surname=MANDIC")).await;
    assert_eq!(surnames(&narrowed.body), ["Mandić"]);
    let both = search(format!("Filter.Club={jug}&Filter.Team={seniors}")).await;
    assert_eq!(both.body["totalItems"], 0);
    let by_name = search(format!(
        "Filter.Club={partizan}&SortBy=name&SortOrder=descend"
    ))
    .await;
    assert_eq!(
        surnames(&by_name.body),
        ["Rašović", "Filipović", "Mandić"],
        "Strahinja, Filip, Dušan"
    );
    let paged = search(format!("Filter.Club={partizan}&PageSize=2&PageIndex=2")).await;
    assert_eq!(surnames(&paged.body), ["Rašović"]);
    assert_eq!(paged.body["totalPages"], 2);
    let accent = search("Filter.Surname=rasovic".into()).await;
    assert_eq!(surnames(&accent.body), ["Rašović"]);
    let garcia = search("Filter.Surname=GARCIA".into()).await;
    assert_eq!(surnames(&garcia.body), ["García"]);
    assert_eq!(search("Filter.Team=999".into()).await.body["totalItems"], 0);

    let all = app.get("/api/Players", Some(&admin)).await;
    assert_eq!(all.body.as_array().unwrap().len(), 4);
    assert_eq!(all.body[0]["surname"], "Filipović");
}

#[tokio::test]
async fn deleting_a_player_removes_its_memberships_and_keeps_the_person() {
    let (app, admin, club, team) = partizan().await;
    let id = player(&app, &admin, ("Filip", "Filipović"), club, Some((team, 7))).await;
    let person_id = app
        .get(&format!("/api/Players/{id}"), Some(&admin))
        .await
        .body["personId"]
        .as_u64()
        .unwrap();
    let path = format!("/api/Players/{id}");
    let person = (person_id, "playerId");
    delete_member(&app, &admin, &path, (club, team), "players", person).await;
    let search = app
        .get(
            &format!("/api/Players/search?Filter.Club={club}"),
            Some(&admin),
        )
        .await;
    assert_eq!(search.body["totalItems"], 0);
}

#[tokio::test]
async fn club_accounts_manage_the_players_of_their_own_club_only() {
    let app = TestApp::new().await;
    let own = app.club_account("club@polodesk.test").await;
    let token = app.token("club@polodesk.test").await;
    let admin = app.token(ADMIN).await;
    let other = club(&app, &admin, "VK Jug").await;
    let other_team = team(&app, &admin, "Jug Seniori", other).await;
    let own_team = team(&app, &admin, "Partizan Seniori", own).await;

    let mine = player(
        &app,
        &token,
        ("Filip", "Filipović"),
        own,
        Some((own_team, 7)),
    )
    .await;
    let theirs = post_player(
        &app,
        &token,
        json!({"person": person("Xavier", "García", "1984-01-05"), "clubs": [{"clubId": other}]}),
    )
    .await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    let their_team = post_player(
        &app,
        &token,
        json!({"person": person("Xavier", "García", "1984-01-05"),
            "teams": [{"teamId": other_team, "positionId": 401}]}),
    )
    .await;
    assert_eq!(their_team.status, StatusCode::FORBIDDEN);
    assert_eq!(count::<Player>(&app), 1);
    assert_eq!(count::<Person>(&app), 1);

    let foreign = player(&app, &admin, ("Xavier", "García"), other, None).await;
    let refused = put_player(&app, &token, foreign, json!({"height": "190 cm"})).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let not_deleted = app
        .delete(&format!("/api/Players/{foreign}"), Some(&token))
        .await;
    assert_eq!(not_deleted.status, StatusCode::FORBIDDEN);
    let changed = put_player(&app, &token, mine, json!({"height": "196 cm"})).await;
    assert_eq!(changed.status, StatusCode::OK, "{}", changed.text);
    let deleted = app
        .delete(&format!("/api/Players/{mine}"), Some(&token))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(count::<Player>(&app), 1);
}

#[tokio::test]
async fn every_players_search_shows_and_filters_the_places_of_birth() {
    let app = TestApp::new().await;
    let admin = app.token(ADMIN).await;
    let country = json!({"name": "Hrvatska", "nameUniversal": "Croatia", "code": "HR"});
    let croatia = created_id(&app, &admin, "/api/Countries", country).await;
    let city = |name: &str| json!({"name": name, "nameUniversal": name, "countryId": croatia});
    let split = created_id(&app, &admin, "/api/Cities", city("Split")).await;
    let zagreb = created_id(&app, &admin, "/api/Cities", city("Zagreb")).await;
    let jug = club(&app, &admin, "Jug Dubrovnik").await;
    let born = |name: &str, surname: &str, city: Option<u64>| {
        let mut person = person(name, surname, "1990-03-04");
        if let Some(city) = city {
            person["countryOfBirthId"] = json!(croatia);
            person["cityOfBirthId"] = json!(city);
        }
        json!({"person": person, "clubs": [{"clubId": jug}]})
    };
    for (name, surname, city) in [
        ("Sandro", "Sukno", Some(split)),
        ("Luka", "Lončar", Some(zagreb)),
        ("Xavier", "García", None),
    ] {
        created_id(&app, &admin, "/api/Players", born(name, surname, city)).await;
    }
    let search = |query: String| async { search_players(&app, &admin, query).await.body };
    let croatia_ref = json!({"id": croatia, "name": "Hrvatska", "nameUniversal": "Croatia"});

    // By surname, read from the name index.
    let sukno = search("Filter.Surname=sukno".into()).await;
    assert_eq!(sukno["pageItems"][0]["countryOfBirth"], croatia_ref);
    assert_eq!(sukno["pageItems"][0]["cityOfBirth"]["name"], "Split");
    // By club, a page at a time: only the page's places are read.
    let second = search(format!("Filter.Club={jug}&PageSize=1&PageIndex=2")).await;
    assert_eq!(surnames(&second), ["Lončar"]);
    assert_eq!(second["pageItems"][0]["cityOfBirth"]["id"], zagreb);
    assert_eq!(second["totalItems"], 3);
    let last = search(format!("Filter.Club={jug}&SortOrder=descend&PageSize=1")).await;
    assert_eq!(surnames(&last), ["Sukno"]);
    assert_eq!(last["pageItems"][0]["countryOfBirth"], croatia_ref);
    let first = search(format!("Filter.Club={jug}&PageSize=1")).await;
    assert_eq!(surnames(&first), ["García"]);
    assert_eq!(first["pageItems"][0]["countryOfBirth"], Value::Null);
    // Filtered and sorted by the places.
    let croats = search("Filter.CountryOfBirth=croatia".into()).await;
    assert_eq!(surnames(&croats), ["Lončar", "Sukno"]);
    let of_zagreb = search(format!("Filter.Club={jug}&Filter.CityOfBirth={zagreb}")).await;
    assert_eq!(surnames(&of_zagreb), ["Lončar"]);
    let by_city = search(format!("Filter.Club={jug}&SortBy=cityOfBirth")).await;
    assert_eq!(surnames(&by_city), ["García", "Sukno", "Lončar"]);
}
