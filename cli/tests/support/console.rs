//! The console in a terminal for the tests and the benchmark: a program in a tmux pane typed at
//! and read as a person would, a spectator on the live hub, and a fresh match with lineups.

use std::process::{Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use polodesk_client::Client;
use polodesk_domain::live::ClientMessage;
use serde_json::{Value, json};

/// How long the console may take to show what a key asked for (a debug build on a busy machine).
pub const PATIENCE: Duration = Duration::from_secs(30);

/// What the terminal shows, with the exit status, once its program has exited.
pub const EXITED: &str = "The program exited with status";

/// A program in a detached tmux session, 160×48, read through `capture-pane` and typed at
/// through `send-keys`. Its tmux server is its own and ends with it.
pub struct Terminal {
    /// The folder of the tmux server's socket, removed with it.
    socket: tempfile::TempDir,
}

impl Terminal {
    /// `program ARGS` with `env` in a fresh pane that stays on screen after the program exits,
    /// with its last words and `EXITED` and its exit status under them (tmux's own
    /// `pane_dead_status` is sometimes never filled in).
    pub fn start(program: &str, args: &[&str], env: &[(&str, &str)]) -> Terminal {
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
        assert!(out.status.success(), "tmux: {}", super::stderr(&out));
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
            super::stderr(&out)
        );
        out
    }

    /// Keys by tmux's names (`Enter`, `Space`, `Right`); a letter or digit is itself.
    pub fn press(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "console"];
        args.extend(keys);
        self.tmux(&args);
    }

    /// Characters typed as they are, as a quick secretary types `w7g`.
    pub fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "console", "-l", text]);
    }

    /// The screen with the lines scrolled off it (tmux scrolls one out to say the pane died).
    pub fn screen(&self) -> String {
        super::stdout(&self.tmux(&["capture-pane", "-p", "-S", "-", "-t", "console"]))
    }

    /// Polls the screen until `ready` holds for it; fails showing the screen at the deadline.
    pub async fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
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
    pub async fn wait_for_status(&self, what: &str, ready: impl Fn(&str) -> bool) {
        self.wait_until(what, |screen| {
            let status = screen.lines().rev().find(|line| !line.trim().is_empty());
            ready(status.unwrap_or_default().trim())
        })
        .await;
    }

    /// Polls until the screen shows every one of `texts`.
    pub async fn wait_for(&self, texts: &[&str]) -> String {
        self.wait_until(&format!("{texts:?}"), |screen| {
            texts.iter().all(|text| screen.contains(text))
        })
        .await
    }

    /// The program's exit status, once it has exited.
    pub async fn exit_status(&self) -> i32 {
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
pub struct Spectator {
    /// Every message, with the moment it arrived.
    seen: Arc<Mutex<Vec<(Instant, Value)>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Spectator {
    pub async fn join(url: &str, match_id: u64) -> Spectator {
        Spectator::join_any(&[url], match_id).await
    }

    /// A spectator that, whenever its connection ends, tries the next of `urls` (as a viewer
    /// behind a load balancer lands on another edge).
    pub async fn join_any(urls: &[&str], match_id: u64) -> Spectator {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let clients: Vec<Client> = urls
            .iter()
            .map(|url| Client::new(url, None).unwrap())
            .collect();
        let record = Arc::clone(&seen);
        let task = tokio::spawn(async move {
            for client in clients.iter().cycle() {
                if let Ok((sender, mut receiver)) = client.connect_hub().await
                    && sender.send(&ClientMessage::JoinGroup { match_id }).is_ok()
                {
                    while let Some(Ok(message)) = receiver.next().await {
                        record
                            .lock()
                            .unwrap()
                            .push((Instant::now(), serde_json::to_value(message).unwrap()));
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
    pub fn created(&self) -> Vec<Value> {
        self.of_type("Event")
            .iter()
            .filter(|message| message["action"] == "created")
            .map(|message| message["event"]["id"].clone())
            .collect()
    }

    /// Polls until it was told of the creation of `ids`, in that order, and of no other.
    pub async fn wait_for_created(&self, ids: &[Value]) {
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

    /// Every message, in the order it came.
    pub fn of_type_any(&self) -> Vec<Value> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .map(|(_, message)| message.clone())
            .collect()
    }

    pub fn of_type(&self, kind: &str) -> Vec<Value> {
        self.arrivals(kind)
            .into_iter()
            .map(|(_, message)| message)
            .collect()
    }

    /// The messages of `kind`, each with the moment it arrived.
    pub fn arrivals(&self, kind: &str) -> Vec<(Instant, Value)> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .filter(|(_, message)| message["type"] == kind)
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
pub struct Fixture {
    pub id: u64,
    pub home: Side,
    pub away: Side,
}

pub struct Side {
    pub id: u64,
    pub name: String,
    pub players: Vec<Value>,
}

impl Side {
    pub fn cap(&self, cap: u64) -> u64 {
        self.players
            .iter()
            .find(|row| row["capNumber"] == cap)
            .unwrap_or_else(|| panic!("{} has no cap {cap}", self.name))["playerId"]
            .as_u64()
            .unwrap()
    }
}

pub async fn create_match(api: &Client) -> Fixture {
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
