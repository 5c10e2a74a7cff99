//! The live match hub over real WebSockets: a server on port 0, clients from tokio-tungstenite.

// A failed unwrap is how a test helper reports a broken expectation.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use polodesk_domain::codes::UserType;
use polodesk_domain::live::{
    self, Action, EventBody, EventMessage, GroupMessage, MatchMessage, RemovedEvent,
};
use polodesk_domain::users::{TwoStepRule, User, UserFields};
use polodesk_domain::views::score::{MatchScore, score_of};
use polodesk_server::identity::tokens::{API_AUDIENCE, AccessClaims, now, sign};
use polodesk_server::{AppState, Hub, HubConfig, Identity, Keys, MatchHub};
use polodesk_store::{ChangedBy, Store};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::time::{Instant, timeout, timeout_at};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

use crate::support;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Long enough for a slow CI machine, short enough to fail fast.
const WAIT: Duration = Duration::from_secs(5);

/// `count` matches (ids 1 to `count`) of two teams in one competition: the hub serves only
/// matches that exist.
async fn matches(store: &Store, count: u64) {
    use polodesk_domain::clubs::{Club, ClubInput};
    use polodesk_domain::competitions::{Competition, CompetitionInput};
    use polodesk_domain::dates::{Date, Instant};
    use polodesk_domain::federations::{Federation, FederationInput};
    use polodesk_domain::matches::MatchFields;
    use polodesk_domain::memberships::{CompetitionTeam, CompetitionTeamFields};
    use polodesk_domain::reference::{Category, Country, CountryFields};
    use polodesk_domain::teams::{Team, TeamInput};
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
    let category = store
        .create::<Category>(support::men("Seniori", "Seniors"))
        .await
        .unwrap()
        .id;
    let competition = CompetitionInput {
        name: Some("Superliga".into()),
        name_universal: Some("Super League".into()),
        federation_id: Some(federation),
        ..CompetitionInput::default()
    };
    let competition = store
        .create::<Competition>(competition.validate().unwrap())
        .await
        .unwrap()
        .id;
    let mut teams = Vec::new();
    for name in ["Partizan", "Crvena zvezda"] {
        let club = ClubInput {
            name: Some(name.into()),
            name_universal: Some(name.into()),
            federation_id: Some(federation),
            ..ClubInput::default()
        };
        let club = store
            .create::<Club>(club.validate().unwrap())
            .await
            .unwrap()
            .id;
        let team = TeamInput {
            name: Some(name.into()),
            name_universal: Some(name.into()),
            club_id: Some(club),
            category_id: Some(category),
            ..TeamInput::default()
        };
        let team = store
            .create::<Team>(team.validate().unwrap())
            .await
            .unwrap()
            .id;
        let entry = CompetitionTeamFields {
            competition_id: competition,
            team_id: team,
            description: None,
            is_disqualified: false,
            is_seed: false,
        };
        store.create::<CompetitionTeam>(entry).await.unwrap();
        teams.push(team);
    }
    for id in 1..=count {
        let fields = MatchFields::new(teams[0], teams[1], competition, Instant(1_790_000_000));
        let actor = polodesk_store::Actor {
            user_id: 0,
            user: "test".into(),
            at: Instant(0),
            may_correct: true,
        };
        assert_eq!(store.create_match(fields, actor).await.unwrap().id, id);
    }
}

struct Server {
    addr: SocketAddr,
    state: AppState,
    hub: Arc<MatchHub>,
    stop: Option<oneshot::Sender<()>>,
}

impl Server {
    async fn start(config: HubConfig) -> Server {
        Server::start_with(config, TwoStepRule::Nobody).await
    }

    /// A server whose rule requires two-step sign-in of the accounts `rule` names.
    async fn start_with(config: HubConfig, rule: TwoStepRule) -> Server {
        let store = Store::in_memory().unwrap();
        matches(&store, 9).await;
        let identity = Identity::new(Keys::ephemeral(), None).with_two_step_rule(rule);
        let mut state = AppState::new(store, identity);
        let hub = Arc::new(MatchHub::new(config));
        state.hub = hub.clone();
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let shutdown = async {
            let _ = stopped.await;
        };
        tokio::spawn(polodesk_server::serve(listener, state.clone(), shutdown));
        Server {
            addr,
            state,
            hub,
            stop: Some(stop),
        }
    }

    fn hub(&self) -> &MatchHub {
        &self.hub
    }

    /// The score of a match as the store has it.
    fn score(&self, match_id: u64) -> MatchScore {
        score_of(&self.state.store.get_match(match_id).unwrap())
    }

    /// An event message about event `id` of match 1.
    fn event(&self, id: u64) -> GroupMessage {
        GroupMessage::Event(EventMessage {
            action: Action::Created,
            event: EventBody::Removed(RemovedEvent { id }),
            score: self.score(1),
        })
    }

    async fn connect(&self, token: Option<&str>) -> Ws {
        let mut url = format!("ws://{}/hubs/match", self.addr);
        if let Some(token) = token {
            url = format!("{url}?access_token={token}");
        }
        connect_async(url).await.unwrap().0
    }

    /// An access token of a new account, signed as the issuer at this server's origin does.
    async fn token(&self, type_id: UserType) -> String {
        self.signed_in(type_id).await.1
    }

    /// A new account and an access token of it.
    async fn signed_in(&self, type_id: UserType) -> (u64, String) {
        self.signed_in_with_scope(type_id, API_AUDIENCE).await
    }

    /// A new account and an access token of it granted `scope`.
    async fn signed_in_with_scope(&self, type_id: UserType, scope: &str) -> (u64, String) {
        let fields = UserFields {
            email: format!("user{}@polodesk.test", rand_suffix()),
            phone_number: None,
            type_id,
            federation_id: None,
            club_id: None,
            person_id: None,
        };
        let user = self
            .state
            .store
            .create_user(fields, None, None)
            .await
            .unwrap();
        let issued = now();
        let token = sign(
            &self.state.identity.keys,
            &AccessClaims {
                iss: format!("http://{}", self.addr),
                sub: user.id.to_string(),
                aud: API_AUDIENCE.into(),
                exp: issued + 600,
                iat: issued,
                client_id: "polodesk-tui".into(),
                scope: scope.into(),
                email: user.email,
                generation: 0,
                family: None,
            },
        );
        (user.id, token)
    }
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

async fn send(ws: &mut Ws, message: Value) {
    ws.send(Message::text(message.to_string())).await.unwrap();
}

/// The next text message as JSON, skipping heartbeat frames.
async fn next_json(ws: &mut Ws) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let frame = timeout_at(deadline, ws.next())
            .await
            .expect("no message in time");
        match frame {
            Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("expected a text message, got {other:?}"),
        }
    }
}

async fn join(ws: &mut Ws, match_id: u64) -> u64 {
    send(ws, json!({"type": "JoinGroup", "matchId": match_id})).await;
    let joined = next_json(ws).await;
    assert_eq!(joined["type"], "Joined", "{joined}");
    assert_eq!(joined["matchId"], match_id);
    joined["seq"].as_u64().unwrap()
}

fn deleted() -> GroupMessage {
    GroupMessage::Match(MatchMessage::deleted())
}

#[tokio::test]
async fn a_publish_reaches_exactly_its_match_group_in_seq_order() {
    let server = Server::start(HubConfig::default()).await;
    let mut ones = Vec::new();
    for _ in 0..3 {
        let mut ws = server.connect(None).await;
        assert_eq!(join(&mut ws, 1).await, 0);
        ones.push(ws);
    }
    let mut two = server.connect(None).await;
    assert_eq!(join(&mut two, 2).await, 0);

    for id in 1..=3 {
        server.hub().publish(1, server.event(id));
    }
    server.hub().publish(2, deleted());

    for ws in &mut ones {
        for seq in 1..=3 {
            let message = next_json(ws).await;
            assert_eq!(message["type"], "Event");
            assert_eq!(message["matchId"], 1);
            assert_eq!(message["seq"], seq);
            assert_eq!(message["event"]["id"], seq);
        }
    }
    // Match 1's messages went out first; had they reached this client, they would come first.
    assert_eq!(
        next_json(&mut two).await,
        json!({"type": "Match", "deleted": true, "matchId": 2, "seq": 1})
    );
}

#[tokio::test]
async fn leaving_stops_delivery_and_a_returning_viewer_gets_the_current_seq() {
    let server = Server::start(HubConfig::default()).await;
    let mut ws = server.connect(None).await;
    join(&mut ws, 1).await;
    join(&mut ws, 2).await;
    server.hub().publish(1, server.event(1));
    assert_eq!(next_json(&mut ws).await["seq"], 1);

    send(&mut ws, json!({"type": "LeaveGroup", "matchId": 1})).await;
    assert_eq!(
        next_json(&mut ws).await,
        json!({"type": "Left", "matchId": 1})
    );
    server.hub().publish(1, server.event(2));
    server.hub().publish(2, server.event(3));
    let next = next_json(&mut ws).await;
    assert_eq!(
        (next["matchId"].as_u64(), next["seq"].as_u64()),
        (Some(2), Some(1))
    );

    // Reconnecting: the seq tells the client what it missed while away.
    ws.close(None).await.unwrap();
    let mut again = server.connect(None).await;
    assert_eq!(join(&mut again, 1).await, 2);
    server.hub().publish(1, server.event(4));
    let next = next_json(&mut again).await;
    assert_eq!(
        (next["matchId"].as_u64(), next["seq"].as_u64()),
        (Some(1), Some(3))
    );

    // A closed connection gives up its groups; match 2 has no viewer left.
    let deadline = Instant::now() + WAIT;
    while server.hub().watched_matches() != 1 {
        assert!(
            Instant::now() < deadline,
            "match 2's channel was not removed"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn only_a_connection_that_may_log_the_match_relays_its_clock() {
    let server = Server::start(HubConfig::default()).await;
    let mut viewer = server.connect(None).await;
    join(&mut viewer, 5).await;
    let clock = json!({"type": "Clock", "matchId": 5, "period": 1201, "remainingSeconds": 312,
        "state": "Running", "runningSince": "2026-11-24T18:30:05Z", "note": "not relayed"});
    let refused =
        json!({"type": "Error", "message": "You may not publish the clock of this match."});

    let mut anonymous = server.connect(None).await;
    send(&mut anonymous, clock.clone()).await;
    assert_eq!(next_json(&mut anonymous).await, refused);

    let club = server.token(UserType::Club).await;
    let mut signed_in = server.connect(Some(&club)).await;
    send(&mut signed_in, clock.clone()).await;
    assert_eq!(next_json(&mut signed_in).await, refused);

    let admin = server.token(UserType::Admin).await;
    let mut logger = server.connect(Some(&admin)).await;
    send(
        &mut logger,
        json!({"type": "Clock", "matchId": 5, "period": 1300,
        "remainingSeconds": 312, "state": "Running"}),
    )
    .await;
    let invalid = next_json(&mut logger).await;
    assert_eq!(invalid["type"], "Error");
    assert_eq!(invalid["message"], "period must be one of 1200 to 1204.");
    send(&mut logger, clock).await;
    assert_eq!(
        next_json(&mut viewer).await,
        json!({"type": "Clock", "matchId": 5, "seq": 1, "period": 1201, "remainingSeconds": 312,
            "state": "Running", "runningSince": "2026-11-24T18:30:05Z"})
    );

    // A token that is not valid, or valid without the API's scope, is refused before the
    // upgrade, not taken for a spectator.
    let (_, narrow) = server.signed_in_with_scope(UserType::Admin, "openid").await;
    for token in ["forged", narrow.as_str()] {
        let url = format!("ws://{}/hubs/match?access_token={token}", server.addr);
        match connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(response.status(), 401);
            }
            other => panic!("expected 401, got {other:?}"),
        }
    }
}

/// A spectator follows public competitions only, as the public pages do; staff still watch.
#[tokio::test]
async fn spectators_may_not_watch_a_match_of_a_competition_not_public() {
    use polodesk_domain::competitions::Competition;
    let server = Server::start(HubConfig::default()).await;
    let store = &server.state.store;
    let competition_id = store.get_match(2).unwrap().state.fields.competition_id;
    let mut fields = store.get::<Competition>(competition_id).unwrap().fields;
    fields.is_public = false;
    store
        .update::<Competition>(competition_id, fields)
        .await
        .unwrap();

    let mut spectator = server.connect(None).await;
    send(&mut spectator, json!({"type": "JoinGroup", "matchId": 2})).await;
    assert_eq!(
        next_json(&mut spectator).await,
        json!({"type": "Error", "message": "There is no match 2."})
    );
    let admin = server.token(UserType::Admin).await;
    let mut staff = server.connect(Some(&admin)).await;
    assert_eq!(join(&mut staff, 2).await, 0);
    assert_eq!(server.hub().watched_matches(), 1);
}

#[tokio::test]
async fn a_late_joiner_gets_the_last_clock_right_after_joined() {
    let server = Server::start(HubConfig::default()).await;
    let admin = server.token(UserType::Admin).await;
    let mut logger = server.connect(Some(&admin)).await;
    join(&mut logger, 6).await;
    for remaining in [480, 300] {
        send(
            &mut logger,
            json!({"type": "Clock", "matchId": 6, "period": 1200,
                "remainingSeconds": remaining, "state": "Paused"}),
        )
        .await;
        assert_eq!(next_json(&mut logger).await["remainingSeconds"], remaining);
    }
    server.hub().publish(6, deleted());

    let mut late = server.connect(None).await;
    assert_eq!(join(&mut late, 6).await, 3);
    assert_eq!(
        next_json(&mut late).await,
        json!({"type": "Clock", "matchId": 6, "seq": 2, "period": 1200, "remainingSeconds": 300,
            "state": "Paused", "runningSince": null})
    );
    // A match without a clock: Joined alone, then what is published next.
    join(&mut late, 7).await;
    server.hub().publish(7, deleted());
    assert_eq!(
        next_json(&mut late).await,
        json!({"type": "Match", "deleted": true, "matchId": 7, "seq": 1})
    );

    // A connection that may not log the match is refused before its clock is checked.
    let mut anonymous = server.connect(None).await;
    send(
        &mut anonymous,
        json!({"type": "Clock", "matchId": 6, "period": 1300}),
    )
    .await;
    assert_eq!(
        next_json(&mut anonymous).await,
        json!({"type": "Error", "message": "You may not publish the clock of this match."})
    );
}

#[tokio::test]
async fn malformed_input_gets_an_error_and_the_connection_stays_usable() {
    let server = Server::start(HubConfig::default()).await;
    let mut ws = server.connect(None).await;
    let texts = [
        "not json",
        "[1, 2]",
        r#"{"type": "Shout", "matchId": 1}"#,
        r#"{"type": "JoinGroup"}"#,
        r#"{"type": "JoinGroup", "matchId": -3}"#,
        r#"{"type": "LeaveGroup", "matchId": "1"}"#,
        r#"{"matchId": 1}"#,
    ];
    for text in texts {
        ws.send(Message::text(text)).await.unwrap();
        let reply = next_json(&mut ws).await;
        assert_eq!(reply["type"], "Error", "{text}: {reply}");
        assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(
        next_json(&mut ws).await,
        json!({"type": "Error", "message": "Send JSON text, not binary frames."})
    );
    // Only matches that exist can be watched.
    send(&mut ws, json!({"type": "JoinGroup", "matchId": 99})).await;
    assert_eq!(
        next_json(&mut ws).await,
        json!({"type": "Error", "message": "There is no match 99."})
    );
    assert_eq!(server.hub().watched_matches(), 0);
    assert_eq!(join(&mut ws, 3).await, 0);

    // A message over the size limit ends the connection.
    let huge = json!({"type": "JoinGroup", "matchId": 3, "pad": "x".repeat(20 * 1024)});
    let _ = ws.send(Message::text(huge.to_string())).await;
    let deadline = Instant::now() + WAIT;
    loop {
        match timeout_at(deadline, ws.next())
            .await
            .expect("not closed in time")
        {
            Some(Ok(Message::Close(frame))) => {
                assert_eq!(frame.map(|f| f.code), Some(CloseCode::Policy));
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            None | Some(Err(_)) => break,
            Some(Ok(other)) => panic!("expected the connection to close, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_plain_get_is_refused_without_a_server_error() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let server = Server::start(HubConfig::default()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let request = format!(
        "GET /hubs/match HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = String::new();
    timeout(WAIT, stream.read_to_string(&mut reply))
        .await
        .unwrap()
        .unwrap();
    let status = reply.split(' ').nth(1).unwrap_or_default();
    assert!(status.starts_with('4'), "{reply}");
}

#[tokio::test]
async fn silent_connections_are_pinged_then_closed() {
    let server = Server::start(HubConfig {
        ping_every: Duration::from_millis(100),
        idle_timeout: Duration::from_millis(400),
        ..HubConfig::default()
    })
    .await;
    let mut silent = server.connect(None).await;
    let mut lively = server.connect(None).await;

    // The lively client reads, and tungstenite answers each ping with a pong.
    let mut pings = 0;
    let until = Instant::now() + Duration::from_millis(1000);
    while let Ok(frame) = timeout_at(until, lively.next()).await {
        match frame {
            Some(Ok(Message::Ping(_))) => pings += 1,
            other => panic!("expected only pings, got {other:?}"),
        }
    }
    assert!(pings >= 3, "{pings} pings in a second");
    assert_eq!(join(&mut lively, 1).await, 0);

    // The silent one never answered: its first ping is still there, then the close.
    match timeout(WAIT, silent.next()).await.unwrap() {
        Some(Ok(Message::Ping(_))) => {}
        other => panic!("expected a ping, got {other:?}"),
    }
    // Pings keep coming until the close, so the deadline is for the whole loop.
    let deadline = Instant::now() + WAIT;
    let mut closed = false;
    while let Some(frame) = timeout_at(deadline, silent.next())
        .await
        .expect("not closed in time")
    {
        match frame {
            Ok(Message::Ping(_)) => {}
            Ok(Message::Close(frame)) => {
                assert_eq!(frame.map(|f| f.code), Some(CloseCode::Away));
                closed = true;
            }
            // The pong to a buffered ping may hit the closed socket first.
            Err(_) => {
                closed = true;
                break;
            }
            Ok(other) => panic!("expected the connection to close, got {other:?}"),
        }
    }
    assert!(closed);
}

#[tokio::test]
async fn a_slow_viewer_resyncs_and_does_not_hold_back_a_fast_one() {
    let server = Server::start(HubConfig {
        channel_capacity: 4,
        ..HubConfig::default()
    })
    .await;
    let mut slow = server.connect(None).await;
    let mut fast = server.connect(None).await;
    join(&mut slow, 9).await;
    join(&mut fast, 9).await;

    // Far more than the socket buffers hold, so the slow viewer's socket fills up: the
    // status is padded to 32 KiB a message.
    let mut padded = server.score(9);
    padded.status = "x".repeat(32 * 1024);
    let padded = GroupMessage::Event(EventMessage {
        action: Action::Updated,
        event: EventBody::Removed(RemovedEvent { id: 1 }),
        score: padded,
    });
    let total = 1000;
    for seq in 1..=total {
        server.hub().publish(9, padded.clone());
        let message = next_json(&mut fast).await;
        assert_eq!(message["seq"], seq, "the fast viewer lost a message");
    }

    let mut last = 0;
    let resync = loop {
        let message = next_json(&mut slow).await;
        if message["type"] == "Resync" {
            break message;
        }
        let seq = message["seq"].as_u64().unwrap();
        assert!(seq > last, "seq went from {last} to {seq}");
        last = seq;
    };
    assert!(
        last < total,
        "the slow viewer got everything: it never lagged"
    );
    assert_eq!(
        resync,
        json!({"type": "Resync", "matchId": 9, "seq": total})
    );
    server.hub().publish(9, deleted());
    assert_eq!(next_json(&mut slow).await["seq"], total + 1);
}

/// A staff connection is let in on its sign-in, and closed soon after that sign-in ends
/// (signed out, sign-ins ended, account deleted); a spectator's goes on.
#[tokio::test]
async fn a_staff_connection_ends_soon_after_its_sign_in_does() {
    let server = Server::start(HubConfig {
        ping_every: Duration::from_millis(100),
        ..HubConfig::default()
    })
    .await;
    let (user, token) = server.signed_in(UserType::Admin).await;
    let mut staff = server.connect(Some(&token)).await;
    let mut spectator = server.connect(None).await;
    join(&mut staff, 1).await;
    join(&mut spectator, 1).await;
    // Several pings go by while the sign-in stands.
    tokio::time::sleep(Duration::from_millis(350)).await;
    server.hub().publish(1, server.event(1));
    assert_eq!(next_json(&mut staff).await["seq"], 1);
    assert_eq!(next_json(&mut spectator).await["seq"], 1);

    let ended = (ChangedBy::Administrator, 0);
    server.state.store.end_sign_ins(user, ended).await.unwrap();
    let close = next_close(&mut staff)
        .await
        .expect("closed without a close frame");
    assert_eq!(close.code, CloseCode::Policy);
    assert_eq!(close.reason.as_str(), live::SIGNED_OUT);

    server.hub().publish(1, server.event(2));
    assert_eq!(next_json(&mut spectator).await["seq"], 2);
    // The ended sign-in cannot open a new connection either.
    let url = format!("ws://{}/hubs/match?access_token={token}", server.addr);
    assert!(connect_async(url).await.is_err());
}

/// Where the server requires two-step sign-in, an account that has not turned it on is
/// refused before the upgrade, and a connection whose two-step sign-in is reset ends.
#[tokio::test]
async fn an_account_that_must_turn_on_two_step_does_not_watch_until_it_has() {
    let server = Server::start_with(
        HubConfig {
            ping_every: Duration::from_millis(100),
            ..HubConfig::default()
        },
        TwoStepRule::Administrators,
    )
    .await;
    let (user, token) = server.signed_in(UserType::Admin).await;
    let url = format!("ws://{}/hubs/match?access_token={token}", server.addr);
    match connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 403);
        }
        other => panic!("expected 403, got {other:?}"),
    }
    let store = &server.state.store;
    store.start_two_step(user, vec![7; 20]).await.unwrap();
    store
        .turn_on_two_step(user, vec![7; 20], 1, Vec::new(), 30)
        .await
        .unwrap();
    let mut staff = server.connect(Some(&token)).await;
    join(&mut staff, 1).await;
    assert!(
        store
            .turn_off_two_step(user, (ChangedBy::Administrator, 60))
            .await
            .unwrap()
    );
    let close = next_close(&mut staff)
        .await
        .expect("closed without a close frame");
    assert_eq!(close.code, CloseCode::Policy);
}

/// What a staff connection may do follows the account: demoted, it publishes no clock from
/// the next ping on, though its sign-in stands and the connection stays open.
#[tokio::test]
async fn a_demoted_connection_loses_its_rights_at_the_next_ping() {
    let server = Server::start(HubConfig {
        ping_every: Duration::from_millis(100),
        ..HubConfig::default()
    })
    .await;
    // Another administrator stays: the last one cannot be demoted.
    server.signed_in(UserType::Admin).await;
    let (user, token) = server.signed_in(UserType::Admin).await;
    let mut logger = server.connect(Some(&token)).await;
    let clock = json!({"type": "Clock", "matchId": 5, "period": 1201, "remainingSeconds": 300,
        "state": "Paused"});
    join(&mut logger, 5).await;
    send(&mut logger, clock.clone()).await;
    assert_eq!(
        next_json(&mut logger).await["type"],
        "Clock",
        "the admin's clock is relayed"
    );

    let fields = UserFields {
        email: server.state.store.get::<User>(user).unwrap().email,
        phone_number: None,
        type_id: UserType::Club,
        federation_id: None,
        club_id: None,
        person_id: None,
    };
    server
        .state
        .store
        .update::<User>(user, fields)
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(350)).await;
    send(&mut logger, clock).await;
    assert_eq!(
        next_json(&mut logger).await,
        json!({"type": "Error", "message": live::CLOCK_REFUSED})
    );
}

#[tokio::test]
async fn shutting_down_tells_viewers_the_server_is_going_away() {
    let mut server = Server::start(HubConfig::default()).await;
    let mut ws = server.connect(None).await;
    join(&mut ws, 1).await;
    let _ = server.stop.take().unwrap().send(());
    match next_close(&mut ws).await {
        Some(frame) => assert_eq!(frame.code, CloseCode::Away),
        None => panic!("closed without a close frame"),
    }
}

/// The close frame that ends a connection, past its heartbeats.
async fn next_close(ws: &mut Ws) -> Option<CloseFrame> {
    let deadline = Instant::now() + WAIT;
    loop {
        match timeout_at(deadline, ws.next())
            .await
            .expect("not closed in time")
        {
            Some(Ok(Message::Close(frame))) => return frame,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}
