//! `polodesk export`, `restore` and `backup` through the real binary: the demo season goes out
//! as a document and comes back byte for byte in an empty store; a backup of a running server
//! serves the same data with the same accounts and tokens; and the exit codes: 1 for a
//! refused or malformed document, 3 for a server that does not answer.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::Path;

use support::{Server, exit, free_port, on_store, polodesk, stderr};

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
    let server = Server::start(&demo);
    let token = Some(server.token.as_str());
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
    let server = Server::start(&served);
    exit(&server.admin(&["export", "--out", path(&third)]), 0);
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
        let out = polodesk(&args)
            .args(["--server", &closed])
            .env("POLODESK_TOKEN", "pd_unused")
            .current_dir(dir.path())
            .output()
            .unwrap();
        // A restore checks its file before it connects: the broken one is refused first.
        let code = if args[0] == "restore" { 1 } else { 3 };
        exit(&out, code);
    }

    let usage = polodesk(&["export"]).output().unwrap();
    exit(&usage, 2);
}
