//! Sending the journal against a real server on a loopback port: nothing is lost while the
//! server is away, writes go in order, a replayed create makes one event, a refusal stops the
//! sending until the secretary drops it.

#![allow(clippy::unwrap_used)]

#[path = "../../crates/client/tests/support/mod.rs"]
mod support;

use polodesk_client::Client;
use polodesk_tui::journal::{EventRef, Journal, Write};
use polodesk_tui::outbox::{Outcome, TARGET_DROPPED, send_next};
use support::TestServer;

/// The clientId of event `name`: the server takes UUIDs.
fn uuid(name: char) -> String {
    format!("00000000-0000-4000-8000-{:012x}", u32::from(name))
}

fn create(name: char, event: polodesk_domain::events::EventInput) -> Write {
    Write::Create {
        client_id: uuid(name),
        event,
    }
}

/// A client of a loopback port nothing listens on.
fn nowhere() -> Client {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    Client::new(&format!("http://127.0.0.1:{port}"), None).unwrap()
}

/// Sends until nothing is sent, answering each outcome.
async fn send_all(client: &Client, journal: &mut Journal) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    loop {
        let outcome = send_next(client, journal).await.unwrap();
        let sent = matches!(outcome, Outcome::Sent(..));
        outcomes.push(outcome);
        if !sent {
            return outcomes;
        }
    }
}

#[tokio::test]
async fn writes_wait_for_the_server_then_go_in_order() {
    let server = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();
    let mut later = server.timeout(server.home, 2);
    later.seconds = Some(30);
    // Edited before it was sent: the row it was edited from had no server id yet.
    later.id = Some(0);
    let a = EventRef::ClientId(uuid('a'));
    journal
        .append(create('a', server.timeout(server.home, 1)))
        .unwrap();
    journal
        .append(Write::Update {
            target: a.clone(),
            event: later,
        })
        .unwrap();
    journal
        .append(create('b', server.timeout(server.away, 3)))
        .unwrap();
    journal
        .append(Write::Delete {
            target: EventRef::ClientId(uuid('b')),
        })
        .unwrap();

    assert_eq!(
        send_next(&nowhere(), &mut journal).await.unwrap(),
        Outcome::Unreachable
    );
    assert_eq!(journal.pending().len(), 4);
    // The console was closed meanwhile.
    drop(journal);
    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();

    let outcomes = send_all(&server.client, &mut journal).await;
    let events = server.client.match_events(server.match_id).await.unwrap();
    assert_eq!(events.len(), 1);
    let logged = &events[0];
    assert_eq!((logged.minute, logged.seconds), (2, 30));
    assert_eq!(logged.client_id, Some(uuid('a')));
    let Outcome::Sent(1, Some(first)) = &outcomes[0] else {
        panic!("expected the create first: {outcomes:?}");
    };
    assert_eq!(first.id, logged.id);
    assert_eq!(
        outcomes[1],
        Outcome::Sent(2, Some(Box::new(logged.clone())))
    );
    assert!(matches!(outcomes[2], Outcome::Sent(3, Some(_))));
    assert_eq!(outcomes[3..], [Outcome::Sent(4, None), Outcome::Nothing]);
    assert_eq!(journal.resolve(&a), Some(logged.id));
}

#[tokio::test]
async fn a_create_sent_again_after_a_crash_makes_one_event() {
    let server = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();
    let mut event = server.timeout(server.home, 4);
    journal.append(create('c', event.clone())).unwrap();
    // Sent, and the console died before it journaled that.
    event.client_id = Some(uuid('c'));
    let first = server.client.create_event(&event).await.unwrap();
    drop(journal);

    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();
    assert_eq!(
        send_all(&server.client, &mut journal).await,
        vec![
            Outcome::Sent(1, Some(Box::new(first.clone()))),
            Outcome::Nothing
        ]
    );
    assert_eq!(
        server.client.match_events(server.match_id).await.unwrap(),
        vec![first]
    );
}

#[tokio::test]
async fn a_refused_write_holds_the_rest_until_dropped() {
    let server = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();
    let stranger = server.home + server.away + 100;
    journal
        .append(create('x', server.timeout(stranger, 1)))
        .unwrap();
    journal
        .append(Write::Update {
            target: EventRef::ClientId(uuid('x')),
            event: server.timeout(server.home, 2),
        })
        .unwrap();
    journal
        .append(create('y', server.timeout(server.away, 3)))
        .unwrap();

    let refusal = "The team must be the home or the away team of this match.";
    let refused = Outcome::Refused(1, refusal.to_owned());
    assert_eq!(
        send_next(&server.client, &mut journal).await.unwrap(),
        refused
    );
    // Held, also across a restart, without asking the server again.
    drop(journal);
    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();
    assert_eq!(send_next(&nowhere(), &mut journal).await.unwrap(), refused);

    journal.dropped(1).unwrap();
    let outcomes = send_all(&server.client, &mut journal).await;
    // The change of the dropped event cannot be sent either.
    assert_eq!(
        outcomes,
        vec![Outcome::Refused(2, TARGET_DROPPED.to_owned())]
    );
    journal.dropped(2).unwrap();
    let outcomes = send_all(&server.client, &mut journal).await;
    assert!(matches!(
        outcomes[..],
        [Outcome::Sent(3, Some(_)), Outcome::Nothing]
    ));
    assert_eq!(
        server
            .client
            .match_events(server.match_id)
            .await
            .unwrap()
            .len(),
        1
    );
}

#[tokio::test]
async fn a_delete_of_an_event_already_gone_is_done() {
    let server = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();
    let gone = server
        .client
        .create_event(&server.timeout(server.home, 5))
        .await
        .unwrap();
    server.client.delete_event(gone.id).await.unwrap();
    journal
        .append(Write::Delete {
            target: EventRef::Id(gone.id),
        })
        .unwrap();
    assert_eq!(
        send_all(&server.client, &mut journal).await,
        vec![Outcome::Sent(1, None), Outcome::Nothing]
    );
}

#[tokio::test]
async fn a_refused_token_keeps_the_write_for_after_signing_in() {
    let server = TestServer::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut journal = Journal::open(dir.path(), server.match_id).unwrap();
    journal
        .append(create('t', server.timeout(server.home, 6)))
        .unwrap();
    let expired = server.client.with_token(Some("expired".to_owned()));
    assert_eq!(
        send_next(&expired, &mut journal).await.unwrap(),
        Outcome::Unauthorized
    );
    assert_eq!(journal.pending()[0].refused, None);
    assert!(matches!(
        send_next(&server.client, &mut journal).await.unwrap(),
        Outcome::Sent(1, Some(_))
    ));
}
