//! The load generator of `cargo xtask bench matches`, in this process on tokio: scorers posting
//! events over kept-alive HTTP/1.1 connections (workload 1), one poster and many viewers of one
//! match (workload 2, in `fanout.rs`: PoloDesk's `/hubs/match` WebSocket, PocketBase's `/api/realtime`
//! server-sent events), and the match search (workload 4). Every run is bounded by a count and
//! a time limit. Latencies are taken with `Instant` in this process: from just before a request
//! is written to its answer read, or to a viewer's reading of the message.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use tokio::sync::Barrier;
use tokio::task::JoinSet;

use super::http::Http;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    PoloDesk,
    PocketBase,
}

impl System {
    pub fn name(self) -> &'static str {
        match self {
            System::PoloDesk => "PoloDesk",
            System::PocketBase => "PocketBase",
        }
    }

    pub(super) fn events_path(self) -> &'static str {
        match self {
            System::PoloDesk => "/api/Events",
            System::PocketBase => "/api/collections/events/records",
        }
    }

    pub(super) fn created(self) -> u16 {
        match self {
            System::PoloDesk => 201,
            System::PocketBase => 200,
        }
    }
}

/// A server under load.
#[derive(Debug, Clone)]
pub struct Target {
    pub system: System,
    pub addr: String,
    /// The Authorization header's value for writes.
    pub authorization: String,
    pub pid: u32,
}

impl Target {
    /// Posts one event (`event_body`) as a scorer does; answers the status and the body.
    pub(crate) async fn post_event(
        &self,
        http: &mut Http,
        body: &[u8],
    ) -> anyhow::Result<(u16, Vec<u8>)> {
        http.request(
            "POST",
            self.system.events_path(),
            Some(&self.authorization),
            Some(body),
        )
        .await
    }
}

/// A match with its lineups: (player id) by cap 1 to 13, home and away.
#[derive(Debug, Clone)]
pub struct LiveMatch {
    pub id: u64,
    pub home: u64,
    pub away: u64,
    pub home_players: Vec<u64>,
    pub away_players: Vec<u64>,
}

/// Latency figures in milliseconds.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

impl Stats {
    pub fn of(mut samples: Vec<Duration>) -> Self {
        if samples.is_empty() {
            return Self::default();
        }
        samples.sort_unstable();
        let at = |q: f64| {
            let rank = ((q * samples.len() as f64).ceil() as usize).clamp(1, samples.len());
            samples[rank - 1].as_secs_f64() * 1e3
        };
        Self {
            p50: at(0.50),
            p99: at(0.99),
            max: at(1.0),
        }
    }
}

/// CPU seconds (user + system) a process has used, from `/proc/PID/stat` (100 ticks a second).
pub fn cpu_seconds(pid: &str) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return f64::NAN;
    };
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return f64::NAN;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(f64::NAN)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// CPU used by the server and by this generator over a stretch of wall time, in cores.
#[derive(Debug, Clone, Copy, Default)]
pub struct CpuSplit {
    pub server: f64,
    pub generator: f64,
}

pub(crate) struct CpuMeter {
    pid: String,
    started: Instant,
    server: f64,
    generator: f64,
}

impl CpuMeter {
    pub(crate) fn start(pid: u32) -> Self {
        let pid = pid.to_string();
        Self {
            server: cpu_seconds(&pid),
            generator: cpu_seconds("self"),
            pid,
            started: Instant::now(),
        }
    }

    pub(crate) fn stop(&self) -> CpuSplit {
        let wall = self.started.elapsed().as_secs_f64();
        CpuSplit {
            server: (cpu_seconds(&self.pid) - self.server) / wall,
            generator: (cpu_seconds("self") - self.generator) / wall,
        }
    }
}

/// The client id of the `k`th event of run `run`: a UUID whose last group is `k`.
pub(crate) fn client_id(run: u32, k: usize) -> String {
    format!("{run:08x}-0000-4000-8000-{k:012}")
}

pub(super) fn k_of(client_id: &str) -> Option<usize> {
    client_id.get(24..)?.parse().ok()
}

/// The `i`th of `per_match` events of a match: a shot (one in five a goal), through four
/// periods with the clock running down, by the home and away sides in turn.
pub(crate) fn event_body(
    system: System,
    game: &LiveMatch,
    i: usize,
    per_match: usize,
    client: &str,
) -> Vec<u8> {
    let per_period = per_match.div_ceil(4).max(1);
    let period = 1200 + (i / per_period).min(3);
    let minute = 7 - ((i % per_period) * 8 / per_period).min(7);
    let seconds = (i * 13) % 60;
    let (team, players) = if i.is_multiple_of(2) {
        (game.home, &game.home_players)
    } else {
        (game.away, &game.away_players)
    };
    let player = players[(i * 7 + 1) % players.len()];
    let goal = i.is_multiple_of(5);
    let body = match system {
        System::PoloDesk => serde_json::json!({
            "matchId": game.id, "typeId": 705, "periodId": period, "minute": minute,
            "seconds": seconds, "clientId": client,
            "shot": {"teamId": team, "typeId": 1100, "takenById": player, "isGoal": goal},
        }),
        System::PocketBase => serde_json::json!({
            "match": game.id, "seq": i + 1, "team": team, "player": player, "isGoal": goal,
            "period": period, "minute": minute, "seconds": seconds, "clientId": client,
        }),
    };
    body.to_string().into_bytes()
}

// ---------------------------------------------------------------------------------------------
// Workload 1: scorers

#[derive(Debug, Clone)]
pub struct Scoring {
    /// Events a second asked for (all scorers), or `None` for back to back.
    pub offered: Option<f64>,
    pub events: usize,
    pub errors: usize,
    pub first_error: Option<String>,
    pub seconds: f64,
    pub latency: Stats,
    pub cpu: CpuSplit,
}

impl Scoring {
    pub fn per_second(&self) -> f64 {
        self.events as f64 / self.seconds
    }
}

/// `scorers` clients, each on its own matches (`matches[j]`, `matches[j + scorers]`, ...), each
/// posting `per_match` events to a match, until done or `limit`. With `pace` (events a second
/// per scorer) each event has its moment, the scorers spread over the interval, and its latency
/// counts from that moment (a scorer that falls behind counts its wait); without, each posts
/// the next event as soon as the last is answered.
pub async fn scoring(
    target: &Target,
    matches: &[LiveMatch],
    scorers: usize,
    per_match: usize,
    pace: Option<f64>,
    run: u32,
    limit: Duration,
) -> anyhow::Result<Scoring> {
    let barrier = Arc::new(Barrier::new(scorers + 1));
    let mut tasks = JoinSet::new();
    for j in 0..scorers {
        let mine: Vec<LiveMatch> = matches.iter().skip(j).step_by(scorers).cloned().collect();
        let target = target.clone();
        let barrier = Arc::clone(&barrier);
        tasks.spawn(async move {
            let mut http = Http::connect(&target.addr).await;
            barrier.wait().await;
            let started = Instant::now();
            let mut latencies = Vec::new();
            let mut errors = 0usize;
            let mut first_error = None;
            let http = match http.as_mut() {
                Ok(http) => http,
                Err(error) => return (latencies, 1, Some(error.to_string())),
            };
            let mut attempt = 0;
            'matches: for game in &mine {
                for i in 0..per_match {
                    if started.elapsed() > limit {
                        break 'matches;
                    }
                    let sent = match pace {
                        Some(rate) => {
                            let phase = attempt as f64 + j as f64 / scorers as f64;
                            let moment = started + Duration::from_secs_f64(phase / rate);
                            tokio::time::sleep_until(moment.into()).await;
                            moment
                        }
                        None => Instant::now(),
                    };
                    attempt += 1;
                    let client = client_id(run, j * 1_000_000 + attempt);
                    let body = event_body(target.system, game, i, per_match, &client);
                    let answer = target.post_event(http, &body).await;
                    match answer {
                        Ok((status, _)) if status == target.system.created() => {
                            latencies.push(sent.elapsed());
                        }
                        Ok((status, body)) => {
                            errors += 1;
                            first_error.get_or_insert_with(|| {
                                format!("{status} {}", String::from_utf8_lossy(&body))
                            });
                        }
                        Err(error) => {
                            errors += 1;
                            first_error.get_or_insert_with(|| error.to_string());
                            break 'matches;
                        }
                    }
                }
            }
            (latencies, errors, first_error)
        });
    }
    barrier.wait().await;
    let cpu = CpuMeter::start(target.pid);
    let started = Instant::now();
    let mut all = Vec::new();
    let mut errors = 0;
    let mut first_error = None;
    while let Some(done) = tasks.join_next().await {
        let (latencies, failed, error) = done?;
        all.extend(latencies);
        errors += failed;
        if first_error.is_none() {
            first_error = error;
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let cpu = cpu.stop();
    Ok(Scoring {
        offered: pace.map(|rate| rate * scorers as f64),
        events: all.len(),
        errors,
        first_error,
        seconds,
        latency: Stats::of(all),
        cpu,
    })
}

// ---------------------------------------------------------------------------------------------
// Workload 4: the match search

#[derive(Debug, Clone)]
pub struct SearchRun {
    pub name: &'static str,
    pub concurrency: usize,
    pub total_items: u64,
    pub rps: f64,
    pub latency: Stats,
    pub cpu: CpuSplit,
}

/// `POST /api/Matches/search` with `body`, answered 200 with a total; then `concurrency`
/// clients asking it back to back for `duration` (after a 1 s warm-up).
pub async fn search(
    target: &Target,
    name: &'static str,
    body: &str,
    concurrency: usize,
    duration: Duration,
) -> anyhow::Result<SearchRun> {
    let path = "/api/Matches/search";
    let mut http = Http::connect(&target.addr).await?;
    let (status, answer) = http
        .request(
            "POST",
            path,
            Some(&target.authorization),
            Some(body.as_bytes()),
        )
        .await?;
    if status != 200 {
        bail!(
            "{path} {body}: {status} {}",
            String::from_utf8_lossy(&answer)
        );
    }
    let page: serde_json::Value = serde_json::from_slice(&answer)?;
    let total_items = page["totalItems"]
        .as_u64()
        .context("no totalItems in the search's answer")?;
    let barrier = Arc::new(Barrier::new(concurrency + 1));
    let mut tasks = JoinSet::new();
    for _ in 0..concurrency {
        let target = target.clone();
        let body = body.as_bytes().to_vec();
        let barrier = Arc::clone(&barrier);
        tasks.spawn(async move {
            let mut http = Http::connect(&target.addr).await?;
            let warm = Instant::now();
            while warm.elapsed() < Duration::from_secs(1) {
                http.request("POST", path, Some(&target.authorization), Some(&body))
                    .await?;
            }
            barrier.wait().await;
            let started = Instant::now();
            let mut latencies = Vec::new();
            while started.elapsed() < duration {
                let sent = Instant::now();
                let (status, _) = http
                    .request("POST", path, Some(&target.authorization), Some(&body))
                    .await?;
                if status != 200 {
                    bail!("{path}: {status}");
                }
                latencies.push(sent.elapsed());
            }
            anyhow::Ok(latencies)
        });
    }
    barrier.wait().await;
    let cpu = CpuMeter::start(target.pid);
    let started = Instant::now();
    let mut all = Vec::new();
    while let Some(done) = tasks.join_next().await {
        all.extend(done??);
    }
    let seconds = started.elapsed().as_secs_f64();
    Ok(SearchRun {
        name,
        concurrency,
        total_items,
        rps: all.len() as f64 / seconds,
        latency: Stats::of(all),
        cpu: cpu.stop(),
    })
}
