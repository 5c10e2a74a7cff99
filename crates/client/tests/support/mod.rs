//! A real PoloDesk server on a loopback port, over an in-memory store, with one match to log:
//! two teams of a competition without PIN confirmation, and a referee assigned. The command
//! line's operator token acts as an administrator. The console's tests use it too.

#![allow(dead_code, clippy::unwrap_used)] // Each test file uses its own part.

use std::net::SocketAddr;

use polodesk_client::Client;
use polodesk_domain::codes::{EventType, Period};
use polodesk_domain::dates::Date;
use polodesk_domain::events::{EventInput, TeamCall};
use polodesk_domain::federations::{Federation, FederationInput};
use polodesk_domain::reference::{Category, CategoryFields, Country, CountryFields, Gender};
use polodesk_server::{AppState, Identity, Keys};
use polodesk_store::Store;
use serde_json::{Value, json};
use tokio::sync::oneshot;

pub const OPERATOR: &str = "test-operator-secret";

/// The server, its match and the match's teams; stopped when dropped.
pub struct TestServer {
    pub addr: SocketAddr,
    /// The operator (an administrator).
    pub client: Client,
    pub match_id: u64,
    pub home: u64,
    pub away: u64,
    /// The referee's row in the match's officials (what a confirmation names).
    pub referee_row: u64,
    stop: Option<oneshot::Sender<()>>,
}

impl TestServer {
    pub async fn start() -> TestServer {
        let store = Store::in_memory().unwrap();
        let (federation, category) = reference(&store).await;
        let state =
            AppState::new(store, Identity::new(Keys::ephemeral(), None)).with_operator(OPERATOR);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(polodesk_server::serve(listener, state, async {
            let _ = stopped.await;
        }));
        let client = Client::new(&format!("http://{addr}"), Some(OPERATOR.to_owned())).unwrap();
        let mut teams = Vec::new();
        for name in ["Partizan", "Crvena zvezda"] {
            let club = created(
                &client,
                "/api/Clubs",
                json!({"name": name, "nameUniversal": name, "federationId": federation}),
            )
            .await;
            teams.push(created(&client, "/api/Teams",
                json!({"name": name, "nameUniversal": name, "clubId": club, "categoryId": category})).await);
        }
        let competition = created(&client, "/api/Competitions",
            json!({"name": "Superliga", "nameUniversal": "Super League", "federationId": federation})).await;
        for team in &teams {
            created(
                &client,
                "/api/CompetitionTeams",
                json!({"competitionId": competition, "teamId": team}),
            )
            .await;
        }
        let match_id = created(
            &client,
            "/api/Matches",
            json!({"homeTeamId": teams[0], "awayTeamId": teams[1], "competitionId": competition,
                "startDate": "2026-11-28T18:00:00Z", "venue": "Banjica"}),
        )
        .await;
        let referee = created(
            &client,
            "/api/Officials",
            json!({"person": {"name": "Sudija", "surname": "Službeni", "birthDate": "1980-01-01"},
                "federations": [{"federationId": federation, "roles": [600]}]}),
        )
        .await;
        let log: Value = client
            .put(&format!("/api/Matches/{match_id}/log"),
                &json!({"matchId": match_id, "matchOfficials": [{"officialId": referee, "roleId": 600}]}))
            .await
            .unwrap();
        let referee_row = log["officials"][0]["id"].as_u64().unwrap();
        TestServer {
            addr,
            client,
            match_id,
            home: teams[0],
            away: teams[1],
            referee_row,
            stop: Some(stop),
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A timeout of `team` at `minute`:00 of the first period.
    pub fn timeout(&self, team: u64, minute: u8) -> EventInput {
        EventInput {
            match_id: Some(self.match_id),
            type_id: Some(EventType::Timeout),
            period_id: Some(Period::First),
            minute: Some(minute),
            seconds: Some(0),
            timeout: Some(TeamCall { team_id: team }),
            ..EventInput::default()
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The id of what a POST created.
async fn created(client: &Client, path: &str, body: Value) -> u64 {
    let answer: Value = client.post(path, &body).await.unwrap();
    answer["id"].as_u64().unwrap()
}

/// A federation and a category, which the API does not create without more reference data.
async fn reference(store: &Store) -> (u64, u64) {
    let country = CountryFields {
        name: "Srbija".into(),
        name_universal: "Serbia".into(),
        code: "RS".into(),
    };
    let country = store.create::<Country>(country).await.unwrap().id;
    let federation = FederationInput {
        name: Some("VSS".into()),
        name_universal: Some("Serbia".into()),
        country_id: Some(country),
        active_from: Date::new(1990, 1, 1),
        ..FederationInput::default()
    };
    let federation = store
        .create::<Federation>(federation.validate().unwrap())
        .await
        .unwrap()
        .id;
    let category = CategoryFields {
        name: "Seniori".into(),
        name_universal: "Seniors".into(),
        description: None,
        gender: Gender::Male,
        should_players_advance_category_yearly: false,
        lower_age_limit: None,
        upper_age_limit: None,
    };
    let category = store.create::<Category>(category).await.unwrap().id;
    (federation, category)
}
