//! The registry a match stands on, made through the API as a user would: a competition with
//! two teams of four players, a coach each and two officials with PINs; the bodies the match
//! tests send; and the POST and PUT calls other tests send too.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use super::{Reply, TestApp, person};

/// The registry a match stands on, made through the API.
pub struct League {
    pub admin: String,
    pub competition: u64,
    pub home: u64,
    pub away: u64,
    /// Lineup players by cap: [home 1..=4], [away 1..=4].
    pub home_players: Vec<u64>,
    pub away_players: Vec<u64>,
    pub home_coach: u64,
    pub away_coach: u64,
    pub referee: u64,
    pub delegate: u64,
}

pub async fn post(app: &TestApp, token: &str, path: &str, body: Value) -> Reply {
    app.call(Method::POST, path, Some(token), Some(body)).await
}

pub async fn put(app: &TestApp, token: &str, path: &str, body: Value) -> Reply {
    app.call(Method::PUT, path, Some(token), Some(body)).await
}

pub fn id(reply: &Reply) -> u64 {
    assert!(reply.status.is_success(), "{} {}", reply.status, reply.text);
    reply.body["id"].as_u64().unwrap()
}

impl League {
    pub async fn new(app: &TestApp, pin_required: bool) -> League {
        let admin = app.token("admin@polodesk.test").await;
        let federation = app.federation().await;
        let home_club = super::club(app, &admin, "VK Partizan").await;
        let away_club = super::club(app, &admin, "VK Crvena zvezda").await;
        let home = super::team(app, &admin, "Partizan", home_club).await;
        let away = super::team(app, &admin, "Crvena zvezda", away_club).await;
        let competition = id(&post(
            app,
            &admin,
            "/api/Competitions",
            json!({"name": "Superliga", "nameUniversal": "Super League", "federationId": federation,
                "gameLogPinConfirmationRequired": pin_required}),
        )
        .await);
        for team in [home, away] {
            let entry = post(
                app,
                &admin,
                "/api/CompetitionTeams",
                json!({"competitionId": competition, "teamId": team}),
            )
            .await;
            id(&entry);
        }
        let mut squads = Vec::new();
        for (team, surname) in [(home, "Domaći"), (away, "Gost")] {
            let mut squad = Vec::new();
            for cap in 1..=4 {
                let position = if cap == 1 { 400 } else { 401 };
                let body = json!({"person": person(&format!("Igrač{cap}"), surname, "2000-01-01"),
                    "teams": [{"teamId": team, "positionId": position, "capNumber": cap}]});
                squad.push(id(&post(app, &admin, "/api/Players", body).await));
            }
            squads.push(squad);
        }
        let away_players = squads.pop().unwrap();
        let home_players = squads.pop().unwrap();
        let mut coaches = Vec::new();
        for (team, club, surname) in [(home, home_club, "Savić"), (away, away_club, "Udovičić")]
        {
            let body = json!({"person": person("Trener", surname, "1975-01-01"),
                "clubs": [{"clubId": club}], "teams": [{"teamId": team}]});
            coaches.push(id(&post(app, &admin, "/api/Coaches", body).await));
        }
        let mut officials = Vec::new();
        for (name, role, pin) in [("Sudija", 600, "1234"), ("Delegat", 601, "4321")] {
            let body = json!({"person": person(name, "Službeni", "1980-01-01"),
                "federations": [{"federationId": federation, "roles": [role]}]});
            let official = id(&post(app, &admin, "/api/Officials", body).await);
            let set = put(
                app,
                &admin,
                &format!("/api/Officials/{official}/pin"),
                json!({"pin": pin}),
            )
            .await;
            assert!(set.status.is_success(), "{}", set.text);
            officials.push(official);
        }
        League {
            admin,
            competition,
            home,
            away,
            home_players,
            away_players,
            home_coach: coaches[0],
            away_coach: coaches[1],
            referee: officials[0],
            delegate: officials[1],
        }
    }

    pub fn match_body(&self) -> Value {
        json!({"homeTeamId": self.home, "awayTeamId": self.away, "competitionId": self.competition,
            "startDate": "2026-11-28T18:00:00Z", "venue": "Banjica", "round": "1"})
    }

    pub async fn new_match(&self, app: &TestApp) -> u64 {
        let created = post(app, &self.admin, "/api/Matches", self.match_body()).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
        id(&created)
    }

    pub fn lineup(&self) -> Value {
        let mut players = Vec::new();
        for (team, squad) in [
            (self.home, &self.home_players),
            (self.away, &self.away_players),
        ] {
            for (slot, player) in [1, 2, 3, 4].iter().zip(squad) {
                players.push(json!({"teamId": team, "playerId": player, "number": slot}));
            }
        }
        json!(players)
    }

    pub async fn set_log(&self, app: &TestApp, match_id: u64) -> Reply {
        let body = json!({
            "matchId": match_id,
            "matchPlayers": self.lineup(),
            "matchCoaches": [{"teamId": self.home, "coachId": self.home_coach},
                {"teamId": self.away, "coachId": self.away_coach, "roleId": 500}],
            "matchOfficials": [{"officialId": self.referee, "roleId": 600},
                {"officialId": self.delegate, "roleId": 601}],
        });
        put(
            app,
            &self.admin,
            &format!("/api/Matches/{match_id}/log"),
            body,
        )
        .await
    }

    pub async fn set_status(&self, app: &TestApp, match_id: u64, status: u16) -> Reply {
        let mut body = self.match_body();
        body["statusId"] = json!(status);
        body["matchSegmentLength"] = json!(8);
        put(app, &self.admin, &format!("/api/Matches/{match_id}"), body).await
    }
}

pub fn shot(team: u64, by: u64, goal: bool) -> Value {
    json!({"teamId": team, "typeId": 1100, "takenById": by, "isGoal": goal})
}

pub fn event(match_id: u64, period: u16, minute: u8, kind: &str, record: Value) -> Value {
    let type_id = match kind {
        "timeout" => 700,
        "swimoff" => 701,
        "card" => 702,
        "turnover" => 703,
        "exclusion" => 704,
        "shot" => 705,
        _ => 706,
    };
    json!({"matchId": match_id, "typeId": type_id, "periodId": period, "minute": minute,
        "seconds": 0, kind: record})
}

pub async fn log(app: &TestApp, token: &str, body: Value) -> Reply {
    let reply = post(app, token, "/api/Events", body).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    reply
}

/// Confirms a match's log as one of its officials, with a PIN when one is asked.
pub async fn confirm(app: &TestApp, token: &str, official: u64, pin: Option<&str>) -> Reply {
    let body = match pin {
        Some(pin) => json!({"matchOfficialId": official, "pin": pin}),
        None => json!({"matchOfficialId": official}),
    };
    put(
        app,
        token,
        &format!("/api/Matches/{official}/confirm"),
        body,
    )
    .await
}

/// Match official row ids by official id.
pub fn ids_by_official(officials: &Value) -> std::collections::HashMap<u64, u64> {
    officials
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["officialId"].as_u64().unwrap(), o["id"].as_u64().unwrap()))
        .collect()
}
