//! The load generator of `cargo xtask bench matches`, in this process on tokio: scorers posting
//! events over kept-alive HTTP/1.1 connections (workload 1), one poster and many viewers of one
//! match (workload 2: PoloDesk's `/hubs/match` WebSocket, PocketBase's `/api/realtime`
//! server-sent events), and the match search (workload 4). Every run is bounded by a count and
//! a time limit. Latencies are taken with `Instant` in this process: from just before a request
//! is written to its answer read, or to a viewer's reading of the message.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::{Barrier, Semaphore, mpsc, oneshot, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

use super::http::{EventStream, Http};
use crate::bench_tools::memory;

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

    fn events_path(self) -> &'static str {
        match self {
            System::PoloDesk => "/api/Events",
            System::PocketBase => "/api/collections/events/records",
        }
    }

    fn created(self) -> u16 {
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

struct CpuMeter {
    pid: String,
    started: Instant,
    server: f64,
    generator: f64,
}

impl CpuMeter {
    fn start(pid: u32) -> Self {
        let pid = pid.to_string();
        Self {
            server: cpu_seconds(&pid),
            generator: cpu_seconds("self"),
            pid,
            started: Instant::now(),
        }
    }

    fn stop(&self) -> CpuSplit {
        let wall = self.started.elapsed().as_secs_f64();
        CpuSplit {
            server: (cpu_seconds(&self.pid) - self.server) / wall,
            generator: (cpu_seconds("self") - self.generator) / wall,
        }
    }
}

/// The client id of the `k`th event of run `run`: a UUID whose last group is `k`.
fn client_id(run: u32, k: usize) -> String {
    format!("{run:08x}-0000-4000-8000-{k:012}")
}

fn k_of(client_id: &str) -> Option<usize> {
    client_id.get(24..)?.parse().ok()
}

/// The `i`th of `per_match` events of a match: a shot (one in five a goal), through four
/// periods with the clock running down, by the home and away sides in turn.
fn event_body(
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
                    let answer = http
                        .request(
                            "POST",
                            target.system.events_path(),
                            Some(&target.authorization),
                            Some(&body),
                        )
                        .await;
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
// Workload 2: one poster, many viewers

#[derive(Debug, Clone, Default)]
pub struct Fanout {
    pub viewers: usize,
    pub connected: usize,
    pub connect_seconds: f64,
    pub posted: usize,
    pub post_errors: usize,
    pub expected: usize,
    pub delivered: usize,
    /// Messages whose seq did not follow the viewer's previous one (a later one came first, or
    /// one never came: `lost` tells which), and Resync messages.
    pub gaps: usize,
    pub resyncs: usize,
    pub viewer_errors: usize,
    pub first_error: Option<String>,
    pub latency: Stats,
    pub post_latency: Stats,
    /// Server memory once every viewer had joined, and after the events (VmRSS), and the peak.
    pub rss_joined_mib: f64,
    pub rss_after_mib: f64,
    pub hwm_mib: f64,
    pub cpu: CpuSplit,
}

impl Fanout {
    pub fn lost(&self) -> usize {
        self.expected.saturating_sub(self.delivered)
    }
}

/// What one viewer saw: the event number and arrival of each message, and what was wrong.
#[derive(Debug, Default)]
struct ViewerLog {
    /// Whether it got in (joined the group, or was subscribed).
    joined: bool,
    arrivals: Vec<(usize, Instant)>,
    gaps: usize,
    resyncs: usize,
    error: Option<String>,
}

#[derive(Deserialize)]
struct HubMessage {
    #[serde(rename = "type")]
    kind: String,
    seq: Option<u64>,
    event: Option<EventRef>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EventRef {
    client_id: Option<String>,
}

#[derive(Deserialize)]
struct RealtimeMessage {
    record: Option<RealtimeRecord>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RealtimeRecord {
    seq: Option<u64>,
    client_id: Option<String>,
}

/// Shared by the viewers of one run.
#[derive(Clone)]
struct Viewing {
    addr: String,
    match_id: u64,
    events: usize,
    connecting: Arc<Semaphore>,
    ready: Arc<AtomicUsize>,
    stop: watch::Receiver<bool>,
    /// PocketBase: subscription requests to the pool that sends them.
    subscribe: Option<mpsc::Sender<(String, oneshot::Sender<anyhow::Result<()>>)>>,
}

/// A PoloDesk spectator: connects to `/hubs/match`, joins the match, then records each Event.
async fn hub_viewer(v: Viewing) -> ViewerLog {
    let mut log = ViewerLog::default();
    let mut stop = v.stop.clone();
    let permit = v.connecting.clone().acquire_owned().await;
    let url = format!("ws://{}/hubs/match", v.addr);
    let mut socket = match tokio_tungstenite::connect_async(url.as_str()).await {
        Ok((socket, _)) => socket,
        Err(error) => {
            log.error = Some(format!("connect: {error}"));
            return log;
        }
    };
    let join = format!(r#"{{"type":"JoinGroup","matchId":{}}}"#, v.match_id);
    if let Err(error) = socket.send(Message::text(join)).await {
        log.error = Some(format!("join: {error}"));
        return log;
    }
    let mut last = loop {
        match socket.next().await {
            Some(Ok(Message::Text(text))) => {
                if let Ok(m) = serde_json::from_str::<HubMessage>(text.as_str())
                    && m.kind == "Joined"
                {
                    break m.seq.unwrap_or(0);
                }
            }
            Some(Ok(_)) => {}
            Some(Err(error)) => {
                log.error = Some(format!("before Joined: {error}"));
                return log;
            }
            None => {
                log.error = Some("closed before Joined".into());
                return log;
            }
        }
    };
    drop(permit);
    log.joined = true;
    v.ready.fetch_add(1, Ordering::SeqCst);
    while log.arrivals.len() < v.events {
        let message = tokio::select! {
            message = socket.next() => message,
            _ = stop.wait_for(|stop| *stop) => break,
        };
        let at = Instant::now();
        let text = match message {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(_)) => continue,
            Some(Err(error)) => {
                log.error = Some(error.to_string());
                break;
            }
            None => {
                log.error = Some("closed by the server".into());
                break;
            }
        };
        let Ok(m) = serde_json::from_str::<HubMessage>(text.as_str()) else {
            continue;
        };
        let seq = m.seq.unwrap_or(0);
        match m.kind.as_str() {
            "Event" => {
                if seq != last + 1 {
                    log.gaps += 1;
                }
                last = seq;
                let k = m.event.and_then(|e| e.client_id).as_deref().and_then(k_of);
                if let Some(k) = k {
                    log.arrivals.push((k, at));
                }
            }
            "Resync" => {
                log.resyncs += 1;
                last = seq;
            }
            _ => {}
        }
    }
    let _ = socket.close(None).await;
    log
}

/// A PocketBase realtime client: opens `/api/realtime`, has its client id subscribed to the
/// `events` collection, then records each created record.
async fn realtime_viewer(v: Viewing) -> ViewerLog {
    let mut log = ViewerLog::default();
    let mut stop = v.stop.clone();
    let permit = v.connecting.clone().acquire_owned().await;
    let opened = async {
        let http = Http::connect(&v.addr).await?;
        let mut stream = EventStream::open(http, "/api/realtime").await?;
        let connect = stream.next().await?;
        if connect.event != "PB_CONNECT" {
            bail!("first event {:?}, not PB_CONNECT", connect.event);
        }
        let data: serde_json::Value = serde_json::from_str(&connect.data)?;
        let client = data["clientId"]
            .as_str()
            .context("no clientId in PB_CONNECT")?
            .to_owned();
        let (reply, replied) = oneshot::channel();
        v.subscribe
            .as_ref()
            .context("no subscription pool")?
            .send((client, reply))
            .await
            .ok()
            .context("the subscription pool stopped")?;
        replied.await??;
        anyhow::Ok(stream)
    };
    let mut stream = match opened.await {
        Ok(stream) => stream,
        Err(error) => {
            log.error = Some(format!("subscribe: {error:#}"));
            return log;
        }
    };
    drop(permit);
    log.joined = true;
    v.ready.fetch_add(1, Ordering::SeqCst);
    let mut last = 0;
    while log.arrivals.len() < v.events {
        let sse = tokio::select! {
            sse = stream.next() => sse,
            _ = stop.wait_for(|stop| *stop) => break,
        };
        let at = Instant::now();
        let sse = match sse {
            Ok(sse) => sse,
            Err(error) => {
                log.error = Some(error.to_string());
                break;
            }
        };
        if sse.event != "events" {
            continue;
        }
        let Ok(m) = serde_json::from_str::<RealtimeMessage>(&sse.data) else {
            continue;
        };
        let Some(record) = m.record else { continue };
        let seq = record.seq.unwrap_or(0);
        if seq != last + 1 {
            log.gaps += 1;
        }
        last = seq;
        if let Some(k) = record.client_id.as_deref().and_then(k_of) {
            log.arrivals.push((k, at));
        }
    }
    log
}

/// Sends PocketBase's subscription requests over a few kept-alive connections.
fn subscription_pool(
    addr: &str,
    workers: usize,
) -> mpsc::Sender<(String, oneshot::Sender<anyhow::Result<()>>)> {
    let (sender, receiver) = mpsc::channel::<(String, oneshot::Sender<anyhow::Result<()>>)>(1024);
    let receiver = Arc::new(tokio::sync::Mutex::new(receiver));
    for _ in 0..workers {
        let receiver = Arc::clone(&receiver);
        let addr = addr.to_owned();
        tokio::spawn(async move {
            let mut http: Option<Http> = None;
            loop {
                let Some((client, reply)) = receiver.lock().await.recv().await else {
                    return;
                };
                let body = serde_json::json!({"clientId": client, "subscriptions": ["events"]})
                    .to_string();
                let result = async {
                    if http.is_none() {
                        http = Some(Http::connect(&addr).await?);
                    }
                    let connection = http.as_mut().context("no connection")?;
                    let (status, answer) = connection
                        .request("POST", "/api/realtime", None, Some(body.as_bytes()))
                        .await?;
                    if status != 204 && status != 200 {
                        bail!(
                            "POST /api/realtime: {status} {}",
                            String::from_utf8_lossy(&answer)
                        );
                    }
                    Ok(())
                }
                .await;
                if result.is_err() {
                    http = None;
                }
                let _ = reply.send(result);
            }
        });
    }
    sender
}

/// `viewers` viewers of `game`, then `events` events posted at `rate` a second; each viewer's
/// messages are checked for seq continuity and timed against the moment before their POST.
pub async fn fanout(
    target: &Target,
    game: &LiveMatch,
    viewers: usize,
    events: usize,
    rate: f64,
    run: u32,
    connect_limit: Duration,
) -> anyhow::Result<Fanout> {
    let (stop_tx, stop) = watch::channel(false);
    let ready = Arc::new(AtomicUsize::new(0));
    let viewing = Viewing {
        addr: target.addr.clone(),
        match_id: game.id,
        events,
        connecting: Arc::new(Semaphore::new(200)),
        ready: Arc::clone(&ready),
        stop,
        subscribe: match target.system {
            System::PoloDesk => None,
            System::PocketBase => Some(subscription_pool(&target.addr, 16)),
        },
    };
    let mut figures = Fanout {
        viewers,
        ..Fanout::default()
    };
    let connecting = Instant::now();
    let mut tasks = JoinSet::new();
    let failed = Arc::new(AtomicUsize::new(0));
    for _ in 0..viewers {
        let v = viewing.clone();
        let system = target.system;
        let failed = Arc::clone(&failed);
        tasks.spawn(async move {
            let log = match system {
                System::PoloDesk => hub_viewer(v).await,
                System::PocketBase => realtime_viewer(v).await,
            };
            if !log.joined {
                failed.fetch_add(1, Ordering::SeqCst);
            }
            log
        });
    }
    // Wait for every viewer to be in (or to have failed), within the limit.
    loop {
        let settled = ready.load(Ordering::SeqCst) + failed.load(Ordering::SeqCst);
        if settled >= viewers || connecting.elapsed() > connect_limit {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    figures.connect_seconds = connecting.elapsed().as_secs_f64();
    figures.connected = ready.load(Ordering::SeqCst);
    // Let the last joins settle (the server may still be sending Joined frames).
    tokio::time::sleep(Duration::from_millis(500)).await;
    (figures.rss_joined_mib, _) = memory(target.pid).unwrap_or((f64::NAN, f64::NAN));

    let mut poster = Http::connect(&target.addr).await?;
    let mut sent_at: Vec<Option<Instant>> = vec![None; events];
    let mut post_latencies = Vec::new();
    let cpu = CpuMeter::start(target.pid);
    let started = tokio::time::Instant::now();
    if figures.connected > 0 {
        for (k, slot) in sent_at.iter_mut().enumerate() {
            tokio::time::sleep_until(started + Duration::from_secs_f64(k as f64 / rate)).await;
            let client = client_id(run, k);
            let body = event_body(target.system, game, k, events, &client);
            let sent = Instant::now();
            let answer = poster
                .request(
                    "POST",
                    target.system.events_path(),
                    Some(&target.authorization),
                    Some(&body),
                )
                .await;
            match answer {
                Ok((status, _)) if status == target.system.created() => {
                    post_latencies.push(sent.elapsed());
                    *slot = Some(sent);
                    figures.posted += 1;
                }
                Ok((status, body)) => {
                    figures.post_errors += 1;
                    figures.first_error.get_or_insert_with(|| {
                        format!("POST {status} {}", String::from_utf8_lossy(&body))
                    });
                }
                Err(error) => {
                    figures.post_errors += 1;
                    figures
                        .first_error
                        .get_or_insert_with(|| format!("POST: {error}"));
                    poster = Http::connect(&target.addr).await?;
                }
            }
        }
    }
    // Up to 5 s for the last deliveries, then everyone stops.
    let drain = tokio::time::Instant::now() + Duration::from_secs(5);
    let mut logs = Vec::with_capacity(viewers);
    while !tasks.is_empty() {
        match tokio::time::timeout_at(drain, tasks.join_next()).await {
            Ok(Some(log)) => logs.push(log?),
            Ok(None) => break,
            Err(_) => break,
        }
    }
    figures.cpu = cpu.stop();
    (figures.rss_after_mib, figures.hwm_mib) = memory(target.pid).unwrap_or((f64::NAN, f64::NAN));
    let _ = stop_tx.send(true);
    while let Some(log) = tasks.join_next().await {
        logs.push(log?);
    }

    let mut latencies = Vec::new();
    for log in logs {
        if let Some(error) = log.error {
            figures.viewer_errors += 1;
            figures.first_error.get_or_insert(error);
            if log.arrivals.is_empty() {
                continue;
            }
        }
        figures.gaps += log.gaps;
        figures.resyncs += log.resyncs;
        for (k, at) in log.arrivals {
            if let Some(Some(sent)) = sent_at.get(k) {
                latencies.push(at.saturating_duration_since(*sent));
            }
        }
    }
    figures.expected = figures.connected * figures.posted;
    figures.delivered = latencies.len();
    figures.latency = Stats::of(latencies);
    figures.post_latency = Stats::of(post_latencies);
    Ok(figures)
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
