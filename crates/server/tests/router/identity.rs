//! The issuer and the access layer from the outside: the code flow with PKCE, refresh-token
//! rotation, and every way a token can be wrong.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::browser::{
    CALLBACK, VERIFIER, authorize_url, exchange, sign_in, sign_in_form, silent_code,
};
use crate::support::league::put;
use crate::support::{ISSUER, PASSWORD, TestApp, encode, query_value};
use axum::http::{Method, StatusCode, header};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use polodesk_domain::codes::UserType;
use polodesk_server::Keys;
use polodesk_server::identity::secrets::pkce_s256;
use polodesk_server::identity::tokens::{AccessClaims, now, sign};
use serde_json::json;

use crate::support;

#[tokio::test]
async fn discovery_names_the_endpoints_and_s256_only() {
    let app = TestApp::new().await;
    let doc = app
        .get("/.well-known/openid-configuration", None)
        .await
        .body;
    assert_eq!(doc["issuer"], ISSUER);
    assert_eq!(doc["token_endpoint"], format!("{ISSUER}/connect/token"));
    assert_eq!(doc["code_challenge_methods_supported"], json!(["S256"]));
    let jwks = app.get("/.well-known/jwks.json", None).await.body;
    assert_eq!(jwks["keys"][0]["alg"], "ES256");
    let config = app.get("/_configuration/polodesk-web", None).await.body;
    assert_eq!(config["authority"], ISSUER);
    assert_eq!(config["redirect_uri"], CALLBACK);
    assert_eq!(config["response_type"], "code");
    // What the web app uses and no more: its identity and name (openid, profile, email), its
    // refresh token (offline_access) and the API (V10.2.3).
    assert_eq!(
        config["scope"],
        "openid profile email offline_access polodesk-api"
    );
}

#[tokio::test]
async fn the_code_flow_with_pkce_signs_in_and_the_token_opens_the_api() {
    let app = TestApp::new().await;
    let page = app
        .get(&authorize_url(&pkce_s256(VERIFIER), "S256"), None)
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("id=\"email\"") && page.text.contains("Sign in"));

    let (code, cookie) = sign_in(&app).await;
    let tokens = exchange(&app, &code, VERIFIER).await;
    assert_eq!(tokens.status, StatusCode::OK, "{}", tokens.text);
    let access = tokens.body["access_token"].as_str().unwrap();
    // The ID token carries back the nonce of the request that started the sign-in, which the
    // web app checks against the one it stored (V10.5.1).
    let id_token = tokens.body["id_token"].as_str().unwrap();
    assert_eq!(claim(id_token, "nonce"), json!("n1"));
    let me = app.get("/api/Users/me", Some(access)).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["roles"], json!(["Admin"]));
    assert_eq!(me.body["access"]["admin"], true);
    let info = app.get("/connect/userinfo", Some(access)).await;
    assert_eq!(info.body["email"], "admin@polodesk.test");

    // With the session cookie, a silent request gets a code without the page.
    assert!(silent_code(&app, &cookie).await.is_some());
}

/// Signing in through the form in a browser that still holds an issuer session ends that
/// session, whoever's it was (ASVS V7.2.4): the next person at a shared club computer does not
/// leave the last one's session behind.
#[tokio::test]
async fn signing_in_again_ends_the_session_the_browser_held() {
    let app = TestApp::new().await;
    app.user("club@polodesk.test", UserType::Club, None).await;
    let (_, first) = sign_in(&app).await;
    assert!(silent_code(&app, &first).await.is_some());

    let challenge = pkce_s256(VERIFIER);
    let form = sign_in_form(&challenge, "club@polodesk.test", PASSWORD);
    let reply = app.form("/connect/authorize", &form, Some(&first)).await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.text);
    let set = reply.headers[header::SET_COOKIE].to_str().unwrap();
    let second = set.split(';').next().unwrap().to_owned();
    assert_ne!(second, first);

    assert_eq!(
        silent_code(&app, &first).await,
        None,
        "the earlier session ended"
    );
    let code = silent_code(&app, &second).await.unwrap();
    let tokens = exchange(&app, &code, VERIFIER).await;
    let access = tokens.body["access_token"].as_str().unwrap();
    let me = app.get("/api/Users/me", Some(access)).await;
    assert_eq!(me.body["email"], "club@polodesk.test");
}

/// A code works once, and presenting it again revokes what its exchange gave (RFC 6749 §4.1.2):
/// whoever replays an intercepted code ends that sign-in instead of getting into it. The
/// account's other sign-ins go on.
#[tokio::test]
async fn a_replayed_code_gets_nothing_and_ends_the_sign_in_it_started() {
    let app = TestApp::new().await;
    let (other_code, other_cookie) = sign_in(&app).await;
    let other = exchange(&app, &other_code, VERIFIER).await;
    let other_access = other.body["access_token"].as_str().unwrap();
    let (code, cookie) = sign_in(&app).await;
    let tokens = exchange(&app, &code, VERIFIER).await;
    assert_eq!(tokens.status, StatusCode::OK, "{}", tokens.text);
    let access = tokens.body["access_token"].as_str().unwrap();
    let refresh = tokens.body["refresh_token"].as_str().unwrap();
    let me = |token: &str| {
        let token = token.to_owned();
        let app = &app;
        async move { app.get("/api/Users/me", Some(&token)).await.status }
    };
    assert_eq!(me(access).await, StatusCode::OK);

    let again = exchange(&app, &code, VERIFIER).await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(again.body["error"], "invalid_grant");
    assert_eq!(
        again.body["error_description"],
        "The code is unknown or was already used."
    );
    assert!(again.body.get("access_token").is_none());
    assert_eq!(me(access).await, StatusCode::UNAUTHORIZED);
    let renewed = app.refresh_grant("polodesk-web", refresh).await;
    assert_eq!(renewed.body["error"], "invalid_grant", "{}", renewed.text);
    assert_eq!(
        silent_code(&app, &cookie).await,
        None,
        "its issuer session ended"
    );

    assert_eq!(me(other_access).await, StatusCode::OK);
    assert!(silent_code(&app, &other_cookie).await.is_some());
    let unknown = exchange(&app, "not-a-code", VERIFIER).await;
    assert_eq!(unknown.body["error"], "invalid_grant");
}

#[tokio::test]
async fn pkce_is_required_and_must_match() {
    let app = TestApp::new().await;
    for url in [authorize_url("", "S256"), authorize_url(VERIFIER, "plain")] {
        let reply = app.get(&url, None).await;
        let location = reply.headers[header::LOCATION].to_str().unwrap();
        assert_eq!(
            query_value(location, "error").as_deref(),
            Some("invalid_request"),
            "{url}"
        );
    }
    let (code, _) = sign_in(&app).await;
    let wrong = exchange(
        &app,
        &code,
        "another-verifier-of-sufficient-length-0000000000",
    )
    .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(wrong.body["error"], "invalid_grant");
}

/// Only the code flow is answered: an implicit or hybrid request goes back to the client with
/// `unsupported_response_type` and no token, in the query rather than a fragment.
#[tokio::test]
async fn other_response_types_get_no_token() {
    let app = TestApp::new().await;
    let code_flow = authorize_url(&pkce_s256(VERIFIER), "S256");
    for kind in ["token", "id_token", "code token", "code id_token", "none"] {
        let url = code_flow.replace(
            "response_type=code",
            &format!("response_type={}", encode(kind)),
        );
        assert_ne!(url, code_flow);
        let reply = app.get(&url, None).await;
        let location = reply.headers[header::LOCATION].to_str().unwrap();
        assert!(location.starts_with(CALLBACK), "{location}");
        assert_eq!(
            query_value(location, "error").as_deref(),
            Some("unsupported_response_type"),
            "{kind}"
        );
        assert!(
            !location.contains('#') && !location.contains("token="),
            "{location}"
        );
    }
}

#[tokio::test]
async fn unregistered_redirects_are_refused_without_redirecting() {
    let app = TestApp::new().await;
    let evil = authorize_url(&pkce_s256(VERIFIER), "S256")
        .replace(&encode(CALLBACK), &encode("https://evil.example/cb"));
    let reply = app.get(&evil, None).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.headers.get(header::LOCATION).is_none());

    let logout = app
        .get(
            &format!(
                "/connect/endsession?post_logout_redirect_uri={}",
                encode("https://evil.example/")
            ),
            None,
        )
        .await;
    assert_eq!(logout.status, StatusCode::BAD_REQUEST);
    assert!(logout.text.contains(
        "Invalid return url. The return url needs to have the same origin as the current page."
    ));
}

/// A scope the issuer does not support is refused, by the sign-in request (to the client's
/// callback) and by the password grant (before the password is checked); supported ones pass.
#[tokio::test]
async fn unsupported_scopes_are_refused_and_the_api_needs_its_own() {
    let app = TestApp::new().await;
    let url = authorize_url(&pkce_s256(VERIFIER), "S256").replace(
        "scope=openid%20profile%20polodesk-api",
        "scope=openid%20admin",
    );
    assert!(url.contains("scope=openid%20admin"), "{url}");
    let reply = app.get(&url, None).await;
    let location = reply.headers[header::LOCATION].to_str().unwrap();
    assert!(location.starts_with(CALLBACK), "{location}");
    assert_eq!(
        query_value(location, "error").as_deref(),
        Some("invalid_scope")
    );
    assert_eq!(
        query_value(location, "error_description").as_deref(),
        Some("The scope admin is not supported.")
    );

    let grant = |scope: &'static str| {
        let app = &app;
        async move {
            app.form(
                "/connect/token",
                &[
                    ("grant_type", "password"),
                    ("client_id", "polodesk-cli"),
                    ("username", "admin@polodesk.test"),
                    ("password", PASSWORD),
                    ("scope", scope),
                ],
                None,
            )
            .await
        }
    };
    let refused = grant("openid everything").await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(refused.body["error"], "invalid_scope");
    assert_eq!(
        refused.body["error_description"],
        "The scope everything is not supported."
    );
    let granted = grant("openid polodesk-api").await;
    assert_eq!(granted.status, StatusCode::OK, "{}", granted.text);
    assert_eq!(granted.body["scope"], "openid polodesk-api");
    let access = granted.body["access_token"].as_str().unwrap();
    assert_eq!(
        app.get("/api/Users/me", Some(access)).await.status,
        StatusCode::OK
    );

    // A token without the API's scope signs in to the issuer but opens no API call (403 with
    // RFC 6750's challenge).
    let narrow = grant("openid").await;
    assert_eq!(narrow.status, StatusCode::OK, "{}", narrow.text);
    let access = narrow.body["access_token"].as_str().unwrap();
    let me = app.get("/api/Users/me", Some(access)).await;
    assert_eq!(me.status, StatusCode::FORBIDDEN);
    assert_eq!(
        me.body["message"],
        "This access token was not granted the polodesk-api scope: ask for it when you sign in."
    );
    assert_eq!(
        me.headers[header::WWW_AUTHENTICATE],
        "Bearer error=\"insufficient_scope\", scope=\"polodesk-api\""
    );
    let info = app.get("/connect/userinfo", Some(access)).await;
    assert_eq!(
        info.status,
        StatusCode::OK,
        "the issuer's own call still answers"
    );
}

#[tokio::test]
async fn prompt_none_without_a_session_answers_login_required() {
    let app = TestApp::new().await;
    let reply = app
        .get(
            &format!(
                "{}&prompt=none",
                authorize_url(&pkce_s256(VERIFIER), "S256")
            ),
            None,
        )
        .await;
    let location = reply.headers[header::LOCATION].to_str().unwrap();
    assert_eq!(
        query_value(location, "error").as_deref(),
        Some("login_required")
    );
}

#[tokio::test]
async fn wrong_credentials_show_the_message_and_repeated_failures_are_refused() {
    let app = TestApp::new().await;
    let challenge = pkce_s256(VERIFIER);
    let wrong = app
        .form(
            "/connect/authorize",
            &sign_in_form(&challenge, "admin@polodesk.test", "nope"),
            None,
        )
        .await;
    assert_eq!(wrong.status, StatusCode::OK);
    assert!(wrong.text.contains("Invalid email or password."));
    // Password managers fill the form and paste is not blocked (V6.2.7).
    assert!(
        wrong
            .text
            .contains("type=\"email\" autocomplete=\"username\"")
    );
    assert!(
        wrong
            .text
            .contains("type=\"password\" autocomplete=\"current-password\"")
    );
    assert!(!wrong.text.contains("onpaste"));
    let unknown = app
        .form(
            "/connect/authorize",
            &sign_in_form(&challenge, "who@polodesk.test", "nope"),
            None,
        )
        .await;
    assert!(unknown.text.contains("Invalid email or password."));

    // The CLI's password grant shares the throttle.
    let mut last = StatusCode::OK;
    for _ in 0..12 {
        last = app
            .password_grant("admin@polodesk.test", "wrong")
            .await
            .status;
    }
    assert_eq!(last, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn the_web_client_may_not_use_the_password_grant() {
    let app = TestApp::new().await;
    let reply = app
        .form(
            "/connect/token",
            &[
                ("grant_type", "password"),
                ("client_id", "polodesk-web"),
                ("username", "admin@polodesk.test"),
                ("password", PASSWORD),
            ],
            None,
        )
        .await;
    assert_eq!(reply.body["error"], "unauthorized_client");
}

async fn refresh(app: &TestApp, token: &str) -> support::Reply {
    app.refresh_grant("polodesk-web", token).await
}

#[tokio::test]
async fn refresh_tokens_rotate_and_reuse_revokes_the_family() {
    let app = TestApp::new().await;
    let (code, _) = sign_in(&app).await;
    let first = exchange(&app, &code, VERIFIER).await.body["refresh_token"]
        .as_str()
        .unwrap()
        .to_owned();
    // Another client presenting it is refused and does not burn it.
    let wrong_client = app
        .form(
            "/connect/token",
            &[
                ("grant_type", "refresh_token"),
                ("client_id", "polodesk-cli"),
                ("refresh_token", &first),
            ],
            None,
        )
        .await;
    assert_eq!(wrong_client.body["error"], "invalid_grant");
    let second = refresh(&app, &first).await;
    assert_eq!(second.status, StatusCode::OK);
    let access = second.body["access_token"].as_str().unwrap().to_owned();
    let second = second.body["refresh_token"].as_str().unwrap().to_owned();
    assert_ne!(first, second);
    assert_eq!(me(&app, &access).await, StatusCode::OK);

    // The spent token again: refused, and its successor and access token die with it.
    assert_eq!(refresh(&app, &first).await.body["error"], "invalid_grant");
    assert_eq!(refresh(&app, &second).await.body["error"], "invalid_grant");
    assert_eq!(me(&app, &access).await, StatusCode::UNAUTHORIZED);

    // A tampered token is refused.
    let (code, _) = sign_in(&app).await;
    let fresh = exchange(&app, &code, VERIFIER).await.body["refresh_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut tampered = fresh.clone();
    tampered.replace_range(0..1, if fresh.starts_with('A') { "B" } else { "A" });
    assert_eq!(
        refresh(&app, &tampered).await.body["error"],
        "invalid_grant"
    );
    assert_eq!(refresh(&app, &fresh).await.status, StatusCode::OK);
}

fn claims(issuer: &str, audience: &str, exp: u64) -> AccessClaims {
    AccessClaims {
        iss: issuer.into(),
        sub: "1".into(),
        aud: audience.into(),
        exp,
        iat: now(),
        client_id: "polodesk-web".into(),
        scope: "polodesk-api".into(),
        email: "admin@polodesk.test".into(),
        generation: 0,
        family: None,
    }
}

#[tokio::test]
async fn bad_tokens_are_401() {
    let app = TestApp::new().await;
    let good = sign(&app.keys, &claims(ISSUER, "polodesk-api", now() + 600));
    assert_eq!(
        app.get("/api/Cities", Some(&good)).await.status,
        StatusCode::OK
    );

    let expired = sign(&app.keys, &claims(ISSUER, "polodesk-api", now() - 120));
    let other_key = sign(
        &Keys::ephemeral(),
        &claims(ISSUER, "polodesk-api", now() + 600),
    );
    let other_issuer = sign(
        &app.keys,
        &claims("http://evil.example", "polodesk-api", now() + 600),
    );
    let wrong_audience = sign(&app.keys, &claims(ISSUER, "another-api", now() + 600));
    let hs256 = jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims(ISSUER, "polodesk-api", now() + 600),
        &EncodingKey::from_secret(b"guess"),
    )
    .unwrap();
    let payload = good.split('.').nth(1).unwrap();
    // {"alg":"none","typ":"JWT"}
    let alg_none = format!("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{payload}.");
    let mut bad_signature = good.clone();
    let last = bad_signature.pop().unwrap();
    bad_signature.push(if last == 'A' { 'B' } else { 'A' });

    for (name, token) in [
        ("expired", expired.as_str()),
        ("other key", &other_key),
        ("other issuer", &other_issuer),
        ("wrong audience", &wrong_audience),
        ("hs256", &hs256),
        ("alg none", &alg_none),
        ("bad signature", &bad_signature),
        ("garbage", "not-a-token"),
        ("unknown api token", "pd_unknown"),
    ] {
        let reply = app.get("/api/Cities", Some(token)).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{name}");
        assert_eq!(reply.body["message"], "Sign in to continue.", "{name}");
    }
    assert_eq!(
        app.get("/api/Cities", None).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.get("/api/health", None).await.status, StatusCode::OK);
}

/// Tokens that are well signed but must still not open the API: not valid yet, forged with the
/// public key as an HMAC secret, of an account that was deleted or demoted since.
#[tokio::test]
async fn well_formed_tokens_of_the_wrong_moment_key_or_account_are_refused() {
    let app = TestApp::new().await;
    let mut early = serde_json::to_value(claims(ISSUER, "polodesk-api", now() + 1200)).unwrap();
    early["nbf"] = json!(now() + 600);
    let not_yet_valid = sign(&app.keys, &early);
    // The classic key confusion: the published public key used as an HS256 secret.
    let public_key = app.keys.jwk.to_string();
    let hs256_public = jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims(ISSUER, "polodesk-api", now() + 600),
        &EncodingKey::from_secret(public_key.as_bytes()),
    )
    .unwrap();
    for (name, token) in [
        ("not yet valid", &not_yet_valid),
        ("hs256 with the public key", &hs256_public),
    ] {
        let reply = app.get("/api/Cities", Some(token)).await;
        assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{name}");
    }

    // An administrator's token stops working the moment the account is deleted, and is
    // judged by the account's present type once it is demoted.
    let admin = app.token("admin@polodesk.test").await;
    let other = app
        .user("second@polodesk.test", UserType::Admin, None)
        .await;
    let second = app.token("second@polodesk.test").await;
    assert_eq!(
        app.get("/api/Users", Some(&second)).await.status,
        StatusCode::OK
    );
    let federation = app.federation().await;
    let demote = json!({"email": "second@polodesk.test", "typeId": 1, "federationId": federation});
    let demoted = put(&app, &admin, &format!("/api/Users/{other}"), demote).await;
    assert_eq!(demoted.status, StatusCode::OK, "{}", demoted.text);
    let reply = app.get("/api/Users", Some(&second)).await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN, "{}", reply.text);
    let deleted = app
        .delete(&format!("/api/Users/{other}"), Some(&admin))
        .await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text);
    let reply = app.get("/api/Cities", Some(&second)).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{}", reply.text);
}

#[tokio::test]
async fn api_tokens_work_until_replaced() {
    let app = TestApp::new().await;
    let access = app.token("admin@polodesk.test").await;
    let first = app.get("/api/Users/api-token", Some(&access)).await.body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(first.starts_with("pd_"));
    assert_eq!(
        app.get("/api/Users/me", Some(&first)).await.status,
        StatusCode::OK
    );
    let second = app.get("/api/Users/api-token", Some(&first)).await.body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        app.get("/api/Users/me", Some(&first)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get("/api/Users/me", Some(&second)).await.status,
        StatusCode::OK
    );
}

fn claim(jwt: &str, name: &str) -> serde_json::Value {
    use base64::Engine;
    let payload = jwt.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .unwrap();
    serde_json::from_slice::<serde_json::Value>(&bytes).unwrap()[name].clone()
}

/// The lifetimes README and docs/security.md (V7.3.2) give, as the issuer hands them out: the
/// browser's issuer session 14 days, access and ID tokens 15 minutes, again after a refresh.
/// (A sign-in's 30 days: `sign_ins.rs`; the 12-hour idle end: the store's
/// `an_issuer_session_unused_for_twelve_hours_ends`.)
#[tokio::test]
async fn the_issued_lifetimes_are_the_documented_ones() {
    let app = TestApp::new().await;
    let challenge = pkce_s256(VERIFIER);
    let form = sign_in_form(&challenge, "admin@polodesk.test", PASSWORD);
    let reply = app.form("/connect/authorize", &form, None).await;
    let cookie = reply.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.contains("Max-Age=1209600"), "14 days: {cookie}");
    let location = reply.headers[header::LOCATION].to_str().unwrap();
    let code = query_value(location, "code").unwrap();

    let first = exchange(&app, &code, VERIFIER).await;
    let next = refresh(&app, first.body["refresh_token"].as_str().unwrap()).await;
    for tokens in [&first, &next] {
        assert_eq!(tokens.body["expires_in"], 900, "{}", tokens.text);
        for name in ["access_token", "id_token"] {
            let token = tokens.body[name].as_str().unwrap();
            let lasts =
                claim(token, "exp").as_u64().unwrap() - claim(token, "iat").as_u64().unwrap();
            assert_eq!(lasts, 15 * 60, "{name}");
        }
    }
}

#[tokio::test]
async fn refreshed_id_tokens_keep_the_original_auth_time() {
    let app = TestApp::new().await;
    let (code, _) = sign_in(&app).await;
    let first = exchange(&app, &code, VERIFIER).await;
    let auth_time = claim(first.body["id_token"].as_str().unwrap(), "auth_time");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let next = refresh(&app, first.body["refresh_token"].as_str().unwrap()).await;
    assert_eq!(
        claim(next.body["id_token"].as_str().unwrap(), "auth_time"),
        auth_time
    );
}

#[tokio::test]
async fn a_sign_in_form_posted_from_another_site_is_refused() {
    let app = TestApp::new().await;
    let challenge = pkce_s256(VERIFIER);
    let body: String = sign_in_form(&challenge, "admin@polodesk.test", PASSWORD)
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect::<Vec<_>>()
        .join("&");
    // (Origin, Sec-Fetch-Site) as browsers send them, and whether the form may sign in.
    let cases = [
        (Some("https://evil.example"), None, false),
        (Some("https://evil.example"), Some("cross-site"), false),
        (Some("null"), Some("cross-site"), false),
        (Some("null"), None, false),
        (None, Some("cross-site"), false),
        (None, Some("same-site"), false),
        (Some(ISSUER), Some("same-origin"), true),
        (Some("null"), Some("same-origin"), true),
        (None, None, true),
    ];
    for (origin, fetched_from, allowed) in cases {
        let mut request = TestApp::request(Method::POST, "/connect/authorize")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if let Some(origin) = origin {
            request = request.header(header::ORIGIN, origin);
        }
        if let Some(site) = fetched_from {
            request = request.header("sec-fetch-site", site);
        }
        let reply = app
            .send(request.body(axum::body::Body::from(body.clone())).unwrap())
            .await;
        let case = format!("{origin:?} {fetched_from:?}");
        if allowed {
            assert_eq!(reply.status, StatusCode::SEE_OTHER, "{case}");
            assert!(reply.headers.get(header::SET_COOKIE).is_some(), "{case}");
        } else {
            assert_eq!(reply.status, StatusCode::FORBIDDEN, "{case}");
            assert!(
                reply
                    .text
                    .contains("The sign-in form was sent from another site.")
            );
            assert!(
                reply.headers.get(header::SET_COOKIE).is_none(),
                "{case}: no session for the other site"
            );
        }
    }
}

/// How `GET /api/Users/me` answers `token`.
async fn me(app: &TestApp, token: &str) -> StatusCode {
    app.get("/api/Users/me", Some(token)).await.status
}
