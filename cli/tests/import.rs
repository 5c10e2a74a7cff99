//! `polodesk import` through the real binary: the example files of `fixtures/import/` into a
//! fresh demo store through a running server, and CSV files on a stopped store (`--data`):
//! a good import, a rejected one that names file, line and field and leaves the store as it
//! was, a dry run, usage errors and an unreachable server, with their exit codes.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::{Path, PathBuf};
use std::process::Output;

use polodesk_domain::players::Player;
use polodesk_store::Store;
use support::{Server, free_port, on_store, polodesk};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("an exit code")
}

/// `polodesk import ARGS --server URL` as the administrator.
fn import_through(server: &Server, args: &[&str]) -> Output {
    server.admin(&[&["import"], args].concat())
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/import")
        .join(name)
}

/// `polodesk import ARGS --data DIR`.
fn import_on(data: &Path, args: &[&str]) -> Output {
    on_store(data, &[&["import"], args].concat())
}

fn players_in(data: &Path) -> Vec<String> {
    let store = Store::open(data).unwrap();
    let mut names: Vec<String> = Vec::new();
    for player in store.list::<Player>().unwrap() {
        let person: polodesk_domain::persons::Person = store.get(player.fields.person_id).unwrap();
        names.push(person.full_name());
    }
    names.sort();
    names
}

#[test]
fn every_example_file_imports_into_a_fresh_demo_store_and_csv_works_on_a_stopped_store() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let server = Server::start(&data);
        for kind in [
            "clubs",
            "teams",
            "players",
            "coaches",
            "officials",
            "matches",
        ] {
            for extension in ["csv", "json"] {
                let file = fixture(&format!("{kind}.{extension}"));
                let file = file.to_str().unwrap();
                let checked = import_through(&server, &[kind, file, "--dry-run"]);
                assert_eq!(code(&checked), 0, "{file}: {}", text(&checked.stderr));
                assert!(
                    text(&checked.stdout).contains("would be imported (dry run"),
                    "{}",
                    text(&checked.stdout)
                );
                let out = import_through(&server, &[kind, file]);
                assert_eq!(code(&out), 0, "{file}: {}", text(&out.stderr));
                let stdout = text(&out.stdout);
                assert!(stdout.starts_with("imported "), "{stdout}");
                assert!(stdout.contains(&format!(" {kind} from ")), "{stdout}");
            }
        }
        // Without a token the server refuses, and says how to sign in.
        let out = polodesk(&["import", "clubs"])
            .arg(fixture("clubs.csv"))
            .args(["--server", &server.url])
            .output()
            .unwrap();
        assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    }

    // The server has stopped: the same store, on its own.
    let before = players_in(&data);
    assert!(
        before.contains(&"Nikola Jovanović".to_owned()),
        "{before:?}"
    );
    let good = dir.path().join("good.csv");
    std::fs::write(
        &good,
        "name,surname,birthDate,clubId,teamId,positionId,capNumber\n\
         Ana,Uvezena,2001-02-03,1,1,401,30\n\
         Iva,Uvezena,2002-03-04,1,,,\n",
    )
    .unwrap();
    let good = good.to_str().unwrap();
    let dry = import_on(&data, &["players", good, "--dry-run"]);
    assert_eq!(code(&dry), 0, "{}", text(&dry.stderr));
    assert_eq!(players_in(&data), before, "a dry run writes nothing");
    // Not a terminal: plain progress lines on stderr.
    assert!(
        text(&dry.stderr).contains("read 2 rows from"),
        "{}",
        text(&dry.stderr)
    );

    let bad = dir.path().join("bad.csv");
    std::fs::write(
        &bad,
        "name,surname,birthDate,clubId,teamId,positionId,capNumber\n\
         Eva,Dobra,2001-02-03,1,,,\n\
         ,Bezimena,2001-02-03,1,,,\n\
         Maja,Nema,2001-02-03,99999,,,\n\
         Lea,Kapa,2001-02-03,,1,401,100\n",
    )
    .unwrap();
    let bad = bad.to_str().unwrap();
    let out = import_on(&data, &["players", bad]);
    assert_eq!(code(&out), 1, "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    for line in [
        format!("{bad}:3: name: Name field is required!"),
        format!("{bad}:4: clubId: The chosen club does not exist."),
        format!("{bad}:5: capNumber: Cap number must be between 1 and 99."),
        "3 of 4 rows were rejected; nothing was imported.".to_owned(),
    ] {
        assert!(stderr.contains(&line), "{line} in {stderr}");
    }
    assert!(!stderr.contains(&format!("{bad}:2:")), "{stderr}");
    assert_eq!(players_in(&data), before, "a rejected file writes nothing");

    let out = import_on(&data, &["players", good]);
    assert_eq!(code(&out), 0, "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("imported 2 players from"),
        "{}",
        text(&out.stdout)
    );
    let after = players_in(&data);
    assert_eq!(after.len(), before.len() + 2);
    assert!(after.contains(&"Ana Uvezena".to_owned()));
}

#[test]
fn unreadable_files_name_their_line_and_usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "[\n  {\"name\": \"A\"},\n  {\"name\" \"B\"}\n]\n").unwrap();
    let broken = broken.to_str().unwrap();
    let out = import_on(&data, &["clubs", broken]);
    assert_eq!(code(&out), 1);
    assert!(
        text(&out.stderr).contains(&format!("{broken}:3: expected `:`")),
        "{}",
        text(&out.stderr)
    );
    let columns = dir.path().join("columns.csv");
    std::fs::write(&columns, "name,colour\nVK,blue\n").unwrap();
    let columns = columns.to_str().unwrap();
    let out = import_on(&data, &["clubs", columns]);
    assert_eq!(code(&out), 1);
    assert!(
        text(&out.stderr).contains(&format!("{columns}:1: unknown column `colour`")),
        "{}",
        text(&out.stderr)
    );

    for args in [
        vec!["players"],
        vec!["referees", "x.csv"],
        vec!["players", "players.txt"],
        vec!["players", "/nonexistent/players.csv"],
    ] {
        let out = import_on(&data, &args);
        assert_eq!(code(&out), 2, "{args:?}: {}", text(&out.stderr));
    }
    let help = polodesk(&["import", "--help"]).output().unwrap();
    assert_eq!(code(&help), 0);
    assert!(text(&help.stdout).contains("--dry-run"));

    let port = free_port();
    let out = polodesk(&["import", "clubs"])
        .arg(fixture("clubs.csv"))
        .args(["--server", &format!("http://127.0.0.1:{port}")])
        .env("POLODESK_TOKEN", "pd_nothing")
        .output()
        .unwrap();
    assert_eq!(code(&out), 3, "{}", text(&out.stderr));
}
