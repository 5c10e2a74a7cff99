//! Spectators over NATS, through the real binary: a writer (`serve --nats`), Debian's
//! nats-server and edges (`polodesk edge`), each its own process on loopback. Viewers on two
//! edges get every event in the writer's order while a scorer logs; one edge is killed and its
//! viewer, reconnecting to the other, misses nothing; a fresh edge gives a late viewer the clock.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use polodesk_client::Client;
use polodesk_domain::codes::{ClockState, Period};
use polodesk_domain::live::{self, ClientMessage, Clock};
use serde_json::{Value, json};
use support::console::{PATIENCE, Spectator, create_match};
use support::{Server, free_port, polodesk};

/// A child process, killed (`kill -9`) when dropped.
struct Process(Child);

impl Process {
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

fn nats_server() -> (Process, String) {
    let port = free_port();
    let child = Command::new("nats-server")
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nats-server (Debian package nats-server) must be installed");
    (Process(child), format!("nats://127.0.0.1:{port}"))
}

/// NATS, and `serve --demo --nats` on a fresh data folder: its URL, the writer and its folder.
fn writer_on_nats() -> (Process, String, tempfile::TempDir, Server) {
    let (nats, url) = nats_server();
    let data = tempfile::tempdir().unwrap();
    let writer = Server::start_with(
        data.path(),
        &format!("127.0.0.1:{}", free_port()),
        &["--nats", &url],
    );
    (nats, url, data, writer)
}

/// `polodesk edge`, once it answers.
async fn edge(nats: &str, upstream: &str) -> (Process, String) {
    let addr = format!("127.0.0.1:{}", free_port());
    let child = polodesk(&[
        "edge",
        "--nats",
        nats,
        "--upstream",
        upstream,
        "--addr",
        &addr,
    ])
    .env("RUST_LOG", "warn")
    .stdout(Stdio::null())
    .stderr(Stdio::null())
    .spawn()
    .unwrap();
    let process = Process(child);
    let url = format!("http://{addr}");
    let client = Client::new(&url, None).unwrap();
    let deadline = Instant::now() + PATIENCE;
    while client.get::<Value>("/api/health").await.is_err() {
        assert!(Instant::now() < deadline, "the edge did not come up");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (process, url)
}

/// What a fresh spectator's connection to `url` is answered first to `message`.
async fn first_reply(url: &str, message: &ClientMessage) -> Value {
    let (sender, mut receiver) = Client::new(url, None).unwrap().connect_hub().await.unwrap();
    sender.send(message).unwrap();
    let reply = tokio::time::timeout(PATIENCE, receiver.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    serde_json::to_value(reply).unwrap()
}

/// The seqs of the group messages a spectator got after its `nth` Joined (0-based), with
/// that Joined's seq.
fn seqs_after_join(spectator: &Spectator, nth: usize) -> (u64, Vec<u64>) {
    let all = spectator.of_type_any();
    let joined: Vec<usize> = all
        .iter()
        .enumerate()
        .filter(|(_, m)| m["type"] == "Joined")
        .map(|(i, _)| i)
        .collect();
    let start = joined[nth];
    let end = joined.get(nth + 1).copied().unwrap_or(all.len());
    let seqs = all[start + 1..end]
        .iter()
        .filter_map(|m| m["seq"].as_u64())
        .collect();
    (all[start]["seq"].as_u64().unwrap(), seqs)
}

fn consecutive_from(first: u64, seqs: &[u64]) -> bool {
    seqs.iter()
        .zip(first..)
        .all(|(seq, expected)| *seq == expected)
}

async fn goal(api: &Client, match_id: u64, team: u64, by: u64, minute: u8) -> Value {
    let body = json!({"matchId": match_id, "typeId": 705, "periodId": 1200, "minute": minute,
        "seconds": 0, "shot": {"teamId": team, "typeId": 1100, "takenById": by, "isGoal": true}});
    let created: Value = api.post("/api/Events", &body).await.unwrap();
    created["id"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn viewers_on_two_edges_get_every_event_in_order_and_a_moved_viewer_misses_nothing() {
    let (_nats, nats, _data, writer) = writer_on_nats();
    let (mut first_edge, first) = edge(&nats, &writer.url).await;
    let (_second_edge, second) = edge(&nats, &writer.url).await;
    let scorer = Client::new(&writer.url, Some(writer.token.clone())).unwrap();
    let fixture = create_match(&scorer).await;
    let id = fixture.id;

    // The edge passes the writer's public answers on, and nothing of the staff API.
    let public = format!("/api/Public/Matches/{id}");
    let from_writer: Value = Client::new(&writer.url, None)
        .unwrap()
        .get(&public)
        .await
        .unwrap();
    let on_edge = Client::new(&first, None).unwrap();
    assert_eq!(on_edge.get::<Value>(&public).await.unwrap(), from_writer);
    assert!(on_edge.get::<Value>("/api/Clubs").await.is_err());

    let steady = Spectator::join(&second, id).await;
    let on_first = Spectator::join(&first, id).await;
    let mover = Spectator::join_any(&[&first, &second], id).await;
    let mut created = Vec::new();
    for minute in 0..10 {
        let (side, cap) = if minute % 3 == 0 {
            (&fixture.away, 4)
        } else {
            (&fixture.home, 3)
        };
        created.push(goal(&scorer, id, side.id, side.cap(cap), 7 - minute / 2).await);
    }
    for spectator in [&steady, &on_first, &mover] {
        spectator.wait_for_created(&created).await;
        let (joined, seqs) = seqs_after_join(spectator, 0);
        assert!(
            consecutive_from(joined + 1, &seqs),
            "{joined} then {seqs:?}"
        );
    }
    let seen_before_the_move = seqs_after_join(&mover, 0).1.last().copied().unwrap();

    // The first edge dies; its viewer lands on the second while the scorer goes on.
    first_edge.kill();
    for minute in 0..10 {
        created.push(
            goal(
                &scorer,
                id,
                fixture.home.id,
                fixture.home.cap(5),
                3 - minute / 4,
            )
            .await,
        );
    }
    steady.wait_for_created(&created).await;
    let deadline = Instant::now() + PATIENCE;
    while mover.of_type("Joined").len() < 2 {
        assert!(
            Instant::now() < deadline,
            "the viewer did not join the other edge"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Wait until its messages reach the scorer's last event.
    let last_seq = seqs_after_join(&steady, 0).1.last().copied().unwrap();
    while seqs_after_join(&mover, 1).1.last().copied().unwrap_or(0) < last_seq
        && seqs_after_join(&mover, 1).0 < last_seq
    {
        assert!(Instant::now() < deadline, "the moved viewer fell silent");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (rejoined, after) = seqs_after_join(&mover, 1);
    assert!(
        rejoined >= seen_before_the_move,
        "seq went back: {rejoined}"
    );
    assert!(
        consecutive_from(rejoined + 1, &after),
        "{rejoined} then {after:?}"
    );
    // What it missed between the two edges it reads again from the one it is on, as the web
    // app does on a gap: the answer is never older than the messages that follow it.
    let mut known: BTreeSet<u64> = mover
        .created()
        .iter()
        .map(|id| id.as_u64().unwrap())
        .collect();
    if rejoined > seen_before_the_move {
        let events: Vec<Value> = Client::new(&second, None)
            .unwrap()
            .get(&format!("{public}/events"))
            .await
            .unwrap();
        known.extend(events.iter().map(|e| e["id"].as_u64().unwrap()));
    }
    let all: BTreeSet<u64> = created.iter().map(|id| id.as_u64().unwrap()).collect();
    assert_eq!(known, all);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fresh_edge_gives_a_late_viewer_the_clock_and_refuses_a_spectators_clock() {
    let (_nats, nats, _data, writer) = writer_on_nats();
    let scorer = Client::new(&writer.url, Some(writer.token.clone())).unwrap();
    let id = create_match(&scorer).await.id;
    let clock = Clock {
        period: Period::Second,
        remaining_seconds: 312,
        state: ClockState::Paused,
        running_since: None,
    };
    let (table, _from_writer) = scorer.connect_hub().await.unwrap();
    table
        .send(&ClientMessage::Clock {
            match_id: id,
            clock: clock.clone(),
        })
        .unwrap();
    // At the pool: the writer's own viewers see it first.
    let at_the_pool = Spectator::join(&writer.url, id).await;
    let deadline = Instant::now() + PATIENCE;
    while at_the_pool.of_type("Clock").is_empty() {
        assert!(Instant::now() < deadline, "no clock on the writer");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // An edge started after the clock was sent: its first viewer gets it right after Joined.
    let (_edge, url) = edge(&nats, &writer.url).await;
    let late = Spectator::join(&url, id).await;
    while late.of_type("Clock").is_empty() {
        assert!(Instant::now() < deadline, "the late viewer got no clock");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(late.of_type("Clock"), at_the_pool.of_type("Clock"));
    // The edge starts its viewer at the writer's seq: one the writer's own viewer was at.
    // (Under load a write of the match's setup may still be publishing, so it need not be the
    // seq the writer's viewer joined at.)
    let start = late.of_type("Joined")[0]["seq"].as_u64().unwrap();
    let writer_seqs = || -> Vec<u64> {
        at_the_pool
            .of_type_any()
            .iter()
            .filter_map(|message| message["seq"].as_u64())
            .collect()
    };
    while !writer_seqs().contains(&start) {
        assert!(
            Instant::now() < deadline,
            "the edge started at seq {start}; the writer's viewer saw {:?}",
            writer_seqs()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // A spectator's clock on an edge is refused; the match does not move.
    assert_eq!(
        first_reply(
            &url,
            &ClientMessage::Clock {
                match_id: id,
                clock: Clock {
                    remaining_seconds: 1,
                    ..clock
                },
            }
        )
        .await,
        json!({"type": "Error", "message": live::CLOCK_REFUSED})
    );
    // A match that is not public is not watched on an edge either.
    assert_eq!(
        first_reply(&url, &ClientMessage::JoinGroup { match_id: 999_999 }).await,
        json!({"type": "Error", "message": "There is no match 999999."})
    );
}
