//! The match rules one by one through the real router: the match form and its status,
//! lineups and events, PINs, which officials may log a match, and the people a match names.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::TestApp;
use crate::support::league::{League, confirm, event, id, ids_by_official, log, post, put, shot};
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::support;

#[tokio::test]
async fn the_match_form_and_its_status_follow_the_spec() {
    let app = TestApp::new().await;
    let l = League::new(&app, false).await;
    let empty = post(&app, &l.admin, "/api/Matches", json!({})).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let errors = &empty.body["errors"];
    assert_eq!(
        errors["homeTeamId"],
        json!(["Home team field is required!"])
    );
    assert_eq!(
        errors["awayTeamId"],
        json!(["Away team field is required!"])
    );
    assert_eq!(
        errors["competitionId"],
        json!(["Competition field is required!"])
    );
    assert_eq!(errors["startDate"], json!(["Start is required!"]));
    let mut same = l.match_body();
    same["awayTeamId"] = json!(l.home);
    same["venue"] = json!("x".repeat(201));
    let same = post(&app, &l.admin, "/api/Matches", same).await;
    assert_eq!(
        same.body["errors"]["awayTeamId"],
        json!(["Home and away team cannot be the same team!"])
    );
    assert_eq!(same.body["errors"]["venue"], json!(["Too long input!"]));

    // A team not entered in the competition.
    let outsider_club = support::club(&app, &l.admin, "VK Jadran").await;
    let outsider = support::team(&app, &l.admin, "Jadran", outsider_club).await;
    let mut body = l.match_body();
    body["awayTeamId"] = json!(outsider);
    let refused = post(&app, &l.admin, "/api/Matches", body).await;
    assert_eq!(
        refused.body["errors"]["awayTeamId"],
        json!(["Both teams must be entered in the competition."])
    );

    let m = l.new_match(&app).await;
    let mut update = l.match_body();
    update["matchSegmentLength"] = Value::Null;
    let no_length = put(&app, &l.admin, &format!("/api/Matches/{m}"), update).await;
    assert_eq!(
        no_length.body["errors"]["matchSegmentLength"],
        json!(["Match segment length field is required!"])
    );

    assert_eq!(
        l.set_status(&app, m, 202).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        l.set_status(&app, m, 201).await.status,
        StatusCode::CONFLICT
    );
    assert_eq!(
        l.set_status(&app, m, 207).await.status,
        StatusCode::NO_CONTENT
    );
    let cancelled = l.set_status(&app, m, 206).await;
    assert_eq!(cancelled.status, StatusCode::CONFLICT);
    assert_eq!(
        cancelled.body["message"],
        "The match status cannot change from Cancelled to Finished."
    );
    let event = post(
        &app,
        &l.admin,
        "/api/Events",
        event(m, 1200, 1, "timeout", json!({"teamId": l.home})),
    )
    .await;
    assert_eq!(event.status, StatusCode::CONFLICT);
    assert_eq!(
        event.body["message"],
        "The match is cancelled; its log cannot change."
    );

    // Search: by team name, status and start, latest first by default.
    let second = l.new_match(&app).await;
    let mut later = l.match_body();
    later["startDate"] = json!("2026-12-05T18:00:00Z");
    let third = id(&post(&app, &l.admin, "/api/Matches", later).await);
    let page = post(
        &app,
        &l.admin,
        "/api/Matches/search",
        json!({"pageSize": 2}),
    )
    .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert_eq!(page.body["totalItems"], 3);
    assert_eq!(page.body["totalPages"], 2);
    assert_eq!(page.body["pageItems"][0]["id"], third);
    let filtered = post(
        &app,
        &l.admin,
        "/api/Matches/search",
        json!({"filter": {"awayTeamDisplayName": "ZVEZDA", "status": 200,
            "startDate": [{"value": "2026-12-01", "operation": "LT"}]}}),
    )
    .await;
    let ids: Vec<u64> = filtered.body["pageItems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_u64().unwrap())
        .collect();
    assert_eq!(ids, [second]);
    let bad = post(
        &app,
        &l.admin,
        "/api/Matches/search",
        json!({"filter": {"startDate": [{"value": "soon"}]}}),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);

    // A team's deletion takes its matches.
    let deleted = app
        .delete(&format!("/api/Teams/{}", l.home), Some(&l.admin))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    let page = post(&app, &l.admin, "/api/Matches/search", json!({})).await;
    assert_eq!(page.body["totalItems"], 0);
    assert_eq!(
        app.get(&format!("/api/Matches/{third}"), Some(&l.admin))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn lineups_and_events_hold_to_their_rules() {
    let app = TestApp::new().await;
    let l = League::new(&app, false).await;
    let m = l.new_match(&app).await;
    let mut lineup = l.lineup();
    lineup[1]["number"] = json!(1);
    lineup[5]["playerId"] = json!(l.away_players[0]);
    lineup[6]["number"] = json!(17);
    let body = json!({"matchId": m, "matchPlayers": lineup});
    let refused = put(&app, &l.admin, &format!("/api/Matches/{m}/players"), body).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    let errors = &refused.body["errors"];
    assert_eq!(
        errors["matchPlayers[1].number"],
        json!(["This slot is already taken."])
    );
    assert_eq!(
        errors["matchPlayers[5].playerId"],
        json!(["This player is already in the lineup."])
    );
    assert_eq!(
        errors["matchPlayers[6].number"],
        json!(["Lineup slot must be between 1 and 16."])
    );
    assert_eq!(l.set_log(&app, m).await.status, StatusCode::OK);

    let (h, a) = (&l.home_players, &l.away_players);
    // Someone outside the lineup, a goal that was saved, a time past the segment.
    let mut outsider = shot(l.home, a[1], true);
    outsider["blockedById"] = json!(a[2]);
    let bad = post(
        &app,
        &l.admin,
        "/api/Events",
        event(m, 1200, 9, "shot", outsider),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.body["errors"]["shot.isGoal"],
        json!(["A goal cannot be blocked or saved."])
    );
    let mut late = event(m, 1200, 9, "shot", shot(l.home, a[1], false));
    let bad = post(&app, &l.admin, "/api/Events", late.clone()).await;
    assert_eq!(
        bad.body["errors"]["shot.takenById"],
        json!(["This player is not in the home team's lineup."])
    );
    assert_eq!(
        bad.body["errors"]["minute"],
        json!(["The time must fit the segment length of 8 minutes."])
    );
    late["shot"]["takenById"] = json!(h[1]);
    late["minute"] = json!(6);
    late["timeout"] = json!({"teamId": l.home});
    let two = post(&app, &l.admin, "/api/Events", late).await;
    assert_eq!(
        two.body["errors"]["shot"],
        json!(["An event of type Shot needs its shot record and no other."])
    );
    let mut unlabelled = event(m, 1201, 7, "timeout", json!({"teamId": l.away}));
    unlabelled["clientId"] = json!("retry-1");
    let bad = post(&app, &l.admin, "/api/Events", unlabelled).await;
    assert_eq!(
        bad.body["errors"]["clientId"],
        json!(["clientId must be a UUID such as 7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f."])
    );
    let timeout = |minute| event(m, 1201, minute, "timeout", json!({"teamId": l.away}));
    log(&app, &l.admin, timeout(7)).await;
    log(&app, &l.admin, timeout(5)).await;
    let third = post(&app, &l.admin, "/api/Events", timeout(3)).await;
    assert_eq!(
        third.body["errors"]["timeout.teamId"],
        json!(["This team has used both its timeouts."])
    );

    // A player an event names stays in the lineup.
    log(
        &app,
        &l.admin,
        event(m, 1200, 6, "shot", shot(l.home, h[3], true)),
    )
    .await;
    let mut fewer = l.lineup();
    fewer.as_array_mut().unwrap().remove(3);
    let body = json!({"matchId": m, "matchPlayers": fewer});
    let kept = put(&app, &l.admin, &format!("/api/Matches/{m}/players"), body).await;
    assert_eq!(kept.status, StatusCode::CONFLICT);
    assert_eq!(
        kept.body["message"],
        "This home team player cannot be deleted because he is referenced by an event!"
    );
    let events = app.get(&format!("/api/Events/{m}"), Some(&l.admin)).await;
    assert_eq!(events.body.as_array().unwrap().len(), 3);
    assert_eq!(events.body[0]["periodId"], 1200, "log order: by period");
}

/// Events sent at once (two devices on one match, a burst after a reconnect) are each checked
/// against the log as it stands when their turn comes, though the store writes them together:
/// the rules hold as if they came one by one, and a refused event takes nothing with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_sent_at_once_meet_the_rules_as_if_sent_one_by_one() {
    let app = TestApp::new().await;
    let l = League::new(&app, false).await;
    let m = l.new_match(&app).await;
    assert_eq!(l.set_log(&app, m).await.status, StatusCode::OK);
    // Goals alone: nothing to refuse, so the store writes them together.
    let goals = (1..=4).map(|minute| {
        let goal = event(
            m,
            1203,
            minute,
            "shot",
            shot(l.home, l.home_players[2], true),
        );
        post(&app, &l.admin, "/api/Events", goal)
    });
    for reply in futures_util::future::join_all(goals).await {
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    }
    let mut bodies = Vec::new();
    for minute in 1..=4 {
        let goal = shot(l.home, l.home_players[1], true);
        bodies.push(event(m, 1200, minute, "shot", goal));
        bodies.push(event(m, 1201, minute, "timeout", json!({"teamId": l.away})));
    }
    for round in 0..3 {
        let sent = bodies
            .iter()
            .map(|body| post(&app, &l.admin, "/api/Events", body.clone()));
        let replies = futures_util::future::join_all(sent).await;
        let created = replies
            .iter()
            .filter(|r| r.status == StatusCode::CREATED)
            .count();
        let refused: Vec<&Value> = replies
            .iter()
            .filter(|r| r.status != StatusCode::CREATED)
            .map(|r| &r.body["errors"]["timeout.teamId"])
            .collect();
        // Timeouts are limited to two a team in a match, goals are not.
        if round == 0 {
            assert_eq!(created, 6, "4 goals and 2 timeouts");
        } else {
            assert_eq!(created, 4, "4 goals more, no timeout");
        }
        for errors in refused {
            assert_eq!(errors, &json!(["This team has used both its timeouts."]));
        }
    }
    let events = app.get(&format!("/api/Events/{m}"), Some(&l.admin)).await;
    assert_eq!(events.body.as_array().unwrap().len(), 18);
    let game = app.get(&format!("/api/Matches/{m}"), Some(&l.admin)).await;
    assert_eq!(game.body["homeTeamGoalsTotal"], 16, "{}", game.text);
    let history = app
        .get(&format!("/api/Matches/{m}/history"), Some(&l.admin))
        .await;
    let created = history
        .body
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["action"] == "Event created")
        .count();
    assert_eq!(created, 18, "one history entry for each event kept");
}

#[tokio::test]
async fn wrong_pins_pause_an_officials_confirmations() {
    let app = TestApp::new().await;
    let l = League::new(&app, true).await;
    let m = l.new_match(&app).await;
    let saved = l.set_log(&app, m).await;
    let referee = saved.body["officials"][0]["id"].as_u64().unwrap();
    assert_eq!(
        l.set_status(&app, m, 206).await.status,
        StatusCode::NO_CONTENT
    );
    let path = format!("/api/Matches/{referee}/confirm");
    for _ in 0..4 {
        let wrong = put(&app, &l.admin, &path, json!({"pin": "0000"})).await;
        assert_eq!(wrong.status, StatusCode::BAD_REQUEST, "{}", wrong.text);
    }
    let fifth = put(&app, &l.admin, &path, json!({"pin": "0000"})).await;
    assert_eq!(fifth.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        fifth.body["message"],
        "Too many wrong PINs for this official. Try again in 15 minutes."
    );
    assert!(fifth.headers.contains_key("retry-after"));
    let right = put(&app, &l.admin, &path, json!({"pin": "1234"})).await;
    assert_eq!(
        right.status,
        StatusCode::TOO_MANY_REQUESTS,
        "paused even for the right PIN"
    );
    // Setting a new PIN clears the count.
    let reset = put(
        &app,
        &l.admin,
        &format!("/api/Officials/{}/pin", l.referee),
        json!({"pin": "2468"}),
    )
    .await;
    assert!(reset.status.is_success(), "{}", reset.text);
    let confirmed = put(&app, &l.admin, &path, json!({"pin": "2468"})).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text);

    // Guesses sent all at once are counted one by one: four wrong answers, then the pause.
    let delegate = saved.body["officials"][1]["id"].as_u64().unwrap();
    let path = format!("/api/Matches/{delegate}/confirm");
    let guesses = (0..8).map(|i| put(&app, &l.admin, &path, json!({"pin": format!("000{i}")})));
    let replies = futures_util::future::join_all(guesses).await;
    let count = |status| replies.iter().filter(|r| r.status == status).count();
    assert_eq!(count(StatusCode::BAD_REQUEST), 4);
    assert_eq!(count(StatusCode::TOO_MANY_REQUESTS), 4);
}

#[tokio::test]
async fn officials_log_only_the_matches_they_are_assigned_to() {
    use polodesk_domain::codes::UserType;
    use polodesk_domain::users::Identities;
    let app = TestApp::new().await;
    let l = League::new(&app, false).await;
    let m = l.new_match(&app).await;
    let game = app.get(&format!("/api/Matches/{m}"), Some(&l.admin)).await;
    assert_eq!(game.body["logPinRequired"], false, "confirmed without PINs");
    let official = Identities {
        official_id: Some(1),
        ..Identities::default()
    };
    app.user("assigned@polodesk.test", UserType::Person, Some(official))
        .await;
    app.user("other@polodesk.test", UserType::Person, Some(official))
        .await;
    app.user("federation@polodesk.test", UserType::Federation, None)
        .await;
    let assigned = app.token("assigned@polodesk.test").await;
    let other = app.token("other@polodesk.test").await;
    let federation = app.token("federation@polodesk.test").await;
    let me = app.get("/api/Users/me", Some(&assigned)).await;
    let official_id = me.body["officialId"].as_u64().unwrap();
    let body =
        json!({"matchId": m, "matchOfficials": [{"officialId": official_id, "roleId": 602}]});
    let set = put(&app, &l.admin, &format!("/api/Matches/{m}/officials"), body).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text);
    let mut lineup = l.lineup();
    lineup.as_array_mut().unwrap().truncate(2);
    let body = json!({"matchId": m, "matchPlayers": lineup});
    assert_eq!(
        put(&app, &l.admin, &format!("/api/Matches/{m}/players"), body)
            .await
            .status,
        StatusCode::OK
    );

    let timeout = event(m, 1200, 3, "timeout", json!({"teamId": l.home}));
    let me = app.get("/api/Users/me", Some(&assigned)).await;
    assert_eq!(me.body["access"]["matches"], json!([m]), "{}", me.text);
    let logged = post(&app, &assigned, "/api/Events", timeout.clone()).await;
    assert_eq!(logged.status, StatusCode::CREATED, "{}", logged.text);
    for token in [&other, &federation] {
        let refused = post(&app, token, "/api/Events", timeout.clone()).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
        let id = logged.body["id"].as_u64().unwrap();
        let refused = app.delete(&format!("/api/Events/{id}"), Some(token)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
    }
    // An official keeps the match's competition and teams, and may not choose who officiates.
    let mut moved = l.match_body();
    moved["homeTeamId"] = json!(l.away);
    moved["awayTeamId"] = json!(l.home);
    moved["matchSegmentLength"] = json!(8);
    let refused = put(&app, &assigned, &format!("/api/Matches/{m}"), moved).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let officials_path = format!("/api/Matches/{m}/officials");
    let alone = json!({"matchOfficials": []});
    assert_eq!(
        put(&app, &assigned, &officials_path, alone).await.status,
        StatusCode::FORBIDDEN
    );
    let role = json!({"matchOfficials": [{"officialId": official_id, "roleId": 603}]});
    let retitled = put(&app, &assigned, &officials_path, role).await;
    assert_eq!(retitled.status, StatusCode::OK, "{}", retitled.text);
    assert_eq!(retitled.body["officials"][0]["roleId"], 603);
    // A referee added by staff: without PINs, only the referee confirms for themself.
    let body = json!({"matchOfficials": [{"officialId": official_id, "roleId": 602},
        {"officialId": l.referee, "roleId": 600}]});
    let set = put(&app, &l.admin, &officials_path, body).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text);
    let history = app
        .get(&format!("/api/Matches/{m}/history"), Some(&other))
        .await;
    assert_eq!(history.status, StatusCode::OK, "officials read histories");
    app.user("fan@polodesk.test", UserType::Person, None).await;
    let fan = app.token("fan@polodesk.test").await;
    let history = app
        .get(&format!("/api/Matches/{m}/history"), Some(&fan))
        .await;
    assert_eq!(
        history.status,
        StatusCode::FORBIDDEN,
        "a spectator does not"
    );

    // The assigned official may finish the match but not delete it.
    let mut finish = l.match_body();
    finish["statusId"] = json!(206);
    finish["matchSegmentLength"] = json!(8);
    let finished = put(&app, &assigned, &format!("/api/Matches/{m}"), finish).await;
    assert_eq!(finished.status, StatusCode::NO_CONTENT, "{}", finished.text);
    let delete = app
        .delete(&format!("/api/Matches/{m}"), Some(&assigned))
        .await;
    assert_eq!(delete.status, StatusCode::FORBIDDEN);
    let rows = ids_by_official(&set.body["officials"]);
    let foreign = confirm(&app, &assigned, rows[&l.referee], None).await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    let confirmed = confirm(&app, &assigned, rows[&official_id], None).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text);
    // A write after one confirmation clears it: the confirmation was of the log as it was.
    // Viewers are told, with the officials, so no screen shows it still confirmed.
    let mut viewer = app.hub.subscribe(m);
    let late = event(m, 1201, 2, "timeout", json!({"teamId": l.home}));
    let late = post(&app, &assigned, "/api/Events", late).await;
    assert_eq!(late.status, StatusCode::CREATED, "{}", late.text);
    let game = app.get(&format!("/api/Matches/{m}"), Some(&l.admin)).await;
    let officials = game.body["officials"].as_array().unwrap();
    assert!(officials.iter().all(|o| o["confirmed"] == false));
    let told: Vec<serde_json::Value> = crate::support::received(&mut viewer)
        .await
        .iter()
        .map(|frame| serde_json::from_str(frame).unwrap())
        .collect();
    let kinds: Vec<&str> = told.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["Event", "Match"], "{told:?}");
    assert!(
        told[1]["officials"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["confirmed"] == false),
        "{told:?}"
    );
    // Once both confirm, the log is closed to officials.
    let again = confirm(&app, &assigned, rows[&official_id], None).await;
    assert_eq!(again.status, StatusCode::OK);
    let referee = confirm(&app, &l.admin, rows[&l.referee], None).await;
    assert_eq!(referee.status, StatusCode::OK);
    let closed = post(
        &app,
        &assigned,
        "/api/Events",
        event(m, 1200, 2, "timeout", json!({"teamId": l.away})),
    )
    .await;
    assert_eq!(closed.status, StatusCode::CONFLICT);
    assert_eq!(
        closed.body["message"],
        "The match log is confirmed and closed; only federation staff or an administrator can correct it."
    );
}

#[tokio::test]
async fn people_a_match_names_are_not_deleted_from_under_it() {
    let app = TestApp::new().await;
    let l = League::new(&app, false).await;
    let m = l.new_match(&app).await;
    assert_eq!(l.set_log(&app, m).await.status, StatusCode::OK);
    let player = l.home_players[0];
    let refused = app
        .delete(&format!("/api/Players/{player}"), Some(&l.admin))
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(
        refused.body["message"],
        "This player cannot be deleted because a match names them; remove them from its lineups or officials first."
    );
    let official = app
        .delete(&format!("/api/Officials/{}", l.referee), Some(&l.admin))
        .await;
    assert_eq!(official.status, StatusCode::CONFLICT);
    // Deleting the person behind the player is refused the same way, and nothing is lost.
    let person = app
        .get(&format!("/api/Players/{player}"), Some(&l.admin))
        .await
        .body["personId"]
        .as_u64()
        .unwrap();
    let cascade = app
        .delete(&format!("/api/Persons/{person}"), Some(&l.admin))
        .await;
    assert_eq!(cascade.status, StatusCode::CONFLICT);
    assert_eq!(
        app.get(&format!("/api/Players/{player}"), Some(&l.admin))
            .await
            .status,
        StatusCode::OK
    );
    // Out of the lineup, the player may go.
    let body = json!({"matchId": m, "matchPlayers": []});
    assert_eq!(
        put(&app, &l.admin, &format!("/api/Matches/{m}/players"), body)
            .await
            .status,
        StatusCode::OK
    );
    let deleted = app
        .delete(&format!("/api/Players/{player}"), Some(&l.admin))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text);
}
