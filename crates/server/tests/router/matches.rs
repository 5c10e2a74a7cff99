//! A whole match through the real router, as the issue scripts it: a competition with two
//! teams, lineups, coaches and two officials with PINs, four periods with swim-offs, goals,
//! exclusions, a double exclusion and a timeout, a penalty shootout, finish, and confirmation
//! by both officials; then the scores, statistics, standings, history and live messages it
//! gives. `match_rules.rs` pins the rules one by one.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::league::{League, confirm, event, log, post, put, shot};
use crate::support::{Reply, TestApp};
use axum::http::StatusCode;
use polodesk_server::hub::Subscription;
use serde_json::{Value, json};

use crate::support;

/// Everything a viewer has been sent so far, as JSON.
async fn received(viewer: &mut Subscription) -> Vec<Value> {
    let frames = support::received(viewer).await;
    frames
        .iter()
        .map(|frame| serde_json::from_str(frame).unwrap())
        .collect()
}

fn totals(reply: &Reply) -> (u64, u64) {
    let game = &reply.body["match"];
    (
        game["homeTeamGoalsTotal"].as_u64().unwrap(),
        game["awayTeamGoalsTotal"].as_u64().unwrap(),
    )
}

#[tokio::test]
async fn a_scripted_match_gives_the_right_scores_stats_standings_and_history() {
    let app = TestApp::new().await;
    let l = League::new(&app, true).await;
    let admin = l.admin.clone();
    let m = l.new_match(&app).await;
    let game = app.get(&format!("/api/Matches/{m}"), Some(&admin)).await;
    assert_eq!(game.body["statusId"], 200);
    assert_eq!(game.body["status"], "Not_Started");
    assert_eq!(game.body["matchSegmentLength"], 8);
    assert_eq!(game.body["homeTeamDisplayName"], "Partizan");
    assert_eq!(game.body["competitionDisplayName"], "Superliga");
    assert_eq!(
        game.body["logPinRequired"], true,
        "the competition asks for PINs"
    );

    let mut viewer = app.hub.subscribe(m);
    let saved = l.set_log(&app, m).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(saved.body["players"].as_array().unwrap().len(), 8);
    assert_eq!(
        saved.body["players"][0]["positionId"], 400,
        "slot 1 is the keeper"
    );
    assert_eq!(
        saved.body["players"][1]["capNumber"], 2,
        "the roster's cap number"
    );
    assert_eq!(saved.body["referees"][0]["name"], "Sudija");
    let officials: Vec<u64> = saved.body["officials"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_u64().unwrap())
        .collect();

    // Confirming before the end is refused.
    let early = put(
        &app,
        &admin,
        &format!("/api/Matches/{}/confirm", officials[0]),
        json!({"pin": "1234"}),
    )
    .await;
    assert_eq!(early.status, StatusCode::CONFLICT);
    assert_eq!(
        early.body["message"],
        "The match log can be confirmed only when the match is finished."
    );

    assert_eq!(
        l.set_status(&app, m, 201).await.status,
        StatusCode::NO_CONTENT
    );
    let locked = l.set_log(&app, m).await;
    assert_eq!(locked.status, StatusCode::CONFLICT);
    assert_eq!(
        locked.body["message"],
        "Lineups can be changed only before the match starts."
    );

    let (h, a) = (&l.home_players, &l.away_players);
    let (home, away) = (l.home, l.away);
    let swim = |m, period, winner_home: bool| {
        let winner = if winner_home { h[1] } else { a[1] };
        let team = if winner_home { home } else { away };
        event(
            m,
            period,
            8,
            "swimoff",
            json!({"homeTeamSwimmerId": h[1], "awayTeamSwimmerId": a[1],
                "winnerSwimmerId": winner, "winnerTeamId": team}),
        )
    };
    // 1st period: swim-off to home; home 2 (one assisted), away 1.
    log(&app, &admin, swim(m, 1200, true)).await;
    let mut assisted = shot(home, h[1], true);
    assisted["assistedById"] = json!(h[2]);
    let first = log(&app, &admin, event(m, 1200, 7, "shot", assisted)).await;
    assert_eq!(totals(&first), (1, 0));
    assert_eq!(first.body["match"]["homeTeamGoalsQ1"], 1);
    log(
        &app,
        &admin,
        event(m, 1200, 5, "shot", shot(home, h[2], true)),
    )
    .await;
    let q1 = log(
        &app,
        &admin,
        event(m, 1200, 2, "shot", shot(away, a[1], true)),
    )
    .await;
    assert_eq!(totals(&q1), (2, 1));

    // A retried POST with the same client id answers the first event.
    let mut retried = event(m, 1200, 1, "shot", shot(away, a[2], false));
    retried["clientId"] = json!("7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f");
    let once = log(&app, &admin, retried.clone()).await;
    let again = post(&app, &admin, "/api/Events", retried).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["id"], once.body["id"]);

    // 2nd period: swim-off to away; a home shot saved by the away keeper; away scores.
    log(&app, &admin, swim(m, 1201, false)).await;
    let mut saved_shot = shot(home, h[1], false);
    saved_shot["savedById"] = json!(a[0]);
    log(&app, &admin, event(m, 1201, 6, "shot", saved_shot)).await;
    let q2 = log(
        &app,
        &admin,
        event(m, 1201, 3, "shot", shot(away, a[2], true)),
    )
    .await;
    assert_eq!(totals(&q2), (2, 2));

    // 3rd period: an exclusion, a double exclusion, an away timeout, a home goal.
    log(&app, &admin, swim(m, 1202, true)).await;
    let exclusion = json!({"teamId": home, "typeId": 1000, "excludedPlayerId": h[1],
        "fouledPlayerId": a[1], "locationX": 0.1234, "locationY": 0.5});
    let excluded = log(&app, &admin, event(m, 1202, 7, "exclusion", exclusion)).await;
    assert_eq!(
        excluded.body["exclusion"]["locationX"], 0.123,
        "three decimals"
    );
    let double = json!({"teamId": home, "typeId": 1000, "excludedPlayerId": h[2],
        "fouledPlayerId": a[2], "isDoubleExclusion": true});
    let doubled = log(&app, &admin, event(m, 1202, 6, "exclusion", double)).await;
    let mirror = &doubled.body["pairedEvent"];
    assert_eq!(mirror["exclusion"]["teamId"], away);
    assert_eq!(mirror["exclusion"]["excludedPlayerId"], a[2]);
    assert_eq!(mirror["exclusion"]["fouledPlayerId"], h[2]);
    assert_eq!(mirror["pairedEventId"], doubled.body["id"]);
    log(
        &app,
        &admin,
        event(m, 1202, 4, "timeout", json!({"teamId": away})),
    )
    .await;
    let q3 = log(
        &app,
        &admin,
        event(m, 1202, 1, "shot", shot(home, h[3], true)),
    )
    .await;
    assert_eq!(totals(&q3), (3, 2));

    // 4th period: away 2, home 1: level at 4.
    log(&app, &admin, swim(m, 1203, false)).await;
    log(
        &app,
        &admin,
        event(m, 1203, 7, "shot", shot(away, a[1], true)),
    )
    .await;
    let late = log(
        &app,
        &admin,
        event(m, 1203, 5, "shot", shot(away, a[3], true)),
    )
    .await;
    let q4 = log(
        &app,
        &admin,
        event(m, 1203, 1, "shot", shot(home, h[1], true)),
    )
    .await;
    assert_eq!(totals(&q4), (4, 4));

    // A goal taken back and given again: the score follows each write.
    let late_id = late.body["id"].as_u64().unwrap();
    let missed = event(m, 1203, 5, "shot", shot(away, a[3], false));
    let changed = put(
        &app,
        &admin,
        &format!("/api/Events/{late_id}"),
        missed.clone(),
    )
    .await;
    assert_eq!(totals(&changed), (4, 3), "{}", changed.text);
    let removed = app
        .delete(&format!("/api/Events/{late_id}"), Some(&admin))
        .await;
    assert_eq!(removed.status, StatusCode::OK);
    assert_eq!(totals(&removed), (4, 3));
    let regiven = log(
        &app,
        &admin,
        event(m, 1203, 5, "shot", shot(away, a[3], true)),
    )
    .await;
    assert_eq!(totals(&regiven), (4, 4));

    // A penalty shootout in the overtime column: home 2, away 1.
    assert_eq!(
        l.set_status(&app, m, 205).await.status,
        StatusCode::NO_CONTENT
    );
    for (team, by, goal) in [
        (home, h[1], true),
        (away, a[1], false),
        (home, h[2], true),
        (away, a[2], true),
    ] {
        let mut penalty = shot(team, by, goal);
        penalty["typeId"] = json!(1103);
        log(&app, &admin, event(m, 1204, 0, "shot", penalty)).await;
    }

    assert_eq!(
        l.set_status(&app, m, 206).await.status,
        StatusCode::NO_CONTENT
    );
    let back = l.set_status(&app, m, 203).await;
    assert_eq!(back.status, StatusCode::CONFLICT);
    assert_eq!(
        back.body["message"],
        "The match status cannot change from Finished to Third Period."
    );

    // What a viewer saw: every write in order, with the match's score beside each event.
    let messages = received(&mut viewer).await;
    let seqs: Vec<u64> = messages
        .iter()
        .map(|m| m["seq"].as_u64().unwrap())
        .collect();
    assert!(
        seqs.windows(2).all(|w| w[1] == w[0] + 1),
        "no gap: {seqs:?}"
    );
    let kinds = |kind: &str, action: &str| {
        messages
            .iter()
            .filter(|m| m["type"] == kind && (action.is_empty() || m["action"] == action))
            .count()
    };
    // 4 swim-offs, 11 shots in play (the retried POST publishes nothing), 2 exclusions and the
    // mirror, a timeout, 4 penalties.
    assert_eq!(kinds("Event", "created"), 4 + 11 + 3 + 1 + 4);
    assert_eq!(kinds("Event", "updated"), 1);
    assert_eq!(kinds("Event", "deleted"), 1);
    // The log save, then First_Period, Overtime and Finished.
    assert_eq!(kinds("Match", ""), 4);
    let last_event = messages
        .iter()
        .rev()
        .find(|m| m["type"] == "Event")
        .unwrap();
    assert_eq!(last_event["matchId"], m);
    assert_eq!(last_event["match"]["homeTeamGoalsTotal"], 6);
    assert_eq!(last_event["match"]["awayTeamGoalsOT"], 1);
    assert_eq!(messages.last().unwrap()["match"]["status"], "Finished");

    let game = app.get(&format!("/api/Matches/{m}"), Some(&admin)).await;
    let g = &game.body;
    let columns = |side: &str| -> Vec<u64> {
        ["Q1", "Q2", "Q3", "Q4", "OT"]
            .iter()
            .map(|c| g[format!("{side}TeamGoals{c}")].as_u64().unwrap())
            .collect()
    };
    assert_eq!(columns("home"), [2, 0, 1, 1, 2]);
    assert_eq!(columns("away"), [1, 1, 0, 2, 1]);
    assert_eq!(
        (
            g["homeTeamGoalsTotal"].clone(),
            g["awayTeamGoalsTotal"].clone()
        ),
        (json!(6), json!(5))
    );
    assert_eq!(g["decidedByShootout"], true);
    assert_eq!(g["status"], "Finished");

    // Confirmation by both officials, with their PINs.
    let confirm = |official: u64, pin: Option<&'static str>| confirm(&app, &admin, official, pin);
    let no_pin = confirm(officials[0], None).await;
    assert_eq!(no_pin.body["errors"]["pin"], json!(["PIN is required!"]));
    let short = confirm(officials[0], Some("12")).await;
    assert_eq!(short.body["errors"]["pin"], json!(["Too short PIN!"]));
    let letters = confirm(officials[0], Some("12a4")).await;
    assert_eq!(
        letters.body["errors"]["pin"],
        json!(["Only numbers are allowed!"])
    );
    let wrong = confirm(officials[0], Some("4321")).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong.body["errors"]["pin"], json!(["Wrong PIN!"]));
    let confirmed = confirm(officials[0], Some("1234")).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text);
    assert_eq!(confirmed.body["confirmed"], true);
    assert_eq!(confirmed.body["official"]["name"], "Sudija");
    let second = confirm(officials[1], Some("4321")).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    let game = app.get(&format!("/api/Matches/{m}"), Some(&admin)).await;
    assert_eq!(game.body["logClosed"], true);

    // Statistics counted from the log.
    let scorer = app
        .get(
            &format!("/api/Players/stats?PlayerId={}", h[1]),
            Some(&admin),
        )
        .await;
    assert_eq!(scorer.status, StatusCode::OK, "{}", scorer.text);
    let shots = &scorer.body["shots"];
    // h[1]: Q1 goal, Q2 saved shot, Q4 goal, shootout goal.
    assert_eq!(shots["totalShots"], 4);
    assert_eq!(shots["goals"], 3);
    assert_eq!(shots["saved"], 1);
    assert_eq!(scorer.body["exclusions"]["total"], 1);
    assert_eq!(scorer.body["swimoffs"]["totalWins"], 2);
    assert_eq!(scorer.body["swimoffs"]["totalLoses"], 2);
    let team = app
        .get(
            &format!(
                "/api/Teams/stats?TeamId={away}&CompetitionId={}",
                l.competition
            ),
            Some(&admin),
        )
        .await;
    assert_eq!(team.body["shots"]["goals"], 5);
    assert_eq!(team.body["exclusions"]["total"], 1, "the mirrored half");
    assert_eq!(team.body["exclusions"]["drawnTotal"], 2);
    let missing = app.get("/api/Players/stats", Some(&admin)).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        missing.body["errors"]["PlayerId"],
        json!(["The parameter 'playerId' cannot be null."])
    );

    // Standings: a level match won on penalties, 2 points to 1 by default.
    let tables = app
        .get(
            &format!("/api/Competitions/{}/standings", l.competition),
            Some(&admin),
        )
        .await;
    assert_eq!(tables.status, StatusCode::OK, "{}", tables.text);
    let overall = &tables.body[0];
    assert_eq!(overall["standingType"], "Overall");
    let first = &overall["rankings"][0];
    assert_eq!(
        (first["teamId"].as_u64(), first["points"].as_u64()),
        (Some(home), Some(2))
    );
    assert_eq!(
        (first["goalsScored"].as_u64(), first["shootoutWon"].as_u64()),
        (Some(4), Some(1))
    );
    assert_eq!(overall["rankings"][1]["points"], 1);
    assert_eq!(tables.body[1]["standingType"], "Home");
    let recalculated = post(
        &app,
        &admin,
        &format!("/api/Competitions/{}/standings", l.competition),
        json!(null),
    )
    .await;
    assert_eq!(recalculated.body, tables.body);

    // The details list the match.
    let competition = app
        .get(
            &format!("/api/Competitions/{}", l.competition),
            Some(&admin),
        )
        .await;
    assert_eq!(competition.body["matches"][0]["id"], m);
    let team = app.get(&format!("/api/Teams/{away}"), Some(&admin)).await;
    assert_eq!(team.body["awayMatches"][0]["id"], m);
    assert_eq!(team.body["homeMatches"], json!([]));
    let referee = app
        .get(&format!("/api/Officials/{}", l.referee), Some(&admin))
        .await;
    assert_eq!(referee.body["matches"][0]["awayTeamGoalsTotal"], 5);

    // The history names who did what.
    let history = app
        .get(&format!("/api/Matches/{m}/history"), Some(&admin))
        .await;
    let actions: Vec<&str> = history
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions[0], "Match created");
    assert!(actions.contains(&"Lineups changed"));
    assert!(actions.contains(&"Event updated"));
    assert_eq!(actions.iter().filter(|a| **a == "Log confirmed").count(), 2);
    assert_eq!(history.body[0]["user"], "admin@polodesk.test");
    let update = history
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["action"] == "Event updated")
        .unwrap();
    assert_eq!(update["before"]["shot"]["isGoal"], true);
    assert_eq!(update["after"]["shot"]["isGoal"], false);

    // A correction by an administrator reopens the confirmation.
    let correction = log(
        &app,
        &admin,
        event(
            m,
            1203,
            0,
            "card",
            json!({"teamId": away, "typeId": 800, "cardedCoachId": l.away_coach}),
        ),
    )
    .await;
    assert_eq!(correction.body["match"]["logClosed"], false);
    let game = app.get(&format!("/api/Matches/{m}"), Some(&admin)).await;
    assert!(
        game.body["officials"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["confirmed"] == false)
    );
}
