//! `polodesk export`, `restore` and `backup` through the real binary: the demo season goes out
//! as a document and comes back byte for byte in an empty store; a backup of a running server
//! serves the same data with the same accounts and tokens; and the exit codes: 1 for a
//! refused or malformed document, 3 for a server that does not answer.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const ADMIN: &str = "admin@polodesk.test";
const ADMIN_PASSWORD: &str = "polodesk-admin";

struct Server {
    child: Child,
    url: String,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Server {
    /// `serve --demo` on `data` (the demo loads only into an empty store), answered once an
    /// administrator can sign in; the API token it gets.
    fn start(data: &Path) -> (Server, String) {
        let addr = format!("127.0.0.1:{}", free_port());
        let child = Command::new(env!("CARGO_BIN_EXE_polodesk"))
            .args(["serve", "--demo", "--data"])
            .arg(data)
            .args(["--addr", &addr])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let server = Server {
            child,
            url: format!("http://{addr}"),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let out = server.run(
                &["token", "--email", ADMIN, "--password", ADMIN_PASSWORD],
                None,
            );
            if out.status.success() {
                return (server, stdout(&out).trim().to_owned());
            }
            assert!(Instant::now() < deadline, "the server did not come up");
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// `polodesk ARGS --server URL`, with `token` in POLODESK_TOKEN.
    fn run(&self, args: &[&str], token: Option<&str>) -> Output {
        let mut command = Command::new(env!("CARGO_BIN_EXE_polodesk"));
        command.args(args).args(["--server", &self.url]);
        match token {
            Some(token) => command.env("POLODESK_TOKEN", token),
            None => command.env_remove("POLODESK_TOKEN"),
        };
        command.output().unwrap()
    }

    fn stop(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `polodesk ARGS --data DIR`.
fn on_store(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polodesk"))
        .args(args)
        .arg("--data")
        .arg(data)
        .env_remove("POLODESK_SERVER")
        .env_remove("POLODESK_TOKEN")
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[track_caller]
fn exit(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(out),
        stderr(out)
    );
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_demo_round_trips_and_a_backup_of_a_running_server_serves_the_same_data() {
    let dir = tempfile::tempdir().unwrap();
    let (demo, restored, served) = (
        dir.path().join("demo"),
        dir.path().join("restored"),
        dir.path().join("served"),
    );
    let (first, second, third) = (
        dir.path().join("first.json"),
        dir.path().join("second.json"),
        dir.path().join("third.json"),
    );
    let backup = dir.path().join("backup.redb");

    // From the running demo server: an export and a backup with the administrator's token.
    let (server, token) = Server::start(&demo);
    let token = Some(token.as_str());
    exit(&server.run(&["export", "--out", path(&first)], token), 0);
    exit(&server.run(&["backup", "--out", path(&backup)], token), 0);
    let refused = server.run(&["restore", path(&first)], token);
    exit(&refused, 1);
    assert!(
        stderr(&refused).contains("The store is not empty"),
        "{}",
        stderr(&refused)
    );
    assert!(
        stderr(&refused).contains("first.json"),
        "{}",
        stderr(&refused)
    );
    let anonymous = server.run(&["export", "--out", path(&third)], None);
    exit(&anonymous, 1);
    server.stop();
    let document = std::fs::read(&first).unwrap();
    let parsed: serde_json::Value = serde_json::from_slice(&document).unwrap();
    assert_eq!(parsed["format"], "polodesk-export");
    assert!(!parsed["users"].as_array().unwrap().is_empty());

    // Into an empty folder and out again: the same bytes.
    let loaded = on_store(&restored, &["restore", path(&first)]);
    exit(&loaded, 0);
    assert!(stderr(&loaded).contains("Restored"), "{}", stderr(&loaded));
    exit(&on_store(&restored, &["export", "--out", path(&second)]), 0);
    assert!(
        std::fs::read(&second).unwrap() == document,
        "the restored store exports other bytes"
    );
    // The stopped demo store exports what its server did.
    exit(&on_store(&demo, &["export", "--out", path(&third)]), 0);
    assert!(std::fs::read(&third).unwrap() == document);
    // A second restore finds the store full.
    let again = on_store(&restored, &["restore", path(&first)]);
    exit(&again, 1);
    assert!(stderr(&again).contains("not empty"), "{}", stderr(&again));

    // The backup file served: the administrator's password signs in (starting issues a new
    // API token, which ends the copied one), and it holds the same data.
    std::fs::create_dir_all(&served).unwrap();
    std::fs::copy(&backup, served.join("polodesk.redb")).unwrap();
    let (server, token) = Server::start(&served);
    exit(
        &server.run(&["export", "--out", path(&third)], Some(&token)),
        0,
    );
    server.stop();
    assert!(std::fs::read(&third).unwrap() == document);
}

#[test]
fn malformed_documents_and_missing_servers_have_their_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let broken = dir.path().join("broken.json");
    std::fs::write(
        &broken,
        "{\n  \"format\": \"polodesk-export\",\n  \"version\": 1,\n  ]",
    )
    .unwrap();
    let out = on_store(&data, &["restore", path(&broken)]);
    exit(&out, 1);
    let message = stderr(&out);
    assert!(message.contains("broken.json"), "{message}");
    assert!(message.contains("line 4, column 3"), "{message}");

    let missing = on_store(&data, &["restore", path(&dir.path().join("missing.json"))]);
    exit(&missing, 1);
    assert!(
        stderr(&missing).contains("missing.json"),
        "{}",
        stderr(&missing)
    );

    let closed = format!("http://127.0.0.1:{}", free_port());
    for args in [
        vec!["export", "--out", "x.json"],
        vec!["backup", "--out", "x.redb"],
        vec!["restore", path(&broken)],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_polodesk"))
            .args(&args)
            .args(["--server", &closed])
            .env("POLODESK_TOKEN", "pd_unused")
            .current_dir(dir.path())
            .output()
            .unwrap();
        // A restore checks its file before it connects: the broken one is refused first.
        let code = if args[0] == "restore" { 1 } else { 3 };
        exit(&out, code);
    }

    let usage = Command::new(env!("CARGO_BIN_EXE_polodesk"))
        .args(["export"])
        .output()
        .unwrap();
    exit(&usage, 2);
}
