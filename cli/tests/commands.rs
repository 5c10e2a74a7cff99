//! The administrator's commands through the real `polodesk` binary, against a running server
//! (`--server` with a token) and against the stopped store (`--data`), with their exit codes:
//! 0 success, 1 rejected input, 2 usage, 3 server or store unreachable.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::process::Output;

use serde_json::Value;
use support::{ADMIN, Server, exit, on_store, polodesk, stderr, stdout};

fn json(out: &Output) -> Value {
    exit(out, 0);
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn commands_work_against_a_server_and_a_stopped_store_with_their_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let server = Server::start(data);
    let token = server.token.clone();
    assert!(token.starts_with("pd_"), "an API token: {token}");
    let token = Some(token.as_str());

    // Reads through a running server: the same matches as JSON and as a table.
    let all = json(&server.run(&["matches", "list", "--json"], token));
    let all = all.as_array().unwrap().clone();
    let table = server.run(&["matches", "list"], token);
    exit(&table, 0);
    let lines = stdout(&table);
    assert!(lines.starts_with("ID  START"), "{lines}");
    assert_eq!(lines.lines().count(), all.len() + 1, "{lines}");
    // The demo's match decided by a shootout lists its regular-time score with the shootout
    // beside it, not the two added up.
    let shootout = all
        .iter()
        .find(|m| m["decidedByShootout"] == true)
        .expect("the demo has a match decided by a shootout");
    let goals = |side: &str, columns: &[&str]| -> u64 {
        columns
            .iter()
            .map(|c| shootout[format!("{side}TeamGoals{c}")].as_u64().unwrap())
            .sum()
    };
    let regular = ["Q1", "Q2", "Q3", "Q4"];
    let expected = format!(
        "{}–{}, {}–{} pen.",
        goals("home", &regular),
        goals("away", &regular),
        goals("home", &["OT"]),
        goals("away", &["OT"])
    );
    let row = lines
        .lines()
        .find(|l| l.starts_with(&format!("{}  ", shootout["id"])))
        .unwrap();
    assert!(row.contains(&expected), "{row} should show {expected}");
    let finished = json(&server.run(
        &["matches", "list", "--status", "finished", "--json"],
        token,
    ));
    let finished = finished.as_array().unwrap();
    let by_number = json(&server.run(&["matches", "list", "--status", "206", "--json"], token));
    assert_eq!(&by_number, &Value::Array(finished.clone()));
    assert!(
        finished.iter().all(|m| m["statusId"] == 206),
        "{finished:?}"
    );
    assert_eq!(
        finished.len(),
        all.iter().filter(|m| m["statusId"] == 206).count()
    );

    // Standings: recalculating changes nothing that was right, and the table names the teams.
    let competition = "1";
    let shown = json(&server.run(
        &["standings", "show", "--competition", competition, "--json"],
        token,
    ));
    let recalculated = json(&server.run(
        &[
            "standings",
            "recalc",
            "--competition",
            competition,
            "--json",
        ],
        token,
    ));
    assert_eq!(shown, recalculated);
    let team = shown[0]["rankings"][0]["team"]["name"].as_str().unwrap();
    let printed = server.run(
        &["standings", "recalc", "--competition", competition],
        token,
    );
    exit(&printed, 0);
    assert!(
        stdout(&printed).starts_with(
            "Points: 3 for a win, 1 for a draw, 0 for a loss, 2 for a shootout win, 1 for a \
             shootout loss.\n\nOverall\n"
        ),
        "{}",
        stdout(&printed)
    );
    assert!(stdout(&printed).contains(team));
    // Tie-break notes read from their row's side and name the teams, as the API gives them.
    let notes: Vec<&str> = shown[0]["rankings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|row| row["tieBreak"].as_str())
        .collect();
    assert!(
        !notes.is_empty(),
        "the demo league has teams level on points"
    );
    let names: Vec<&str> = shown[0]["rankings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["team"]["name"].as_str().unwrap())
        .collect();
    for note in notes {
        assert!(stdout(&printed).contains(note), "{note} not printed");
        assert!(
            names
                .iter()
                .any(|name| note.contains(&format!(" {name} on "))
                    || note.contains(&format!(" {name} and "))),
            "{note} names no team of the table"
        );
    }
    let missing = server.run(&["standings", "show", "--competition", "999999"], token);
    exit(&missing, 1);
    assert!(
        stderr(&missing).contains("999999 was not found"),
        "{}",
        stderr(&missing)
    );

    // Accounts: a new administrator signs in with its password.
    let added = server.run(
        &[
            "user",
            "add",
            "--email",
            "script@polodesk.test",
            "--password",
            "scripted-1",
            "--type",
            "admin",
        ],
        token,
    );
    exit(&added, 0);
    exit(
        &server.run(
            &[
                "token",
                "--email",
                "script@polodesk.test",
                "--password",
                "scripted-1",
            ],
            None,
        ),
        0,
    );
    // Rejected input says the spec's message and changes nothing.
    let bad = server.run(
        &["user", "add", "--email", "not-an-email", "--type", "admin"],
        token,
    );
    exit(&bad, 1);
    assert!(
        stderr(&bad).contains("email: Wrong e-mail format!"),
        "{}",
        stderr(&bad)
    );
    let wrong = server.run(
        &["token", "--email", ADMIN, "--password", "not-the-password"],
        None,
    );
    exit(&wrong, 1);
    let no_token = server.run(&["matches", "list"], Some("pd_not-a-token"));
    exit(&no_token, 1);
    assert!(
        stderr(&no_token).contains("POLODESK_TOKEN"),
        "{}",
        stderr(&no_token)
    );
    // The running server holds the store: `--data` says where to go instead.
    let held = on_store(data, &["user", "list"]);
    exit(&held, 3);
    assert!(stderr(&held).contains("--server"), "{}", stderr(&held));
    server.stop();

    // The stopped store, served in-process: the account made above is there.
    let listed = on_store(data, &["user", "list", "--json"]);
    let emails: Vec<String> = json(&listed)
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["email"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        emails.iter().any(|e| e == "script@polodesk.test"),
        "{emails:?}"
    );
    assert!(!emails.iter().any(|e| e == "not-an-email"), "{emails:?}");
    let short = on_store(
        data,
        &[
            "user",
            "reset-password",
            "--email",
            "script@polodesk.test",
            "--password",
            "short",
        ],
    );
    exit(&short, 1);
    assert!(stderr(&short).contains("Password must be at least 8 characters."));
    exit(
        &on_store(
            data,
            &[
                "user",
                "reset-password",
                "--email",
                "script@polodesk.test",
                "--password",
                "recovered-2",
            ],
        ),
        0,
    );
    let link = on_store(
        data,
        &["user", "reset-link", "--email", "script@polodesk.test"],
    );
    exit(&link, 0);
    assert!(
        stdout(&link).starts_with(
            "script@polodesk.test chooses a new password here (once, within 7 days; earlier links no longer work):\n  <your server's address>/account/set-password?token="
        ),
        "{}",
        stdout(&link)
    );
    exit(
        &on_store(
            data,
            &["user", "reset-link", "--email", "nobody@polodesk.test"],
        ),
        1,
    );
    let ended = on_store(
        data,
        &["user", "end-sign-ins", "--email", "script@polodesk.test"],
    );
    exit(&ended, 0);
    assert_eq!(
        stdout(&ended).trim(),
        "every sign-in of script@polodesk.test has ended"
    );
    // The account's history, as its user sees it, the latest first; `!` marks what may not be
    // the user's own doing.
    let activity = on_store(
        data,
        &["user", "activity", "--email", "script@polodesk.test"],
    );
    exit(&activity, 0);
    let table = stdout(&activity);
    let mut lines = table.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("WHEN (UTC)        WHAT HAPPENED"),
        "{table}"
    );
    let happened: Vec<&str> = lines
        .map(|line| line[18..].split("  ").next().unwrap())
        .collect();
    assert_eq!(happened.len(), 5, "{table}");
    assert_eq!(
        happened[..3],
        [
            "! Signed out everywhere by an administrator",
            "! Password set by an administrator",
            "API token issued",
        ],
        "{table}"
    );
    assert!(
        happened[3].starts_with("Signed in: Command line on PoloDesk "),
        "{table}"
    );
    assert_eq!(happened[4], "! Password set by an administrator", "{table}");
    let as_json = json(&on_store(
        data,
        &[
            "user",
            "activity",
            "--email",
            "script@polodesk.test",
            "--json",
        ],
    ));
    assert_eq!(as_json[0]["kind"], "signedOutEverywhere");
    assert_eq!(as_json[0]["by"], "administrator");
    assert_eq!(as_json[3]["address"], "127.0.0.1");
    exit(
        &on_store(
            data,
            &["user", "end-sign-ins", "--email", "nobody@polodesk.test"],
        ),
        1,
    );
    let unknown = on_store(
        data,
        &[
            "user",
            "reset-password",
            "--email",
            "nobody@polodesk.test",
            "--password",
            "whatever-1",
        ],
    );
    exit(&unknown, 1);
    // A token issued on the stopped store works once a server runs on it again.
    let issued = on_store(
        data,
        &[
            "token",
            "--email",
            "script@polodesk.test",
            "--password",
            "recovered-2",
        ],
    );
    exit(&issued, 0);
    let stored_token = stdout(&issued).trim().to_owned();
    assert_eq!(
        json(&on_store(data, &["matches", "list", "--json"])),
        Value::Array(all.clone())
    );

    // Usage errors and unreachable servers.
    exit(
        &on_store(data, &["matches", "list", "--status", "halfway"]),
        2,
    );
    exit(&on_store(data, &["standings", "recalc"]), 2);
    let closed = polodesk(&["matches", "list", "--server", "http://127.0.0.1:9"])
        .output()
        .unwrap();
    exit(&closed, 3);
    exit(
        &polodesk(&["matches", "list", "--server", "ftp://example.org"])
            .output()
            .unwrap(),
        2,
    );

    let server = Server::start(data);
    let again = json(&server.run(&["matches", "list", "--json"], Some(&stored_token)));
    assert_eq!(again, Value::Array(all));
    server.stop();
}

/// `serve ARGS` on a fresh folder at `addr`, warnings logged, with its standard output
/// read line by line.
fn serve(
    data: &std::path::Path,
    addr: &str,
    args: &[&str],
    env: &[(&str, &str)],
) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    use std::io::{BufRead, BufReader};
    let mut child = polodesk(&["serve", "--addr", addr, "--data"])
        .arg(data)
        .args(args)
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    let out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    (child, lines)
}

/// The first line holding `text` within 90 s; a failure lists the lines before it.
fn line_with(lines: &std::sync::mpsc::Receiver<String>, text: &str) -> String {
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut seen = Vec::new();
    while let Ok(line) = lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        if line.contains(text) {
            return line;
        }
        seen.push(line);
    }
    panic!("no {text:?} in:\n{}", seen.join("\n"));
}

/// A setting that cannot take effect says so: the first-administrator variables on a store that
/// already has accounts (the demo's) are named as ignored in the log.
#[test]
fn serve_says_when_the_first_administrator_variables_are_ignored() {
    let data = tempfile::tempdir().unwrap();
    let addr = format!("127.0.0.1:{}", support::free_port());
    let (mut child, lines) = serve(
        data.path(),
        &addr,
        &["--demo"],
        &[
            ("POLODESK_ADMIN_EMAIL", "root@club.rs"),
            ("POLODESK_ADMIN_PASSWORD", "a long enough password"),
        ],
    );
    line_with(
        &lines,
        "POLODESK_ADMIN_EMAIL and POLODESK_ADMIN_PASSWORD are ignored: the store already has accounts",
    );
    child.kill().unwrap();
    child.wait().unwrap();
}

/// An empty store has no account anyone could guess: `serve` without the variables prints a
/// one-time setup link, which makes the first administrator and then works no more (V6.3.2).
#[tokio::test]
async fn an_empty_start_has_no_account_and_a_one_time_setup_link() {
    let data = tempfile::tempdir().unwrap();
    let addr = format!("127.0.0.1:{}", support::free_port());
    let (mut child, lines) = serve(data.path(), &addr, &[], &[]);
    let link = line_with(&lines, "/account/setup?token=").trim().to_owned();
    let url = format!("http://{addr}");
    assert!(
        link.starts_with(&format!("{url}/account/setup?token=")),
        "{link}"
    );
    let secret = link.split_once("token=").unwrap().1.to_owned();
    let token = |email: &str, password: &str| {
        polodesk(&[
            "token",
            "--email",
            email,
            "--password",
            password,
            "--server",
            &url,
        ])
        .output()
        .unwrap()
    };
    assert!(
        !token(ADMIN, support::ADMIN_PASSWORD).status.success(),
        "no demo account without --demo"
    );

    let http = reqwest::Client::new();
    let page = http.get(&link).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("type=\"password\""));
    let guessed = http
        .get(format!("{url}/account/setup?token=x{secret}"))
        .send()
        .await
        .unwrap();
    assert_eq!(guessed.status(), 404);
    let made = http
        .post(format!("{url}/account/setup"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!(
            "token={secret}&email=root%40club.rs&password=first-admin-2026&confirm=first-admin-2026"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(made.status(), 200);
    assert!(
        made.text()
            .await
            .unwrap()
            .contains("The administrator account is created.")
    );
    assert_eq!(
        http.get(&link).send().await.unwrap().status(),
        404,
        "used once"
    );
    exit(&token("root@club.rs", "first-admin-2026"), 0);
    child.kill().unwrap();
    child.wait().unwrap();
}
