//! Export, restore and backup of the whole store: a store with a played match, its log,
//! memberships and accounts (all made through the API, one with two-step sign-in) goes out as a
//! document and comes back byte for byte; a restore refuses a store with data and a bad document; a backup file opens
//! as a store with the same data, sign-in secrets included.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::league::{post, put};
use crate::support::{Reply, TestApp, person};
use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use polodesk_domain::codes::UserType;
use polodesk_domain::reference::{City, CityFields, Country};
use polodesk_server::{AppState, Identity, router};
use polodesk_store::{Export, Holder, MatchQuery, NameQuery, Store, StoreError};
use serde_json::{Value, json};

use crate::support;

fn id(reply: &Reply) -> u64 {
    assert!(reply.status.is_success(), "{} {}", reply.status, reply.text);
    reply.body["id"].as_u64().unwrap()
}

/// A competition of two teams with squads, coaches and officials with PINs, one match with
/// its lineups started and logged (one event with a client id), and two Person accounts, one
/// with two-step sign-in on. Answers the match id.
async fn season(app: &TestApp) -> u64 {
    let admin = app.token("admin@polodesk.test").await;
    let federation = app.federation().await;
    let country = app.store.list::<Country>().unwrap()[0].id;
    app.store
        .create::<City>(CityFields {
            name: "Beograd".into(),
            name_universal: "Belgrade".into(),
            country_id: country,
        })
        .await
        .unwrap();
    let home_club = support::club(app, &admin, "VK Partizan").await;
    let away_club = support::club(app, &admin, "VK Crvena zvezda").await;
    let home = support::team(app, &admin, "Partizan", home_club).await;
    let away = support::team(app, &admin, "Crvena zvezda", away_club).await;
    let competition = id(&post(
        app,
        &admin,
        "/api/Competitions",
        json!({"name": "Superliga", "nameUniversal": "Super League", "federationId": federation}),
    )
    .await);
    for team in [home, away] {
        id(&post(
            app,
            &admin,
            "/api/CompetitionTeams",
            json!({"competitionId": competition, "teamId": team}),
        )
        .await);
    }
    let mut squads = Vec::new();
    for (team, surname) in [(home, "Domaći"), (away, "Gost")] {
        let mut squad = Vec::new();
        for cap in 1..=2 {
            let position = if cap == 1 { 400 } else { 401 };
            let body = json!({"person": person(&format!("Igrač{cap}"), surname, "2000-01-01"),
                "teams": [{"teamId": team, "positionId": position, "capNumber": cap}]});
            squad.push(id(&post(app, &admin, "/api/Players", body).await));
        }
        squads.push(squad);
    }
    let body = json!({"person": person("Trener", "Savić", "1975-01-01"),
        "clubs": [{"clubId": home_club}], "teams": [{"teamId": home}]});
    let coach = id(&post(app, &admin, "/api/Coaches", body).await);
    let body = json!({"person": person("Sudija", "Službeni", "1980-01-01"),
        "federations": [{"federationId": federation, "roles": [600]}]});
    let referee = id(&post(app, &admin, "/api/Officials", body).await);
    let pin = put(
        app,
        &admin,
        &format!("/api/Officials/{referee}/pin"),
        json!({"pin": "1234"}),
    )
    .await;
    assert!(pin.status.is_success(), "{}", pin.text);

    let fixture = json!({"homeTeamId": home, "awayTeamId": away, "competitionId": competition,
        "startDate": "2026-11-28T18:00:00Z", "venue": "Banjica", "round": "1"});
    let game = id(&post(app, &admin, "/api/Matches", fixture.clone()).await);
    let mut players = Vec::new();
    for (team, squad) in [(home, &squads[0]), (away, &squads[1])] {
        for (slot, player) in [1, 2].iter().zip(squad) {
            players.push(json!({"teamId": team, "playerId": player, "number": slot}));
        }
    }
    let log = put(
        app,
        &admin,
        &format!("/api/Matches/{game}/log"),
        json!({"matchId": game, "matchPlayers": players,
            "matchCoaches": [{"teamId": home, "coachId": coach}],
            "matchOfficials": [{"officialId": referee, "roleId": 600}]}),
    )
    .await;
    assert_eq!(log.status, StatusCode::OK, "{}", log.text);
    let mut started = fixture;
    started["statusId"] = json!(201);
    started["matchSegmentLength"] = json!(8);
    let start = put(app, &admin, &format!("/api/Matches/{game}"), started).await;
    assert!(start.status.is_success(), "{}", start.text);
    let goal = json!({"matchId": game, "typeId": 705, "periodId": 1200, "minute": 6,
        "seconds": 30, "clientId": "3f1e2d4c-5b6a-4789-8abc-def012345678",
        "shot": {"teamId": home, "typeId": 1100, "takenById": squads[0][1], "isGoal": true}});
    let logged = post(app, &admin, "/api/Events", goal).await;
    assert_eq!(logged.status, StatusCode::CREATED, "{}", logged.text);
    let timeout = json!({"matchId": game, "typeId": 700, "periodId": 1200, "minute": 4,
        "seconds": 0, "timeout": {"teamId": away}});
    assert_eq!(
        post(app, &admin, "/api/Events", timeout).await.status,
        StatusCode::CREATED
    );
    app.user("fan@polodesk.test", UserType::Person, None).await;
    let guarded = app.user(GUARDED, UserType::Person, None).await;
    app.store
        .start_two_step(guarded, vec![7; 20])
        .await
        .unwrap();
    let recovery = vec!["hash of one".to_owned(), "hash of two".to_owned()];
    app.store
        .turn_on_two_step(guarded, vec![7; 20], 59_000_000, recovery, 1_770_000_000)
        .await
        .unwrap();
    game
}

/// The account with two-step sign-in.
const GUARDED: &str = "guarded@polodesk.test";

fn user_id(store: &Store, email: &str) -> u64 {
    store.user_by_email(email).unwrap().unwrap().id
}

/// The test kit over `store` (no accounts made).
fn app_over(store: Store, keys: &polodesk_server::Keys) -> TestApp {
    let state = AppState::new(store.clone(), Identity::new(keys.clone(), None));
    let hub = state.hub.clone();
    TestApp {
        router: router(state),
        store,
        keys: keys.clone(),
        hub,
    }
}

#[tokio::test]
async fn an_export_restored_into_an_empty_store_exports_the_same_bytes_and_serves_the_same_data() {
    let app = TestApp::new().await;
    let game = season(&app).await;
    let first = app.store.export().unwrap().to_json();

    let copy = Store::in_memory().unwrap();
    let doc = Export::from_json(&first).unwrap();
    assert!(doc.record_count() > 30, "{}", doc.record_count());
    copy.restore(doc).await.unwrap();
    let second = copy.export().unwrap().to_json();
    assert!(first == second, "the second export differs from the first");

    // The indexes are rebuilt: the match search (catalog), the log, names, cities, emails.
    let query = MatchQuery {
        venue: Some("banjica".into()),
        ..MatchQuery::first(10)
    };
    let (found, total) = copy.search_matches(&query).unwrap();
    assert_eq!((found.len(), total), (1, 1));
    assert_eq!(found[0].id, game);
    assert_eq!(copy.events_of(game).unwrap().len(), 2);
    let names = |store: &Store, holder| store.by_name(holder, &NameQuery::default(), 0, 100);
    for holder in [
        Holder::Person,
        Holder::Player,
        Holder::Coach,
        Holder::Official,
    ] {
        assert_eq!(
            names(&copy, holder).unwrap(),
            names(&app.store, holder).unwrap()
        );
    }
    let country = copy.list::<Country>().unwrap()[0].id;
    assert_eq!(copy.cities_of(country).unwrap().len(), 1);
    // Two-step sign-in came along, its key, last code and recovery codes.
    let guarded = user_id(&copy, GUARDED);
    let two_step = copy.two_step(guarded).unwrap().unwrap();
    assert!(two_step.on);
    assert_eq!(Some(two_step), app.store.two_step(guarded).unwrap());

    // Through the API of the restored store: the passwords still sign in, and a call reads the
    // same match as the original did.
    let restored = app_over(copy, &app.keys);
    let admin = restored.token("admin@polodesk.test").await;
    let old_admin = app.token("admin@polodesk.test").await;
    let path = format!("/api/Matches/{game}");
    let before = app.get(&path, Some(&old_admin)).await;
    let after = restored.get(&path, Some(&admin)).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text);
    assert_eq!(after.body, before.body);
    // A password alone does not sign in the restored account: it still asks for a code.
    let grant = restored.password_grant(GUARDED, support::PASSWORD).await;
    assert_eq!(grant.status, StatusCode::BAD_REQUEST, "{}", grant.text);
    assert_eq!(grant.body["error"], json!("two_step_required"));
    let events = restored
        .get(&format!("/api/Matches/{game}/events"), Some(&admin))
        .await;
    let original = app
        .get(&format!("/api/Matches/{game}/events"), Some(&old_admin))
        .await;
    assert_eq!(events.body, original.body);

    // New ids follow the old ones: the sequences came along.
    let person = restored
        .call(
            Method::POST,
            "/api/Persons",
            Some(&admin),
            Some(person("Nova", "Osoba", "1999-09-09")),
        )
        .await;
    assert_eq!(person.status, StatusCode::CREATED, "{}", person.text);
    let persons: Value = serde_json::from_slice(&first).unwrap();
    let last = persons["persons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_u64().unwrap())
        .max()
        .unwrap();
    assert_eq!(person.body["id"].as_u64().unwrap(), last + 1);
}

#[tokio::test]
async fn a_restore_into_a_store_with_data_is_refused_and_changes_nothing() {
    let app = TestApp::new().await;
    season(&app).await;
    let before = app.store.export().unwrap().to_json();
    let doc = Export::from_json(&before).unwrap();
    let refused = app.store.restore(doc).await.unwrap_err();
    assert!(
        matches!(&refused, StoreError::Conflict(m) if m.starts_with(polodesk_store::NOT_EMPTY)),
        "{refused:?}"
    );
    assert!(app.store.export().unwrap().to_json() == before);

    // Through the API: 409 with the message.
    let admin = app.token("admin@polodesk.test").await;
    let request = TestApp::request(Method::POST, "/api/Admin/restore")
        .header(header::AUTHORIZATION, format!("Bearer {admin}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(before.clone()))
        .unwrap();
    let reply = app.send(request).await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "{}", reply.text);
    assert!(
        reply.body["message"]
            .as_str()
            .unwrap()
            .starts_with("The store is not empty")
    );
    assert!(app.store.export().unwrap().to_json() == before);
}

/// An export of the first version had no `isPublic` on competitions: they restore as public,
/// and one marked not public since comes back as it was exported.
#[tokio::test]
async fn a_version_1_export_restores_with_its_competitions_public() {
    let app = TestApp::new().await;
    season(&app).await;
    let mut doc: Value = serde_json::from_slice(&app.store.export().unwrap().to_json()).unwrap();
    assert_eq!(doc["version"], json!(3));
    let competitions = doc["competitions"].as_array_mut().unwrap();
    assert!(!competitions.is_empty());
    for row in competitions.iter_mut() {
        assert_eq!(row["record"]["isPublic"], json!(true), "{row}");
        row["record"].as_object_mut().unwrap().remove("isPublic");
    }
    doc["version"] = json!(1);
    doc.as_object_mut().unwrap().remove("twoStep");
    let restored = Store::in_memory().unwrap();
    restored
        .restore(Export::from_json(doc.to_string().as_bytes()).unwrap())
        .await
        .unwrap();
    let all = restored
        .list::<polodesk_domain::competitions::Competition>()
        .unwrap();
    assert!(!all.is_empty());
    assert!(all.iter().all(|c| c.fields.is_public));
}

#[tokio::test]
async fn bad_documents_are_refused_with_what_is_wrong_and_leave_the_store_empty() {
    let app = TestApp::new().await;
    season(&app).await;
    let good: Value = serde_json::from_slice(&app.store.export().unwrap().to_json()).unwrap();
    let message = |result: Result<Export, StoreError>| match result {
        Err(StoreError::BadDocument(message)) => message,
        other => panic!("expected a bad document, got {other:?}"),
    };

    let malformed = message(Export::from_json(
        b"{\n  \"format\": \"polodesk-export\",\n  oops",
    ));
    assert!(malformed.contains("line 3, column 3"), "{malformed}");
    let other = message(Export::from_json(
        br#"{"format": "something-else", "version": 1}"#,
    ));
    assert!(other.contains("not a PoloDesk export"), "{other}");
    let mut newer = good.clone();
    newer["version"] = json!(4);
    let newer = message(Export::from_json(newer.to_string().as_bytes()));
    assert!(newer.contains("version 4"), "{newer}");
    let mut unknown = good.clone();
    unknown["extra"] = json!([]);
    let unknown = message(Export::from_json(unknown.to_string().as_bytes()));
    assert!(unknown.contains("unknown field `extra`"), "{unknown}");

    // Well formed, but the clubs' federation is not in it: refused, and nothing lands.
    let mut dangling = good.clone();
    dangling["federations"] = json!([]);
    dangling["competitions"] = json!([]);
    let doc = Export::from_json(dangling.to_string().as_bytes()).unwrap();
    let empty = Store::in_memory().unwrap();
    let refused = empty.restore(doc).await.unwrap_err();
    let StoreError::BadDocument(text) = refused else {
        panic!("{refused:?}")
    };
    assert!(text.contains("clubs row"), "{text}");
    assert!(empty.has_no_records().unwrap());

    // Two-step sign-in of a user the document does not hold, or with a key that is not hex.
    assert!(good["twoStep"][0]["userId"].is_u64(), "{}", good["twoStep"]);
    for (field, value, expected) in [
        ("userId", json!(9_999), "refers to a user it does not hold"),
        ("key", json!("07x7"), "key that is not hex"),
        ("key", json!("070"), "key that is not hex"),
    ] {
        let mut bad = good.clone();
        bad["twoStep"][0][field] = value;
        let doc = Export::from_json(bad.to_string().as_bytes()).unwrap();
        let refused = empty.restore(doc).await.unwrap_err();
        assert!(
            matches!(&refused, StoreError::BadDocument(m) if m.contains(expected)),
            "{refused:?}"
        );
        assert!(empty.has_no_records().unwrap());
    }

    // A sequence behind its ids would hand an id out twice.
    let mut behind = good;
    behind["sequences"]["clubs"] = json!(1);
    let doc = Export::from_json(behind.to_string().as_bytes()).unwrap();
    let refused = empty.restore(doc).await.unwrap_err();
    assert!(
        matches!(&refused, StoreError::BadDocument(m) if m.contains("\"clubs\"")),
        "{refused:?}"
    );
    assert!(empty.has_no_records().unwrap());
}

#[tokio::test]
async fn admin_calls_export_and_back_up_and_are_for_administrators_only() {
    let app = TestApp::new().await;
    season(&app).await;
    let admin = app.token("admin@polodesk.test").await;
    let fan = app.token("fan@polodesk.test").await;

    let exported = app.get("/api/Admin/export", Some(&admin)).await;
    assert_eq!(exported.status, StatusCode::OK);
    assert!(exported.text.as_bytes() == app.store.export().unwrap().to_json().as_slice());
    assert_eq!(exported.body["format"], "polodesk-export");

    for (method, path) in [
        (Method::GET, "/api/Admin/export"),
        (Method::GET, "/api/Admin/backup"),
        (Method::POST, "/api/Admin/restore"),
    ] {
        let refused = app.call(method, path, Some(&fan), Some(json!({}))).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
    }

    let request = TestApp::request(Method::GET, "/api/Admin/backup")
        .header(header::AUTHORIZATION, format!("Bearer {admin}"))
        .body(Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "application/octet-stream"
    );
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join(polodesk_store::FILE_NAME), &bytes).unwrap();
    let opened = Store::open(folder.path()).unwrap();
    assert!(opened.export().unwrap().to_json() == app.store.export().unwrap().to_json());
    // The copy holds the sign-in secrets too: the admin's access is still known there.
    let served = app_over(opened, &app.keys);
    let again = served.get("/api/Admin/export", Some(&admin)).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
}
