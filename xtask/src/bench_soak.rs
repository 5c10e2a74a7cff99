//! `cargo xtask bench soak`: a long, steady run against one `polodesk serve`, to see whether
//! anything grows. On the matches benchmark's data (`bench_matches/data.rs`), 20 live matches,
//! each with 100 viewers on `/hubs/match` (2,000 in all) and one scorer posting an event every
//! 2 s (10 events a second in all: a busy match's pace), for `SOAK_MINUTES` (10 unless given).
//! Each event's body comes from `event_body`, which spreads a match's log over the four
//! periods, so every POST is valid. Every minute: the server's RSS, open descriptors and CPU,
//! and POST-to-delivery latency, deliveries and losses of the events posted in that minute.
//! The report (`target/bench-soak/report.md`) says whether the last minute is level with the
//! second (the first holds the warm-up).

mod report;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use anyhow::{Context, bail};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio::time::Instant;
use xshell::Shell;

use self::report::{print_sample, report};
use super::bench_matches::{
    CpuMeter, Http, LiveMatch, Stats, System, Target, ViewerLog, client_id, event_body,
    open_files_limit, seeded_league, watch_into,
};
use super::bench_tools::{fresh_out, memory, release_build};
use super::{Server, free_port, password_token, step};

const OUT: &str = "target/bench-soak";
const MATCHES: usize = 20;
const VIEWERS_PER_MATCH: usize = 100;
/// Each scorer's pace; the scorers are spread over it.
const EVENT_INTERVAL: Duration = Duration::from_secs(2);
const MINUTE: Duration = Duration::from_secs(60);
/// After a minute, how long its last events have to arrive before its line is printed.
const GRACE: Duration = Duration::from_secs(5);
const CONNECT_LIMIT: Duration = Duration::from_secs(90);
/// Client ids are `client_id(RUN, match index * EVENT_STRIDE + event index)`, so a viewer's
/// arrival names its event.
const RUN: u32 = 60;
const EVENT_STRIDE: usize = 1_000_000;
/// Flat: RSS grew less than this fraction, descriptors not at all, p99 at most this factor.
const RSS_GROWTH: f64 = 0.10;
const P99_FACTOR: f64 = 2.0;

pub fn run(sh: &Shell) -> anyhow::Result<()> {
    let minutes: usize = match std::env::var("SOAK_MINUTES") {
        Ok(text) => text
            .parse()
            .context("SOAK_MINUTES must be a whole number")?,
        Err(_) => 10,
    };
    if minutes == 0 {
        bail!("SOAK_MINUTES must be at least 1");
    }
    let needed = (MATCHES * VIEWERS_PER_MATCH + 1_000) as u64;
    let open_files = open_files_limit()?;
    if open_files < needed {
        bail!(
            "the open-files limit is {open_files}; {} viewers need {needed} in this process and \
             in the server: raise it (`ulimit -n {needed}`) and run again",
            MATCHES * VIEWERS_PER_MATCH
        );
    }
    let binary = release_build(sh)?;
    let out = fresh_out(sh, OUT)?;
    let runtime = tokio::runtime::Runtime::new()?;

    let addr = format!("127.0.0.1:{}", free_port()?);
    let log = out.join("polodesk.log");
    let (data, live, _) = seeded_league(&binary, &out, &addr, &runtime)?;
    let games = live
        .get(..MATCHES)
        .context("fewer live matches than the soak needs")?;

    let mut server = Server::demo(&binary, &data, &addr, &log)?;
    server
        .wait_until_healthy(Duration::from_secs(60))
        .with_context(|| format!("the server did not come up: see {}", log.display()))?;
    let token = password_token(sh, Path::new("python3"), &addr, Some("openid polodesk-api"))?;
    let target = Target {
        system: System::PoloDesk,
        addr,
        authorization: format!("Bearer {token}"),
        pid: server.pid()?,
    };
    step(&format!(
        "soak: {MATCHES} matches, {VIEWERS_PER_MATCH} viewers on each, an event every {} s per \
         match, {minutes} minutes",
        EVENT_INTERVAL.as_secs()
    ));
    let soak = runtime.block_on(soak(&target, games, minutes))?;
    server.terminate()?;

    let report = report(&soak, minutes);
    println!("\n{report}");
    sh.write_file(out.join("report.md"), &report)?;
    println!("soak benchmark done; report in {OUT}/report.md, server log beside it");
    Ok(())
}

/// What the scorers and viewers did in one minute, by the minute each event was posted in.
#[derive(Debug, Default)]
struct Minute {
    posted: usize,
    errors: usize,
    /// Deliveries owed: for each event posted, the viewers of its match that had joined.
    expected: usize,
    delivered: usize,
    latencies: Vec<Duration>,
}

#[derive(Debug, Default)]
struct Ledger {
    /// The moment just before each event's POST, by event number.
    sent: HashMap<usize, SystemTime>,
    minutes: Vec<Minute>,
    first_error: Option<String>,
}

/// The server as sampled at the end of a minute.
#[derive(Debug, Clone, Copy)]
struct ServerSample {
    rss_mib: f64,
    descriptors: usize,
    cores: f64,
}

/// One line of the table.
#[derive(Debug, Clone, Copy)]
struct Sample {
    minute: usize,
    server: ServerSample,
    posted: usize,
    delivered: usize,
    lost: usize,
    errors: usize,
    latency: Stats,
}

#[derive(Debug)]
struct Soak {
    viewers: usize,
    connected: usize,
    connect_seconds: f64,
    samples: Vec<Sample>,
    gaps: usize,
    resyncs: usize,
    viewer_errors: usize,
    first_error: Option<String>,
    idle_rss_mib: f64,
}

impl Soak {
    fn lost(&self) -> usize {
        self.samples.iter().map(|s| s.lost).sum()
    }

    fn errors(&self) -> usize {
        self.samples.iter().map(|s| s.errors).sum()
    }
}

fn sample(ledger: &Mutex<Ledger>, minute: usize, server: ServerSample) -> Sample {
    let ledger = ledger.lock().expect("the ledger");
    let m = &ledger.minutes[minute];
    Sample {
        minute: minute + 1,
        server,
        posted: m.posted,
        delivered: m.delivered,
        lost: m.expected.saturating_sub(m.delivered),
        errors: m.errors,
        latency: Stats::of(m.latencies.clone()),
    }
}

fn minute_of(at: SystemTime, start: SystemTime, minutes: usize) -> usize {
    let seconds = at.duration_since(start).unwrap_or_default().as_secs();
    (seconds / MINUTE.as_secs()).min(minutes as u64 - 1) as usize
}

fn open_descriptors(pid: u32) -> anyhow::Result<usize> {
    Ok(std::fs::read_dir(format!("/proc/{pid}/fd"))?.count())
}

async fn soak(target: &Target, games: &[LiveMatch], minutes: usize) -> anyhow::Result<Soak> {
    let (arrivals, mut received) = mpsc::unbounded_channel();
    let joining = std::time::Instant::now();
    let mut watchings = Vec::new();
    for game in games {
        let watching = watch_into(
            System::PoloDesk,
            &target.addr,
            game.id,
            VIEWERS_PER_MATCH,
            usize::MAX,
            CONNECT_LIMIT,
            Some(arrivals.clone()),
        )
        .await;
        watchings.push(watching);
    }
    // The viewers hold the only senders now: the collector ends when they do.
    drop(arrivals);
    let connected: Vec<usize> = watchings.iter().map(|w| w.connected).collect();
    let mut soak = Soak {
        viewers: games.len() * VIEWERS_PER_MATCH,
        connected: connected.iter().sum(),
        connect_seconds: joining.elapsed().as_secs_f64(),
        samples: Vec::new(),
        gaps: 0,
        resyncs: 0,
        viewer_errors: 0,
        first_error: None,
        idle_rss_mib: memory(target.pid).map_or(f64::NAN, |(rss, _)| rss),
    };
    println!(
        "{} of {} viewers joined in {:.1} s; server RSS {:.0} MiB, {} descriptors",
        soak.connected,
        soak.viewers,
        soak.connect_seconds,
        soak.idle_rss_mib,
        open_descriptors(target.pid)?
    );

    let per_match = minutes * MINUTE.as_secs() as usize / EVENT_INTERVAL.as_secs() as usize;
    let ledger = Arc::new(Mutex::new(Ledger {
        minutes: (0..minutes).map(|_| Minute::default()).collect(),
        ..Ledger::default()
    }));
    let (start, wall) = (Instant::now(), SystemTime::now());
    let collector = {
        let ledger = Arc::clone(&ledger);
        tokio::spawn(async move {
            while let Some((k, at)) = received.recv().await {
                let at = SystemTime::UNIX_EPOCH + Duration::from_micros(at);
                let mut ledger = ledger.lock().expect("the ledger");
                let Some(&sent) = ledger.sent.get(&k) else {
                    continue;
                };
                let m = &mut ledger.minutes[minute_of(sent, wall, minutes)];
                m.delivered += 1;
                m.latencies
                    .push(at.duration_since(sent).unwrap_or_default());
            }
        })
    };
    let mut scorers = JoinSet::new();
    for (j, game) in games.iter().enumerate() {
        let scorer = Scorer {
            target: target.clone(),
            game: game.clone(),
            index: j,
            viewers: connected[j],
            ledger: Arc::clone(&ledger),
        };
        let first = start + EVENT_INTERVAL.mul_f64(j as f64 / games.len() as f64);
        scorers.spawn(scorer.run(first, per_match, wall, minutes));
    }

    let mut servers = Vec::new();
    let mut cpu = CpuMeter::start(target.pid);
    println!(
        "minute | RSS MiB | descriptors | p50 ms | p99 ms | max ms | posted | delivered | lost | \
         errors | server cores"
    );
    for minute in 0..minutes {
        tokio::time::sleep_until(start + MINUTE * (minute as u32 + 1)).await;
        let server = ServerSample {
            rss_mib: memory(target.pid)?.0,
            descriptors: open_descriptors(target.pid)?,
            cores: cpu.stop().server,
        };
        cpu = CpuMeter::start(target.pid);
        servers.push(server);
        tokio::time::sleep(GRACE).await;
        print_sample(&sample(&ledger, minute, server));
    }
    while let Some(done) = scorers.join_next().await {
        done?;
    }
    let deadline = Instant::now() + GRACE;
    let mut logs: Vec<ViewerLog> = Vec::new();
    for watching in watchings {
        logs.extend(watching.finish(deadline).await?);
    }
    collector.await?;
    for log in &logs {
        soak.gaps += log.gaps();
        soak.resyncs += log.resyncs();
        if let Some(error) = log.error() {
            soak.viewer_errors += 1;
            soak.first_error.get_or_insert_with(|| error.to_owned());
        }
    }
    // Again, now with the deliveries that came after a minute's line.
    soak.samples = (0..minutes)
        .map(|m| sample(&ledger, m, servers[m]))
        .collect();
    let post_error = ledger.lock().expect("the ledger").first_error.clone();
    soak.first_error = post_error.or(soak.first_error);
    Ok(soak)
}

/// One match's scorer: an event every `EVENT_INTERVAL` from `first`, over one kept-alive
/// connection (a new one after a failure).
struct Scorer {
    target: Target,
    game: LiveMatch,
    index: usize,
    /// Its match's viewers that joined: each event owes them a delivery.
    viewers: usize,
    ledger: Arc<Mutex<Ledger>>,
}

impl Scorer {
    async fn run(self, first: Instant, events: usize, wall: SystemTime, minutes: usize) {
        let mut http = Http::connect(&self.target.addr).await.ok();
        for i in 0..events {
            tokio::time::sleep_until(first + EVENT_INTERVAL * i as u32).await;
            let k = self.index * EVENT_STRIDE + i;
            let body = event_body(System::PoloDesk, &self.game, i, events, &client_id(RUN, k));
            let sent = SystemTime::now();
            self.ledger.lock().expect("the ledger").sent.insert(k, sent);
            let answer = match http.as_mut() {
                Some(connection) => self.target.post_event(connection, &body).await,
                None => Err(anyhow::anyhow!("no connection to {}", self.target.addr)),
            };
            let failure = match answer {
                Ok((201, _)) => None,
                Ok((status, body)) => {
                    Some(format!("POST {status} {}", String::from_utf8_lossy(&body)))
                }
                Err(error) => {
                    http = Http::connect(&self.target.addr).await.ok();
                    Some(format!("POST: {error}"))
                }
            };
            let mut ledger = self.ledger.lock().expect("the ledger");
            match failure {
                None => {
                    let m = &mut ledger.minutes[minute_of(sent, wall, minutes)];
                    m.posted += 1;
                    m.expected += self.viewers;
                }
                Some(error) => {
                    ledger.minutes[minute_of(sent, wall, minutes)].errors += 1;
                    ledger.first_error.get_or_insert(error);
                }
            }
        }
    }
}
