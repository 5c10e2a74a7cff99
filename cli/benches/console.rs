//! `cargo xtask bench console`: the console's wall time per event type, typed as a secretary
//! types. The optimized binary serves the demo on a fresh folder on loopback; a new match gets
//! both squads and two referees through the API; `polodesk console` runs in a tmux pane (160×48)
//! and a spectator watches the match on `/hubs/match`. Each event's keys are sent in one
//! `tmux send-keys` at once (no thinking time), and the time runs from just before that call to
//! the spectator receiving the event's `Event` message: tmux's own start, the terminal, the
//! console's state and journal (written and fsynced), its POST, the server's durable write and
//! the hub. The next event waits until the last one was seen. About 200 events: four periods,
//! each a swim-off and then goals, misses, exclusions, 5m penalties, cards and turnovers in
//! turn, with the two timeouts and two challenges a team may call.

// A failed unwrap or expect is how this benchmark reports a broken expectation.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use polodesk_client::Client;
use support::Server;
use support::console::{PATIENCE, Spectator, Terminal, create_match};

/// Events of one kind of each period, after its swim-off.
const PER_PERIOD: usize = 10;

/// One event's keys as tmux types them, `⏎` standing for Enter.
struct Typed {
    kind: &'static str,
    keys: String,
}

impl Typed {
    fn new(kind: &'static str, keys: String) -> Typed {
        Typed { kind, keys }
    }

    /// The keystrokes a secretary makes (Enter counts as one).
    fn keystrokes(&self) -> usize {
        self.keys.chars().count()
    }
}

/// Fielders' caps a side rotates through (single digits, so every event of a kind takes as
/// many keystrokes; no one reaches three exclusions).
const CAPS: [u32; 8] = [2, 3, 4, 5, 6, 7, 8, 9];

fn cap(i: usize) -> u32 {
    CAPS[i % CAPS.len()]
}

/// Exclusions (5m penalties included) of each period: spread over both sides' fielders so that
/// no one reaches three, after which a player cannot be picked.
const EXCLUSIONS_PER_PERIOD: usize = PER_PERIOD.div_ceil(2) + PER_PERIOD.div_ceil(4);

/// The events of one period after its swim-off, in the order typed.
fn period(round: usize) -> Vec<Typed> {
    let mut events = Vec::new();
    let mut excluded = round * EXCLUSIONS_PER_PERIOD;
    // The side and cap of the next exclusion: sides alternate, caps go round each side's.
    let mut next_excluded = || {
        let side = if excluded.is_multiple_of(2) { 'w' } else { 'b' };
        let cap = cap(excluded / 2);
        excluded += 1;
        (side, cap)
    };
    for i in 0..PER_PERIOD {
        let n = round * PER_PERIOD + i;
        let (side, other) = if n.is_multiple_of(2) {
            ('w', 'b')
        } else {
            ('b', 'w')
        };
        events.push(Typed::new(
            "goal with an assist",
            format!("{side}{}g{}⏎", cap(n), cap(n + 1)),
        ));
        events.push(Typed::new(
            "shot missed",
            format!("{other}{}s⏎", cap(n + 2)),
        ));
        if i.is_multiple_of(2) {
            let (side, excluded) = next_excluded();
            events.push(Typed::new(
                "exclusion with the fouled player",
                format!("{side}{excluded}x{}⏎", cap(n + 4)),
            ));
        }
        events.push(Typed::new("card", format!("{other}{}c⏎", cap(n + 5))));
        events.push(Typed::new(
            "turnover won by a player",
            format!("{side}{}o{}⏎", cap(n + 6), cap(n + 7)),
        ));
        if i.is_multiple_of(4) {
            let (side, excluded) = next_excluded();
            events.push(Typed::new("5m penalty", format!("{side}{excluded}p⏎")));
        }
    }
    if round < 2 {
        events.push(Typed::new("timeout", "tw".to_owned()));
        events.push(Typed::new("timeout", "tb".to_owned()));
        events.push(Typed::new("challenge", "hw".to_owned()));
        events.push(Typed::new("challenge", "hb".to_owned()));
    }
    events
}

/// Sends `keys` to the console in one `send-keys`: the characters, then Enter by its name
/// (tmux sends an argument that names no key as the characters it holds).
fn send(console: &Terminal, keys: &str) {
    match keys.strip_suffix('⏎') {
        Some(text) => console.press(&[text, "Enter"]),
        None => console.press(&[keys]),
    }
}

/// Types `typed`, and answers the time until the spectator hears of one more created event.
async fn timed(console: &Terminal, spectator: &Spectator, typed: &Typed) -> Duration {
    let before = spectator.created().len();
    let sent = Instant::now();
    send(console, &typed.keys);
    let deadline = sent + PATIENCE;
    loop {
        let created: Vec<Instant> = spectator
            .arrivals("Event")
            .into_iter()
            .filter(|(_, message)| message["action"] == "created")
            .map(|(at, _)| at)
            .collect();
        if created.len() > before {
            return created[before] - sent;
        }
        assert!(
            Instant::now() < deadline,
            "the console did not log {} ({}); the screen:\n{}",
            typed.kind,
            typed.keys,
            console.screen()
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let data = tempfile::tempdir().unwrap();
    let journal = tempfile::tempdir().unwrap();
    let config = tempfile::tempdir().unwrap();
    let server = Server::start(data.path());
    let api = Client::new(&server.url, Some(server.token.clone())).unwrap();
    let game = create_match(&api).await;
    let spectator = Spectator::join(&server.url, game.id).await;
    let console = Terminal::start(
        env!("CARGO_BIN_EXE_polodesk"),
        &[
            "console",
            "--server",
            &server.url,
            "--match",
            &game.id.to_string(),
            "--journal",
            journal.path().to_str().unwrap(),
        ],
        &[
            ("POLODESK_TOKEN", &server.token),
            ("XDG_CONFIG_HOME", config.path().to_str().unwrap()),
            ("XDG_DATA_HOME", config.path().to_str().unwrap()),
        ],
    );
    console
        .wait_for(&["1st Period 08:00 Stopped", "Online"])
        .await;
    let mut samples: BTreeMap<&str, (usize, Vec<f64>)> = BTreeMap::new();
    let mut record = |typed: &Typed, took: Duration| {
        let entry = samples
            .entry(typed.kind)
            .or_insert((typed.keystrokes(), Vec::new()));
        entry.1.push(took.as_secs_f64() * 1000.0);
    };
    for round in 0..4 {
        if round > 0 {
            console.type_text("n");
        }
        // The swim-off won by white 7 against blue 7 starts the clock; from the second period
        // the form keeps the last swimmers, so `w7f` and Enter are the whole of it.
        let swim_off = if round == 0 {
            Typed::new("swim-off, the first", "w7f7⏎".to_owned())
        } else {
            Typed::new("swim-off, the same swimmers", "w7f⏎".to_owned())
        };
        record(&swim_off, timed(&console, &spectator, &swim_off).await);
        for typed in period(round) {
            let took = timed(&console, &spectator, &typed).await;
            record(&typed, took);
            // A goal, a 5m penalty, a timeout or a challenge stops the clock: the play restarts.
            if console.screen().contains("Stopped") {
                console.press(&["Space"]);
            }
        }
    }
    let total: usize = samples.values().map(|(_, values)| values.len()).sum();
    println!("\n{total} events, from the keys sent to the spectator's Event message:");
    println!("| event | keystrokes | n | p50 | p99 | max |");
    println!("|---|---|---|---|---|---|");
    let mut all = Vec::new();
    for (kind, (keystrokes, values)) in &mut samples {
        values.sort_by(f64::total_cmp);
        all.extend(values.iter().copied());
        println!(
            "| {kind} | {keystrokes} | {} | {:.1} ms | {:.1} ms | {:.1} ms |",
            values.len(),
            percentile(values, 50.0),
            percentile(values, 99.0),
            values.last().copied().unwrap_or_default()
        );
    }
    all.sort_by(f64::total_cmp);
    println!(
        "| every event | | {} | {:.1} ms | {:.1} ms | {:.1} ms |",
        all.len(),
        percentile(&all, 50.0),
        percentile(&all, 99.0),
        all.last().copied().unwrap_or_default()
    );
}
