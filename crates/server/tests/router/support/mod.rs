//! A PoloDesk in-process for tests: the real router over an in-memory store, with accounts of
//! every kind and tokens obtained the way the CLI gets them (password grant).

#![allow(dead_code, clippy::unwrap_used)] // Each test module uses its own part of this kit.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use polodesk_domain::clubs::{Club, ClubInput};
use polodesk_domain::coaches::NewCoach;
use polodesk_domain::codes::OfficialRole;
use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::federations::{Federation, FederationInput};
use polodesk_domain::memberships::{ClubCoachFields, FederationOfficialFields};
use polodesk_domain::officials::{NewOfficial, OfficialFields};
use polodesk_domain::persons::Profile;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::reference::{Category, CategoryFields, Country, CountryFields, Gender};
use polodesk_domain::users::{Identities, UserFields};
use polodesk_server::hub::{Delivery, Subscription};
use polodesk_server::identity::secrets::hash_password;
use polodesk_server::{AppState, Identity, Keys, router};
use polodesk_store::Store;
use serde_json::{Value, json};
use tower::ServiceExt;

pub mod browser;
pub mod league;
pub mod links;

pub const HOST: &str = "polodesk.test";
pub const ISSUER: &str = "http://polodesk.test";
pub const PASSWORD: &str = "correct horse battery";

pub struct TestApp {
    pub router: Router,
    pub store: Store,
    pub keys: Keys,
    /// The live hub the router publishes to.
    pub hub: std::sync::Arc<dyn polodesk_server::Hub>,
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
    pub body: Value,
}

impl TestApp {
    pub async fn new() -> Self {
        let app = Self::on(Store::in_memory().unwrap());
        app.user("admin@polodesk.test", UserType::Admin, None).await;
        app
    }

    /// The router over `store`, as it is: no account is added.
    pub fn on(store: Store) -> Self {
        Self::with_identity(store, |identity| identity)
    }

    /// The router over `store` with its issuer set up by `setup` (for example with a
    /// breached-password service).
    pub fn with_identity(store: Store, setup: impl FnOnce(Identity) -> Identity) -> Self {
        Self::with_state(store, |state| state, setup)
    }

    /// The router over `store` with its state and issuer set up by `state` and `identity`.
    pub fn with_state(
        store: Store,
        state: impl FnOnce(AppState) -> AppState,
        identity: impl FnOnce(Identity) -> Identity,
    ) -> Self {
        let keys = Keys::ephemeral();
        let state = state(AppState::new(
            store.clone(),
            identity(Identity::new(keys.clone(), None)),
        ));
        let hub = state.hub.clone();
        TestApp {
            router: router(state),
            store,
            keys,
            hub,
        }
    }

    /// A club account `email`, with a club of its own: the club's id.
    pub async fn club_account(&self, email: &str) -> u64 {
        self.user(email, UserType::Club, None).await;
        let user = self.store.user_by_email(email).unwrap().unwrap();
        user.club_id.unwrap()
    }

    /// A federation account `email`, with a federation of its own: the federation's id.
    pub async fn federation_account(&self, email: &str) -> u64 {
        self.user(email, UserType::Federation, None).await;
        let user = self.store.user_by_email(email).unwrap().unwrap();
        user.federation_id.unwrap()
    }

    /// Creates an account with `PASSWORD`; Person accounts get a person of their own.
    pub async fn user(
        &self,
        email: &str,
        type_id: UserType,
        identities: Option<Identities>,
    ) -> u64 {
        let person_id = match type_id {
            UserType::Person => {
                let person = self
                    .store
                    .create::<Person>(PersonFields::new(
                        "Ana",
                        email.split('@').next().unwrap(),
                        Date::new(1995, 3, 14).unwrap(),
                    ))
                    .await
                    .unwrap();
                if let Some(identities) = identities {
                    self.hold(person.id, identities).await;
                }
                Some(person.id)
            }
            _ => None,
        };
        let federation_id = match type_id {
            UserType::Federation => Some(self.federation().await),
            _ => None,
        };
        let club_id = match type_id {
            UserType::Club => Some(self.club().await),
            _ => None,
        };
        let fields = UserFields {
            email: email.into(),
            phone_number: None,
            type_id,
            federation_id,
            club_id,
            person_id,
        };
        let hash = hash_password(PASSWORD.into()).await;
        self.store.create_user(fields, hash, None).await.unwrap().id
    }

    /// Makes a person the coach (of a new club) and/or official (of a new federation) that
    /// `identities` asks for; the ids in it only say which.
    pub async fn hold(&self, person_id: u64, identities: Identities) {
        if identities.coach_id.is_some() {
            let club_id = self.club().await;
            let coach = NewCoach {
                profile: Profile::Existing(person_id),
                clubs: vec![ClubCoachFields {
                    club_id,
                    coach_id: 0,
                    active_from: None,
                    active_to: None,
                }],
                teams: vec![],
            };
            self.store.create_coach(coach).await.unwrap();
        }
        if identities.official_id.is_some() {
            let federation_id = self.federation().await;
            let official = NewOfficial {
                profile: Profile::Existing(person_id),
                fields: OfficialFields {
                    person_id,
                    title: None,
                },
                federations: vec![FederationOfficialFields {
                    federation_id,
                    official_id: 0,
                    roles: vec![OfficialRole::Referee],
                    active_from: Date::new(2020, 1, 1).unwrap(),
                    active_to: None,
                }],
            };
            self.store.create_official(official).await.unwrap();
        }
        assert!(
            identities.player_id.is_none(),
            "players are made by their tests"
        );
    }

    /// A federation (with its country) for accounts and tests that need one.
    pub async fn federation(&self) -> u64 {
        let country = self
            .store
            .create::<Country>(CountryFields {
                name: "Srbija".into(),
                name_universal: "Serbia".into(),
                code: "RS".into(),
            })
            .await
            .unwrap();
        let input = FederationInput {
            name: Some("Vaterpolo savez Srbije".into()),
            name_universal: Some("Water Polo Federation of Serbia".into()),
            country_id: Some(country.id),
            active_from: Date::new(1990, 1, 1),
            ..FederationInput::default()
        };
        self.store
            .create::<Federation>(input.validate().unwrap())
            .await
            .unwrap()
            .id
    }

    /// A club of a new federation.
    pub async fn club(&self) -> u64 {
        let federation = self.federation().await;
        let input = ClubInput {
            name: Some("VK Partizan".into()),
            name_universal: Some("Partizan Water Polo Club".into()),
            federation_id: Some(federation),
            ..ClubInput::default()
        };
        self.store
            .create::<Club>(input.validate().unwrap())
            .await
            .unwrap()
            .id
    }

    pub async fn send(&self, request: Request<Body>) -> Reply {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Reply {
            status,
            headers,
            text,
            body,
        }
    }

    pub fn request(method: Method, path: &str) -> axum::http::request::Builder {
        Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, HOST)
    }

    /// A form POST, as browsers and OAuth clients send to the issuer.
    pub async fn form(&self, path: &str, pairs: &[(&str, &str)], cookie: Option<&str>) -> Reply {
        let body: String = pairs
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let mut request = Self::request(Method::POST, path)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        self.send(request.body(Body::from(body)).unwrap()).await
    }

    /// An access token for `email` through the password grant of the CLI client.
    pub async fn token(&self, email: &str) -> String {
        let reply = self.password_grant(email, PASSWORD).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
        reply.body["access_token"].as_str().unwrap().to_owned()
    }

    /// The CLI client's password grant: the token endpoint's whole answer.
    pub async fn password_grant(&self, email: &str, password: &str) -> Reply {
        self.form(
            "/connect/token",
            &[
                ("grant_type", "password"),
                ("client_id", "polodesk-cli"),
                ("username", email),
                ("password", password),
            ],
            None,
        )
        .await
    }

    /// A refresh-token grant of `client_id`: the token endpoint's whole answer.
    pub async fn refresh_grant(&self, client_id: &str, token: &str) -> Reply {
        self.form(
            "/connect/token",
            &[
                ("grant_type", "refresh_token"),
                ("client_id", client_id),
                ("refresh_token", token),
            ],
            None,
        )
        .await
    }

    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        json: Option<Value>,
    ) -> Reply {
        let mut request = Self::request(method, path);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match json {
            Some(json) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(json.to_string())
            }
            None => Body::empty(),
        };
        self.send(request.body(body).unwrap()).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.call(Method::DELETE, path, token, None).await
    }
}

/// A form or query value, RFC 3986's unreserved characters kept as they are.
pub fn encode(text: &str) -> String {
    const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');
    utf8_percent_encode(text, UNRESERVED).to_string()
}

/// The value of `name` in a URL's query.
pub fn query_value(url: &str, name: &str) -> Option<String> {
    let query = url.split_once('?')?.1;
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == name).then(|| decode(value))
    })
}

fn decode(text: &str) -> String {
    let spaced = text.replace('+', " ");
    percent_decode_str(&spaced)
        .decode_utf8()
        .unwrap()
        .into_owned()
}

// The registry the coach and player tests stand on, made as a user would.

/// A men's category with no age limits.
pub fn men(name: &str, name_universal: &str) -> CategoryFields {
    CategoryFields {
        name: name.into(),
        name_universal: name_universal.into(),
        description: None,
        gender: Gender::Male,
        should_players_advance_category_yearly: false,
        lower_age_limit: None,
        upper_age_limit: None,
    }
}

/// The senior men's category.
pub async fn category(app: &TestApp) -> u64 {
    let fields = men("Seniori", "Seniors");
    app.store.create::<Category>(fields).await.unwrap().id
}

/// A club of its own federation, named `name`.
pub async fn club(app: &TestApp, token: &str, name: &str) -> u64 {
    let federation = app.federation().await;
    links::club(app, token, name, federation).await
}

pub async fn team(app: &TestApp, token: &str, name: &str, club: u64) -> u64 {
    let category = category(app).await;
    let body = json!({"name": name, "nameUniversal": name, "clubId": club, "categoryId": category});
    created_id(app, token, "/api/Teams", body).await
}

/// A new app, the admin's token, the club VK Partizan and its team Partizan Seniori.
pub async fn partizan() -> (TestApp, String, u64, u64) {
    let app = TestApp::new().await;
    let admin = app.token("admin@polodesk.test").await;
    let club = club(&app, &admin, "VK Partizan").await;
    let team = team(&app, &admin, "Partizan Seniori", club).await;
    (app, admin, club, team)
}

/// The id of what a POST to `path` created.
pub async fn created_id(app: &TestApp, token: &str, path: &str, body: Value) -> u64 {
    let reply = app.call(Method::POST, path, Some(token), Some(body)).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{path}: {}", reply.text);
    reply.body["id"].as_u64().unwrap()
}

pub fn person(name: &str, surname: &str, birth_date: &str) -> Value {
    json!({"name": name, "surname": surname, "birthDate": birth_date})
}

/// How many `E` the store holds.
pub fn count<E: polodesk_store::Entity>(app: &TestApp) -> usize {
    app.store.list::<E>().unwrap().len()
}

/// The surnames of a page, in order.
pub fn surnames(page: &Value) -> Vec<String> {
    page["pageItems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["surname"].as_str().unwrap().to_owned())
        .collect()
}

/// Everything a viewer has been sent so far.
pub async fn received(viewer: &mut Subscription) -> Vec<String> {
    let mut messages = Vec::new();
    while let Ok(Some(delivery)) =
        tokio::time::timeout(std::time::Duration::from_millis(50), viewer.recv()).await
    {
        match delivery {
            Delivery::Message(frame) => messages.push(frame.as_str().to_owned()),
            Delivery::Resync { seq } => panic!("a quiet viewer was told to resync at {seq}"),
        }
    }
    messages
}

/// Deletes a coach or player of one club and one team at `path`: 204, then 404 to a read; it
/// leaves the club's and team's `list`, and its person stays with `role` (`coachId`...) cleared.
pub async fn delete_member(
    app: &TestApp,
    token: &str,
    path: &str,
    (club, team): (u64, u64),
    list: &str,
    (person, role): (u64, &str),
) {
    let details = [format!("/api/Clubs/{club}"), format!("/api/Teams/{team}")];
    for detail in &details {
        let listed = app.get(detail, Some(token)).await.body[list].clone();
        assert_eq!(listed.as_array().unwrap().len(), 1, "{detail}");
    }
    let deleted = app.delete(path, Some(token)).await;
    assert_eq!(deleted.status, StatusCode::NO_CONTENT, "{}", deleted.text);
    assert_eq!(
        app.get(path, Some(token)).await.status,
        StatusCode::NOT_FOUND
    );
    for detail in &details {
        let listed = app.get(detail, Some(token)).await.body[list].clone();
        assert_eq!(listed, json!([]), "{detail}");
    }
    let person = app
        .get(&format!("/api/Persons/{person}"), Some(token))
        .await;
    assert_eq!(person.status, StatusCode::OK);
    assert_eq!(person.body[role], Value::Null);
}

/// A real PNG of `width`×`height`, base64, as a logo upload sends it.
pub fn png(width: u32, height: u32) -> String {
    use base64::Engine;
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(png::ColorType::Rgb);
        let mut writer = encoder.write_header().unwrap();
        writer
            .write_image_data(&vec![40; (width * height * 3) as usize])
            .unwrap();
    }
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The settings of the property tests through the router: 64 cases of a request or two each
/// run in a few seconds in debug. The properties run inside `#[test]` functions, where proptest
/// cannot find the source file to keep failures beside; a failure prints its minimal input.
pub fn properties() -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: 64,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}
