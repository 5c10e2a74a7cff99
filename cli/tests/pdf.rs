//! `polodesk pdf scoresheet` and `polodesk pdf standings` through the real binary, against a
//! demo server and on its stopped store: the demo still serves the scoresheet model its vector
//! pins, the files land under the spec's name and read back (poppler's `pdftotext`, which
//! `cargo xtask test` installs) with the match's players and result, and a missing match is
//! refused without leaving a file.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::Path;
use std::process::Command;

use polodesk_client::Client;
use support::{Server, exit, on_store, polodesk, stderr};

/// The demo season's match decided by a shootout.
const SHOOTOUT: &str = "18";

fn text_of(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (Debian poppler-utils) must be installed");
    assert!(out.status.success(), "pdftotext: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

fn vector() -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/vectors/scoresheet/demo-shootout.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scoresheet_and_the_standings_print_from_a_server_and_from_a_stopped_store() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("demo");
    let server = Server::start(&data);
    let vector = vector();

    // The model the vector pins is what the demo serves.
    let api = Client::new(&server.url, Some(server.token.clone())).unwrap();
    let served = api.scoresheet(SHOOTOUT.parse().unwrap()).await.unwrap();
    assert_eq!(
        serde_json::to_value(&served).unwrap(),
        vector["sheets"]["en"]
    );

    // Without --out, the spec's file name in the working folder.
    let out = polodesk(&[
        "pdf",
        "scoresheet",
        "--match",
        SHOOTOUT,
        "--server",
        &server.url,
    ])
    .env("POLODESK_TOKEN", &server.token)
    .current_dir(dir.path())
    .output()
    .unwrap();
    exit(&out, 0);
    let file = dir
        .path()
        .join("Scoresheet_VK Novi Beograd_VK Radnički_31.10.2026.pdf");
    assert!(stderr(&out).contains("Wrote Scoresheet_VK Novi Beograd_VK Radnički_31.10.2026.pdf"));
    assert!(std::fs::read(&file).unwrap().starts_with(b"%PDF-"));
    let text = text_of(&file);
    for team in [&served.white, &served.blue] {
        for slot in &team.slots {
            assert!(text.contains(&slot.name), "{}", slot.name);
        }
    }
    assert!(text.contains("9:9 (4:3)"));
    assert!(text.contains("Penalty shootout 4:3"));

    let standings = dir.path().join("standings.pdf");
    let out = server.admin(&[
        "pdf",
        "standings",
        "--competition",
        "1",
        "--out",
        standings.to_str().unwrap(),
    ]);
    exit(&out, 0);
    let text = text_of(&standings);
    assert!(text.contains("Superliga Srbije 2026/27"));
    for (title, team) in [
        ("Overall", "VK Crvena zvezda"),
        ("Away matches", "VK Valis"),
    ] {
        assert!(
            text.contains(title) && text.contains(team),
            "{title}, {team}"
        );
    }

    // A match that is not there: the server's 404 message, exit 1, no file.
    let missing = dir.path().join("missing.pdf");
    let out = server.admin(&[
        "pdf",
        "scoresheet",
        "--match",
        "9999",
        "--out",
        missing.to_str().unwrap(),
    ]);
    exit(&out, 1);
    assert!(!missing.exists());

    // The same sheet from the stopped store.
    server.stop();
    let offline = dir.path().join("offline.pdf");
    let out = on_store(
        &data,
        &[
            "pdf",
            "scoresheet",
            "--match",
            SHOOTOUT,
            "--out",
            offline.to_str().unwrap(),
        ],
    );
    exit(&out, 0);
    assert_eq!(text_of(&offline), text_of(&file));
}
