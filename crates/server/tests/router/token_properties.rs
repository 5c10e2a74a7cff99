//! Property tests of token parsing through the real router (issue #18): whatever comes as an
//! `Authorization` header — any text, `Bearer ` and anything, three base64url parts with any
//! JSON in them (alg none, HS256, unknown), tokens signed with the server's own key but with
//! claims of any kind, `pd_` and anything — `/api/Cities` answers 401 with a JSON message
//! (200 only for a token that is really valid), never a 5xx or a panic. The live hub refuses
//! any `access_token` with a 4xx and goes on serving; `/connect/token` answers any form body
//! with an OAuth JSON error (200 only for the real password).

// A failed unwrap is how a test reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::{ISSUER, PASSWORD, Reply, TestApp, encode};
use axum::body::Body;
use axum::http::{HeaderValue, Method, StatusCode, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use polodesk_domain::codes::UserType;
use polodesk_server::identity::tokens::{API_AUDIENCE, AccessClaims, now, sign};
use polodesk_server::{AppState, Identity, Keys};
use polodesk_store::Store;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Error as WsError;

use crate::support;

const ADMIN: &str = "admin@polodesk.test";

/// The app, the administrator's id and a real access token of theirs.
struct Signed {
    app: TestApp,
    admin_id: u64,
    token: String,
}

impl Signed {
    async fn new() -> Signed {
        let app = TestApp::new().await;
        let token = app.token(ADMIN).await;
        let admin_id = app.store.user_by_email(ADMIN).unwrap().unwrap().id;
        Signed {
            app,
            admin_id,
            token,
        }
    }

    async fn cities(&self, authorization: Option<&HeaderValue>) -> Reply {
        let mut request = TestApp::request(Method::GET, "/api/Cities");
        if let Some(value) = authorization {
            request = request.header(header::AUTHORIZATION, value);
        }
        self.app.send(request.body(Body::empty()).unwrap()).await
    }
}

/// 401 with a JSON message and a `WWW-Authenticate: Bearer` challenge.
fn unauthorized(reply: &Reply) -> Result<(), TestCaseError> {
    prop_assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{}", reply.text);
    prop_assert!(
        reply.body["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{}",
        reply.text
    );
    let challenge = reply.headers.get(header::WWW_AUTHENTICATE);
    prop_assert!(
        challenge.is_some_and(|c| c.as_bytes().starts_with(b"Bearer")),
        "{challenge:?}"
    );
    Ok(())
}

/// The list of cities, as an administrator reads it.
fn listed(reply: &Reply) -> Result<(), TestCaseError> {
    prop_assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    prop_assert!(reply.body.is_array(), "{}", reply.text);
    Ok(())
}

// ---- Strategies ------------------------------------------------------------------------------

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// JSON headers of a JWT: the algorithms an attacker tries and some no one knows.
fn jwt_header() -> BoxedStrategy<Value> {
    let alg = prop_oneof![
        Just(json!("none")),
        Just(json!("None")),
        Just(json!("HS256")),
        Just(json!("ES256")),
        Just(json!("RS256")),
        Just(json!("EdDSA")),
        "[A-Za-z0-9]{0,8}".prop_map(Value::from),
        Just(json!(256)),
        Just(Value::Null),
    ];
    let kid = proptest::option::of(prop_oneof![
        "[a-z0-9-]{0,20}".prop_map(Value::from),
        Just(json!(1)),
    ]);
    (alg, kid, any::<bool>())
        .prop_map(|(alg, kid, typ)| {
            let mut header = json!({ "alg": alg });
            if let Some(kid) = kid {
                header["kid"] = kid;
            }
            if typ {
                header["typ"] = json!("JWT");
            }
            header
        })
        .boxed()
}

/// Claims of every kind: right and wrong issuers and audiences, expired, in the future, huge,
/// of the wrong type, subjects that are users and ones that are not.
fn claims(admin_id: u64) -> BoxedStrategy<Value> {
    let now = now();
    let iss = prop_oneof![
        12 => Just(json!(ISSUER)),
        1 => Just(json!("http://evil.test")),
        1 => Just(json!("https://polodesk.test")),
        1 => Just(json!(["http://polodesk.test"])),
        1 => Just(json!(7)),
    ];
    let aud = prop_oneof![
        12 => Just(json!(API_AUDIENCE)),
        1 => Just(json!([API_AUDIENCE])),
        1 => Just(json!("polodesk-web")),
        1 => "[a-z-]{0,12}".prop_map(Value::from),
    ];
    let sub = prop_oneof![
        12 => Just(json!(admin_id.to_string())),
        1 => Just(json!(admin_id)),
        1 => any::<u64>().prop_map(|id| json!(id.to_string())),
        1 => Just(json!("0")),
        1 => Just(json!("-1")),
        1 => Just(json!("18446744073709551616")),
        1 => ".{0,10}".prop_map(Value::from),
    ];
    let exp = prop_oneof![
        12 => (now + 60..now + 3600).prop_map(Value::from),
        2 => (0..now - 60).prop_map(Value::from),
        1 => Just(json!(u64::MAX)),
        1 => Just(json!(-1)),
        1 => Just(json!(1e300)),
        1 => Just(json!("tomorrow")),
        1 => Just(Value::Null),
    ];
    let nbf = proptest::option::weighted(
        0.2,
        prop_oneof![
            (0..now).prop_map(Value::from),
            (now + 600..now + 7200).prop_map(Value::from),
        ],
    );
    let present = proptest::collection::vec(proptest::bool::weighted(0.95), 4);
    (iss, aud, sub, exp, nbf, present)
        .prop_map(move |(iss, aud, sub, exp, nbf, present)| {
            let mut claims = json!({
                "iat": now, "client_id": "polodesk-cli", "scope": API_AUDIENCE,
                "email": ADMIN,
            });
            for (name, value, here) in [
                ("iss", iss, present[0]),
                ("aud", aud, present[1]),
                ("sub", sub, present[2]),
                ("exp", exp, present[3]),
            ] {
                if here {
                    claims[name] = value;
                }
            }
            if let Some(nbf) = nbf {
                claims["nbf"] = nbf;
            }
            claims
        })
        .boxed()
}

/// Whether a server signing these claims would accept them: the issuer and audience of this
/// server (as the strings its claims hold), an admin that exists, not expired, not for later.
fn accepted(claims: &Value, admin_id: u64) -> bool {
    let now = now();
    claims["iss"] == json!(ISSUER)
        && claims["aud"] == json!(API_AUDIENCE)
        && claims["sub"] == json!(admin_id.to_string())
        && claims["exp"].as_u64().is_some_and(|exp| exp > now)
        && claims["nbf"].as_u64().is_none_or(|nbf| nbf <= now)
}

/// A JWT that is not the server's: three parts (or more, or fewer), any header, any claims,
/// any signature.
fn forged_jwt(admin_id: u64) -> BoxedStrategy<String> {
    let part = prop_oneof![
        4 => jwt_header().prop_map(|h| b64(h.to_string().as_bytes())),
        4 => claims(admin_id).prop_map(|c| b64(c.to_string().as_bytes())),
        1 => proptest::collection::vec(any::<u8>(), 0..64).prop_map(|b| b64(&b)),
        1 => "[A-Za-z0-9_=+/.-]{0,40}",
    ];
    let signature = prop_oneof![
        Just(String::new()),
        proptest::collection::vec(any::<u8>(), 0..80).prop_map(|b| b64(&b)),
        "[A-Za-z0-9_-]{86}",
    ];
    prop_oneof![
        (jwt_header(), claims(admin_id), signature.clone()).prop_map(|(h, c, s)| {
            format!(
                "{}.{}.{s}",
                b64(h.to_string().as_bytes()),
                b64(c.to_string().as_bytes())
            )
        }),
        proptest::collection::vec(part, 1..5).prop_map(|parts| parts.join(".")),
    ]
    .boxed()
}

/// Bytes a header value may hold (visible ASCII, spaces, tabs, the upper half), any length.
fn header_text() -> BoxedStrategy<Vec<u8>> {
    let byte = prop_oneof![
        8 => 0x20u8..=0x7e,
        1 => Just(b'\t'),
        1 => 0x80u8..=0xff,
    ];
    proptest::collection::vec(byte, 0..200).boxed()
}

/// The value of an `Authorization` header.
#[derive(Debug, Clone)]
enum Authorization {
    /// Exactly these bytes.
    Raw(Vec<u8>),
    /// `Bearer ` and a token (the real one when `None`), with what was done to it.
    Bearer(String),
}

/// What the real token went through.
#[derive(Debug, Clone)]
enum Change {
    /// A character of a part swapped for another base64url one (never a part's last, whose
    /// spare bits may not count).
    Swap(usize, char),
    Cut(usize),
    Append(String),
    /// Spaces around it, which the header's reading trims.
    Padded,
    /// The scheme in another case or without its space.
    Scheme(&'static str),
}

fn change() -> BoxedStrategy<Change> {
    prop_oneof![
        (
            any::<usize>(),
            proptest::char::ranges(vec!['a'..='z', 'A'..='Z', '0'..='9'].into())
        )
            .prop_map(|(at, c)| Change::Swap(at, c)),
        any::<usize>().prop_map(Change::Cut),
        "[A-Za-z0-9._-]{1,8}".prop_map(Change::Append),
        Just(Change::Padded),
        proptest::sample::select(vec![
            "bearer ", "BEARER ", "Bearer", "Bearer  ", "Basic ", "Token "
        ])
        .prop_map(Change::Scheme),
    ]
    .boxed()
}

/// The header with the real token changed; whether it still names the real token.
fn changed(token: &str, change: &Change) -> (Vec<u8>, bool) {
    match change {
        Change::Swap(at, c) => {
            // Positions that are not the last character of a part.
            let inner: Vec<usize> = token
                .char_indices()
                .filter(|(i, ch)| {
                    *ch != '.' && token[i + 1..].chars().next().is_some_and(|n| n != '.')
                })
                .map(|(i, _)| i)
                .collect();
            let at = inner[at % inner.len()];
            let mut swapped = token.to_owned();
            swapped.replace_range(at..=at, &c.to_string());
            let same = swapped == token;
            (format!("Bearer {swapped}").into_bytes(), same)
        }
        Change::Cut(keep) => {
            let keep = keep % token.len();
            (format!("Bearer {}", &token[..keep]).into_bytes(), false)
        }
        Change::Append(more) => (format!("Bearer {token}{more}").into_bytes(), false),
        Change::Padded => (format!("Bearer   {token} \t").into_bytes(), true),
        Change::Scheme(scheme) => {
            let text = format!("{scheme}{token}");
            // "Bearer  " leaves a space before the token, which the reading trims.
            let same = text.strip_prefix("Bearer ").map(str::trim) == Some(token);
            (text.into_bytes(), same)
        }
    }
}

fn authorization(admin_id: u64) -> BoxedStrategy<Authorization> {
    prop_oneof![
        2 => header_text().prop_map(Authorization::Raw),
        2 => header_text().prop_map(|t| {
            let mut value = b"Bearer ".to_vec();
            value.extend(t);
            Authorization::Raw(value)
        }),
        3 => forged_jwt(admin_id).prop_map(Authorization::Bearer),
        1 => "pd_[A-Za-z0-9_-]{0,60}".prop_map(Authorization::Bearer),
        1 => "[A-Za-z0-9_-]{0,60}".prop_map(|t| Authorization::Raw(format!("pd_{t}").into_bytes())),
    ]
    .boxed()
}

// ---- The properties --------------------------------------------------------------------------

/// Any `Authorization` header at all: 401 with a JSON message, never a 5xx; and the real
/// token still works after every one of them.
#[test]
fn any_authorization_header_is_refused_cleanly() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let signed = runtime.block_on(Signed::new());
    proptest!(support::properties(), |(value in authorization(signed.admin_id))| {
        let bytes = match value {
            Authorization::Raw(bytes) => bytes,
            Authorization::Bearer(token) => format!("Bearer {token}").into_bytes(),
        };
        let value = HeaderValue::from_bytes(&bytes).unwrap();
        let reply = runtime.block_on(signed.cities(Some(&value)));
        unauthorized(&reply)?;
    });
    let real = HeaderValue::from_str(&format!("Bearer {}", signed.token)).unwrap();
    let reply = runtime.block_on(signed.cities(Some(&real)));
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    let none = runtime.block_on(signed.cities(None));
    assert_eq!(none.status, StatusCode::UNAUTHORIZED);
}

/// The real token, changed: 200 only while it is still the real token (spaces around it),
/// 401 once a character, its length or its scheme differs.
#[test]
fn the_real_token_changed_is_refused() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let signed = runtime.block_on(Signed::new());
    proptest!(support::properties(), |(change in change())| {
        let (bytes, same) = changed(&signed.token, &change);
        let value = HeaderValue::from_bytes(&bytes).unwrap();
        let reply = runtime.block_on(signed.cities(Some(&value)));
        if same {
            listed(&reply)?;
        } else {
            unauthorized(&reply)?;
        }
    });
}

/// Tokens signed with the server's own key but with claims of any kind: 200 exactly when the
/// claims are this server's for a user that exists and are in their time; 401 otherwise.
#[test]
fn signed_tokens_with_any_claims_pass_only_when_valid() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let signed = runtime.block_on(Signed::new());
    let admin_id = signed.admin_id;
    let seen = std::cell::Cell::new([false; 2]);
    proptest!(support::properties(), |(claims in claims(admin_id))| {
        let token = sign(&signed.app.keys, &claims);
        let value = HeaderValue::from_str(&format!("Bearer {token}")).unwrap();
        let reply = runtime.block_on(signed.cities(Some(&value)));
        let valid = accepted(&claims, admin_id);
        if valid {
            listed(&reply)?;
        } else {
            unauthorized(&reply)?;
        }
        let mut both = seen.get();
        both[usize::from(valid)] = true;
        seen.set(both);
    });
    assert_eq!(
        seen.get(),
        [true, true],
        "both valid and invalid claims were tried"
    );
    // The claims the issuer itself writes pass, as a check of `accepted`.
    let issued = now();
    let claims = AccessClaims {
        iss: ISSUER.into(),
        sub: admin_id.to_string(),
        aud: API_AUDIENCE.into(),
        exp: issued + 600,
        iat: issued,
        client_id: "polodesk-cli".into(),
        scope: API_AUDIENCE.into(),
        email: ADMIN.into(),
        generation: 0,
        family: None,
    };
    assert!(accepted(&serde_json::to_value(&claims).unwrap(), admin_id));
}

/// `/hubs/match?access_token=…` through the router without an upgrade: a 4xx, never a 5xx.
#[test]
fn the_hub_without_an_upgrade_answers_a_4xx_to_any_token() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let signed = runtime.block_on(Signed::new());
    proptest!(support::properties(), |(token in prop_oneof![".{0,60}", forged_jwt(signed.admin_id)])| {
        let path = format!("/hubs/match?access_token={}", encode(&token));
        let reply = runtime.block_on(signed.app.get(&path, None));
        prop_assert!(reply.status.is_client_error(), "{}: {}", reply.status, reply.text);
    });
}

/// Over a real socket, any `access_token` but the empty one is refused before the upgrade
/// with a 4xx (401, or 400 for a query that is not UTF-8), and the hub goes on serving: a
/// spectator without a token and a user with a real token still connect.
#[test]
fn the_hub_refuses_any_token_over_a_real_socket_and_goes_on() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let store = Store::in_memory().unwrap();
    let state = AppState::new(store, Identity::new(Keys::ephemeral(), None));
    let (addr, keys, user) = runtime.block_on(async {
        let user = state
            .store
            .create_user(
                polodesk_domain::users::UserFields {
                    email: ADMIN.into(),
                    phone_number: None,
                    type_id: UserType::Admin,
                    federation_id: None,
                    club_id: None,
                    person_id: None,
                },
                None,
                None,
            )
            .await
            .unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(polodesk_server::serve(
            listener,
            state.clone(),
            std::future::pending::<()>(),
        ));
        (addr, state.identity.keys.clone(), user.id)
    });
    let connect =
        |query: String| runtime.block_on(connect_async(format!("ws://{addr}/hubs/match{query}")));
    let token = prop_oneof![
        4 => ".{1,60}".prop_map(|t| encode(&t)),
        2 => forged_jwt(user).prop_map(|t| encode(&t)),
        1 => proptest::collection::vec(any::<u8>(), 1..30)
            .prop_map(|b| b.iter().map(|x| format!("%{x:02X}")).collect::<String>()),
    ];
    proptest!(support::properties(), |(token in token)| {
        match connect(format!("?access_token={token}")) {
            Err(WsError::Http(response)) => {
                let status = response.status();
                prop_assert!(
                    status == StatusCode::UNAUTHORIZED || status == StatusCode::BAD_REQUEST,
                    "{status}"
                );
            }
            Ok(_) => prop_assert!(false, "{token:?} was let in"),
            Err(other) => prop_assert!(false, "{token:?}: {other}"),
        }
    });
    // Still serving: a spectator, and an administrator with a real token.
    assert!(connect(String::new()).is_ok());
    assert!(connect("?access_token=".into()).is_ok());
    let issued = now();
    let real = sign(
        &keys,
        &AccessClaims {
            iss: format!("http://{addr}"),
            sub: user.to_string(),
            aud: API_AUDIENCE.into(),
            exp: issued + 600,
            iat: issued,
            client_id: "polodesk-tui".into(),
            scope: API_AUDIENCE.into(),
            email: ADMIN.into(),
            generation: 0,
            family: None,
        },
    );
    assert!(connect(format!("?access_token={real}")).is_ok());
}

/// Form members of the token endpoint: the grants and clients there are and others, the real
/// account and password and others, codes, refresh tokens, scopes, duplicates, unknown names.
fn form_pairs() -> BoxedStrategy<Vec<(String, String)>> {
    let grant = prop_oneof![
        Just("password".to_owned()),
        Just("authorization_code".to_owned()),
        Just("refresh_token".to_owned()),
        Just("client_credentials".to_owned()),
        ".{0,12}",
    ];
    let client = prop_oneof![
        Just("polodesk-cli".to_owned()),
        Just("polodesk-tui".to_owned()),
        Just("polodesk-web".to_owned()),
        ".{0,12}",
    ];
    let value = prop_oneof![".{0,20}", "[A-Za-z0-9_-]{43}"];
    let pair = prop_oneof![
        2 => grant.prop_map(|v| ("grant_type".to_owned(), v)),
        2 => client.prop_map(|v| ("client_id".to_owned(), v)),
        2 => prop_oneof![Just(ADMIN.to_owned()), ".{0,20}"].prop_map(|v| ("username".to_owned(), v)),
        2 => prop_oneof![Just(PASSWORD.to_owned()), ".{0,20}"].prop_map(|v| ("password".to_owned(), v)),
        1 => value.clone().prop_map(|v| ("code".to_owned(), v)),
        1 => value.clone().prop_map(|v| ("code_verifier".to_owned(), v)),
        1 => value.clone().prop_map(|v| ("refresh_token".to_owned(), v)),
        1 => value.clone().prop_map(|v| ("redirect_uri".to_owned(), v)),
        1 => prop_oneof![Just("openid polodesk-api".to_owned()), ".{0,20}"]
            .prop_map(|v| ("scope".to_owned(), v)),
        1 => ("[a-z_]{1,10}", value).prop_map(|(k, v)| (k, v)),
    ];
    proptest::collection::vec(pair, 0..7).boxed()
}

/// The password grant the command line sends, each member now and then another value or
/// left out, in any order, with other members beside them.
fn password_grant() -> BoxedStrategy<Vec<(String, String)>> {
    let member = |name: &'static str, real: &'static str| {
        prop_oneof![
            6 => Just(Some((name.to_owned(), real.to_owned()))),
            1 => ".{0,20}".prop_map(move |v| Some((name.to_owned(), v))),
            1 => Just(None),
        ]
    };
    (
        member("grant_type", "password"),
        member("client_id", "polodesk-cli"),
        member("username", ADMIN),
        member("password", PASSWORD),
        form_pairs(),
        any::<proptest::sample::Index>(),
    )
        .prop_map(|(grant, client, username, password, extra, at)| {
            let mut pairs: Vec<(String, String)> = [grant, client, username, password]
                .into_iter()
                .flatten()
                .collect();
            if !extra.is_empty() {
                // One other member, somewhere.
                let pair = extra[0].clone();
                pairs.insert(at.index(pairs.len() + 1), pair);
            }
            pairs
        })
        .boxed()
}

/// The body and content type of a token request.
#[derive(Debug, Clone)]
enum TokenRequest {
    Form(Vec<(String, String)>),
    Raw(Vec<u8>, Option<&'static str>),
}

/// Any body to `/connect/token`: an OAuth error as JSON (`error`, and a 4xx), or the tokens
/// for the real password grant of a client that may use it.
#[test]
fn any_token_request_gets_an_oauth_answer() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let signed = runtime.block_on(Signed::new());
    let request = prop_oneof![
        3 => form_pairs().prop_map(TokenRequest::Form),
        3 => password_grant().prop_map(TokenRequest::Form),
        1 => (
            proptest::collection::vec(any::<u8>(), 0..300),
            proptest::option::of(proptest::sample::select(vec![
                "application/x-www-form-urlencoded",
                "application/json",
                "text/plain",
                "multipart/form-data; boundary=x",
            ])),
        )
            .prop_map(|(body, content_type)| TokenRequest::Raw(body, content_type)),
    ];
    proptest!(support::properties(), |(request in request)| {
        let (body, content_type, granted, api_scope) = match &request {
            TokenRequest::Form(pairs) => {
                let body = pairs
                    .iter()
                    .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
                    .collect::<Vec<_>>()
                    .join("&");
                let value = |name: &str| {
                    let found: Vec<&String> =
                        pairs.iter().filter(|(k, _)| k == name).map(|(_, v)| v).collect();
                    (found.len() == 1).then(|| found[0].as_str())
                };
                let unique = pairs
                    .iter()
                    .all(|(k, _)| pairs.iter().filter(|(o, _)| o == k).count() == 1);
                // The scopes the discovery document lists; any other is refused.
                let supported = ["openid", "profile", "email", "offline_access", API_AUDIENCE];
                let scope_ok = value("scope").is_none_or(|scope| {
                    scope.split(' ').all(|s| s.is_empty() || supported.contains(&s))
                });
                let granted = unique
                    && scope_ok
                    && value("grant_type") == Some("password")
                    && matches!(value("client_id"), Some("polodesk-cli" | "polodesk-tui"))
                    && value("username").map(str::trim) == Some(ADMIN)
                    && value("password") == Some(PASSWORD);
                // Without a scope the API's is granted; a scope that leaves it out is honoured.
                let api_scope = value("scope")
                    .is_none_or(|scope| scope.split(' ').any(|s| s == API_AUDIENCE));
                (body.into_bytes(), Some("application/x-www-form-urlencoded"), granted, api_scope)
            }
            TokenRequest::Raw(body, content_type) => (body.clone(), *content_type, false, false),
        };
        let mut http = TestApp::request(Method::POST, "/connect/token");
        if let Some(content_type) = content_type {
            http = http.header(header::CONTENT_TYPE, content_type);
        }
        let reply = runtime.block_on(signed.app.send(http.body(Body::from(body)).unwrap()));
        prop_assert!(!reply.status.is_server_error(), "{}: {}", reply.status, reply.text);
        if reply.status == StatusCode::OK {
            prop_assert!(granted, "tokens for {request:?}");
            let token = reply.body["access_token"].as_str().unwrap();
            let value = HeaderValue::from_str(&format!("Bearer {token}")).unwrap();
            let cities = runtime.block_on(signed.cities(Some(&value)));
            if api_scope {
                listed(&cities)?;
            } else {
                prop_assert_eq!(cities.status, StatusCode::FORBIDDEN, "{}", cities.text);
            }
        } else {
            prop_assert!(!granted || reply.status == StatusCode::TOO_MANY_REQUESTS,
                "{}: {}", reply.status, reply.text);
            prop_assert!(reply.status.is_client_error(), "{}", reply.status);
            prop_assert!(
                reply.body["error"].as_str().is_some_and(|e| !e.is_empty()),
                "not an OAuth JSON error: {} {:?}",
                reply.status,
                reply.text
            );
        }
    });
}

/// Found by `any_token_request_gets_an_oauth_answer`: a member named twice, or a body that is
/// not a form, was axum's plain-text 422 or 415; it is an OAuth `invalid_request` in JSON.
#[tokio::test]
async fn a_token_request_that_is_no_form_is_an_oauth_invalid_request() {
    let app = TestApp::new().await;
    let twice = app
        .form(
            "/connect/token",
            &[("client_id", "polodesk-cli"), ("client_id", "polodesk-cli")],
            None,
        )
        .await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST, "{}", twice.text);
    assert_eq!(twice.body["error"], "invalid_request");
    assert!(
        twice.body["error_description"]
            .as_str()
            .unwrap()
            .contains("duplicate field `client_id`"),
        "{}",
        twice.text
    );
    let json = TestApp::request(Method::POST, "/connect/token")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(r#"{"grant_type":"password"}"#))
        .unwrap();
    let json = app.send(json).await;
    assert_eq!(json.status, StatusCode::BAD_REQUEST, "{}", json.text);
    assert_eq!(json.body["error"], "invalid_request");
}
