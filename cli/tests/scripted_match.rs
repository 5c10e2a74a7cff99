//! A match scripted through the real `polodesk` binary on a loopback port, as a secretary's
//! client and a spectator would drive it: the demo registry, lineups, two officials with PINs,
//! four periods of swim-offs, goals, exclusions, a double exclusion and a timeout, finish,
//! confirmation; the scores, statistics, standings and live messages it gives; and, after
//! `kill -9`, the same match read back from the store.

// A failed unwrap or expect is how this test reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(data: &Path, demo: bool) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr = format!("127.0.0.1:{port}");
        let mut command = Command::new(env!("CARGO_BIN_EXE_polodesk"));
        command
            .args(["serve", "--data"])
            .arg(data)
            .args(["--addr", &addr])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if demo {
            command.arg("--demo");
        }
        Server {
            child: command.spawn().expect("the binary starts"),
            addr,
        }
    }

    fn kill_9(&mut self) {
        // `Child::kill` sends SIGKILL on Unix: no graceful shutdown, no final flush.
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Api {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
    token: String,
}

impl Api {
    async fn connect(server: &Server) -> Api {
        let client = Client::builder(TokioExecutor::new()).build_http();
        let mut api = Api {
            client,
            base: format!("http://{}", server.addr),
            token: String::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while api.raw("GET", "/api/health", None, "").await.0 != 200 {
            assert!(Instant::now() < deadline, "the server did not come up");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let form = "grant_type=password&client_id=polodesk-cli&username=admin%40polodesk.test\
                    &password=polodesk-admin";
        let (status, body) = api
            .raw(
                "POST",
                "/connect/token",
                Some(form.into()),
                "application/x-www-form-urlencoded",
            )
            .await;
        assert_eq!(status, 200, "{body}");
        api.token = body["access_token"].as_str().unwrap().to_owned();
        api
    }

    async fn raw(
        &self,
        method: &str,
        path: &str,
        body: Option<String>,
        kind: &str,
    ) -> (u16, Value) {
        let mut request = hyper::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        if !self.token.is_empty() {
            request = request.header("authorization", format!("Bearer {}", self.token));
        }
        if body.is_some() {
            request = request.header("content-type", kind);
        }
        let request = request
            .body(Full::new(Bytes::from(body.unwrap_or_default())))
            .unwrap();
        match self.client.request(request).await {
            Ok(response) => {
                let status = response.status().as_u16();
                let bytes = response.into_body().collect().await.unwrap().to_bytes();
                (
                    status,
                    serde_json::from_slice(&bytes).unwrap_or(Value::Null),
                )
            }
            Err(_) => (0, Value::Null),
        }
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        self.raw(
            method,
            path,
            body.map(|b| b.to_string()),
            "application/json",
        )
        .await
    }

    async fn get(&self, path: &str) -> Value {
        let (status, body) = self.call("GET", path, None).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }

    /// A call that must succeed with `expected`.
    async fn ok(&self, method: &str, path: &str, body: Value, expected: u16) -> Value {
        let (status, reply) = self.call(method, path, Some(body)).await;
        assert_eq!(status, expected, "{method} {path}: {reply}");
        reply
    }
}

fn ids(list: &Value, field: &str) -> Vec<u64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v[field].as_u64().unwrap())
        .collect()
}

fn event(m: u64, period: u16, minute: u8, kind: &str, type_id: u16, record: Value) -> Value {
    json!({"matchId": m, "typeId": type_id, "periodId": period, "minute": minute, "seconds": 0,
        kind: record})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_scripted_through_the_real_binary_survives_kill_9() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), true);
    let api = Api::connect(&server).await;

    // The demo cup, which has no matches yet: its first two teams, their rosters and benches,
    // two referees.
    let competitions = api.get("/api/Competitions").await;
    let league = competitions
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["nameUniversal"] == "Serbian Cup 2026/27")
        .unwrap();
    let competition_id = league["id"].as_u64().unwrap();
    let detail = api
        .get(&format!("/api/Competitions/{competition_id}"))
        .await;
    let teams = ids(&detail["competitionTeams"], "teamId");
    let (home, away) = (teams[0], teams[1]);
    let mut input: serde_json::Map<String, Value> = serde_json::Map::new();
    for key in [
        "name",
        "nameUniversal",
        "shortName",
        "season",
        "startDate",
        "endDate",
        "federationId",
        "categoryId",
        "competitionTypeId",
        "isPro",
        "isInternational",
        "matchLogTemplateLanguage",
    ] {
        input.insert(key.into(), detail[key].clone());
    }
    input.insert("gameLogPinConfirmationRequired".into(), json!(true));
    api.ok(
        "PUT",
        &format!("/api/Competitions/{competition_id}"),
        Value::Object(input),
        200,
    )
    .await;
    let roster = |team: &Value| -> Vec<u64> { ids(&team["players"], "playerId")[..4].to_vec() };
    let home_team = api.get(&format!("/api/Teams/{home}")).await;
    let away_team = api.get(&format!("/api/Teams/{away}")).await;
    let (h, a) = (roster(&home_team), roster(&away_team));
    let officials = ids(&api.get("/api/Officials").await, "id");
    for (official, pin) in officials[..2].iter().zip(["1357", "2468"]) {
        api.ok(
            "PUT",
            &format!("/api/Officials/{official}/pin"),
            json!({"pin": pin}),
            204,
        )
        .await;
    }

    // A spectator watches the match from its creation on.
    let created = api
        .ok(
            "POST",
            "/api/Matches",
            json!({"homeTeamId": home, "awayTeamId": away, "competitionId": competition_id,
                "startDate": "2026-12-12T18:00:00Z", "venue": "Banjica"}),
            201,
        )
        .await;
    let m = created["id"].as_u64().unwrap();
    let (mut viewer, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/hubs/match", server.addr))
            .await
            .unwrap();
    viewer
        .send(Message::text(
            json!({"type": "JoinGroup", "matchId": m}).to_string(),
        ))
        .await
        .unwrap();
    let joined: Value = match viewer.next().await.unwrap().unwrap() {
        Message::Text(text) => serde_json::from_str(text.as_str()).unwrap(),
        other => panic!("expected Joined, got {other:?}"),
    };
    assert_eq!(joined["type"], "Joined");

    let mut players = Vec::new();
    for (team, squad) in [(home, &h), (away, &a)] {
        for (slot, player) in [1, 2, 3, 4].iter().zip(squad.iter()) {
            players.push(json!({"teamId": team, "playerId": player, "number": slot}));
        }
    }
    let logged = api
        .ok(
            "PUT",
            &format!("/api/Matches/{m}/log"),
            json!({"matchId": m, "matchPlayers": players,
                "matchOfficials": [{"officialId": officials[0], "roleId": 600},
                    {"officialId": officials[1], "roleId": 601}]}),
            200,
        )
        .await;
    let match_officials = ids(&logged["officials"], "id");
    let status = |id: u16| {
        let mut body = json!({"homeTeamId": home, "awayTeamId": away, "competitionId": competition_id,
            "startDate": "2026-12-12T18:00:00Z", "venue": "Banjica", "matchSegmentLength": 8});
        body["statusId"] = json!(id);
        body
    };
    api.ok("PUT", &format!("/api/Matches/{m}"), status(201), 204)
        .await;

    let shot = |team: u64, by: u64, goal: bool| json!({"teamId": team, "typeId": 1100, "takenById": by, "isGoal": goal});
    let mut posted = 0;
    let mut last = Value::Null;
    for (i, period) in [1200u16, 1201, 1202, 1203].into_iter().enumerate() {
        let home_wins = i % 2 == 0;
        let swim = json!({"homeTeamSwimmerId": h[1], "awayTeamSwimmerId": a[1],
            "winnerSwimmerId": if home_wins { h[1] } else { a[1] },
            "winnerTeamId": if home_wins { home } else { away }});
        api.ok(
            "POST",
            "/api/Events",
            event(m, period, 8, "swimoff", 701, swim),
            201,
        )
        .await;
        // Each period: home scores twice, away once (3 periods), away twice in the last.
        for (team, by, minute) in [(home, h[2], 6), (away, a[2], 4), (home, h[3], 2)] {
            last = api
                .ok(
                    "POST",
                    "/api/Events",
                    event(m, period, minute, "shot", 705, shot(team, by, true)),
                    201,
                )
                .await;
        }
        posted += 4;
    }
    api.ok(
        "POST",
        "/api/Events",
        event(m, 1203, 1, "shot", 705, shot(away, a[3], true)),
        201,
    )
    .await;
    let exclusion =
        json!({"teamId": home, "typeId": 1000, "excludedPlayerId": h[1], "fouledPlayerId": a[1]});
    api.ok(
        "POST",
        "/api/Events",
        event(m, 1202, 5, "exclusion", 704, exclusion),
        201,
    )
    .await;
    let double = json!({"teamId": away, "typeId": 1000, "excludedPlayerId": a[2],
        "fouledPlayerId": h[2], "isDoubleExclusion": true});
    let doubled = api
        .ok(
            "POST",
            "/api/Events",
            event(m, 1202, 3, "exclusion", 704, double),
            201,
        )
        .await;
    assert_eq!(
        doubled["pairedEvent"]["exclusion"]["excludedPlayerId"],
        h[2]
    );
    api.ok(
        "POST",
        "/api/Events",
        event(m, 1203, 3, "timeout", 700, json!({"teamId": away})),
        201,
    )
    .await;
    // The extra goal, the exclusion, the double exclusion and its mirrored half, the timeout.
    posted += 1 + 1 + 2 + 1;
    assert_eq!(last["match"]["homeTeamGoalsTotal"], 8);
    api.ok("PUT", &format!("/api/Matches/{m}"), status(206), 204)
        .await;

    // Both officials confirm with their PINs (one wrong try first).
    let confirm = |official: u64, pin: &str| {
        (
            format!("/api/Matches/{official}/confirm"),
            json!({"pin": pin}),
        )
    };
    let (path, wrong) = confirm(match_officials[0], "0000");
    let (status_code, reply) = api.call("PUT", &path, Some(wrong)).await;
    assert_eq!(
        (status_code, reply["errors"]["pin"].clone()),
        (400, json!(["Wrong PIN!"]))
    );
    for (official, pin) in match_officials.iter().zip(["1357", "2468"]) {
        let (path, body) = confirm(*official, pin);
        assert_eq!(api.ok("PUT", &path, body, 200).await["confirmed"], true);
    }

    let game = api.get(&format!("/api/Matches/{m}")).await;
    assert_eq!(
        (
            game["homeTeamGoalsTotal"].clone(),
            game["awayTeamGoalsTotal"].clone()
        ),
        (json!(8), json!(5))
    );
    assert_eq!(game["homeTeamGoalsQ4"], 2);
    assert_eq!(game["awayTeamGoalsQ4"], 2);
    assert_eq!(game["logClosed"], true);
    let scorer = api
        .get(&format!("/api/Players/stats?PlayerId={}&MatchId={m}", h[2]))
        .await;
    assert_eq!(scorer["shots"]["goals"], 4);
    assert_eq!(
        scorer["exclusions"]["total"], 1,
        "the mirrored half of the double exclusion"
    );
    let team = api
        .get(&format!("/api/Teams/stats?TeamId={away}&MatchId={m}"))
        .await;
    assert_eq!(team["swimoffs"]["totalWins"], 2);
    assert_eq!(team["exclusions"]["drawnTotal"], 2);
    let tables = api
        .get(&format!("/api/Competitions/{competition_id}/standings"))
        .await;
    let overall = &tables[0]["rankings"];
    assert_eq!(overall[0]["teamId"], home);
    assert_eq!(
        (
            overall[0]["points"].clone(),
            overall[0]["goalsScored"].clone()
        ),
        (json!(3), json!(8))
    );

    // The spectator saw every event in order, the last with the final score.
    let mut events = Vec::new();
    let mut seqs = Vec::new();
    while let Ok(Some(Ok(message))) =
        tokio::time::timeout(Duration::from_millis(500), viewer.next()).await
    {
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(text.as_str()).unwrap();
            seqs.push(value["seq"].as_u64().unwrap());
            if value["type"] == "Event" {
                events.push(value);
            }
        }
    }
    assert!(seqs.windows(2).all(|w| w[1] == w[0] + 1), "{seqs:?}");
    assert_eq!(events.len(), posted);
    assert_eq!(events.last().unwrap()["match"]["awayTeamGoalsTotal"], 5);

    // Killed without warning, the store still has every acknowledged write.
    server.kill_9();
    let server = Server::start(data.path(), false);
    let api = Api::connect(&server).await;
    let again = api.get(&format!("/api/Matches/{m}")).await;
    assert_eq!(again["homeTeamGoalsTotal"], 8);
    assert_eq!(again["logClosed"], true);
    assert_eq!(
        api.get(&format!("/api/Events/{m}"))
            .await
            .as_array()
            .unwrap()
            .len(),
        posted
    );
}
