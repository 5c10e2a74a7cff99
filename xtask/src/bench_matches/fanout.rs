//! Workload 2 of `cargo xtask bench matches`: one poster and many viewers of one match,
//! PoloDesk's `/hubs/match` WebSocket against PocketBase's `/api/realtime` server-sent events;
//! latency is from just before the poster writes an event to a viewer reading it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

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
            let answer = target.post_event(&mut poster, &body).await;
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
