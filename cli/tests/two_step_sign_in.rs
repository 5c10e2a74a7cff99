//! Two-step sign-in outside the browser, through the real binary: `polodesk token` needs
//! `--code` (a recovery code does), and the console asks for the code after the password.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use polodesk_client::Client;
use polodesk_domain::users::TWO_STEP_FIRST;
use serde_json::{Value, json};
use support::console::Terminal;
use support::{ADMIN, ADMIN_PASSWORD, Server, on_store, polodesk, stderr, stdout};
use totp_rs::{Algorithm, Secret, TOTP};

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// The code an authenticator app with `key` (base32) shows at `time`.
fn code_at(key: &str, time: u64) -> String {
    let bytes = Secret::Encoded(key.to_owned()).to_bytes().unwrap();
    let totp = TOTP::new(Algorithm::SHA1, 6, 0, 30, bytes, None, String::new()).unwrap();
    totp.generate(time)
}

/// Turns two-step sign-in on for the administrator, as the Account page does: its key and
/// recovery codes.
async fn turn_on(url: &str) -> (String, Vec<String>) {
    let token = Client::new(url, None)
        .unwrap()
        .password_token(ADMIN, ADMIN_PASSWORD, None)
        .await
        .unwrap();
    let http = reqwest::Client::new();
    let post = |path: &str, body: Value| {
        http.post(format!("{url}{path}"))
            .bearer_auth(&token)
            .json(&body)
            .send()
    };
    let setup = post(
        "/api/Users/me/two-step",
        json!({ "currentPassword": ADMIN_PASSWORD }),
    );
    let setup: Value = setup.await.unwrap().json().await.unwrap();
    let key = setup["key"].as_str().unwrap().to_owned();
    let confirm = post(
        "/api/Users/me/two-step/confirm",
        json!({ "code": code_at(&key, now()) }),
    );
    let codes: Value = confirm.await.unwrap().json().await.unwrap();
    let codes = codes["codes"].as_array().unwrap();
    let codes = codes
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    (key, codes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_line_and_the_console_ask_for_the_second_step() {
    let data = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let (key, codes) = turn_on(&server.url).await;

    let token = |more: &[&str]| {
        let mut args = vec![
            "token",
            "--server",
            &server.url,
            "--email",
            ADMIN,
            "--password",
            ADMIN_PASSWORD,
        ];
        args.extend(more);
        polodesk(&args).output().unwrap()
    };
    let without = token(&[]);
    assert_eq!(without.status.code(), Some(1), "{}", stderr(&without));
    assert!(
        stderr(&without).contains("signs in in two steps") && stderr(&without).contains("--code"),
        "{}",
        stderr(&without)
    );
    let wrong = token(&["--code", "zzzzz-zzzzz"]);
    assert!(
        stderr(&wrong).contains("That code is not right"),
        "{}",
        stderr(&wrong)
    );
    let issued = token(&["--code", &codes[0]]);
    support::exit(&issued, 0);
    assert!(
        stdout(&issued).trim().starts_with("pd_"),
        "{}",
        stdout(&issued)
    );

    // The console asks for the code after the password, then opens its match picker.
    let env = [("XDG_CONFIG_HOME", config.path().to_str().unwrap())];
    let args = ["console", "--server", &server.url, "--email", ADMIN];
    let console = Terminal::start(env!("CARGO_BIN_EXE_polodesk"), &args, &env);
    console.wait_for(&["Password:"]).await;
    console.type_text(ADMIN_PASSWORD);
    console.press(&["Enter"]);
    console
        .wait_for(&["Code from your authenticator app"])
        .await;
    // The next step's code: the one that confirmed the setup may be this step's, spent.
    console.type_text(&code_at(&key, now() + 30));
    console.press(&["Enter"]);
    console.wait_for(&["find a match by team"]).await;
    console.press(&["Escape"]);
    assert_eq!(console.exit_status().await, 0);
}

/// `serve --require-two-step administrators`: an administrator who has not turned it on is sent
/// to the web app by `polodesk token`; `polodesk user reset-two-step --data` on the stopped
/// server's folder turns off the two-step sign-in of an administrator who lost the phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_requiring_two_step_sends_the_command_line_to_the_web_app() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let (_, codes) = turn_on(&server.url).await;
    server.stop();

    let reset = on_store(data.path(), &["user", "reset-two-step", "--email", ADMIN]);
    support::exit(&reset, 0);
    assert_eq!(
        stdout(&reset).trim(),
        "two-step sign-in of admin@polodesk.test is off: the password alone signs in"
    );

    let addr = format!("127.0.0.1:{}", support::free_port());
    let rule = ["--require-two-step", "administrators"];
    let server = Server::spawn(data.path(), &addr, &rule);
    let token = |more: &[&str]| {
        let mut args = vec!["token", "--email", ADMIN, "--password", ADMIN_PASSWORD];
        args.extend(more);
        server.run(&args, None)
    };
    let deadline = Instant::now() + Duration::from_secs(90);
    let refused = loop {
        let out = token(&[]);
        // 3: the server does not answer yet.
        if out.status.code() != Some(3) || Instant::now() > deadline {
            break out;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains(TWO_STEP_FIRST),
        "{}",
        stderr(&refused)
    );
    // The recovery codes went with the reset.
    let old = token(&["--code", &codes[1]]);
    assert!(stderr(&old).contains(TWO_STEP_FIRST), "{}", stderr(&old));
}
