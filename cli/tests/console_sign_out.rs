//! The console's sign-in on a shared computer, as a secretary meets it in a terminal (a tmux
//! pane): the password asked once and the sign-in kept, then `polodesk console --sign-out`,
//! which hands the sign-in back to the server and forgets it, so the next start asks again.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use polodesk_client::{CONSOLE_CLIENT_ID, Client, ClientError};
use polodesk_tui::credentials::Credentials;
use support::console::Terminal;
use support::{ADMIN, ADMIN_PASSWORD, Server, free_port, polodesk, stdout};

/// `polodesk console --server URL --sign-out` with `config` as the user's config folder.
fn sign_out(server: &str, config: &std::path::Path) -> String {
    let out = polodesk(&["console", "--server", server, "--sign-out"])
        .env("XDG_CONFIG_HOME", config)
        .output()
        .unwrap();
    support::exit(&out, 0);
    stdout(&out)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_ends_the_kept_sign_in_at_the_server_and_on_this_computer() {
    let data = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let kept = Credentials::at(config.path().join("polodesk"));
    let env = [("XDG_CONFIG_HOME", config.path().to_str().unwrap())];
    let console_args = ["console", "--server", &server.url, "--email", ADMIN];

    // The first start asks for the password and keeps the sign-in.
    let console = Terminal::start(env!("CARGO_BIN_EXE_polodesk"), &console_args, &env);
    console.wait_for(&["Password:"]).await;
    console.type_text(ADMIN_PASSWORD);
    console.press(&["Enter"]);
    console.wait_for(&["find a match by team"]).await;
    console.press(&["Escape"]);
    assert_eq!(console.exit_status().await, 0);
    let token = kept
        .load(&server.url)
        .expect("the console kept its sign-in");

    let said = sign_out(&server.url, config.path());
    assert_eq!(
        said.trim(),
        format!("signed out of {} on this computer", server.url)
    );
    assert_eq!(kept.load(&server.url), None, "the sign-in is forgotten");
    // The server ended it too: the kept refresh token renews nothing.
    let anonymous = Client::new(&server.url, None).unwrap();
    match anonymous.refresh(CONSOLE_CLIENT_ID, &token).await {
        Err(ClientError::Api { status, .. }) => assert_eq!(status, 400),
        other => panic!("a handed-back refresh token still answered {other:?}"),
    }

    // The next start asks for the password again.
    let console = Terminal::start(env!("CARGO_BIN_EXE_polodesk"), &console_args, &env);
    console.wait_for(&["Password:"]).await;
    console.press(&["Escape"]);
    assert_ne!(
        console.exit_status().await,
        0,
        "a cancelled sign-in is not a success"
    );

    let said = sign_out(&server.url, config.path());
    assert_eq!(
        said.trim(),
        format!("this computer keeps no sign-in to {}", server.url)
    );
}

#[test]
fn with_the_server_away_the_sign_in_is_still_forgotten_and_the_user_told_what_stays() {
    let config = tempfile::tempdir().unwrap();
    let away = format!("http://127.0.0.1:{}", free_port());
    let kept = Credentials::at(config.path().join("polodesk"));
    kept.store(&away, "a-refresh-token").unwrap();

    let out = polodesk(&["console", "--server", &away, "--sign-out"])
        .env("XDG_CONFIG_HOME", config.path())
        .output()
        .unwrap();
    support::exit(&out, 3);
    let said = support::stderr(&out);
    assert!(
        said.contains(&format!("{away} could not be reached")),
        "{said}"
    );
    assert!(said.contains("stays good at the server"), "{said}");
    assert_eq!(
        kept.load(&away),
        None,
        "this computer forgot it all the same"
    );
}

#[test]
fn signing_out_needs_a_server() {
    let out = polodesk(&["console", "--sign-out"]).output().unwrap();
    support::exit(&out, 2);
    assert!(
        support::stderr(&out).contains("--sign-out needs --server"),
        "{}",
        support::stderr(&out)
    );
}
