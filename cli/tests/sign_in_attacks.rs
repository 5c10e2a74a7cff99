//! Password guessing against the real binary: a thousand guesses from one address, on one
//! account or spread over many, get nowhere, while the attacked account's real user still
//! signs in from their own address. Loopback addresses stand in for the machines (Linux
//! routes all of 127.0.0.0/8 to the loopback device).

// A failed unwrap is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::net::{IpAddr, Ipv4Addr};

use futures_util::future::join_all;
use reqwest::StatusCode;
use support::{ADMIN, ADMIN_PASSWORD, Server};

/// An HTTP client whose connections come from `address`.
fn client_from(address: [u8; 4]) -> reqwest::Client {
    let [a, b, c, d] = address;
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(a, b, c, d)))
        .build()
        .unwrap()
}

/// One password grant (the command line's sign-in): its status.
async fn guess(client: &reqwest::Client, url: &str, email: &str, password: &str) -> StatusCode {
    guess_via(client, url, email, password, None).await
}

/// `guess`, with the `X-Forwarded-For` a proxy would add.
async fn guess_via(
    client: &reqwest::Client,
    url: &str,
    email: &str,
    password: &str,
    forwarded_for: Option<&str>,
) -> StatusCode {
    let form = [
        ("grant_type", "password"),
        ("client_id", "polodesk-cli"),
        ("username", email),
        ("password", password),
        ("scope", "openid"),
    ];
    let mut request = client.post(format!("{url}/connect/token")).form(&form);
    if let Some(address) = forwarded_for {
        request = request.header("X-Forwarded-For", address);
    }
    request.send().await.unwrap().status()
}

/// `count` guesses, 25 at a time; how many were answered with each status.
async fn guesses(
    client: &reqwest::Client,
    url: &str,
    count: usize,
    email: impl Fn(usize) -> String,
) -> (usize, usize) {
    let (mut wrong, mut refused) = (0, 0);
    for start in (0..count).step_by(25) {
        let batch = (start..(start + 25).min(count)).map(|i| {
            let email = email(i);
            async move { guess(client, url, &email, &format!("guess-{i}")).await }
        });
        for status in join_all(batch).await {
            match status {
                StatusCode::BAD_REQUEST => wrong += 1,
                StatusCode::TOO_MANY_REQUESTS => refused += 1,
                other => panic!("a guess was answered {other}"),
            }
        }
    }
    (wrong, refused)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_get_nowhere_and_the_real_user_still_signs_in() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let url = server.url.clone();
    let user = client_from([127, 0, 0, 1]);
    assert_eq!(
        guess(&user, &url, ADMIN, ADMIN_PASSWORD).await,
        StatusCode::OK
    );

    // A thousand guesses at the administrator's password from one machine.
    let attacker = client_from([127, 0, 0, 66]);
    let (wrong, refused) = guesses(&attacker, &url, 1000, |_| ADMIN.to_owned()).await;
    assert!(wrong <= 10, "{wrong} guesses were checked");
    assert_eq!(wrong + refused, 1000);
    // Even the right password is refused to the attacker's machine now ...
    assert_eq!(
        guess(&attacker, &url, ADMIN, ADMIN_PASSWORD).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ... while the administrator signs in from their own.
    assert_eq!(
        guess(&user, &url, ADMIN, ADMIN_PASSWORD).await,
        StatusCode::OK
    );

    // A thousand guesses spread over many accounts from another machine.
    let sprayer = client_from([127, 0, 0, 67]);
    let (wrong, refused) =
        guesses(&sprayer, &url, 1000, |i| format!("user{i}@polodesk.test")).await;
    assert!(wrong <= 30, "{wrong} guesses were checked");
    assert_eq!(wrong + refused, 1000);
    assert_eq!(
        guess(&user, &url, ADMIN, ADMIN_PASSWORD).await,
        StatusCode::OK
    );
    // A machine that never guessed is not held back by the others.
    let colleague = client_from([127, 0, 0, 9]);
    assert_eq!(
        guess(&colleague, &url, "club@polodesk.test", "polodesk-club").await,
        StatusCode::OK
    );
}

/// Behind a reverse proxy every client reaches the server from the proxy's address: with
/// `--trusted-proxy` the throttle counts the clients the proxy names, and a client that
/// names itself without the proxy is not believed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_is_counted_apart() {
    let data = tempfile::tempdir().unwrap();
    let addr = format!("127.0.0.1:{}", support::free_port());
    let server = Server::start_with(data.path(), &addr, &["--trusted-proxy", "127.0.0.10"]);
    let url = server.url.clone();
    let proxy = client_from([127, 0, 0, 10]);
    let user = Some("203.0.113.7");
    let attacker = Some("198.51.100.66");
    assert_eq!(
        guess_via(&proxy, &url, ADMIN, ADMIN_PASSWORD, user).await,
        StatusCode::OK
    );
    for i in 0..40 {
        guess_via(&proxy, &url, ADMIN, &format!("guess-{i}"), attacker).await;
    }
    assert_eq!(
        guess_via(&proxy, &url, ADMIN, ADMIN_PASSWORD, attacker).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        guess_via(&proxy, &url, ADMIN, ADMIN_PASSWORD, user).await,
        StatusCode::OK,
        "the user, behind the same proxy, is not locked out"
    );
    // Not through the proxy: the header is the caller's own word and changes nothing.
    let direct = client_from([127, 0, 0, 11]);
    for i in 0..12 {
        guess_via(
            &direct,
            &url,
            ADMIN,
            &format!("guess-{i}"),
            Some(&format!("192.0.2.{i}")),
        )
        .await;
    }
    assert_eq!(
        guess_via(&direct, &url, ADMIN, ADMIN_PASSWORD, Some("192.0.2.200")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}
