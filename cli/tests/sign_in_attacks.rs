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
    let form = [
        ("grant_type", "password"),
        ("client_id", "polodesk-cli"),
        ("username", email),
        ("password", password),
        ("scope", "openid"),
    ];
    client
        .post(format!("{url}/connect/token"))
        .form(&form)
        .send()
        .await
        .unwrap()
        .status()
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
