//! Workload 2 of `cargo xtask bench matches`: one poster and many viewers of one match,
//! PoloDesk's `/hubs/match` WebSocket against PocketBase's `/api/realtime` server-sent events;
//! latency is from just before the poster writes an event to a viewer reading it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::{Semaphore, mpsc, oneshot, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::http::{EventStream, Http};
use super::load::{
    CpuMeter, CpuSplit, LiveMatch, Stats, System, Target, client_id, event_body, k_of,
};
use crate::bench_tools::memory;

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

/// What one viewer saw: the event number and arrival of each message (microseconds since the
/// Unix epoch: the wall clock, so a viewer in another process on the machine is timed against
/// the same clock as the poster), and what was wrong.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct ViewerLog {
    /// Whether it got in (joined the group, or was subscribed).
    joined: bool,
    arrivals: Vec<(usize, u64)>,
    gaps: usize,
    resyncs: usize,
    error: Option<String>,
}

impl ViewerLog {
    pub(crate) fn gaps(&self) -> usize {
        self.gaps
    }

    pub(crate) fn resyncs(&self) -> usize {
        self.resyncs
    }

    pub(crate) fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}

/// Where viewers send each arrival (event number, Unix microseconds) as it happens, instead of
/// keeping it in their log: for runs too long to hold every arrival to the end.
pub(crate) type Arrivals = mpsc::UnboundedSender<(usize, u64)>;

fn unix_micros() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
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
    arrivals: Option<Arrivals>,
}

/// A PoloDesk spectator: connects to `/hubs/match`, joins the match, then records each Event.
async fn hub_viewer(v: Viewing) -> ViewerLog {
    let mut log = ViewerLog::default();
    let mut stop = v.stop.clone();
    let permit = v.connecting.clone().acquire_owned().await;
    let url = format!("ws://{}/hubs/match", v.addr);
    // tungstenite zeroes its whole read buffer (128 KiB by default) before each read: the
    // generator would spend more time on that than the server on its sends.
    let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
    let connected = tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), true);
    let mut socket = match connected.await {
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
        let at = unix_micros();
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
                match (k, &v.arrivals) {
                    (Some(k), Some(arrivals)) => {
                        let _ = arrivals.send((k, at));
                    }
                    (Some(k), None) => log.arrivals.push((k, at)),
                    (None, _) => {}
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
        let at = unix_micros();
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

/// Viewers connected (or failed) and reading, until `finish`.
pub struct Watching {
    tasks: JoinSet<ViewerLog>,
    stop: watch::Sender<bool>,
    pub connected: usize,
    pub connect_seconds: f64,
}

/// `viewers` viewers of `match_id` on `addr`, each expecting `events` events; answers once
/// every viewer is in or has failed, or at `connect_limit`.
pub async fn watch(
    system: System,
    addr: &str,
    match_id: u64,
    viewers: usize,
    events: usize,
    connect_limit: Duration,
) -> Watching {
    watch_into(system, addr, match_id, viewers, events, connect_limit, None).await
}

/// `watch`, the PoloDesk viewers sending their arrivals to `arrivals` when given.
pub async fn watch_into(
    system: System,
    addr: &str,
    match_id: u64,
    viewers: usize,
    events: usize,
    connect_limit: Duration,
    arrivals: Option<Arrivals>,
) -> Watching {
    let (stop_tx, stop) = watch::channel(false);
    let ready = Arc::new(AtomicUsize::new(0));
    let viewing = Viewing {
        addr: addr.to_owned(),
        match_id,
        events,
        connecting: Arc::new(Semaphore::new(200)),
        ready: Arc::clone(&ready),
        stop,
        subscribe: match system {
            System::PoloDesk => None,
            System::PocketBase => Some(subscription_pool(addr, 16)),
        },
        arrivals,
    };
    let connecting = Instant::now();
    let mut tasks = JoinSet::new();
    let failed = Arc::new(AtomicUsize::new(0));
    for _ in 0..viewers {
        let v = viewing.clone();
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
    loop {
        let settled = ready.load(Ordering::SeqCst) + failed.load(Ordering::SeqCst);
        if settled >= viewers || connecting.elapsed() > connect_limit {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let connect_seconds = connecting.elapsed().as_secs_f64();
    // Let the last joins settle (the server may still be sending Joined frames).
    tokio::time::sleep(Duration::from_millis(500)).await;
    Watching {
        tasks,
        stop: stop_tx,
        connected: ready.load(Ordering::SeqCst),
        connect_seconds,
    }
}

impl Watching {
    /// Gives the viewers until `deadline` to read everything, then stops them.
    pub async fn finish(
        mut self,
        deadline: tokio::time::Instant,
    ) -> anyhow::Result<Vec<ViewerLog>> {
        let mut logs = Vec::with_capacity(self.tasks.len());
        while let Ok(Some(log)) = tokio::time::timeout_at(deadline, self.tasks.join_next()).await {
            logs.push(log?);
        }
        let _ = self.stop.send(true);
        while let Some(log) = self.tasks.join_next().await {
            logs.push(log?);
        }
        Ok(logs)
    }
}

/// What the poster did: when each event's POST was written (`None` if it failed).
#[derive(Debug, Default)]
pub struct Posting {
    pub sent_at: Vec<Option<SystemTime>>,
    pub latencies: Vec<Duration>,
    pub errors: usize,
    pub first_error: Option<String>,
}

impl Posting {
    pub fn posted(&self) -> usize {
        self.sent_at.iter().flatten().count()
    }
}

/// `events` events of `game` posted to `target` at `rate` a second, over one connection.
pub async fn post(
    target: &Target,
    game: &LiveMatch,
    events: usize,
    rate: f64,
    run: u32,
) -> anyhow::Result<Posting> {
    let mut poster = Http::connect(&target.addr).await?;
    let mut posting = Posting {
        sent_at: vec![None; events],
        ..Posting::default()
    };
    let started = tokio::time::Instant::now();
    for k in 0..events {
        tokio::time::sleep_until(started + Duration::from_secs_f64(k as f64 / rate)).await;
        let client = client_id(run, k);
        let body = event_body(target.system, game, k, events, &client);
        let (sent, clock) = (SystemTime::now(), Instant::now());
        match target.post_event(&mut poster, &body).await {
            Ok((status, _)) if status == target.system.created() => {
                posting.latencies.push(clock.elapsed());
                posting.sent_at[k] = Some(sent);
            }
            Ok((status, body)) => {
                posting.errors += 1;
                posting.first_error.get_or_insert_with(|| {
                    format!("POST {status} {}", String::from_utf8_lossy(&body))
                });
            }
            Err(error) => {
                posting.errors += 1;
                posting
                    .first_error
                    .get_or_insert_with(|| format!("POST: {error}"));
                poster = Http::connect(&target.addr).await?;
            }
        }
    }
    Ok(posting)
}

/// What the viewers got, against what was posted.
#[derive(Debug, Default)]
pub struct Tally {
    pub delivered: usize,
    pub gaps: usize,
    pub resyncs: usize,
    pub viewer_errors: usize,
    pub first_error: Option<String>,
    pub latencies: Vec<Duration>,
}

impl Tally {
    pub fn add(&mut self, logs: Vec<ViewerLog>, posting: &Posting) {
        for log in logs {
            if let Some(error) = log.error {
                self.viewer_errors += 1;
                self.first_error.get_or_insert(error);
                if log.arrivals.is_empty() {
                    continue;
                }
            }
            self.gaps += log.gaps;
            self.resyncs += log.resyncs;
            for (k, at) in log.arrivals {
                if let Some(Some(sent)) = posting.sent_at.get(k) {
                    let at = SystemTime::UNIX_EPOCH + Duration::from_micros(at);
                    self.latencies
                        .push(at.duration_since(*sent).unwrap_or_default());
                }
            }
        }
        self.delivered = self.latencies.len();
    }
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
    let watching = watch(
        target.system,
        &target.addr,
        game.id,
        viewers,
        events,
        connect_limit,
    )
    .await;
    let mut figures = Fanout {
        viewers,
        connected: watching.connected,
        connect_seconds: watching.connect_seconds,
        ..Fanout::default()
    };
    (figures.rss_joined_mib, _) = memory(target.pid).unwrap_or((f64::NAN, f64::NAN));
    let cpu = CpuMeter::start(target.pid);
    let posting = if figures.connected > 0 {
        post(target, game, events, rate, run).await?
    } else {
        Posting::default()
    };
    // Up to 5 s for the last deliveries, then everyone stops.
    let logs = watching
        .finish(tokio::time::Instant::now() + Duration::from_secs(5))
        .await?;
    figures.cpu = cpu.stop();
    (figures.rss_after_mib, figures.hwm_mib) = memory(target.pid).unwrap_or((f64::NAN, f64::NAN));
    let mut tally = Tally::default();
    tally.add(logs, &posting);
    figures.posted = posting.posted();
    figures.post_errors = posting.errors;
    figures.first_error = posting.first_error.clone().or(tally.first_error);
    figures.gaps = tally.gaps;
    figures.resyncs = tally.resyncs;
    figures.viewer_errors = tally.viewer_errors;
    figures.expected = figures.connected * figures.posted;
    figures.delivered = tally.delivered;
    figures.latency = Stats::of(tally.latencies);
    figures.post_latency = Stats::of(posting.latencies);
    Ok(figures)
}
