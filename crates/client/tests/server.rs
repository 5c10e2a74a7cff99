//! The client's calls against a real server on a loopback port: the match log, signing in,
//! and the live hub.

#![allow(clippy::unwrap_used)]

mod support;

use std::time::Duration;

use polodesk_client::{CONSOLE_CLIENT_ID, Client, ClientError, HubReceiver, HubSender};
use polodesk_domain::codes::{ClockState, MatchStatus, Period, UserType};
use polodesk_domain::live::{
    Action, ClientMessage, Clock, DirectMessage, EventBody, GroupMessage, ServerMessage,
};
use polodesk_domain::users::UserInput;
use support::TestServer;

const WAIT: Duration = Duration::from_secs(5);

fn api_status(result: Result<impl std::fmt::Debug, ClientError>) -> (u16, String) {
    match result {
        Err(ClientError::Api {
            status, message, ..
        }) => (status, message),
        other => panic!("expected an API error, got {other:?}"),
    }
}

#[tokio::test]
async fn events_are_created_replayed_updated_and_deleted() {
    let server = TestServer::start().await;
    let client = &server.client;
    let mut timeout = server.timeout(server.home, 3);
    timeout.client_id = Some("0f8e4c1a-5d8b-4c59-9a57-2f1f0a1b2c3d".to_owned());

    let created = client.create_event(&timeout).await.unwrap();
    assert_eq!(created.minute, 3);
    assert_eq!(created.client_id, timeout.client_id);
    // A retried create with the same clientId answers the first event.
    let replayed = client.create_event(&timeout).await.unwrap();
    assert_eq!(replayed, created);
    assert_eq!(
        client.match_events(server.match_id).await.unwrap(),
        vec![created.clone()]
    );

    let mut changed = timeout.clone();
    changed.minute = Some(5);
    let updated = client.update_event(created.id, &changed).await.unwrap();
    assert_eq!((updated.id, updated.minute), (created.id, 5));

    client.delete_event(created.id).await.unwrap();
    assert!(
        client
            .match_events(server.match_id)
            .await
            .unwrap()
            .is_empty()
    );
    // Deleting it again is a 404 the caller decides about.
    let (status, _) = api_status(client.delete_event(created.id).await);
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_refused_event_carries_the_servers_message() {
    let server = TestServer::start().await;
    let foreign = server.timeout(server.home + server.away + 100, 1);
    match server.client.create_event(&foreign).await {
        Err(ClientError::Api { status, errors, .. }) => {
            assert_eq!(status, 400);
            assert_eq!(
                errors["timeout.teamId"],
                vec!["The team must be the home or the away team of this match."]
            );
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn a_finished_match_is_confirmed_by_its_official() {
    let server = TestServer::start().await;
    let client = &server.client;
    let early = api_status(client.confirm_log(server.referee_row, None).await);
    assert_eq!(
        early,
        (
            409,
            "The match log can be confirmed only when the match is finished.".to_owned()
        )
    );
    let game = client.get_match(server.match_id).await.unwrap();
    let finished = client.finish_match(&game).await.unwrap();
    assert_eq!(finished.score.status_id, MatchStatus::Finished);
    assert_eq!(finished.venue.as_deref(), Some("Banjica"));

    let confirmed = client.confirm_log(server.referee_row, None).await.unwrap();
    assert_eq!(confirmed.id, server.referee_row);
    assert!(confirmed.confirmed);
    let game = client.get_match(server.match_id).await.unwrap();
    assert!(game.score.log_closed);
}

#[tokio::test]
async fn signing_in_gives_a_refresh_token_that_rotates() {
    let server = TestServer::start().await;
    let input = UserInput {
        email: Some("secretary@polodesk.test".to_owned()),
        type_id: Some(UserType::Admin),
        ..UserInput::default()
    };
    let user = server.client.create_user(&input).await.unwrap();
    let password = "table secretary 1";
    server
        .client
        .set_password(user.user.id, password)
        .await
        .unwrap();
    let anonymous = Client::new(&server.url(), None).unwrap();

    let wrong = anonymous
        .sign_in(
            CONSOLE_CLIENT_ID,
            "secretary@polodesk.test",
            "wrong password",
            None,
        )
        .await;
    assert_eq!(
        api_status(wrong),
        (400, "Invalid email or password.".to_owned())
    );

    let tokens = anonymous
        .sign_in(CONSOLE_CLIENT_ID, "secretary@polodesk.test", password, None)
        .await
        .unwrap();
    assert_eq!(tokens.expires_in, 15 * 60);
    let signed_in = anonymous.with_token(Some(tokens.access_token.clone()));
    assert_eq!(signed_in.token(), Some(tokens.access_token.as_str()));
    assert!(signed_in.users().await.is_ok());

    let first = tokens.refresh_token.unwrap();
    let refreshed = anonymous.refresh(CONSOLE_CLIENT_ID, &first).await.unwrap();
    let second = refreshed.refresh_token.unwrap();
    assert_ne!(second, first);
    let swapped = signed_in.with_token(Some(refreshed.access_token));
    assert!(swapped.users().await.is_ok());
    // A refresh token is good once.
    let reused = anonymous.refresh(CONSOLE_CLIENT_ID, &first).await;
    assert_eq!(
        api_status(reused),
        (400, "The refresh token was already used.".to_owned())
    );

    // The command line's sign-in answers an access token too.
    let cli = anonymous
        .password_token("secretary@polodesk.test", password, None)
        .await
        .unwrap();
    assert!(anonymous.with_token(Some(cli)).users().await.is_ok());
}

async fn next(receiver: &mut HubReceiver) -> ServerMessage {
    tokio::time::timeout(WAIT, receiver.next())
        .await
        .expect("a hub message in time")
        .expect("the connection is open")
        .unwrap()
}

/// A connection that joined the match; the seq it joined at.
async fn join(client: &Client, match_id: u64) -> (HubSender, HubReceiver, u64) {
    let (sender, mut receiver) = client.connect_hub().await.unwrap();
    sender.send(&ClientMessage::JoinGroup { match_id }).unwrap();
    let ServerMessage::Direct(DirectMessage::Joined {
        match_id: joined,
        seq,
    }) = next(&mut receiver).await
    else {
        panic!("expected Joined");
    };
    assert_eq!(joined, match_id);
    (sender, receiver, seq)
}

#[tokio::test]
async fn the_hub_relays_events_and_the_clock() {
    let server = TestServer::start().await;
    let (logger, mut logger_view, seq) = join(&server.client, server.match_id).await;
    let spectator = Client::new(&server.url(), None).unwrap();
    let (watching, mut watcher, _) = join(&spectator, server.match_id).await;

    let created = server
        .client
        .create_event(&server.timeout(server.away, 2))
        .await
        .unwrap();
    for view in [&mut logger_view, &mut watcher] {
        let ServerMessage::Group(sequenced) = next(view).await else {
            panic!("expected a group message");
        };
        assert_eq!(
            (sequenced.match_id, sequenced.seq),
            (server.match_id, seq + 1)
        );
        let GroupMessage::Event(message) = sequenced.message else {
            panic!("expected an event");
        };
        assert_eq!(message.action, Action::Created);
        assert_eq!(message.event, EventBody::Whole(Box::new(created.clone())));
    }

    let clock = Clock {
        period: Period::First,
        remaining_seconds: 480,
        state: ClockState::Running,
        running_since: Some("2026-11-28T18:00:05Z".to_owned()),
    };
    let sent = logger.clone();
    sent.send(&ClientMessage::Clock {
        match_id: server.match_id,
        clock: clock.clone(),
    })
    .unwrap();
    let ServerMessage::Group(sequenced) = next(&mut watcher).await else {
        panic!("expected a group message");
    };
    assert_eq!(sequenced.seq, seq + 2);
    assert_eq!(sequenced.message, GroupMessage::Clock(clock));

    // A spectator may not publish the clock; the connection stays usable.
    watching
        .send(&ClientMessage::Clock {
            match_id: server.match_id,
            clock: Clock {
                period: Period::First,
                remaining_seconds: 1,
                state: ClockState::Paused,
                running_since: None,
            },
        })
        .unwrap();
    assert_eq!(
        next(&mut watcher).await,
        ServerMessage::Direct(DirectMessage::error(
            "You may not publish the clock of this match."
        ))
    );
}

#[tokio::test]
async fn the_hub_refuses_a_bad_token_and_reports_a_closed_server() {
    let server = TestServer::start().await;
    let forged = server.client.with_token(Some("not a token".to_owned()));
    assert_eq!(api_status(forged.connect_hub().await).0, 401);

    let (sender, mut receiver) = server.client.connect_hub().await.unwrap();
    drop(server);
    let ended = tokio::time::timeout(WAIT, async {
        while let Some(message) = receiver.next().await {
            // A close notice (the server asks viewers to go elsewhere) may come first.
            let _ = message;
        }
    })
    .await;
    assert!(ended.is_ok(), "the receiver ends when the server stops");
    let closed = sender.send(&ClientMessage::JoinGroup { match_id: 1 });
    assert!(matches!(closed, Err(ClientError::Unreachable(_))));
}

#[tokio::test]
async fn a_silent_server_is_taken_for_gone() {
    // A WebSocket server that accepts and then says nothing, as behind a pulled cable.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let silent = tokio::spawn(async move {
        let (stream, _) = listener.accept().await.unwrap();
        let socket = tokio_tungstenite::accept_async(stream).await.unwrap();
        tokio::time::sleep(WAIT * 2).await;
        drop(socket);
    });
    let client = Client::new(&format!("http://{addr}"), None).unwrap();
    let (sender, mut receiver) = client.connect_hub().await.unwrap();
    receiver.set_idle_timeout(Duration::from_millis(200));
    let gone = tokio::time::timeout(WAIT, receiver.next()).await.unwrap();
    assert!(matches!(gone, Some(Err(ClientError::Unreachable(_)))));
    assert!(receiver.next().await.is_none());
    assert!(
        sender
            .send(&ClientMessage::JoinGroup { match_id: 1 })
            .is_err()
    );
    silent.abort();
}
