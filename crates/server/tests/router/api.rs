//! The real router, driven in-process: reference-data calls, their validation, and the error
//! shape for every kind of bad request.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use crate::support::{HOST, TestApp};
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use polodesk_server::{AppState, BODY_LIMIT, Identity, Keys};
use polodesk_store::Store;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The admin's view of the API.
struct Api {
    router: Router,
    token: String,
}

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: Value,
}

impl Api {
    async fn new() -> Self {
        let app = TestApp::new().await;
        let token = app.token("admin@polodesk.test").await;
        Self {
            router: app.router,
            token,
        }
    }

    fn request(&self, method: Method, path: &str) -> axum::http::request::Builder {
        Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, HOST)
            .header(header::AUTHORIZATION, format!("Bearer {}", self.token))
    }

    async fn send(&self, request: Request<Body>) -> Reply {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or_else(|_| {
                panic!(
                    "{status}: body is not JSON: {}",
                    String::from_utf8_lossy(&bytes)
                )
            })
        };
        Reply {
            status,
            headers,
            body,
        }
    }

    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        let mut request = self.request(method, path);
        let body = match body {
            Some(json) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(json.to_string())
            }
            None => Body::empty(),
        };
        self.send(request.body(body).unwrap()).await
    }

    async fn raw(&self, method: Method, path: &str, content_type: &str, body: Vec<u8>) -> Reply {
        let request = self
            .request(method, path)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap();
        self.send(request).await
    }

    async fn get(&self, path: &str) -> Reply {
        self.call(Method::GET, path, None).await
    }

    async fn post(&self, path: &str, body: Value) -> Reply {
        self.call(Method::POST, path, Some(body)).await
    }

    async fn put(&self, path: &str, body: Value) -> Reply {
        self.call(Method::PUT, path, Some(body)).await
    }

    async fn delete(&self, path: &str) -> Reply {
        self.call(Method::DELETE, path, None).await
    }

    async fn serbia(&self) -> u64 {
        let reply = self
            .post(
                "/api/Countries",
                json!({"name": "Srbija", "nameUniversal": "Serbia", "code": "RS"}),
            )
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{:?}", reply.body);
        reply.body["id"].as_u64().unwrap()
    }
}

#[tokio::test]
async fn health_answers_with_the_version() {
    let reply = Api::new().await.get("/api/health").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        reply.body,
        json!({"status": "ok", "version": env!("CARGO_PKG_VERSION")})
    );
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let api = Api::new().await;
    for path in ["/api/health", "/api/Cities", "/api/Nothing"] {
        let reply = api.get(path).await;
        let header = |name: header::HeaderName| {
            reply
                .headers
                .get(&name)
                .map(|v| v.to_str().unwrap().to_owned())
        };
        let csp = header(header::CONTENT_SECURITY_POLICY).unwrap_or_default();
        assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
        assert!(csp.contains("object-src 'none'"), "{path}: {csp}");
        assert!(csp.ends_with("frame-ancestors 'self'"), "{path}: {csp}");
        assert_eq!(
            header(header::X_CONTENT_TYPE_OPTIONS).as_deref(),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            header(header::X_FRAME_OPTIONS).as_deref(),
            Some("SAMEORIGIN"),
            "{path}"
        );
        assert_eq!(
            header(header::REFERRER_POLICY).as_deref(),
            Some("strict-origin-when-cross-origin"),
            "{path}"
        );
        assert_eq!(
            header(header::CACHE_CONTROL).as_deref(),
            Some("no-store"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn a_city_is_created_read_listed_updated_and_deleted() {
    let api = Api::new().await;
    let serbia = api.serbia().await;

    let created = api
        .post(
            "/api/Cities",
            json!({"name": "Novi Sad", "nameUniversal": "Novi Sad", "countryId": serbia}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(
        created.headers[header::LOCATION],
        format!("/api/Cities/{id}")
    );
    assert_eq!(created.body["country"]["code"], "RS");
    assert_eq!(created.body["countryId"], serbia);

    let read = api.get(&format!("/api/Cities/{id}")).await;
    assert_eq!(read.status, StatusCode::OK);
    assert_eq!(read.body, created.body);

    let list = api.get("/api/Cities").await;
    assert_eq!(list.body.as_array().unwrap().len(), 1);
    let of_serbia = api.get(&format!("/api/Cities?countryId={serbia}")).await;
    assert_eq!(of_serbia.body[0]["name"], "Novi Sad");
    let detail = api.get(&format!("/api/Countries/{serbia}")).await;
    assert_eq!(detail.body["cities"][0]["id"], id);

    let updated = api
        .put(
            &format!("/api/Cities/{id}"),
            json!({"name": "Нови Сад", "nameUniversal": "Novi Sad", "countryId": serbia}),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK);
    assert_eq!(updated.body["name"], "Нови Сад");

    let deleted = api.delete(&format!("/api/Cities/{id}")).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT);
    assert_eq!(deleted.body, Value::Null);
    let gone = api.get(&format!("/api/Cities/{id}")).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert_eq!(gone.body["message"], format!("City {id} was not found."));
}

#[tokio::test]
async fn city_validation_gives_the_spec_messages_and_changes_nothing() {
    let api = Api::new().await;
    let serbia = api.serbia().await;

    let empty = api
        .post("/api/Cities", json!({"name": "", "nameUniversal": "  "}))
        .await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        empty.body["errors"],
        json!({"name": ["Required field"], "nameUniversal": ["Required field"], "countryId": ["Country is required!"]})
    );
    assert!(
        empty.body["message"]
            .as_str()
            .unwrap()
            .contains("Required field")
    );

    let long = "a".repeat(201);
    let too_long = api
        .post(
            "/api/Cities",
            json!({"name": long, "nameUniversal": long, "countryId": serbia}),
        )
        .await;
    assert_eq!(too_long.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        too_long.body["errors"]["name"],
        json!(["Maximum 200 characters"])
    );
    assert_eq!(
        too_long.body["errors"]["nameUniversal"],
        json!(["Maximum 200 characters"])
    );

    let unknown_country = api
        .post(
            "/api/Cities",
            json!({"name": "Kotor", "nameUniversal": "Kotor", "countryId": 999}),
        )
        .await;
    assert_eq!(unknown_country.status, StatusCode::BAD_REQUEST);
    assert!(unknown_country.body["errors"]["countryId"].is_array());

    assert_eq!(api.get("/api/Cities").await.body, json!([]));

    let missing = api
        .put(
            "/api/Cities/77",
            json!({"name": "X", "nameUniversal": "X", "countryId": serbia}),
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn malformed_requests_are_json_errors_never_500() {
    let api = Api::new().await;
    let cases: Vec<(Reply, StatusCode, &str)> = vec![
        (
            api.raw(
                Method::POST,
                "/api/Cities",
                "application/json",
                b"{\"name\":".to_vec(),
            )
            .await,
            StatusCode::BAD_REQUEST,
            "EOF",
        ),
        (
            api.post(
                "/api/Cities",
                json!({"name": "A", "nameUniversal": "A", "countryId": 1, "mayor": "x"}),
            )
            .await,
            StatusCode::BAD_REQUEST,
            "The request body has a field this call does not take: mayor.",
        ),
        (
            api.post(
                "/api/Cities",
                json!({"name": 5, "nameUniversal": "A", "countryId": 1}),
            )
            .await,
            StatusCode::BAD_REQUEST,
            "The request body's name is not valid: Invalid type: integer `5`, expected a string",
        ),
        (
            api.post(
                "/api/Cities",
                json!({"name": "A", "nameUniversal": "A", "countryId": -1}),
            )
            .await,
            StatusCode::BAD_REQUEST,
            "The request body's countryId is not valid: Invalid value: integer `-1`",
        ),
        (
            api.post("/api/Cities", json!("Belgrade")).await,
            StatusCode::BAD_REQUEST,
            "The request body is not valid: Invalid type: string \"Belgrade\", expected",
        ),
        (
            api.raw(Method::POST, "/api/Cities", "text/plain", b"{}".to_vec())
                .await,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Content-Type",
        ),
        (
            api.raw(
                Method::POST,
                "/api/Cities",
                "application/json",
                vec![b' '; BODY_LIMIT + 1],
            )
            .await,
            StatusCode::PAYLOAD_TOO_LARGE,
            "too large",
        ),
        (
            api.get("/api/Cities/abc").await,
            StatusCode::BAD_REQUEST,
            "The path's id is not valid: abc is not a whole number.",
        ),
        (
            api.get("/api/Cities/99999999999999999999999").await,
            StatusCode::BAD_REQUEST,
            "The path's id is not valid: 99999999999999999999999 is too large.",
        ),
        (
            api.get("/api/Cities?countryId=x").await,
            StatusCode::BAD_REQUEST,
            "The query's countryId is not valid: Invalid digit found in string.",
        ),
        (
            api.get("/api/Nothing/here").await,
            StatusCode::NOT_FOUND,
            "/api/Nothing/here",
        ),
        (
            api.post("/api/Nothing", json!({})).await,
            StatusCode::NOT_FOUND,
            "/api/Nothing",
        ),
        (
            api.call(Method::PATCH, "/api/Cities", None).await,
            StatusCode::METHOD_NOT_ALLOWED,
            "PATCH",
        ),
    ];
    for (reply, status, fragment) in cases {
        assert_eq!(reply.status, status, "{:?}", reply.body);
        let message = reply.body["message"].as_str().unwrap_or_default();
        assert!(message.contains(fragment), "{message:?} lacks {fragment:?}");
    }
    assert_eq!(
        api.get("/api/Cities").await.body,
        json!([]),
        "nothing was written"
    );
}

#[tokio::test]
async fn a_value_that_does_not_read_is_blamed_on_its_field() {
    let api = Api::new().await;
    let query = api.get("/api/Cities?countryId=x").await;
    assert_eq!(query.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        query.body,
        json!({
            "message": "The query's countryId is not valid: Invalid digit found in string.",
            "errors": {"countryId": ["Invalid digit found in string."]},
        })
    );
    let unknown = api
        .post(
            "/api/Cities",
            json!({"name": "A", "nameUniversal": "A", "countryId": 1, "mayor": "x"}),
        )
        .await;
    assert_eq!(unknown.body["errors"], json!({"mayor": ["Unknown field."]}));
    let wrong = api
        .post(
            "/api/Cities",
            json!({"name": "A", "nameUniversal": "A", "countryId": "Serbia"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    let reason = wrong.body["errors"]["countryId"][0].as_str().unwrap();
    assert!(
        reason.starts_with("Invalid type: string \"Serbia\", expected u64"),
        "{reason}"
    );
    let path = api.get("/api/Matches/twelve/history").await;
    assert_eq!(path.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        path.body,
        json!({
            "message": "The path's id is not valid: twelve is not a whole number.",
            "errors": {"id": ["twelve is not a whole number."]},
        })
    );
    // A document that is not an object has no field to blame.
    let text = api.post("/api/Cities", json!("Belgrade")).await;
    assert_eq!(text.status, StatusCode::BAD_REQUEST);
    assert_eq!(text.body.get("errors"), None, "{:?}", text.body);
}

#[tokio::test]
async fn a_country_with_cities_is_kept_and_an_empty_one_deleted() {
    let api = Api::new().await;
    let serbia = api.serbia().await;
    let city = api
        .post(
            "/api/Cities",
            json!({"name": "Niš", "nameUniversal": "Nis", "countryId": serbia}),
        )
        .await;
    let refused = api.delete(&format!("/api/Countries/{serbia}")).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert_eq!(
        refused.body["message"],
        "This country cannot be deleted because it has cities."
    );

    api.delete(&format!("/api/Cities/{}", city.body["id"]))
        .await;
    assert_eq!(
        api.delete(&format!("/api/Countries/{serbia}")).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(api.get("/api/Countries").await.body, json!([]));

    let bad = api
        .post(
            "/api/Countries",
            json!({"name": "Srbija", "nameUniversal": "Serbia", "code": "SRB"}),
        )
        .await;
    assert_eq!(
        bad.body["errors"]["code"],
        json!(["Code must be a two-letter ISO 3166 code."])
    );
}

#[tokio::test]
async fn categories_and_competition_types_have_the_five_calls() {
    let api = Api::new().await;
    let category = json!({"name": "Kadeti", "nameUniversal": "Boys (U15)", "gender": "Male",
        "shouldPlayersAdvanceCategoryYearly": true, "upperAgeLimit": 15});
    let created = api.post("/api/Categories", category.clone()).await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.body["id"].as_u64().unwrap();
    assert_eq!(created.body["upperAgeLimit"], 15);
    let renamed = json!({"name": "Kadeti", "nameUniversal": "Cadets", "gender": "Male"});
    assert_eq!(
        api.put(&format!("/api/Categories/{id}"), renamed)
            .await
            .body["nameUniversal"],
        "Cadets"
    );
    assert_eq!(
        api.get("/api/Categories")
            .await
            .body
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let no_gender = api
        .post(
            "/api/Categories",
            json!({"name": "X", "nameUniversal": "X"}),
        )
        .await;
    assert_eq!(
        no_gender.body["errors"]["gender"],
        json!(["Gender field is required!"])
    );
    assert_eq!(
        api.delete(&format!("/api/Categories/{id}")).await.status,
        StatusCode::NO_CONTENT
    );

    let league = api
        .post(
            "/api/CompetitionTypes",
            json!({"name": "Liga", "nameUniversal": "League"}),
        )
        .await;
    assert_eq!(league.status, StatusCode::CREATED);
    let id = league.body["id"].as_u64().unwrap();
    assert_eq!(
        api.get(&format!("/api/CompetitionTypes/{id}")).await.body["name"],
        "Liga"
    );
    let nameless = api
        .put(
            &format!("/api/CompetitionTypes/{id}"),
            json!({"nameUniversal": "League"}),
        )
        .await;
    assert_eq!(
        nameless.body["errors"]["name"],
        json!(["Name field is required!"])
    );
    assert_eq!(
        api.delete(&format!("/api/CompetitionTypes/{id}"))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        api.delete(&format!("/api/CompetitionTypes/{id}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn lookups_list_the_spec_codes() {
    let api = Api::new().await;
    let ids = |reply: Reply| -> Vec<u64> {
        reply
            .body
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(
        ids(api.get("/api/MatchSegments").await),
        [300, 301, 302, 303]
    );
    assert_eq!(
        ids(api.get("/api/Positions").await),
        (400..=407).collect::<Vec<_>>()
    );
    assert_eq!(ids(api.get("/api/CoachRoles").await), [500, 501]);
    assert_eq!(
        ids(api.get("/api/OfficialRoles").await),
        (600..=606).collect::<Vec<_>>()
    );
    let roles = api.get("/api/OfficialRoles").await.body;
    assert_eq!(
        roles[5],
        json!({"id": 605, "name": "Goal_Referee", "label": "Goal Referee"})
    );
}

#[tokio::test]
async fn responses_are_compressed_when_the_client_accepts_it() {
    use std::io::Read as _;
    let api = Api::new().await;
    // The answer as sent for `accept-encoding`: its encoding, its Vary values, its JSON, and
    // whether its length was known before it was sent (not streamed).
    let fetch = |accept: Option<&'static str>| {
        let router = api.router.clone();
        async move {
            let mut request = Request::get("/api/openapi.json");
            if let Some(accept) = accept {
                request = request.header(header::ACCEPT_ENCODING, accept);
            }
            let response = router
                .oneshot(request.body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let headers = response.headers().clone();
            let whole = axum::body::HttpBody::size_hint(response.body())
                .exact()
                .is_some();
            let body = response.into_body().collect().await.unwrap().to_bytes();
            let encoding = headers
                .get(header::CONTENT_ENCODING)
                .map(|v| v.to_str().unwrap().to_owned());
            let mut json = Vec::new();
            if encoding.is_some() {
                flate2::read::GzDecoder::new(&body[..])
                    .read_to_end(&mut json)
                    .unwrap();
            } else {
                json = body.to_vec();
            }
            let vary: Vec<String> = headers
                .get_all(header::VARY)
                .iter()
                .map(|v| v.to_str().unwrap().to_lowercase())
                .collect();
            let json = serde_json::from_slice::<Value>(&json).unwrap();
            (encoding, vary, json, whole)
        }
    };
    let (encoding, vary, plain, _) = fetch(None).await;
    assert_eq!(encoding, None);
    assert_eq!(vary, ["accept-encoding"]);
    // Gzip at full weight is compressed in one go, at a lower weight by the streaming layer:
    // both the same JSON, both saying so once.
    for (accept, in_one_go) in [
        ("gzip", true),
        ("deflate, gzip, br", true),
        ("gzip;q=0.5", false),
        ("br, *", false),
    ] {
        let (encoding, vary, json, whole) = fetch(Some(accept)).await;
        assert_eq!(encoding.as_deref(), Some("gzip"), "{accept}");
        assert_eq!(whole, in_one_go, "{accept}");
        assert_eq!(vary, ["accept-encoding"], "{accept}");
        assert_eq!(json, plain, "{accept}");
    }
    for accept in ["identity", "gzip;q=0", "br"] {
        assert_eq!(fetch(Some(accept)).await.0, None, "{accept}");
    }
}

/// The committed document (from which the web app's types are generated) must match the code.
#[test]
fn committed_openapi_document_matches_the_code() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../webapp/src/api/openapi.json"
    );
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let current = polodesk_server::openapi().to_pretty_json().unwrap();
    assert!(
        committed.trim_end() == current.trim_end(),
        "webapp/src/api/openapi.json is out of date: run `cargo xtask gen` and commit the result"
    );
}

/// Clients generate one type per operation id: two calls sharing an id would get one's types.
#[test]
fn every_operation_has_its_own_camel_case_id() {
    let doc = polodesk_server::openapi();
    let mut seen = std::collections::HashMap::new();
    for (path, item) in &doc.paths.paths {
        let operations = [
            ("GET", &item.get),
            ("PUT", &item.put),
            ("POST", &item.post),
            ("DELETE", &item.delete),
        ];
        for (method, operation) in operations {
            let Some(operation) = operation else { continue };
            let call = format!("{method} {path}");
            let id = operation.operation_id.clone().unwrap_or_default();
            assert!(
                id.starts_with(|c: char| c.is_ascii_lowercase())
                    && id.chars().all(|c| c.is_ascii_alphanumeric()),
                "{call} has the operation id '{id}', not camelCase"
            );
            if let Some(first) = seen.insert(id.clone(), call.clone()) {
                panic!("{first} and {call} share the operation id '{id}'");
            }
        }
    }
    assert!(seen.len() > 100, "only {} operations found", seen.len());
}

#[tokio::test]
async fn openapi_document_describes_the_calls() {
    let doc = Api::new().await.get("/api/openapi.json").await.body;
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/api/Cities",
        "/api/Cities/{id}",
        "/api/Countries/{id}",
        "/api/Categories",
        "/api/CompetitionTypes/{id}",
        "/api/MatchSegments",
        "/api/health",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
    assert!(doc["paths"]["/api/Countries/{id}"]["delete"]["responses"]["204"].is_object());
    for schema in [
        "City",
        "CityInput",
        "Country",
        "CountryDetail",
        "ApiError",
        "CodeItem",
    ] {
        assert!(
            doc["components"]["schemas"][schema].is_object(),
            "schema {schema} missing"
        );
    }
}

#[tokio::test]
async fn serve_stops_when_asked() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let state = AppState::new(
        Store::in_memory().unwrap(),
        Identity::new(Keys::ephemeral(), None),
    );
    let server = tokio::spawn(polodesk_server::serve(listener, state, async {
        let _ = stopped.await;
    }));
    stop.send(()).unwrap();
    tokio::time::timeout(std::time::Duration::from_secs(5), server)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
}
