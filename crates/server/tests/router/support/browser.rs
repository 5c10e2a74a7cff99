//! A browser's sign-in at the issuer: the authorize form of the web client, its session
//! cookie, and the code exchange with PKCE.

use axum::http::{Method, StatusCode, header};
use polodesk_server::identity::secrets::pkce_s256;

use super::{PASSWORD, Reply, TestApp, encode, query_value};

pub const VERIFIER: &str = "a-long-random-code-verifier-of-the-web-client-0123456789";
pub const CALLBACK: &str = "http://polodesk.test/authentication/login-callback";

pub fn authorize_url(challenge: &str, method: &str) -> String {
    format!(
        "/connect/authorize?client_id=polodesk-web&redirect_uri={}&response_type=code\
         &scope=openid%20profile%20polodesk-api&state=xyz&nonce=n1&code_challenge={challenge}\
         &code_challenge_method={method}",
        encode(CALLBACK)
    )
}

pub fn sign_in_form<'a>(
    challenge: &'a str,
    email: &'a str,
    password: &'a str,
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("client_id", "polodesk-web"),
        ("redirect_uri", CALLBACK),
        ("response_type", "code"),
        ("scope", "openid profile polodesk-api"),
        ("state", "xyz"),
        ("nonce", "n1"),
        ("code_challenge", challenge),
        ("code_challenge_method", "S256"),
        ("email", email),
        ("password", password),
    ]
}

/// Signs the administrator in through the page; returns the redirect's code and the session
/// cookie.
pub async fn sign_in(app: &TestApp) -> (String, String) {
    sign_in_as(app, "admin@polodesk.test").await
}

/// Signs `email` in through the page (password `PASSWORD`).
pub async fn sign_in_as(app: &TestApp, email: &str) -> (String, String) {
    let challenge = pkce_s256(VERIFIER);
    let reply = app
        .form(
            "/connect/authorize",
            &sign_in_form(&challenge, email, PASSWORD),
            None,
        )
        .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text);
    let location = reply.headers[header::LOCATION].to_str().unwrap().to_owned();
    assert!(location.starts_with(CALLBACK), "{location}");
    assert_eq!(query_value(&location, "state").as_deref(), Some("xyz"));
    let cookie = reply.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let cookie = cookie.split(';').next().unwrap().to_owned();
    (query_value(&location, "code").unwrap(), cookie)
}

pub async fn exchange(app: &TestApp, code: &str, verifier: &str) -> Reply {
    app.form(
        "/connect/token",
        &[
            ("grant_type", "authorization_code"),
            ("client_id", "polodesk-web"),
            ("code", code),
            ("redirect_uri", CALLBACK),
            ("code_verifier", verifier),
        ],
        None,
    )
    .await
}

/// A silent sign-in (`prompt=none`) with a session cookie: the redirect's code, if the session
/// still holds.
pub async fn silent_code(app: &TestApp, cookie: &str) -> Option<String> {
    let url = format!(
        "{}&prompt=none",
        authorize_url(&pkce_s256(VERIFIER), "S256")
    );
    let request = TestApp::request(Method::GET, &url)
        .header(header::COOKIE, cookie)
        .body(axum::body::Body::empty())
        .unwrap();
    let silent = app.send(request).await;
    let location = silent.headers[header::LOCATION].to_str().unwrap();
    query_value(location, "code")
}
