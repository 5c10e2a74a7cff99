//! The real `polodesk console` in a terminal (a tmux pane), typed at as a table secretary would:
//! a match logged by keys against `serve --demo` (swim-offs, the keepers prompt, goals, an
//! exclusion, a double exclusion, a timeout, a card), the server killed for a while and the
//! logging going on, the server back on the same port and data, the journal's writes replayed
//! once each; the server's events, score and history, and what a spectator on the hub saw.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::Instant;

use polodesk_client::Client;
use serde_json::{Value, json};
use support::Server;
use support::console::{Spectator, Terminal, create_match};

/// Asserts an event's type, period and the fields of its record that `record` names.
#[track_caller]
fn assert_event(event: &Value, type_id: u64, period: u64, kind: &str, record: Value) {
    assert_eq!(
        (&event["typeId"], &event["periodId"]),
        (&json!(type_id), &json!(period)),
        "{event}"
    );
    for (field, expected) in record.as_object().unwrap() {
        assert_eq!(&event[kind][field], expected, "{kind}.{field} of {event}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_console_logs_a_match_by_keys_through_a_server_outage() {
    let started = Instant::now();
    let data = tempfile::tempdir().unwrap();
    let journal = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let addr = server.url.trim_start_matches("http://").to_owned();
    let api = Client::new(&server.url, Some(server.token.clone())).unwrap();
    let game = create_match(&api).await;
    let m = game.id;
    let spectator = Spectator::join(&server.url, m).await;
    // A short-lived access token for the console: the administrator's API token is replaced
    // each time a `Server` starts (it signs in with `polodesk token`), the restart included.
    let signed_in = server.run(
        &[
            "token",
            "--email",
            support::ADMIN,
            "--password",
            support::ADMIN_PASSWORD,
            "--short-lived",
        ],
        None,
    );
    support::exit(&signed_in, 0);
    let console_token = support::stdout(&signed_in).trim().to_owned();

    // The console on match `m`, its journal and sign-in kept across starts.
    let open_console = || {
        Terminal::start(
            env!("CARGO_BIN_EXE_polodesk"),
            &[
                "console",
                "--server",
                &format!("http://{addr}"),
                "--match",
                &m.to_string(),
                "--journal",
                journal.path().to_str().unwrap(),
            ],
            &[
                ("POLODESK_TOKEN", &console_token),
                ("XDG_CONFIG_HOME", config.path().to_str().unwrap()),
                ("XDG_DATA_HOME", config.path().to_str().unwrap()),
            ],
        )
    };
    let console = open_console();
    console
        .wait_for(&[&game.home.name, &game.away.name, "1st Period 08:00 Stopped"])
        .await;
    console
        .wait_for_status("Online", |status| status.ends_with("Online"))
        .await;

    // 1st period: the swim-off won by white 7 against blue 7 starts the clock.
    console.type_text("w7f");
    console.wait_for(&["Swim-off · 1st Period"]).await;
    console.type_text("7");
    console.press(&["Enter"]);
    console
        .wait_for(&["Swim-off won by W7 (W7 v B7)", "Running"])
        .await;
    // A goal with an assist stops it; Space starts it again for the blue goal.
    console.type_text("w7g");
    console.wait_for(&["Goal · 1st Period"]).await;
    console.type_text("5");
    console.press(&["Enter"]);
    console
        .wait_for(&["W7 Goal a W5", "1 : 0", "Stopped"])
        .await;
    console.press(&["Space"]);
    console.wait_for(&["Running"]).await;
    console.type_text("b3g");
    console.press(&["Enter"]);
    console
        .wait_for(&["B3 Goal", "1 : 1", "Periods Q1 1:1"])
        .await;
    console.type_text("b3x");
    console.press(&["Enter"]);
    console.wait_for(&["B3 Exclusion"]).await;
    // The double exclusion: white 4 excluded, blue 2 fouled (f), the double switch (d) on.
    console.type_text("w4x");
    console.wait_for(&["Exclusion · 1st Period"]).await;
    console.type_text("f2d");
    console.press(&["Space"]);
    console.wait_for(&["[x]"]).await;
    console.press(&["Enter"]);
    console
        .wait_for(&["W4 Exclusion (double) on B2", "B2 Exclusion (double) on W4"])
        .await;
    console.type_text("tw");
    console.wait_for(&["W Timeout", "W TO 1"]).await;
    console.type_text("b5c");
    console.press(&["Enter"]);
    console.wait_for(&["B5 Yellow card"]).await;

    // 2nd period: Space asks for the keepers first (no swim-off yet), then opens the swim-off
    // with the last swimmers; blue 7 wins it.
    console.type_text("n");
    console.wait_for(&["2nd Period 08:00 Stopped"]).await;
    console.press(&["Space"]);
    console
        .wait_for(&["Please confirm selected active goalkeepers"])
        .await;
    console.press(&["Enter"]);
    console.wait_for(&["Swim-off · 2nd Period"]).await;
    console.press(&["Right", "Right", "Enter"]);
    console
        .wait_for(&["Swim-off won by B7 (W7 v B7)", "2nd Period", "Running"])
        .await;

    // All this reached the server, and the spectator, before the server dies.
    console
        .wait_for_status("everything sent", |status| status.ends_with("Online"))
        .await;
    let before_outage: Vec<Value> = api.get(&format!("/api/Events/{m}")).await.unwrap();
    let sent: Vec<Value> = before_outage.iter().map(|e| e["id"].clone()).collect();
    assert_eq!(sent.len(), 9, "{before_outage:#?}");
    spectator.wait_for_created(&sent).await;

    // The server dies; the secretary goes on logging into the journal.
    server.stop();
    console.type_text("w9g");
    console.press(&["Enter"]);
    console.type_text("b4o");
    console.press(&["Enter"]);
    console
        .wait_for(&["W9 Goal", "B4 Lost Ball", "2 : 1", "Periods Q1 1:1  Q2 1:0"])
        .await;
    console
        .wait_for_status("Offline with 2 waiting", |status| {
            status.contains("Offline") && status.ends_with("2 waiting to be sent")
        })
        .await;

    // Back on the same port and data: the journal is replayed and nothing waits.
    let server = Server::start_at(data.path(), &addr);
    let api = Client::new(&server.url, Some(server.token.clone())).unwrap();
    console
        .wait_for_status("Online with nothing waiting", |status| {
            status.ends_with("Online")
        })
        .await;

    let events: Vec<Value> = api.get(&format!("/api/Events/{m}")).await.unwrap();
    let (home, away) = (&game.home, &game.away);
    let (p1, p2) = (1200, 1201);
    assert_eq!(events.len(), 11, "{events:#?}");
    assert_event(
        &events[0],
        701,
        p1,
        "swimoff",
        json!({"homeTeamSwimmerId": home.cap(7), "awayTeamSwimmerId": away.cap(7),
            "winnerSwimmerId": home.cap(7), "winnerTeamId": home.id}),
    );
    assert_event(
        &events[1],
        705,
        p1,
        "shot",
        json!({"teamId": home.id, "takenById": home.cap(7), "assistedById": home.cap(5),
            "isGoal": true}),
    );
    assert_event(
        &events[2],
        705,
        p1,
        "shot",
        json!({"teamId": away.id, "takenById": away.cap(3), "assistedById": null,
            "isGoal": true}),
    );
    assert_event(
        &events[3],
        704,
        p1,
        "exclusion",
        json!({"teamId": away.id, "excludedPlayerId": away.cap(3), "isDoubleExclusion": false}),
    );
    assert_event(
        &events[4],
        704,
        p1,
        "exclusion",
        json!({"teamId": home.id, "excludedPlayerId": home.cap(4),
            "fouledPlayerId": away.cap(2), "isDoubleExclusion": true}),
    );
    // The double exclusion's mirrored half, made by the server.
    assert_event(
        &events[5],
        704,
        p1,
        "exclusion",
        json!({"teamId": away.id, "excludedPlayerId": away.cap(2),
            "fouledPlayerId": home.cap(4), "isDoubleExclusion": true}),
    );
    assert_eq!(events[4]["pairedEventId"], events[5]["id"]);
    assert_event(&events[6], 700, p1, "timeout", json!({"teamId": home.id}));
    assert_event(
        &events[7],
        702,
        p1,
        "card",
        json!({"teamId": away.id, "typeId": 800, "cardedPlayerId": away.cap(5)}),
    );
    assert_event(
        &events[8],
        701,
        p2,
        "swimoff",
        json!({"homeTeamSwimmerId": home.cap(7), "awayTeamSwimmerId": away.cap(7),
            "winnerSwimmerId": away.cap(7), "winnerTeamId": away.id}),
    );
    assert_event(
        &events[9],
        705,
        p2,
        "shot",
        json!({"teamId": home.id, "takenById": home.cap(9), "isGoal": true}),
    );
    assert_event(
        &events[10],
        703,
        p2,
        "turnover",
        json!({"teamId": away.id, "lostPossesionPlayerId": away.cap(4)}),
    );
    // Every write of the console went once: its own clientId, none twice.
    let client_ids: Vec<&Value> = events
        .iter()
        .map(|event| &event["clientId"])
        .filter(|id| !id.is_null())
        .collect();
    assert_eq!(client_ids.len(), 10, "all but the mirrored half");
    let mut distinct = client_ids.clone();
    distinct.sort_by_key(|id| id.to_string());
    distinct.dedup();
    assert_eq!(distinct.len(), client_ids.len(), "{client_ids:?}");

    let score: Value = api.get(&format!("/api/Matches/{m}")).await.unwrap();
    let goals = |field: &str| score[field].as_u64().unwrap();
    assert_eq!(
        [
            goals("homeTeamGoalsTotal"),
            goals("awayTeamGoalsTotal"),
            goals("homeTeamGoalsQ1"),
            goals("awayTeamGoalsQ1"),
            goals("homeTeamGoalsQ2"),
            goals("awayTeamGoalsQ2"),
        ],
        [2, 1, 1, 1, 1, 0]
    );

    // The history has each event's creation once, in the order they were made.
    let history: Vec<Value> = api.get(&format!("/api/Matches/{m}/history")).await.unwrap();
    let created: Vec<&Value> = history
        .iter()
        .filter(|entry| entry["action"] == "Event created")
        .map(|entry| &entry["after"]["id"])
        .collect();
    let ids: Vec<&Value> = events.iter().map(|event| &event["id"]).collect();
    assert_eq!(created, ids);

    // The spectator was told of each event once (of those replayed too, if it was back in
    // time), and saw the console's running clock.
    let seen = spectator.created();
    assert_eq!(seen[..sent.len()], sent[..]);
    assert!(
        ids.ends_with(&seen[sent.len()..].iter().collect::<Vec<_>>()),
        "{seen:?}"
    );
    let clocks = spectator.of_type("Clock");
    assert!(
        clocks
            .iter()
            .any(|clock| clock["state"] == "Running" && clock["runningSince"].is_string()),
        "{clocks:#?}"
    );

    // A last timeout, sent while online: the match's copy on this computer follows it.
    console.type_text("tb");
    console.wait_for(&["B Timeout", "B TO 1"]).await;
    console
        .wait_for_status("the timeout sent", |status| status.ends_with("Online"))
        .await;

    // q quits at once with nothing waiting, leaving no error on the terminal.
    console.type_text("q");
    assert_eq!(console.exit_status().await, 0);
    let last_words = console.screen();
    assert!(
        !last_words.to_lowercase().contains("error") && !last_words.contains("panicked"),
        "{last_words}"
    );

    // Without a server, the console opens the match as it last was.
    server.stop();
    let offline = open_console();
    offline
        .wait_for(&["2 : 1", "2nd Period", "B Timeout", "B TO 1"])
        .await;
    offline
        .wait_for_status("Offline", |status| status.contains("Offline"))
        .await;
    offline.type_text("q");
    assert_eq!(offline.exit_status().await, 0);
    eprintln!("the console test took {:?}", started.elapsed());
}
