//! Two-step sign-in through the router: setting it up with the password and a first code,
//! the code asked for by the password grant and the browser's sign-in page, each code and
//! recovery code working once, guesses under the sign-in throttle, turning it off, and an
//! administrator's reset.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::browser::{CALLBACK, VERIFIER, exchange, sign_in_as, sign_in_form};
use crate::support::{PASSWORD, Reply, TestApp, query_value};
use axum::http::{Method, StatusCode, header};
use polodesk_domain::codes::UserType;
use polodesk_domain::permissions::REFUSED;
use polodesk_domain::users::{TWO_STEP_FIRST, TwoStepRule};
use polodesk_server::identity::secrets::pkce_s256;
use polodesk_server::identity::tokens::now;
use polodesk_server::identity::two_step::{CODE_NEEDED, SIGN_IN_AGAIN, TOO_MANY_CODES, WRONG_CODE};
use polodesk_store::{ChangedBy, Store, TWO_STEP_ALREADY_ON, TWO_STEP_NOT_STARTED};
use serde_json::{Value, json};
use totp_rs::{Algorithm, Secret, TOTP};

const CLUB: &str = "club@polodesk.test";
const ADMIN: &str = "admin@polodesk.test";

/// The code an authenticator app with `key` (base32) shows at `time`.
fn code_at(key: &str, time: u64) -> String {
    let bytes = Secret::Encoded(key.to_owned()).to_bytes().unwrap();
    let totp = TOTP::new(Algorithm::SHA1, 6, 0, 30, bytes, None, String::new()).unwrap();
    totp.generate(time)
}

/// Six digits that are the code of no step the server accepts at `time`.
fn wrong_code(key: &str, time: u64) -> String {
    let near: Vec<String> = [time - 30, time, time + 30]
        .iter()
        .map(|&t| code_at(key, t))
        .collect();
    (0..4)
        .map(|n| format!("{n:06}"))
        .find(|code| !near.contains(code))
        .unwrap()
}

async fn post(app: &TestApp, path: &str, token: &str, body: Value) -> Reply {
    app.call(Method::POST, path, Some(token), Some(body)).await
}

fn with_password() -> Value {
    json!({ "currentPassword": PASSWORD })
}

/// Turns two-step sign-in on for the account of `token`: its key and recovery codes, and the
/// time of the code that confirmed it.
async fn turn_on(app: &TestApp, token: &str) -> (String, Vec<String>, u64) {
    let setup = post(app, "/api/Users/me/two-step", token, with_password()).await;
    assert_eq!(setup.status, StatusCode::OK, "{}", setup.text);
    let key = setup.body["key"].as_str().unwrap().to_owned();
    let at = now();
    let code = json!({ "code": code_at(&key, at) });
    let confirmed = post(app, "/api/Users/me/two-step/confirm", token, code).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text);
    let codes = confirmed.body["codes"].as_array().unwrap();
    let codes = codes.iter().map(|c| c.as_str().unwrap().to_owned());
    (key, codes.collect(), at)
}

/// The command line's password grant, with a second step when given.
async fn grant(app: &TestApp, email: &str, password: &str, otp: Option<&str>) -> Reply {
    let mut form = vec![
        ("grant_type", "password"),
        ("client_id", "polodesk-cli"),
        ("username", email),
        ("password", password),
    ];
    form.extend(otp.map(|otp| ("otp", otp)));
    app.form("/connect/token", &form, None).await
}

fn oauth_error(reply: &Reply) -> (StatusCode, &str, &str) {
    let text = |key: &str| reply.body[key].as_str().unwrap_or_default();
    (reply.status, text("error"), text("error_description"))
}

#[tokio::test]
async fn setting_it_up_takes_the_password_and_a_first_code() {
    let app = TestApp::new().await;
    app.club_account(CLUB).await;
    let token = app.token(CLUB).await;
    let status = app.get("/api/Users/me/two-step", Some(&token)).await;
    assert_eq!(
        status.body,
        json!({ "on": false, "recoveryCodesLeft": 0, "required": false })
    );

    let early = post(
        &app,
        "/api/Users/me/two-step/confirm",
        &token,
        json!({ "code": "123456" }),
    );
    let early = early.await;
    assert_eq!(early.status, StatusCode::CONFLICT);
    assert_eq!(early.body["message"], TWO_STEP_NOT_STARTED);
    let wrong = json!({ "currentPassword": "not the password" });
    let wrong = post(&app, "/api/Users/me/two-step", &token, wrong).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.body["errors"]["currentPassword"][0],
        "The current password is not correct."
    );

    let setup = post(&app, "/api/Users/me/two-step", &token, with_password()).await;
    assert_eq!(setup.status, StatusCode::OK, "{}", setup.text);
    let key = setup.body["key"].as_str().unwrap();
    assert_eq!(key.len(), 32, "160 bits in base32");
    let uri = setup.body["uri"].as_str().unwrap();
    assert!(
        uri.starts_with("otpauth://totp/PoloDesk:club%40polodesk.test?"),
        "{uri}"
    );
    assert!(uri.contains(&format!("secret={key}")) && uri.contains("issuer=PoloDesk"));
    // Until its first code is confirmed, the setup asks nothing at sign-in.
    assert_eq!(
        grant(&app, CLUB, PASSWORD, None).await.status,
        StatusCode::OK
    );

    let wrong = json!({ "code": wrong_code(key, now()) });
    let wrong = post(&app, "/api/Users/me/two-step/confirm", &token, wrong).await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.body["errors"]["code"][0],
        "That code is not right: type the 6 digits your authenticator app shows now."
    );
    let code = json!({ "code": code_at(key, now()) });
    let confirmed = post(&app, "/api/Users/me/two-step/confirm", &token, code).await;
    assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.text);
    let mut codes: Vec<&str> = confirmed.body["codes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(codes.len(), 10);
    assert!(codes.iter().all(|c| c.len() == 11 && &c[5..6] == "-"));
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), 10);

    let status = app.get("/api/Users/me/two-step", Some(&token)).await;
    assert_eq!(
        status.body,
        json!({ "on": true, "recoveryCodesLeft": 10, "required": false })
    );
    let again = post(&app, "/api/Users/me/two-step", &token, with_password()).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(again.body["message"], TWO_STEP_ALREADY_ON);
    // An administrator sees it on the user's record.
    let admin = app.token(ADMIN).await;
    let id = app.store.user_by_email(CLUB).unwrap().unwrap().id;
    let user = app.get(&format!("/api/Users/{id}"), Some(&admin)).await;
    assert_eq!(user.body["twoStep"], true);
}

#[tokio::test]
async fn the_password_grant_takes_each_code_once() {
    let app = TestApp::new().await;
    app.club_account(CLUB).await;
    let token = app.token(CLUB).await;
    let (key, codes, at) = turn_on(&app, &token).await;

    let without = grant(&app, CLUB, PASSWORD, None).await;
    assert_eq!(
        oauth_error(&without),
        (StatusCode::BAD_REQUEST, "two_step_required", CODE_NEEDED)
    );
    // A wrong password says nothing of a second step.
    let guessed = grant(&app, CLUB, "not the password", None).await;
    assert_eq!(
        oauth_error(&guessed),
        (
            StatusCode::BAD_REQUEST,
            "invalid_grant",
            "Invalid email or password."
        )
    );
    let wrong = grant(&app, CLUB, PASSWORD, Some(&wrong_code(&key, now()))).await;
    assert_eq!(
        oauth_error(&wrong),
        (StatusCode::BAD_REQUEST, "invalid_grant", WRONG_CODE)
    );
    // The code that confirmed the setup is spent; the next step's works, once.
    let spent = grant(&app, CLUB, PASSWORD, Some(&code_at(&key, at))).await;
    assert_eq!(oauth_error(&spent).2, WRONG_CODE);
    let next = code_at(&key, at + 30);
    let signed_in = grant(&app, CLUB, PASSWORD, Some(&next)).await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text);
    let access = signed_in.body["access_token"].as_str().unwrap();
    assert_eq!(
        app.get("/api/Users/me", Some(access)).await.status,
        StatusCode::OK
    );
    let replayed = grant(&app, CLUB, PASSWORD, Some(&next)).await;
    assert_eq!(oauth_error(&replayed).2, WRONG_CODE);

    // A recovery code, typed as people type, works once.
    let typed = codes[0].to_uppercase().replace('-', " ");
    let recovered = grant(&app, CLUB, PASSWORD, Some(&typed)).await;
    assert_eq!(recovered.status, StatusCode::OK, "{}", recovered.text);
    let again = grant(&app, CLUB, PASSWORD, Some(&codes[0])).await;
    assert_eq!(oauth_error(&again).2, WRONG_CODE);
    let status = app.get("/api/Users/me/two-step", Some(&token)).await;
    assert_eq!(status.body["recoveryCodesLeft"], 9);

    // New recovery codes replace the old ones.
    let renewed = post(
        &app,
        "/api/Users/me/two-step/recovery-codes",
        &token,
        with_password(),
    );
    let renewed = renewed.await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.text);
    let old = grant(&app, CLUB, PASSWORD, Some(&codes[1])).await;
    assert_eq!(oauth_error(&old).2, WRONG_CODE);
    let new = renewed.body["codes"][0].as_str().unwrap();
    assert_eq!(
        grant(&app, CLUB, PASSWORD, Some(new)).await.status,
        StatusCode::OK
    );

    // Turned off with the password, the password alone signs in again.
    let off = post(&app, "/api/Users/me/two-step/off", &token, with_password()).await;
    assert_eq!(off.status, StatusCode::NO_CONTENT, "{}", off.text);
    assert_eq!(
        grant(&app, CLUB, PASSWORD, None).await.status,
        StatusCode::OK
    );
    let twice = post(&app, "/api/Users/me/two-step/off", &token, with_password()).await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    assert_eq!(twice.body["message"], "Two-step sign-in is off.");

    // The account's activity tells all of it: the wrong codes (noted after their answers, so
    // waited for), the wrong password, and in order the sign-ins and changes.
    let mut entries = Vec::new();
    for _ in 0..100 {
        let reply = app.get("/api/Users/me/activity", Some(access)).await;
        entries = reply.body.as_array().unwrap().clone();
        let wrong_codes = entries
            .iter()
            .filter(|e| e["kind"] == "wrongSecondStep")
            .count();
        if wrong_codes == 5 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let kinds = |wanted: &dyn Fn(&str) -> bool| -> Vec<String> {
        entries
            .iter()
            .map(|e| e["kind"].as_str().unwrap().to_owned())
            .filter(|kind| wanted(kind))
            .collect()
    };
    assert_eq!(kinds(&|k| k == "wrongSecondStep").len(), 5, "{entries:?}");
    assert_eq!(kinds(&|k| k == "wrongPasswords").len(), 1, "{entries:?}");
    assert_eq!(
        kinds(&|k| !k.starts_with("wrong")),
        [
            "signedIn",
            "twoStepOff",
            "signedIn",
            "recoveryCodeUsed",
            "recoveryCodesRenewed",
            "signedIn",
            "recoveryCodeUsed",
            "signedIn",
            "twoStepOn",
            "signedIn",
        ]
    );
    let off = entries.iter().find(|e| e["kind"] == "twoStepOff").unwrap();
    assert_eq!(off["by"], "own");
}

#[tokio::test]
async fn guessing_codes_with_a_known_password_meets_the_sign_in_throttle() {
    let app = TestApp::new().await;
    app.club_account(CLUB).await;
    let token = app.token(CLUB).await;
    let (key, _, _) = turn_on(&app, &token).await;
    let mut refused_after = None;
    for guess in 0..12 {
        let reply = grant(&app, CLUB, PASSWORD, Some(&wrong_code(&key, now()))).await;
        if reply.status == StatusCode::TOO_MANY_REQUESTS {
            refused_after = Some(guess);
            break;
        }
        assert_eq!(oauth_error(&reply).2, WRONG_CODE);
    }
    // A password and a code are two attempts: ten of them are five guesses.
    assert_eq!(refused_after, Some(5));
    let right = grant(&app, CLUB, PASSWORD, Some(&code_at(&key, now() + 30))).await;
    assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(oauth_error(&right).1, "too_many_attempts");
}

/// Posts the browser's sign-in form: the password step, or with `ticket` the second step.
async fn sign_in_page(app: &TestApp, ticket: Option<&str>, code: &str) -> Reply {
    let challenge = pkce_s256(VERIFIER);
    let mut form = sign_in_form(&challenge, CLUB, PASSWORD);
    if let Some(ticket) = ticket {
        form.retain(|(name, _)| *name != "password" && *name != "email");
        form.extend([("ticket", ticket), ("code", code)]);
    }
    app.form("/connect/authorize", &form, None).await
}

fn ticket_of(page: &Reply) -> String {
    let at = page.text.find("name=\"ticket\" value=\"").unwrap() + 21;
    let rest = &page.text[at..];
    rest[..rest.find('"').unwrap()].to_owned()
}

#[tokio::test]
async fn the_sign_in_page_asks_for_the_code_after_the_password() {
    let app = TestApp::new().await;
    app.club_account(CLUB).await;
    let token = app.token(CLUB).await;
    let (key, codes, _) = turn_on(&app, &token).await;

    let page = sign_in_page(&app, None, "").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text.contains("<h1>Two-step sign-in</h1>"),
        "{}",
        page.text
    );
    assert!(page.text.contains("autocomplete=\"one-time-code\""));
    assert!(
        !page.text.contains(PASSWORD),
        "the password is not carried in the page"
    );
    assert!(
        page.headers.get(header::SET_COOKIE).is_none(),
        "no session yet"
    );
    let ticket = ticket_of(&page);
    // "Start again" goes back to the password of the same request.
    let link = "class=\"button secondary\" href=\"";
    let at = page.text.find(link).unwrap() + link.len();
    let href = page.text[at..]
        .split('"')
        .next()
        .unwrap()
        .replace("&amp;", "&");
    let restart = app.get(&href, None).await;
    assert!(
        restart.text.contains("<h1>Sign in</h1>"),
        "{}",
        restart.text
    );
    assert!(restart.text.contains("name=\"code_challenge\""));

    let wrong = sign_in_page(&app, Some(&ticket), &wrong_code(&key, now())).await;
    assert!(
        wrong.text.contains("That code is not right"),
        "{}",
        wrong.text
    );
    assert_eq!(ticket_of(&wrong), ticket);
    let right = sign_in_page(&app, Some(&ticket), &codes[3]).await;
    assert_eq!(right.status, StatusCode::SEE_OTHER, "{}", right.text);
    let location = right.headers[header::LOCATION].to_str().unwrap();
    assert!(location.starts_with(CALLBACK), "{location}");
    assert!(right.headers.get(header::SET_COOKIE).is_some());
    let code = query_value(location, "code").unwrap();
    let tokens = exchange(&app, &code, VERIFIER).await;
    assert_eq!(tokens.status, StatusCode::OK, "{}", tokens.text);

    // The ticket went with the sign-in it finished.
    let reused = sign_in_page(&app, Some(&ticket), &codes[4]).await;
    assert!(reused.text.contains("<h1>Sign in</h1>"), "{}", reused.text);
    assert!(reused.text.contains(SIGN_IN_AGAIN));
    let forged = sign_in_page(&app, Some("made-up"), &codes[4]).await;
    assert!(forged.text.contains(SIGN_IN_AGAIN));

    // Five wrong codes, and the password is asked for again.
    let page = sign_in_page(&app, None, "").await;
    let ticket = ticket_of(&page);
    for _ in 0..4 {
        let wrong = sign_in_page(&app, Some(&ticket), "zzzzz-zzzzz").await;
        assert!(wrong.text.contains(WRONG_CODE.split(':').next().unwrap()));
    }
    let last = sign_in_page(&app, Some(&ticket), "zzzzz-zzzzz").await;
    assert!(last.text.contains("<h1>Sign in</h1>"), "{}", last.text);
    assert!(last.text.contains(TOO_MANY_CODES));
    let late = sign_in_page(&app, Some(&ticket), &codes[5]).await;
    assert!(late.text.contains(SIGN_IN_AGAIN), "{}", late.text);
}

#[tokio::test]
async fn an_administrator_turns_off_a_users_two_step_sign_in() {
    let app = TestApp::new().await;
    app.club_account(CLUB).await;
    app.club_account("other@polodesk.test").await;
    let token = app.token(CLUB).await;
    turn_on(&app, &token).await;
    let id = app.store.user_by_email(CLUB).unwrap().unwrap().id;
    let path = format!("/api/Users/{id}/two-step");

    let other = app.token("other@polodesk.test").await;
    assert_eq!(
        app.delete(&path, Some(&other)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        oauth_error(&grant(&app, CLUB, PASSWORD, None).await).1,
        "two_step_required"
    );
    let admin = app.token(ADMIN).await;
    assert_eq!(
        app.delete(&path, Some(&admin)).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        grant(&app, CLUB, PASSWORD, None).await.status,
        StatusCode::OK
    );
    let again = app.delete(&path, Some(&admin)).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(
        again.body["message"],
        "This user does not sign in in two steps."
    );
    let user = app.get(&format!("/api/Users/{id}"), Some(&admin)).await;
    assert_eq!(user.body["twoStep"], false);
}

#[tokio::test]
async fn a_server_that_requires_it_lets_an_account_without_it_only_turn_it_on() {
    let rule = TwoStepRule::Administrators;
    let app = TestApp::with_identity(Store::in_memory().unwrap(), |i| i.with_two_step_rule(rule));
    let admin = app.user(ADMIN, UserType::Admin, None).await;
    app.club_account(CLUB).await;
    // The rule binds administrators only: a club account signs in and works as before.
    let club = app.token(CLUB).await;
    assert_eq!(
        app.get("/api/Clubs", Some(&club)).await.status,
        StatusCode::OK
    );
    let me = app.get("/api/Users/me", Some(&club)).await;
    assert_eq!(me.body["twoStepDue"], false);

    // The command line cannot set it up, so its password grant says where to.
    let refused = grant(&app, ADMIN, PASSWORD, None).await;
    assert_eq!(
        oauth_error(&refused),
        (StatusCode::BAD_REQUEST, "invalid_grant", TWO_STEP_FIRST)
    );
    // The browser signs in, and reaches only the account's own calls.
    let (code, _) = sign_in_as(&app, ADMIN).await;
    let tokens = exchange(&app, &code, VERIFIER).await;
    let token = tokens.body["access_token"].as_str().unwrap().to_owned();
    let me = app.get("/api/Users/me", Some(&token)).await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["twoStepDue"], true);
    let first = format!("{REFUSED} {TWO_STEP_FIRST}");
    for path in ["/api/Clubs", "/api/Users", "/api/Users/api-token"] {
        let refused = app.get(path, Some(&token)).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(refused.body["message"], first.as_str(), "{path}");
    }
    let status = app.get("/api/Users/me/two-step", Some(&token)).await;
    assert_eq!(
        status.body,
        json!({ "on": false, "recoveryCodesLeft": 0, "required": true })
    );

    // Turned on, the same sign-in reaches everything, and it stays on.
    let (key, _, at) = turn_on(&app, &token).await;
    assert_eq!(
        app.get("/api/Clubs", Some(&token)).await.status,
        StatusCode::OK
    );
    let me = app.get("/api/Users/me", Some(&token)).await;
    assert_eq!(me.body["twoStepDue"], false);
    let off = post(&app, "/api/Users/me/two-step/off", &token, with_password()).await;
    assert_eq!(off.status, StatusCode::FORBIDDEN);
    assert_eq!(
        off.body["message"],
        format!("{REFUSED} Your account must use two-step sign-in, so it stays on.")
    );
    let next = code_at(&key, at + 30);
    let granted = grant(&app, ADMIN, PASSWORD, Some(&next)).await;
    assert_eq!(granted.status, StatusCode::OK, "{}", granted.text);

    // Reset for a lost phone, the account is back to setting it up.
    assert!(
        app.store
            .turn_off_two_step(admin, (ChangedBy::Administrator, now()))
            .await
            .unwrap()
    );
    let refused = app.get("/api/Clubs", Some(&token)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}
