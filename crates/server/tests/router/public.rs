//! The public pages' reads: no sign-in, only what a spectator may see, only of public
//! competitions, and cacheable (ETag, short max-age).

use crate::support::league::{League, event, log, post, put, shot};
use crate::support::{Reply, TestApp, png};
use axum::http::{Method, StatusCode, header};
use base64::Engine;
use serde_json::{Value, json};

use crate::support;

/// Keys no public answer may hold anywhere: contact data, birth dates, PINs, accounts.
const PRIVATE_KEYS: &[&str] = &[
    "email",
    "phoneNumber",
    "phone",
    "birthDate",
    "pin",
    "pinHash",
    "address",
    "userId",
    "user",
];

fn private_keys_in(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Object(members) => {
            for (key, inner) in members {
                if PRIVATE_KEYS.contains(&key.as_str()) {
                    found.push(format!("{path}.{key}"));
                }
                private_keys_in(inner, &format!("{path}.{key}"), found);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                private_keys_in(inner, &format!("{path}[{i}]"), found);
            }
        }
        _ => {}
    }
}

/// A public answer without a token: 200, cacheable, and nothing private in it.
async fn public(app: &TestApp, path: &str) -> Reply {
    let reply = app.get(path, None).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
    assert_eq!(
        reply.headers[header::CACHE_CONTROL],
        "public, max-age=5",
        "{path}"
    );
    assert!(reply.headers.contains_key(header::ETAG), "{path}");
    let mut found = Vec::new();
    private_keys_in(&reply.body, "", &mut found);
    assert!(found.is_empty(), "{path} shows {found:?}");
    reply
}

async fn not_found(app: &TestApp, path: &str, message: &str) {
    let reply = app.get(path, None).await;
    assert_eq!(
        reply.status,
        StatusCode::NOT_FOUND,
        "{path}: {}",
        reply.text
    );
    assert_eq!(reply.body["message"], message, "{path}");
}

/// A match of the league with its lineups and officials, in its first period, with a goal.
async fn match_under_way(app: &TestApp, league: &League) -> u64 {
    let id = league.new_match(app).await;
    assert!(league.set_log(app, id).await.status.is_success());
    assert!(league.set_status(app, id, 201).await.status.is_success());
    let goal = event(
        id,
        1200,
        3,
        "shot",
        shot(league.home, league.home_players[1], true),
    );
    assert_eq!(
        log(app, &league.admin, goal).await.status,
        StatusCode::CREATED
    );
    id
}

#[tokio::test]
async fn a_public_match_is_read_without_signing_in_and_shows_nothing_private() {
    let app = TestApp::new().await;
    let league = League::new(&app, true).await;
    let id = match_under_way(&app, &league).await;

    let game = public(&app, &format!("/api/Public/Matches/{id}"))
        .await
        .body;
    assert_eq!(game["homeTeamDisplayName"], "Partizan");
    assert_eq!(game["homeTeamGoalsTotal"], 1);
    assert_eq!(game["statusId"], 201);
    let players = game["players"].as_array().unwrap();
    assert_eq!(players.len(), 8);
    assert_eq!(players[0]["player"]["surname"], "Domaći");
    assert!(players.iter().all(|p| p["capNumber"].as_u64().is_some()));
    let officials = game["officials"].as_array().unwrap();
    assert_eq!(officials[0]["official"]["name"], "Sudija");
    assert_eq!(game["coaches"].as_array().unwrap().len(), 2);

    let events = public(&app, &format!("/api/Public/Matches/{id}/events"))
        .await
        .body;
    assert_eq!(events.as_array().unwrap().len(), 1);
    assert_eq!(events[0]["shot"]["isGoal"], true);
    let stats = public(&app, &format!("/api/Public/Matches/{id}/stats"))
        .await
        .body;
    assert_eq!(stats["home"]["shots"]["goals"], 1, "{stats}");

    // The staff calls still want a token.
    let staff = app.get(&format!("/api/Matches/{id}"), None).await;
    assert_eq!(staff.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_unchanged_answer_costs_a_304_and_a_change_gives_a_new_tag() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    let id = match_under_way(&app, &league).await;
    let path = format!("/api/Public/Matches/{id}");
    let first = public(&app, &path).await;
    let tag = first.headers[header::ETAG].to_str().unwrap().to_owned();

    let again = |tag: String| {
        let request = TestApp::request(Method::GET, &path)
            .header(header::IF_NONE_MATCH, tag)
            .body(axum::body::Body::empty())
            .unwrap();
        app.send(request)
    };
    let unchanged = again(tag.clone()).await;
    assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);
    assert!(unchanged.text.is_empty());
    assert_eq!(unchanged.headers[header::ETAG], tag.as_str());

    let goal = event(
        id,
        1200,
        5,
        "shot",
        shot(league.away, league.away_players[2], true),
    );
    assert_eq!(
        log(&app, &league.admin, goal).await.status,
        StatusCode::CREATED
    );
    let changed = again(tag.clone()).await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(changed.body["awayTeamGoalsTotal"], 1);
    assert_ne!(changed.headers[header::ETAG], tag.as_str());
}

#[tokio::test]
async fn the_day_list_holds_the_days_matches_and_every_match_under_way() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    // 2026-11-28T18:00:00Z, not started.
    let upcoming = league.new_match(&app).await;
    let ids = |reply: Reply| -> Vec<u64> {
        reply
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_u64().unwrap())
            .collect()
    };
    let on = |query: &str| format!("/api/Public/Matches?{query}");
    assert_eq!(ids(public(&app, &on("date=2026-11-28")).await), [upcoming]);
    assert!(ids(public(&app, &on("date=2026-11-29")).await).is_empty());
    // In UTC+14 the 29th begins at 10:00 UTC on the 28th; in UTC-10 the 28th ends at 10:00 UTC
    // on the 29th.
    assert_eq!(
        ids(public(&app, &on("date=2026-11-29&tzOffset=840")).await),
        [upcoming]
    );
    assert_eq!(
        ids(public(&app, &on("date=2026-11-28&tzOffset=-600")).await),
        [upcoming]
    );
    assert!(ids(public(&app, &on("date=2026-11-28&tzOffset=840")).await).is_empty());

    let playing = match_under_way(&app, &league).await;
    let list = public(&app, &on("date=2030-01-01")).await;
    assert_eq!(ids(list), [playing], "a match under way shows on any day");

    let refused = app.get(&on("tzOffset=900"), None).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.body["message"],
        "tzOffset must be from -840 to 840 minutes."
    );
    let refused = app.get(&on("date=2026-02-30"), None).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
}

#[tokio::test]
async fn a_day_without_matches_points_to_the_nearest_days_with_them_in_the_spectators_zone() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    for start in ["2026-11-21T18:00:00Z", "2026-12-05T18:00:00Z"] {
        let mut body = league.match_body();
        body["startDate"] = json!(start);
        let created = post(&app, &league.admin, "/api/Matches", body).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    }
    // 2026-11-28T18:00:00Z.
    league.new_match(&app).await;
    let days = |query: &str| {
        let path = format!("/api/Public/MatchDays?{query}");
        let app = &app;
        async move { public(app, &path).await.body }
    };
    assert_eq!(
        days("date=2026-11-25").await,
        json!({"previous": "2026-11-21", "next": "2026-11-28"})
    );
    // A day with matches points past itself.
    assert_eq!(
        days("date=2026-11-28").await,
        json!({"previous": "2026-11-21", "next": "2026-12-05"})
    );
    assert_eq!(
        days("date=2026-12-05").await,
        json!({"previous": "2026-11-28", "next": null})
    );
    assert_eq!(
        days("date=2026-11-01").await,
        json!({"previous": null, "next": "2026-11-21"})
    );
    // In UTC+14, 18:00 UTC is 08:00 of the next day.
    assert_eq!(
        days("date=2026-11-28&tzOffset=840").await,
        json!({"previous": "2026-11-22", "next": "2026-11-29"})
    );
    let refused = app.get("/api/Public/MatchDays?tzOffset=-900", None).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.body["message"],
        "tzOffset must be from -840 to 840 minutes."
    );

    // The matches of a competition that is not public point nowhere.
    let competition = format!("/api/Competitions/{}", league.competition);
    let mut body = app.get(&competition, Some(&league.admin)).await.body;
    body["isPublic"] = json!(false);
    let saved = put(&app, &league.admin, &competition, body).await;
    assert!(saved.status.is_success(), "{}", saved.text);
    assert_eq!(
        days("date=2026-11-25").await,
        json!({"previous": null, "next": null})
    );
}

#[tokio::test]
async fn a_public_competition_shows_its_live_matches_its_round_and_its_tables() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    let playing = match_under_way(&app, &league).await;
    let later = league.new_match(&app).await;
    let page = public(
        &app,
        &format!("/api/Public/Competitions/{}", league.competition),
    )
    .await
    .body;
    assert_eq!(page["name"], "Superliga");
    let listed = public(&app, "/api/Public/Competitions").await.body;
    assert_eq!(
        listed,
        json!([{"id": league.competition, "name": "Superliga", "nameUniversal": "Super League",
            "season": null}])
    );
    let ids = |list: &Value| -> Vec<u64> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(ids(&page["live"]), [playing]);
    assert_eq!(page["round"], "1");
    assert_eq!(ids(&page["roundMatches"]), [playing, later]);
    let tables: Vec<&str> = page["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["standingType"].as_str().unwrap())
        .collect();
    assert_eq!(tables, ["Overall", "Home", "Away"]);
    assert_eq!(
        page["standings"][0]["rankings"].as_array().unwrap().len(),
        2
    );
}

#[tokio::test]
async fn a_competition_marked_not_public_answers_404_everywhere_public() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    let id = match_under_way(&app, &league).await;
    let competition = format!("/api/Competitions/{}", league.competition);
    let mut body = app.get(&competition, Some(&league.admin)).await.body;
    assert_eq!(body["isPublic"], true, "public unless marked otherwise");
    body["isPublic"] = json!(false);
    let saved = put(&app, &league.admin, &competition, body).await;
    assert!(saved.status.is_success(), "{}", saved.text);
    assert_eq!(
        app.get(&competition, Some(&league.admin)).await.body["isPublic"],
        false
    );

    let gone = format!("There is no public match {id}.");
    for path in ["", "/events", "/stats"] {
        not_found(&app, &format!("/api/Public/Matches/{id}{path}"), &gone).await;
    }
    not_found(
        &app,
        &format!("/api/Public/Competitions/{}", league.competition),
        &format!("There is no public competition {}.", league.competition),
    )
    .await;
    let list = public(&app, "/api/Public/Matches").await.body;
    assert_eq!(
        list,
        json!([]),
        "a match under way of a competition not public"
    );
    // Missing reads the same as not public.
    not_found(
        &app,
        "/api/Public/Matches/999",
        "There is no public match 999.",
    )
    .await;
    // Staff still read it.
    let staff = app
        .get(&format!("/api/Matches/{id}"), Some(&league.admin))
        .await;
    assert_eq!(staff.status, StatusCode::OK);
}

#[tokio::test]
async fn a_crest_is_the_teams_logo_else_its_clubs() {
    let app = TestApp::new().await;
    let league = League::new(&app, false).await;
    let path = format!("/api/Public/Teams/{}/crest", league.home);
    not_found(&app, &path, &format!("Team {} has no crest.", league.home)).await;

    let team = format!("/api/Teams/{}", league.home);
    let mut body = app.get(&team, Some(&league.admin)).await.body;
    let club = format!("/api/Clubs/{}", body["clubId"]);
    let mut club_body = app.get(&club, Some(&league.admin)).await.body;
    let club_logo = png(32, 32);
    club_body["logo"] = json!(club_logo);
    assert!(
        put(&app, &league.admin, &club, club_body)
            .await
            .status
            .is_success()
    );
    let decoded = |logo: &str| {
        base64::engine::general_purpose::STANDARD
            .decode(logo)
            .unwrap()
    };
    let crest = app.get(&path, None).await;
    assert_eq!(crest.status, StatusCode::OK);
    assert_eq!(crest.headers[header::CONTENT_TYPE], "image/png");
    assert!(crest.headers.contains_key(header::ETAG));

    let team_logo = png(64, 48);
    body["logo"] = json!(format!("data:image/png;base64,{team_logo}"));
    assert!(
        put(&app, &league.admin, &team, body)
            .await
            .status
            .is_success()
    );
    let own = app.get(&path, None).await;
    assert_eq!(own.status, StatusCode::OK);
    assert_eq!(own.headers[header::CONTENT_TYPE], "image/png");
    // Another PNG: the team's, not the club's.
    assert_ne!(crest.headers[header::ETAG], own.headers[header::ETAG]);
    assert_eq!(
        own.headers[header::CONTENT_LENGTH].to_str().unwrap(),
        decoded(&team_logo).len().to_string()
    );
    assert_eq!(
        crest.headers[header::CONTENT_LENGTH].to_str().unwrap(),
        decoded(&club_logo).len().to_string()
    );
}

#[tokio::test]
async fn only_the_embed_widget_may_be_framed_by_another_site() {
    let app = TestApp::new().await;
    let policy = |reply: &support::Reply| {
        let csp = reply.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        csp.rsplit("; ").next().unwrap().to_owned()
    };
    let embed = app.get("/embed/match/1", None).await;
    assert_eq!(policy(&embed), "frame-ancestors *");
    assert!(!embed.headers.contains_key(header::X_FRAME_OPTIONS));
    for path in ["/live/1", "/live", "/", "/matches"] {
        let page = app.get(path, None).await;
        assert_eq!(policy(&page), "frame-ancestors 'self'", "{path}");
        assert_eq!(
            page.headers[header::X_FRAME_OPTIONS],
            "SAMEORIGIN",
            "{path}"
        );
    }
}
