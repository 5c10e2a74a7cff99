//! Imports through the real router: each kind lands whole, a dry run writes nothing, a file
//! with bad rows gets every bad row's messages and leaves the store as it was, and only
//! administrators may import.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::{Reply, TestApp, person};
use axum::http::{Method, StatusCode};
use polodesk_domain::codes::UserType;
use serde_json::{Value, json};

use crate::support;

use crate::support::league::{id, post};

/// The registry the rows refer to, made through the API.
struct World {
    admin: String,
    federation: u64,
    club: u64,
    category: u64,
    home: u64,
    away: u64,
    competition: u64,
}

impl World {
    async fn new(app: &TestApp) -> World {
        let admin = app.token("admin@polodesk.test").await;
        let federation = app.federation().await;
        let club = id(&post(
            app,
            &admin,
            "/api/Clubs",
            json!({"name": "VK Jug", "nameUniversal": "Jug", "federationId": federation}),
        )
        .await);
        let category = support::category(app).await;
        let mut teams = Vec::new();
        for name in ["Jug", "Jug B"] {
            let body = json!({"name": name, "nameUniversal": name, "clubId": club,
                "categoryId": category});
            teams.push(id(&post(app, &admin, "/api/Teams", body).await));
        }
        let competition = id(&post(
            app,
            &admin,
            "/api/Competitions",
            json!({"name": "Liga", "nameUniversal": "League", "federationId": federation}),
        )
        .await);
        for team in &teams {
            let entry = json!({"competitionId": competition, "teamId": team});
            id(&post(app, &admin, "/api/CompetitionTeams", entry).await);
        }
        World {
            admin,
            federation,
            club,
            category,
            home: teams[0],
            away: teams[1],
            competition,
        }
    }

    /// For each kind: where its records are listed, two good rows, and bad rows with the
    /// messages expected under each field.
    fn cases(&self) -> Vec<Case> {
        let (club, team, federation) = (self.club, self.home, self.federation);
        vec![
            Case {
                kind: "clubs",
                list: "/api/Clubs",
                good: vec![
                    json!({"name": "VK Primorac", "nameUniversal": "Primorac",
                        "federationId": federation, "teamCategories": [self.category]}),
                    json!({"name": "VK Budva", "nameUniversal": "Budva"}),
                ],
                bad: vec![
                    json!({"name": "VK Dobar", "nameUniversal": "Good"}),
                    json!({"nameUniversal": "Nameless"}),
                    json!({"name": "VK", "nameUniversal": "VK", "federationId": 999}),
                    json!({"name": "VK", "nameUniversal": "VK", "colour": "blue"}),
                    json!({"name": "VK", "nameUniversal": "VK", "teamCategories": [999]}),
                ],
                expected: vec![
                    ("rows[1].name", "Name field is required!"),
                    (
                        "rows[2].federationId",
                        "The chosen federation does not exist.",
                    ),
                    ("rows[3].colour", "Unknown field."),
                    (
                        "rows[4].teamCategories",
                        "A chosen category does not exist.",
                    ),
                ],
            },
            Case {
                kind: "teams",
                list: "/api/Teams",
                good: vec![
                    json!({"name": "Jug C", "nameUniversal": "Jug C", "clubId": club,
                        "categoryId": self.category}),
                    json!({"name": "Jug D", "nameUniversal": "Jug D", "clubId": club,
                        "categoryId": self.category}),
                ],
                bad: vec![
                    json!({"name": "Jug C", "nameUniversal": "Jug C", "clubId": club,
                        "categoryId": self.category}),
                    json!({"name": "Jug E", "nameUniversal": "Jug E", "categoryId": self.category}),
                    json!({"name": "Jug F", "nameUniversal": "Jug F", "clubId": 999,
                        "categoryId": self.category}),
                    json!({"name": "Jug G", "nameUniversal": "Jug G", "clubId": "one",
                        "categoryId": self.category}),
                ],
                expected: vec![
                    ("rows[1].clubId", "Club field is required!"),
                    ("rows[2].clubId", "The chosen club does not exist."),
                ],
            },
            Case {
                kind: "players",
                list: "/api/Players",
                good: vec![
                    json!({"person": person("Ana", "Kovač", "2001-02-03"), "height": "180 cm",
                        "dominantHand": "L", "primaryPositionId": 401,
                        "clubs": [{"clubId": club}],
                        "teams": [{"teamId": team, "positionId": 401, "capNumber": 7}]}),
                    json!({"person": person("Iva", "Horvat", "2002-03-04"),
                        "teams": [{"teamId": team, "positionId": 400, "capNumber": 1}]}),
                ],
                bad: vec![
                    json!({"person": person("Eva", "Dobra", "2000-01-01"),
                        "clubs": [{"clubId": club}]}),
                    json!({"person": {"surname": "Bezimena", "birthDate": "2000-01-01"},
                        "clubs": [{"clubId": club}]}),
                    json!({"person": person("Maja", "Nema", "2000-01-01"),
                        "clubs": [{"clubId": 999}]}),
                    json!({"person": person("Lea", "Kapa", "2000-01-01"),
                        "teams": [{"teamId": team, "positionId": 401, "capNumber": 100}]}),
                    json!({"person": person("Ida", "Cipela", "2000-01-01"), "shoeSize": 40,
                        "clubs": [{"clubId": club}]}),
                    json!({"person": person("Ema", "Dva", "2000-01-01"),
                        "clubs": [{"clubId": club}, {"clubId": club}]}),
                ],
                expected: vec![
                    ("rows[1].person.name", "Name field is required!"),
                    ("rows[2].clubs[0].clubId", "The chosen club does not exist."),
                    (
                        "rows[3].teams[0].capNumber",
                        "Cap number must be between 1 and 99.",
                    ),
                    ("rows[4].shoeSize", "Unknown field."),
                    (
                        "rows[5].clubs[1].playerId",
                        "This player is already in this club.",
                    ),
                ],
            },
            Case {
                kind: "coaches",
                list: "/api/Coaches",
                good: vec![
                    json!({"person": person("Ivo", "Trener", "1970-01-01"),
                        "clubs": [{"clubId": club}], "teams": [{"teamId": team, "roleId": 500}]}),
                    json!({"person": person("Pero", "Trener", "1971-01-01"),
                        "teams": [{"teamId": team}]}),
                ],
                bad: vec![
                    json!({"person": person("Ivo", "Dobar", "1970-01-01"),
                        "clubs": [{"clubId": club}]}),
                    json!({"person": person("Ivo", "Bez", "1970-01-01")}),
                    json!({"person": person("Ivo", "Tim", "1970-01-01"),
                        "teams": [{"teamId": 999}]}),
                ],
                expected: vec![
                    ("rows[1].clubs", "Club or Team field is required."),
                    ("rows[2].teams[0].teamId", "The chosen team does not exist."),
                ],
            },
            Case {
                kind: "officials",
                list: "/api/Officials",
                good: vec![
                    json!({"person": person("Ana", "Sudija", "1980-01-01"), "title": "FINA",
                        "federations": [{"federationId": federation, "roles": [600]}]}),
                    json!({"person": person("Ivo", "Delegat", "1981-01-01"),
                        "federations": [{"federationId": federation, "roles": [601, 602]}]}),
                ],
                bad: vec![
                    json!({"person": person("Ana", "Dobra", "1980-01-01"),
                        "federations": [{"federationId": federation, "roles": [600]}]}),
                    json!({"person": person("Ana", "Bez", "1980-01-01"),
                        "federations": [{"federationId": federation}]}),
                    json!({"person": person("Ana", "Nema", "1980-01-01"),
                        "federations": [{"federationId": 999, "roles": [600]}]}),
                    json!({"person": person("Ana", "Kriva", "1980-01-01"),
                        "federations": [{"federationId": federation, "roles": [9]}]}),
                ],
                expected: vec![
                    ("rows[1].federations[0].roles", "Roles field is required!"),
                    (
                        "rows[2].federations[0].federationId",
                        "The chosen federation does not exist.",
                    ),
                ],
            },
            Case {
                kind: "matches",
                list: "/api/Matches",
                good: vec![
                    json!({"homeTeamId": self.home, "awayTeamId": self.away,
                        "competitionId": self.competition, "startDate": "2026-11-28T18:00:00Z",
                        "round": "1"}),
                    json!({"homeTeamId": self.away, "awayTeamId": self.home,
                        "competitionId": self.competition, "startDate": "2026-12-05T18:00:00Z",
                        "round": "2", "matchSegmentLength": 7}),
                ],
                bad: vec![
                    json!({"homeTeamId": self.home, "awayTeamId": self.away,
                        "competitionId": self.competition, "startDate": "2026-11-28T18:00:00Z"}),
                    json!({"homeTeamId": self.home, "awayTeamId": self.home,
                        "competitionId": self.competition, "startDate": "2026-11-28T18:00:00Z"}),
                    json!({"homeTeamId": self.home, "awayTeamId": 999,
                        "competitionId": self.competition, "startDate": "2026-11-28T18:00:00Z"}),
                    json!({"homeTeamId": self.home, "awayTeamId": self.away,
                        "competitionId": self.competition}),
                ],
                expected: vec![
                    (
                        "rows[1].awayTeamId",
                        "Home and away team cannot be the same team!",
                    ),
                    ("rows[2].awayTeamId", "The chosen team does not exist."),
                    ("rows[3].startDate", "Start is required!"),
                ],
            },
        ]
    }
}

struct Case {
    kind: &'static str,
    list: &'static str,
    good: Vec<Value>,
    /// The first bad row is good: it must not land either.
    bad: Vec<Value>,
    expected: Vec<(&'static str, &'static str)>,
}

async fn import(app: &TestApp, token: &str, kind: &str, query: &str, rows: &[Value]) -> Reply {
    let path = format!("/api/Import/{kind}{query}");
    post(app, token, &path, json!({ "rows": rows })).await
}

async fn count(app: &TestApp, token: &str, list: &str) -> usize {
    let reply = app.get(list, Some(token)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.body.as_array().unwrap().len()
}

#[tokio::test]
async fn each_kind_imports_whole_and_a_dry_run_writes_nothing() {
    let app = TestApp::new().await;
    let world = World::new(&app).await;
    let token = &world.admin;
    for case in world.cases() {
        let before = count(&app, token, case.list).await;
        let dry = import(&app, token, case.kind, "?dryRun=true", &case.good).await;
        assert_eq!(dry.status, StatusCode::OK, "{}: {}", case.kind, dry.text);
        assert_eq!(dry.body["dryRun"], true);
        assert_eq!(dry.body["rows"], 2);
        assert_eq!(dry.body["created"], 2, "{}", case.kind);
        assert_eq!(dry.body["ids"], json!([]));
        assert_eq!(count(&app, token, case.list).await, before, "{}", case.kind);

        let done = import(&app, token, case.kind, "", &case.good).await;
        assert_eq!(done.status, StatusCode::OK, "{}: {}", case.kind, done.text);
        assert_eq!(done.body["kind"], case.kind);
        assert_eq!(done.body["created"], 2);
        assert_eq!(done.body["dryRun"], false);
        let ids = done.body["ids"].as_array().unwrap();
        assert_eq!(ids.len(), 2);
        assert_eq!(
            count(&app, token, case.list).await,
            before + 2,
            "{}",
            case.kind
        );
        for id in ids {
            let path = format!("{}/{}", case.list, id);
            let read = app.get(&path, Some(token)).await;
            assert_eq!(read.status, StatusCode::OK, "{path}: {}", read.text);
        }
    }
}

#[tokio::test]
async fn the_imported_rows_are_what_the_create_calls_make() {
    let app = TestApp::new().await;
    let world = World::new(&app).await;
    let token = &world.admin;
    let cases = world.cases();
    let players = cases.iter().find(|c| c.kind == "players").unwrap();
    let done = import(&app, token, "players", "", &players.good).await;
    let first = done.body["ids"][0].as_u64().unwrap();
    let player = app.get(&format!("/api/Players/{first}"), Some(token)).await;
    assert_eq!(player.body["surname"], "Kovač");
    assert_eq!(player.body["height"], "180 cm");
    assert_eq!(player.body["dominantHand"], "L");
    assert_eq!(player.body["clubs"][0]["clubId"], world.club);
    assert_eq!(player.body["teams"][0]["teamId"], world.home);
    assert_eq!(player.body["teams"][0]["capNumber"], 7);
    // The name index knows them: the search by surname finds the imported player.
    let found = app
        .get("/api/Players/search?Filter.Surname=kovac", Some(token))
        .await;
    assert_eq!(found.body["totalItems"], 1, "{}", found.text);

    let clubs = cases.iter().find(|c| c.kind == "clubs").unwrap();
    let done = import(&app, token, "clubs", "", &clubs.good).await;
    let club = done.body["ids"][0].as_u64().unwrap();
    let detail = app.get(&format!("/api/Clubs/{club}"), Some(token)).await;
    assert_eq!(detail.status, StatusCode::OK);
    let teams = app.get("/api/Teams", Some(token)).await;
    let of_club: Vec<&Value> = teams
        .body
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["clubId"] == club)
        .collect();
    assert_eq!(of_club.len(), 1, "a team for the chosen category");
    assert_eq!(of_club[0]["name"], "VK Primorac Seniori");

    // An existing person is claimed as the create call claims it, once.
    let person_id = app
        .call(
            Method::POST,
            "/api/Persons",
            Some(token),
            Some(person("Stari", "Profil", "1990-01-01")),
        )
        .await
        .body["id"]
        .as_u64()
        .unwrap();
    let row = json!({"personId": person_id, "clubs": [{"clubId": world.club}]});
    let twice = import(&app, token, "players", "", &[row.clone(), row.clone()]).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST, "{}", twice.text);
    assert_eq!(
        twice.body["errors"]["rows[1].personId"],
        json!(["This person is already a player!"])
    );
    let once = import(&app, token, "players", "", &[row]).await;
    assert_eq!(once.status, StatusCode::OK, "{}", once.text);
}

#[tokio::test]
async fn bad_rows_are_each_reported_and_nothing_is_written() {
    let app = TestApp::new().await;
    let world = World::new(&app).await;
    let token = &world.admin;
    for case in world.cases() {
        let before = app.get(case.list, Some(token)).await.body;
        for query in ["", "?dryRun=true"] {
            let reply = import(&app, token, case.kind, query, &case.bad).await;
            assert_eq!(
                reply.status,
                StatusCode::BAD_REQUEST,
                "{}: {}",
                case.kind,
                reply.text
            );
            let errors = reply.body["errors"].as_object().unwrap();
            for (field, message) in &case.expected {
                assert_eq!(
                    errors.get(*field),
                    Some(&json!([message])),
                    "{} {field}: {errors:?}",
                    case.kind
                );
            }
            // Every bad row is named, the good first row is not.
            for row in 1..case.bad.len() {
                let prefix = format!("rows[{row}]");
                assert!(
                    errors.keys().any(|k| k.starts_with(&prefix)),
                    "{} {prefix}: {errors:?}",
                    case.kind
                );
            }
            assert!(
                !errors.keys().any(|k| k.starts_with("rows[0]")),
                "{errors:?}"
            );
            let rejected = case.bad.len() - 1;
            assert_eq!(
                reply.body["message"],
                format!(
                    "{rejected} of {} rows were rejected; nothing was imported.",
                    case.bad.len()
                )
            );
        }
        let after = app.get(case.list, Some(token)).await.body;
        assert_eq!(after, before, "{}: the store is unchanged", case.kind);
    }
    // The people of rejected player rows were not left behind either.
    let persons = app
        .get("/api/Persons/search?input=dobra", Some(token))
        .await;
    assert_eq!(persons.body, json!([]));
}

#[tokio::test]
async fn a_malformed_import_is_a_clean_4xx() {
    let app = TestApp::new().await;
    let world = World::new(&app).await;
    let token = &world.admin;
    let unknown = import(&app, token, "referees", "", &[]).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(
        unknown.body["message"],
        "There is no import of referees; the kinds are clubs, teams, players, coaches, officials, matches."
    );
    let not_rows = post(&app, token, "/api/Import/clubs", json!({"rows": 5})).await;
    assert_eq!(
        not_rows.status,
        StatusCode::BAD_REQUEST,
        "{}",
        not_rows.text
    );
    let extra = post(
        &app,
        token,
        "/api/Import/clubs",
        json!({"rows": [], "x": 1}),
    )
    .await;
    assert_eq!(extra.status, StatusCode::BAD_REQUEST, "{}", extra.text);
    let query = import(&app, token, "clubs", "?dryRun=maybe", &[]).await;
    assert_eq!(query.status, StatusCode::BAD_REQUEST, "{}", query.text);
    let not_object = import(&app, token, "clubs", "", &[json!(3)]).await;
    assert_eq!(not_object.status, StatusCode::BAD_REQUEST);
    assert!(
        not_object.body["errors"]["rows[0]"].is_array(),
        "{}",
        not_object.text
    );
    let empty = import(&app, token, "clubs", "", &[]).await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(empty.body["created"], 0);
}

#[tokio::test]
async fn only_administrators_import() {
    let app = TestApp::new().await;
    let world = World::new(&app).await;
    app.user("federation@polodesk.test", UserType::Federation, None)
        .await;
    app.user("club@polodesk.test", UserType::Club, None).await;
    app.user("person@polodesk.test", UserType::Person, None)
        .await;
    let row = json!({"name": "VK", "nameUniversal": "VK"});
    for email in [
        "federation@polodesk.test",
        "club@polodesk.test",
        "person@polodesk.test",
    ] {
        let token = app.token(email).await;
        for kind in ["clubs", "players", "matches"] {
            let reply = import(&app, &token, kind, "", std::slice::from_ref(&row)).await;
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{email} {kind}");
        }
    }
    let anonymous = app
        .call(
            Method::POST,
            "/api/Import/clubs",
            None,
            Some(json!({"rows": [row]})),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    // The Club account's own club and the world's: no imported one.
    assert_eq!(count(&app, &world.admin, "/api/Clubs").await, 2);
}

#[tokio::test]
async fn an_import_may_be_larger_than_other_bodies() {
    let app = TestApp::new().await;
    let world = World::new(&app).await;
    // About 3 MiB: above the 2 MiB of other calls.
    let rows: Vec<Value> = (0..20_000)
        .map(|i| {
            json!({"person": person(&format!("Ime{i}"), &format!("Prezime{i}"), "2000-01-01"),
                "height": "190 cm", "weight": "95 kg", "dominantHand": "R",
                "clubs": [{"clubId": world.club}]})
        })
        .collect();
    let body = json!({ "rows": rows }).to_string();
    assert!(body.len() > polodesk_server::BODY_LIMIT);
    let reply = import(&app, &world.admin, "players", "", &rows).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    assert_eq!(reply.body["created"], 20_000);
    let members = app
        .get(
            &format!("/api/Players/search?Filter.Club={}&PageSize=1", world.club),
            Some(&world.admin),
        )
        .await;
    assert_eq!(members.body["totalItems"], 20_000);
}
