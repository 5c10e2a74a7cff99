//! A user's own password change, and ending sign-ins: every browser session, refresh token and
//! access token of the account stops working at once; the personal API token does not.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::account_activity::activity;
use crate::support::browser::{VERIFIER, exchange, sign_in_as, silent_code};
use crate::support::league::put;
use crate::support::{PASSWORD, TestApp};
use axum::http::{Method, StatusCode, header};
use polodesk_domain::codes::UserType;
use polodesk_server::identity::secrets::digest;
use polodesk_server::identity::tokens::now;
use polodesk_store::ApiToken;
use serde_json::{Value, json};

use crate::support;

pub(crate) const CLUB: &str = "club@polodesk.test";
pub(crate) const NEW_PASSWORD: &str = "a-new-password";

/// Rotates a refresh token of the CLI: its successor, if it was still good.
async fn refresh(app: &TestApp, token: &str) -> Option<String> {
    let reply = app.refresh_grant("polodesk-cli", token).await;
    (reply.status == StatusCode::OK)
        .then(|| reply.body["refresh_token"].as_str().unwrap().to_owned())
}

/// Every way the account is signed in: the CLI's access and refresh token, and a browser's
/// session cookie with the web client's access token.
struct SignIns {
    access: String,
    refresh: String,
    cookie: String,
    web_access: String,
}

async fn signed_in_everywhere(app: &TestApp, email: &str) -> SignIns {
    let grant = app.password_grant(email, PASSWORD).await;
    assert_eq!(grant.status, StatusCode::OK, "{}", grant.text);
    let (code, cookie) = sign_in_as(app, email).await;
    let web = exchange(app, &code, VERIFIER).await;
    let text = |body: &Value, key: &str| body[key].as_str().unwrap().to_owned();
    SignIns {
        access: text(&grant.body, "access_token"),
        refresh: text(&grant.body, "refresh_token"),
        cookie,
        web_access: text(&web.body, "access_token"),
    }
}

/// Whether each of the sign-ins still works: the two access tokens, the refresh token (whose
/// successor then stands in for it), the browser session.
async fn still_working(app: &TestApp, sign_ins: &mut SignIns) -> [bool; 4] {
    let me = |token: &str| {
        let token = token.to_owned();
        async move { app.get("/api/Users/me", Some(&token)).await.status == StatusCode::OK }
    };
    let next = refresh(app, &sign_ins.refresh).await;
    let refreshed = next.is_some();
    if let Some(next) = next {
        sign_ins.refresh = next;
    }
    [
        me(&sign_ins.access).await,
        me(&sign_ins.web_access).await,
        refreshed,
        silent_code(app, &sign_ins.cookie).await.is_some(),
    ]
}

pub(crate) async fn change(app: &TestApp, token: &str, current: &str, new: &str) -> support::Reply {
    put(
        app,
        token,
        "/api/Users/me/password",
        json!({ "currentPassword": current, "password": new }),
    )
    .await
}

#[tokio::test]
async fn a_user_changes_their_own_password_and_every_sign_in_ends() {
    let app = TestApp::new().await;
    app.user(CLUB, UserType::Club, None).await;
    let mut sign_ins = signed_in_everywhere(&app, CLUB).await;
    let other = app.token("admin@polodesk.test").await;

    let wrong = change(&app, &sign_ins.access, "not-my-password", NEW_PASSWORD).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.body["errors"]["currentPassword"][0],
        "The current password is not correct."
    );
    let short = change(&app, &sign_ins.access, PASSWORD, "short").await;
    assert_eq!(
        short.body["errors"]["password"][0],
        "Password must be at least 8 characters."
    );
    let common = change(&app, &sign_ins.access, PASSWORD, "Password123").await;
    assert_eq!(
        common.body["errors"]["password"][0],
        "This password is one of the most used ones: choose one that is harder to guess."
    );
    // The service's words and the account's own email address (club@polodesk.test) alone.
    for context in ["PoloDesk-Club-2026", "water polo secretary"] {
        let refused = change(&app, &sign_ins.access, PASSWORD, context).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{context}");
        assert_eq!(
            refused.body["errors"]["password"][0],
            "This password is made only of words of this service, the sport, its roles or your email address: choose one that is harder to guess.",
            "{context}"
        );
    }
    let same = change(&app, &sign_ins.access, PASSWORD, PASSWORD).await;
    assert_eq!(
        same.body["errors"]["password"][0],
        "The new password must be different from the current one."
    );
    let unknown_member = app
        .call(
            Method::PUT,
            "/api/Users/me/password",
            Some(&sign_ins.access),
            Some(json!({ "currentPassword": PASSWORD, "password": NEW_PASSWORD, "id": 1 })),
        )
        .await;
    assert_eq!(unknown_member.status, StatusCode::BAD_REQUEST);
    let anonymous = app
        .call(
            Method::PUT,
            "/api/Users/me/password",
            None,
            Some(json!({ "currentPassword": PASSWORD, "password": NEW_PASSWORD })),
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    // Refused changes change nothing.
    assert_eq!(still_working(&app, &mut sign_ins).await, [true; 4]);
    assert_eq!(
        app.password_grant(CLUB, PASSWORD).await.status,
        StatusCode::OK
    );

    let changed = change(&app, &sign_ins.access, PASSWORD, NEW_PASSWORD).await;
    assert_eq!(changed.status, StatusCode::NO_CONTENT, "{}", changed.text);
    assert_eq!(still_working(&app, &mut sign_ins).await, [false; 4]);
    assert_eq!(
        app.password_grant(CLUB, PASSWORD).await.status,
        StatusCode::BAD_REQUEST
    );
    let again = app.password_grant(CLUB, NEW_PASSWORD).await;
    assert_eq!(again.status, StatusCode::OK);
    let token = again.body["access_token"].as_str().unwrap();
    assert_eq!(
        app.get("/api/Users/me", Some(token)).await.status,
        StatusCode::OK
    );
    // Another account's sign-in is untouched.
    assert_eq!(
        app.get("/api/Users/me", Some(&other)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn guessing_the_current_password_is_throttled_like_a_sign_in() {
    let app = TestApp::new().await;
    app.user(CLUB, UserType::Club, None).await;
    let token = app.token(CLUB).await;
    let mut statuses = Vec::new();
    for guess in 0..11 {
        let reply = change(&app, &token, &format!("guess-{guess}"), NEW_PASSWORD).await;
        statuses.push(reply.status);
    }
    assert_eq!(statuses[0], StatusCode::BAD_REQUEST);
    assert_eq!(statuses[10], StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
    // Now even the right one is refused from this address, and nothing changed.
    let right = change(&app, &token, PASSWORD, NEW_PASSWORD).await;
    assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        app.get("/api/Users/me", Some(&token)).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn signing_out_everywhere_ends_every_sign_in_but_not_the_api_token() {
    let app = TestApp::new().await;
    app.user(CLUB, UserType::Club, None).await;
    let other_user = app.user("other@polodesk.test", UserType::Club, None).await;
    let mut sign_ins = signed_in_everywhere(&app, CLUB).await;
    let mut others = signed_in_everywhere(&app, "other@polodesk.test").await;
    let api_token = app
        .get("/api/Users/api-token", Some(&sign_ins.access))
        .await;
    let api_token = api_token.body["token"].as_str().unwrap().to_owned();

    let ended = app
        .delete("/api/Users/me/sessions", Some(&sign_ins.access))
        .await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{}", ended.text);
    assert_eq!(still_working(&app, &mut sign_ins).await, [false; 4]);
    assert_eq!(still_working(&app, &mut others).await, [true; 4]);
    let script = app.get("/api/Users/me", Some(&api_token)).await;
    assert_eq!(
        script.status,
        StatusCode::OK,
        "the API token is not a sign-in"
    );
    // Signing in again works at once.
    let mut fresh = signed_in_everywhere(&app, CLUB).await;
    assert_eq!(still_working(&app, &mut fresh).await, [true; 4]);

    // An administrator ends another user's sign-ins; nobody else may.
    let path = format!("/api/Users/{other_user}/sessions");
    let refused = app.delete(&path, Some(&fresh.access)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(still_working(&app, &mut others).await, [true; 4]);
    let admin = app.token("admin@polodesk.test").await;
    let by_admin = app.delete(&path, Some(&admin)).await;
    assert_eq!(by_admin.status, StatusCode::NO_CONTENT);
    assert_eq!(still_working(&app, &mut others).await, [false; 4]);
    assert_eq!(still_working(&app, &mut fresh).await, [true; 4]);
    let nobody = app.delete("/api/Users/999/sessions", Some(&admin)).await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_password_an_administrator_sets_ends_the_users_sign_ins() {
    let app = TestApp::new().await;
    let club = app.user(CLUB, UserType::Club, None).await;
    let mut sign_ins = signed_in_everywhere(&app, CLUB).await;
    let admin = app.token("admin@polodesk.test").await;
    let path = format!("/api/Users/{club}/password");
    let common = put(&app, &admin, &path, json!({ "password": "iloveyou" })).await;
    assert_eq!(common.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        common.body["errors"]["password"][0],
        "This password is one of the most used ones: choose one that is harder to guess."
    );
    assert_eq!(still_working(&app, &mut sign_ins).await, [true; 4]);
    let set = put(&app, &admin, &path, json!({ "password": NEW_PASSWORD })).await;
    assert_eq!(set.status, StatusCode::NO_CONTENT, "{}", set.text);
    assert_eq!(still_working(&app, &mut sign_ins).await, [false; 4]);
    assert_eq!(
        app.get("/api/Users/me", Some(&admin)).await.status,
        StatusCode::OK
    );
}

async fn revoke(app: &TestApp, token: &str, client_id: &str) -> support::Reply {
    app.form(
        "/connect/revocation",
        &[
            ("token", token),
            ("token_type_hint", "refresh_token"),
            ("client_id", client_id),
        ],
        None,
    )
    .await
}

#[tokio::test]
async fn a_revoked_refresh_token_ends_its_family_and_nothing_else() {
    let app = TestApp::new().await;
    let discovery = app.get("/.well-known/openid-configuration", None).await;
    assert_eq!(
        discovery.body["revocation_endpoint"],
        "http://polodesk.test/connect/revocation"
    );
    let grant = || async {
        let reply = app.password_grant("admin@polodesk.test", PASSWORD).await;
        let text = |key: &str| reply.body[key].as_str().unwrap().to_owned();
        (text("access_token"), text("refresh_token"))
    };
    let (first_access, first) = grant().await;
    let (other_access, other) = grant().await;
    let rotated = refresh(&app, &first).await.unwrap();

    // Another client's revocation, an unknown token: 200, and nothing is revoked.
    assert_eq!(
        revoke(&app, &rotated, "polodesk-web").await.status,
        StatusCode::OK
    );
    assert_eq!(
        revoke(&app, "no-such-token", "polodesk-cli").await.status,
        StatusCode::OK
    );
    assert_eq!(
        revoke(&app, &rotated, "nobody").await.body["error"],
        "invalid_client"
    );
    assert_eq!(
        revoke(&app, "", "polodesk-cli").await.body["error"],
        "invalid_request"
    );
    let last = app.refresh_grant("polodesk-cli", &rotated).await;
    let text = |key: &str| last.body[key].as_str().unwrap().to_owned();
    let (rotated_access, rotated) = (text("access_token"), text("refresh_token"));
    assert_eq!(me(&app, &first_access).await, StatusCode::OK);
    assert_eq!(me(&app, &rotated_access).await, StatusCode::OK);

    let revoked = revoke(&app, &rotated, "polodesk-cli").await;
    assert_eq!(revoked.status, StatusCode::OK, "{}", revoked.text);
    assert_eq!(refresh(&app, &rotated).await, None);
    // The family's access tokens, the first and the last, end with it (ASVS V7.4.1).
    assert_eq!(me(&app, &first_access).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &rotated_access).await, StatusCode::UNAUTHORIZED);
    // The other sign-in goes on.
    assert_eq!(me(&app, &other_access).await, StatusCode::OK);
    assert!(refresh(&app, &other).await.is_some());
}

/// `/connect/endsession` as a browser sends it, with its cookie and any Origin.
async fn end_session(
    app: &TestApp,
    method: Method,
    query: &str,
    cookie: &str,
    origin: Option<&str>,
) -> support::Reply {
    let (path, body) = if method == Method::GET {
        (format!("/connect/endsession?{query}"), String::new())
    } else {
        ("/connect/endsession".to_owned(), query.to_owned())
    };
    let mut request = TestApp::request(method, &path)
        .header(header::COOKIE, cookie)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some(origin) = origin {
        request = request.header(header::ORIGIN, origin);
    }
    app.send(request.body(axum::body::Body::from(body)).unwrap())
        .await
}

/// The app's sign-out names its user in `id_token_hint` and ends the issuer session at once;
/// another session of the account goes on.
#[tokio::test]
async fn logging_out_at_the_issuer_ends_the_session_on_the_server() {
    let app = TestApp::new().await;
    let (code, cookie) = sign_in_as(&app, "admin@polodesk.test").await;
    let (_, other) = sign_in_as(&app, "admin@polodesk.test").await;
    let tokens = exchange(&app, &code, VERIFIER).await;
    let hint = tokens.body["id_token"].as_str().unwrap();
    let back = support::encode("http://polodesk.test/authentication/logout-callback");
    let query = format!("id_token_hint={hint}&post_logout_redirect_uri={back}&state=s1");
    let reply = end_session(&app, Method::GET, &query, &cookie, None).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text);
    assert_eq!(
        reply.headers[header::LOCATION],
        "http://polodesk.test/authentication/logout-callback?state=s1"
    );
    // The cookie, kept by a browser that ignored its removal, no longer signs anyone in.
    assert_eq!(silent_code(&app, &cookie).await, None);
    assert!(silent_code(&app, &other).await.is_some());
}

/// A sign-out without a hint naming the browser's user (a link on another site, say) is asked
/// for first; only PoloDesk's own page may confirm it.
#[tokio::test]
async fn a_sign_out_the_app_did_not_send_is_asked_for_first() {
    let app = TestApp::new().await;
    app.user(CLUB, UserType::Club, None).await;
    let (_, cookie) = sign_in_as(&app, "admin@polodesk.test").await;
    let (club_code, _) = sign_in_as(&app, CLUB).await;
    let club_hint = exchange(&app, &club_code, VERIFIER).await.body["id_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let expired = polodesk_server::identity::tokens::sign(
        &app.keys,
        &json!({ "iss": "http://polodesk.test", "sub": "1", "aud": "polodesk-web", "iat": 1, "exp": 2 }),
    );
    let forged = {
        let other_keys = polodesk_server::identity::Keys::ephemeral();
        polodesk_server::identity::tokens::sign(
            &other_keys,
            &json!({ "iss": "http://polodesk.test", "sub": "1", "aud": "polodesk-web", "exp": now() + 60 }),
        )
    };
    for query in [
        String::new(),
        format!("id_token_hint={club_hint}"),
        format!("id_token_hint={forged}"),
        "id_token_hint=not-a-token".to_owned(),
    ] {
        let asked = end_session(&app, Method::GET, &query, &cookie, None).await;
        assert_eq!(asked.status, StatusCode::OK, "{query}");
        assert!(
            asked.text.contains("<h1>Sign out?</h1>"),
            "{query}: {}",
            asked.text
        );
        assert!(
            asked
                .text
                .contains("as admin@polodesk.test in this browser")
        );
        assert!(asked.headers.get(header::SET_COOKIE).is_none());
        assert!(
            silent_code(&app, &cookie).await.is_some(),
            "{query}: still signed in"
        );
    }

    // The page carries the request; another site's page cannot send it.
    let back = support::encode("http://polodesk.test/authentication/logout-callback");
    let query = format!("post_logout_redirect_uri={back}&state=s2&client_id=polodesk-web");
    let asked = end_session(&app, Method::GET, &query, &cookie, None).await;
    assert!(asked.text.contains(
        "<input type=\"hidden\" name=\"post_logout_redirect_uri\" value=\"http://polodesk.test/authentication/logout-callback\">"
    ));
    assert!(
        asked
            .text
            .contains("<input type=\"hidden\" name=\"state\" value=\"s2\">")
    );
    let refused = end_session(
        &app,
        Method::POST,
        &query,
        &cookie,
        Some("https://evil.example"),
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused
            .text
            .contains("The sign-out was sent from another site.")
    );
    assert!(silent_code(&app, &cookie).await.is_some());
    let confirmed = end_session(
        &app,
        Method::POST,
        &query,
        &cookie,
        Some("http://polodesk.test"),
    )
    .await;
    assert_eq!(
        confirmed.status,
        StatusCode::SEE_OTHER,
        "{}",
        confirmed.text
    );
    assert_eq!(
        confirmed.headers[header::LOCATION],
        "http://polodesk.test/authentication/logout-callback?state=s2"
    );
    assert_eq!(silent_code(&app, &cookie).await, None);

    // An expired ID token still names the user of the sign-in the app had.
    let (_, cookie) = sign_in_as(&app, "admin@polodesk.test").await;
    let reply = end_session(
        &app,
        Method::GET,
        &format!("id_token_hint={expired}"),
        &cookie,
        None,
    )
    .await;
    assert!(
        reply.text.contains("You successfully logged out!"),
        "{}",
        reply.text
    );
    assert_eq!(silent_code(&app, &cookie).await, None);
    // Without a session there is nothing to ask about.
    let reply = end_session(&app, Method::GET, "", "polodesk_session=gone", None).await;
    assert!(reply.text.contains("You successfully logged out!"));
}

#[tokio::test]
async fn a_personal_api_token_works_for_a_year() {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let none = app.get("/api/Users/me/api-token", Some(&admin)).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_eq!(none.body["message"], "You have no API token.");
    let issued = app.get("/api/Users/api-token", Some(&admin)).await;
    let (created, expires) = (
        issued.body["createdAt"].as_u64().unwrap(),
        issued.body["expiresAt"].as_u64().unwrap(),
    );
    assert_eq!(expires - created, 365 * 24 * 3600);
    let fresh = issued.body["token"].as_str().unwrap();
    assert_eq!(
        app.get("/api/Users/me", Some(fresh)).await.status,
        StatusCode::OK
    );

    // One issued a year and a second ago, as the store would hold it.
    let user_id = app
        .store
        .user_by_email("admin@polodesk.test")
        .unwrap()
        .unwrap()
        .id;
    let old = "pd_issued-a-year-ago";
    let token = ApiToken {
        user_id,
        created_at: now() - 365 * 24 * 3600 - 1,
    };
    app.store
        .replace_api_token(digest(old), token)
        .await
        .unwrap();
    let refused = app.get("/api/Users/me", Some(old)).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    let status = app.get("/api/Users/me/api-token", Some(&admin)).await;
    assert_eq!(
        status.status,
        StatusCode::NOT_FOUND,
        "an expired one is not shown"
    );
}

/// The Account page shows when the user's API token was issued and when it ends, without its
/// value, and revokes it: scripts using it are refused at once, the user's sign-ins go on.
#[tokio::test]
async fn a_user_sees_and_revokes_their_api_token() {
    let app = TestApp::new().await;
    app.user(CLUB, UserType::Club, None).await;
    let club = app.token(CLUB).await;
    let admin = app.token("admin@polodesk.test").await;
    let issued = app.get("/api/Users/api-token", Some(&club)).await;
    let script = issued.body["token"].as_str().unwrap().to_owned();
    let admins = app.get("/api/Users/api-token", Some(&admin)).await;
    let admins = admins.body["token"].as_str().unwrap().to_owned();

    let status = app.get("/api/Users/me/api-token", Some(&club)).await;
    assert_eq!(status.status, StatusCode::OK, "{}", status.text);
    assert_eq!(status.body["createdAt"], issued.body["createdAt"]);
    assert_eq!(status.body["expiresAt"], issued.body["expiresAt"]);
    assert!(
        status.body.get("token").is_none(),
        "the value is shown once"
    );
    let from_script = app.get("/api/Users/me/api-token", Some(&script)).await;
    assert_eq!(from_script.body, status.body);

    let revoked = app.delete("/api/Users/me/api-token", Some(&club)).await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT, "{}", revoked.text);
    assert_eq!(
        app.get("/api/Users/me", Some(&script)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/Users/me", Some(&club)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/Users/me", Some(&admins)).await.status,
        StatusCode::OK
    );
    let again = app.delete("/api/Users/me/api-token", Some(&club)).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(again.body["message"], "You have no API token.");
    let gone = app.get("/api/Users/me/api-token", Some(&club)).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    // The account's activity has the token's issue and its revocation, once.
    let kinds: Vec<Value> = activity(&app, &club)
        .await
        .iter()
        .map(|e| e["kind"].clone())
        .collect();
    assert_eq!(kinds, ["apiTokenRevoked", "apiTokenIssued", "signedIn"]);
}

#[tokio::test]
async fn a_code_issued_before_the_sign_ins_ended_gives_no_tokens() {
    let app = TestApp::new().await;
    app.user(CLUB, UserType::Club, None).await;
    let token = app.token(CLUB).await;
    let (code, _) = sign_in_as(&app, CLUB).await;
    let ended = app.delete("/api/Users/me/sessions", Some(&token)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT);
    let exchanged = exchange(&app, &code, VERIFIER).await;
    assert_eq!(
        exchanged.body["error"], "invalid_grant",
        "{}",
        exchanged.text
    );
    // A code of a sign-in after the end works.
    let (code, _) = sign_in_as(&app, CLUB).await;
    assert_eq!(exchange(&app, &code, VERIFIER).await.status, StatusCode::OK);
}

/// How `GET /api/Users/me` answers `token`.
async fn me(app: &TestApp, token: &str) -> StatusCode {
    app.get("/api/Users/me", Some(token)).await.status
}

const FIREFOX: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

/// The web client's code exchange from a browser that names itself.
async fn exchange_in(app: &TestApp, code: &str, user_agent: &str) -> support::Reply {
    let body = format!(
        "grant_type=authorization_code&client_id=polodesk-web&code={}&redirect_uri={}&code_verifier={VERIFIER}",
        support::encode(code),
        support::encode(support::browser::CALLBACK),
    );
    let request = TestApp::request(Method::POST, "/connect/token")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::USER_AGENT, user_agent)
        .body(axum::body::Body::from(body))
        .unwrap();
    app.send(request).await
}

/// A user sees where they are signed in, this sign-in marked, and ends another one alone: its
/// access and refresh tokens stop working at once, and its browser cannot silently sign in
/// again. Nobody ends a sign-in that is not theirs.
#[tokio::test]
async fn a_user_sees_their_sign_ins_and_ends_one() {
    let app = TestApp::new().await;
    app.user(CLUB, UserType::Club, None).await;
    app.user("other@polodesk.test", UserType::Club, None).await;
    let console = app.password_grant(CLUB, PASSWORD).await;
    let console_access = console.body["access_token"].as_str().unwrap().to_owned();
    let (code, cookie) = sign_in_as(&app, CLUB).await;
    let web = exchange_in(&app, &code, FIREFOX).await;
    assert_eq!(web.status, StatusCode::OK, "{}", web.text);
    let web_access = web.body["access_token"].as_str().unwrap().to_owned();
    let web_refresh = web.body["refresh_token"].as_str().unwrap().to_owned();

    let listed = app
        .get("/api/Users/me/sessions", Some(&console_access))
        .await;
    assert_eq!(listed.status, StatusCode::OK, "{}", listed.text);
    let rows = listed.body.as_array().unwrap();
    let pick = |row: &Value| {
        (
            row["app"].as_str().unwrap().to_owned(),
            row["device"].as_str().unwrap().to_owned(),
            row["current"].as_bool().unwrap(),
        )
    };
    let mut seen: Vec<_> = rows.iter().map(pick).collect();
    seen.sort();
    assert_eq!(
        seen,
        [
            ("Command line".to_owned(), "Unknown device".to_owned(), true),
            ("Web app".to_owned(), "Firefox on Windows".to_owned(), false),
        ]
    );
    let at = now();
    for row in rows {
        let signed_in = row["signedInAt"].as_u64().unwrap();
        assert!(signed_in <= at && at - signed_in < 60, "{row}");
        assert_eq!(row["lastUsedAt"], row["signedInAt"]);
        let lasts = row["expiresAt"].as_u64().unwrap() - signed_in;
        assert_eq!(lasts, 30 * 24 * 3600, "a sign-in lasts 30 days");
    }
    let web_id = rows.iter().find(|r| r["app"] == "Web app").unwrap()["id"]
        .as_u64()
        .unwrap();

    // Another user cannot end it, nor see it.
    let other = app.token("other@polodesk.test").await;
    let path = format!("/api/Users/me/sessions/{web_id}");
    let refused = app.delete(&path, Some(&other)).await;
    assert_eq!(refused.status, StatusCode::NOT_FOUND, "{}", refused.text);
    assert_eq!(
        refused.body["message"],
        format!("Sign-in {web_id} was not found.")
    );
    let theirs = app.get("/api/Users/me/sessions", Some(&other)).await;
    assert_eq!(theirs.body.as_array().unwrap().len(), 1);
    assert_eq!(me(&app, &web_access).await, StatusCode::OK);

    let ended = app.delete(&path, Some(&console_access)).await;
    assert_eq!(ended.status, StatusCode::NO_CONTENT, "{}", ended.text);
    assert_eq!(me(&app, &web_access).await, StatusCode::UNAUTHORIZED);
    let renewed = app.refresh_grant("polodesk-web", &web_refresh).await;
    assert_eq!(renewed.body["error"], "invalid_grant", "{}", renewed.text);
    assert_eq!(
        silent_code(&app, &cookie).await,
        None,
        "its browser session ended"
    );
    assert_eq!(me(&app, &console_access).await, StatusCode::OK);
    let left = app
        .get("/api/Users/me/sessions", Some(&console_access))
        .await;
    let left: Vec<_> = left.body.as_array().unwrap().iter().map(pick).collect();
    assert_eq!(
        left,
        [("Command line".to_owned(), "Unknown device".to_owned(), true)]
    );
    let again = app.delete(&path, Some(&console_access)).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    // A refresh renews what the list says of a sign-in.
    let console_refresh = console.body["refresh_token"].as_str().unwrap();
    let request = TestApp::request(Method::POST, "/connect/token")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::USER_AGENT, "polodesk/0.1.0 (linux)")
        .body(axum::body::Body::from(format!(
            "grant_type=refresh_token&client_id=polodesk-cli&refresh_token={console_refresh}"
        )))
        .unwrap();
    assert_eq!(app.send(request).await.status, StatusCode::OK);
    let listed = app
        .get("/api/Users/me/sessions", Some(&console_access))
        .await;
    assert_eq!(listed.body[0]["device"], "PoloDesk 0.1.0 on Linux");
}

/// A sign-in unused for 12 hours is refused at its next refresh with a message saying so, and
/// a browser whose issuer session was unused as long is asked for the password.
#[tokio::test]
async fn a_sign_in_unused_for_twelve_hours_asks_for_the_password() {
    use polodesk_store::{IDLE_SECONDS, RefreshToken, SESSION_SECONDS, Seen, Session};
    let app = TestApp::new().await;
    let club = app.user(CLUB, UserType::Club, None).await;
    let then = now() - IDLE_SECONDS;
    let token = RefreshToken {
        user_id: club,
        client_id: "polodesk-tui".into(),
        scope: "polodesk-api".into(),
        auth_time: then,
        family: 0,
        expires_at: now() + 3600,
        spent: false,
    };
    let seen = Seen {
        at: then,
        user_agent: "polodesk/0.1.0 (linux)".into(),
        address: None,
    };
    app.store
        .issue_refresh_token(digest("kept-overnight"), token, 0, seen, None)
        .await
        .unwrap();
    let refused = app.refresh_grant("polodesk-tui", "kept-overnight").await;
    assert_eq!(refused.body["error"], "invalid_grant", "{}", refused.text);
    assert_eq!(
        refused.body["error_description"],
        "This sign-in was not used for 12 hours and has ended. Sign in again with your password."
    );

    let session = Session {
        user_id: club,
        expires_at: then + SESSION_SECONDS,
    };
    app.store
        .start_session(digest("overnight"), session, then)
        .await
        .unwrap();
    assert_eq!(silent_code(&app, "polodesk_session=overnight").await, None);
    let (_, fresh) = sign_in_as(&app, CLUB).await;
    assert!(silent_code(&app, &fresh).await.is_some());
}
