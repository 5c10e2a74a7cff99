//! The real `polodesk console` in a terminal (a tmux pane), typed at as a table secretary would:
//! a match logged by keys against `serve --demo` (swim-offs, the keepers prompt, goals, an
//! exclusion, a double exclusion, a timeout, a card), the server killed for a while and the
//! logging going on, the server back on the same port and data, the journal's writes replayed
//! once each; the server's events, score and history, and what a spectator on the hub saw.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use polodesk_client::Client;
use polodesk_domain::live::ClientMessage;
use serde_json::{Value, json};
use support::Server;

/// How long the console may take to show what a key asked for (a debug build on a busy machine).
const PATIENCE: Duration = Duration::from_secs(30);

/// What the terminal shows, with the exit status, once its program has exited.
const EXITED: &str = "The program exited with status";

/// A program in a detached tmux session, 160×48, read through `capture-pane` and typed at
/// through `send-keys`. Its tmux server is its own and ends with it.
struct Terminal {
    /// The folder of the tmux server's socket, removed with it.
    socket: tempfile::TempDir,
}

impl Terminal {
    /// `program ARGS` with `env` in a fresh pane that stays on screen after the program exits,
    /// with its last words and `EXITED` and its exit status under them (tmux's own
    /// `pane_dead_status` is sometimes never filled in).
    fn start(program: &str, args: &[&str], env: &[(&str, &str)]) -> Terminal {
        let terminal = Terminal {
            socket: tempfile::tempdir().unwrap(),
        };
        let mut command = terminal.command();
        command.args([
            "new-session",
            "-d",
            "-s",
            "console",
            "-x",
            "160",
            "-y",
            "48",
        ]);
        for (name, value) in env {
            command.args(["-e", &format!("{name}={value}")]);
        }
        command
            .args([
                "sh",
                "-c",
                &format!("\"$@\"; echo '{EXITED}' $?"),
                "sh",
                program,
            ])
            .args(args)
            .args([";", "set-option", "-g", "remain-on-exit", "on"]);
        let out = match command.output() {
            Ok(out) => out,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => panic!(
                "this test drives the console in tmux, which is not installed: \
                 `cargo xtask test` installs it (or apt-get install tmux)"
            ),
            Err(error) => panic!("tmux did not start: {error}"),
        };
        assert!(out.status.success(), "tmux: {}", support::stderr(&out));
        terminal
    }

    /// `tmux` on this terminal's server (UTF-8, no user configuration), blind to the
    /// environment's PoloDesk settings and to a tmux the test may run in.
    fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        command
            .args(["-u", "-f", "/dev/null", "-S"])
            .arg(self.socket.path().join("tmux"))
            .env_remove("TMUX")
            .env_remove("POLODESK_TOKEN")
            .env_remove("POLODESK_SERVER")
            .env_remove("POLODESK_DATA")
            .stdin(Stdio::null());
        command
    }

    fn tmux(&self, args: &[&str]) -> Output {
        let out = self.command().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            support::stderr(&out)
        );
        out
    }

    /// Keys by tmux's names (`Enter`, `Space`, `Right`); a letter or digit is itself.
    fn press(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "console"];
        args.extend(keys);
        self.tmux(&args);
    }

    /// Characters typed as they are, as a quick secretary types `w7g`.
    fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "console", "-l", text]);
    }

    /// The screen with the lines scrolled off it (tmux scrolls one out to say the pane died).
    fn screen(&self) -> String {
        support::stdout(&self.tmux(&["capture-pane", "-p", "-S", "-", "-t", "console"]))
    }

    /// Polls the screen until `ready` holds for it; fails showing the screen at the deadline.
    async fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "the console did not show {what} in time; the screen:\n{screen}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Polls until the status line (the screen's last line with text) satisfies `ready`.
    async fn wait_for_status(&self, what: &str, ready: impl Fn(&str) -> bool) {
        self.wait_until(what, |screen| {
            let status = screen.lines().rev().find(|line| !line.trim().is_empty());
            ready(status.unwrap_or_default().trim())
        })
        .await;
    }

    /// Polls until the screen shows every one of `texts`.
    async fn wait_for(&self, texts: &[&str]) -> String {
        self.wait_until(&format!("{texts:?}"), |screen| {
            texts.iter().all(|text| screen.contains(text))
        })
        .await
    }

    /// The program's exit status, once it has exited.
    async fn exit_status(&self) -> i32 {
        let screen = self
            .wait_until("the program's exit", |screen| screen.contains(EXITED))
            .await;
        let status = screen
            .split(EXITED)
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next();
        status.unwrap().parse().unwrap()
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.command().arg("kill-server").output();
    }
}

/// A spectator on `/hubs/match` watching one match, as the web app's viewer does: every
/// message it is sent, as JSON, across reconnections while the server is away.
struct Spectator {
    seen: Arc<Mutex<Vec<Value>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Spectator {
    async fn join(url: &str, match_id: u64) -> Spectator {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let client = Client::new(url, None).unwrap();
        let record = Arc::clone(&seen);
        let task = tokio::spawn(async move {
            loop {
                if let Ok((sender, mut receiver)) = client.connect_hub().await
                    && sender.send(&ClientMessage::JoinGroup { match_id }).is_ok()
                {
                    while let Some(Ok(message)) = receiver.next().await {
                        record
                            .lock()
                            .unwrap()
                            .push(serde_json::to_value(message).unwrap());
                    }
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        });
        let spectator = Spectator { seen, task };
        let deadline = Instant::now() + PATIENCE;
        while spectator.of_type("Joined").is_empty() {
            assert!(Instant::now() < deadline, "the spectator did not join");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        spectator
    }

    /// The ids of the events it was told were created, in the order it was told.
    fn created(&self) -> Vec<Value> {
        self.of_type("Event")
            .iter()
            .filter(|message| message["action"] == "created")
            .map(|message| message["event"]["id"].clone())
            .collect()
    }

    /// Polls until it was told of the creation of `ids`, in that order, and of no other.
    async fn wait_for_created(&self, ids: &[Value]) {
        let deadline = Instant::now() + PATIENCE;
        while self.created() != ids {
            assert!(
                Instant::now() < deadline,
                "the spectator saw {:?}, not {ids:?}",
                self.created()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn of_type(&self, kind: &str) -> Vec<Value> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|message| message["type"] == kind)
            .cloned()
            .collect()
    }
}

impl Drop for Spectator {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A fresh match of the demo cup's first two teams with their whole squads (caps as on their
/// rosters) and two referees: its id, and each side's team id, name and player id by cap.
struct Fixture {
    id: u64,
    home: Side,
    away: Side,
}

struct Side {
    id: u64,
    name: String,
    players: Vec<Value>,
}

impl Side {
    fn cap(&self, cap: u64) -> u64 {
        self.players
            .iter()
            .find(|row| row["capNumber"] == cap)
            .unwrap_or_else(|| panic!("{} has no cap {cap}", self.name))["playerId"]
            .as_u64()
            .unwrap()
    }
}

async fn create_match(api: &Client) -> Fixture {
    let competitions: Value = api.get("/api/Competitions").await.unwrap();
    let cup = competitions
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["nameUniversal"] == "Serbian Cup 2026/27")
        .unwrap();
    let competition_id = cup["id"].as_u64().unwrap();
    let detail: Value = api
        .get(&format!("/api/Competitions/{competition_id}"))
        .await
        .unwrap();
    let mut sides = Vec::new();
    for row in &detail["competitionTeams"].as_array().unwrap()[..2] {
        let team: Value = api
            .get(&format!("/api/Teams/{}", row["teamId"]))
            .await
            .unwrap();
        sides.push(Side {
            id: team["id"].as_u64().unwrap(),
            name: team["name"].as_str().unwrap().to_owned(),
            players: team["players"].as_array().unwrap().clone(),
        });
    }
    let away = sides.pop().unwrap();
    let home = sides.pop().unwrap();
    let created: Value = api
        .post(
            "/api/Matches",
            &json!({"homeTeamId": home.id, "awayTeamId": away.id,
                "competitionId": competition_id, "startDate": "2026-12-12T18:00:00Z",
                "venue": "Banjica"}),
        )
        .await
        .unwrap();
    let id = created["id"].as_u64().unwrap();
    let lineup: Vec<Value> = [&home, &away]
        .iter()
        .flat_map(|side| {
            side.players.iter().map(|row| {
                json!({"teamId": side.id, "playerId": row["playerId"],
                    "number": row["capNumber"]})
            })
        })
        .collect();
    let officials: Value = api.get("/api/Officials").await.unwrap();
    let referees: Vec<Value> = officials.as_array().unwrap()[..2]
        .iter()
        .zip([600, 601])
        .map(|(official, role)| json!({"officialId": official["id"], "roleId": role}))
        .collect();
    let _: Value = api
        .put(
            &format!("/api/Matches/{id}/log"),
            &json!({"matchId": id, "matchPlayers": lineup, "matchOfficials": referees}),
        )
        .await
        .unwrap();
    Fixture { id, home, away }
}

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

    let console = Terminal::start(
        env!("CARGO_BIN_EXE_polodesk"),
        &[
            "console",
            "--server",
            &server.url,
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
    );
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

    // q quits at once with nothing waiting, leaving no error on the terminal.
    console.type_text("q");
    assert_eq!(console.exit_status().await, 0);
    let last_words = console.screen();
    assert!(
        !last_words.to_lowercase().contains("error") && !last_words.contains("panicked"),
        "{last_words}"
    );
    eprintln!("the console test took {:?}", started.elapsed());
}
