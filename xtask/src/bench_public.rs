//! `cargo xtask bench public` (and part of `bench live`): the reads of the public match page
//! (`/live/:matchId`: the match, its events, its statistics) at 100 connections, with oha, on
//! the demo's shootout match: from the writer, where each answer is built from the store and
//! tagged, and from an edge (`polodesk edge`, fed by NATS), where it is kept two seconds.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, bail};
use xshell::Shell;

use super::bench_tools::{
    OhaFigures, ensure_oha, fresh_out, memory, oha_figures, release_build, start_edge, start_nats,
    start_writer,
};
use super::{ensure_debian_package, step};

const OUT: &str = "target/bench-public";
/// The demo's match decided by a shootout: a full log, lineups and officials.
const MATCH: u64 = 18;
const CONNECTIONS: u32 = 100;
const DURATION: &str = "10s";

/// `CONNECTIONS` connections for `DURATION` on the three reads of the match page at `addr`;
/// every answer must be a 200.
fn oha(oha: &Path, addr: &str) -> anyhow::Result<OhaFigures> {
    let pattern = format!(r"http://{addr}/api/Public/Matches/{MATCH}(|/events|/stats)");
    let output = Command::new(oha)
        .args(["--no-tui", "--output-format", "json", "--rand-regex-url"])
        .args(["-z", DURATION, "-c", &CONNECTIONS.to_string()])
        .arg(&pattern)
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run oha")?;
    if !output.status.success() {
        bail!("oha failed: {}", output.status);
    }
    oha_figures(&output.stdout)
}

pub fn run(sh: &Shell) -> anyhow::Result<()> {
    let binary = release_build(sh)?;
    let oha_bin = ensure_oha(sh)?;
    ensure_debian_package(sh, "/usr/sbin/nats-server", "nats-server", "the edge")?;
    let out = fresh_out(sh, OUT)?;
    step("the public match page's reads: the writer, then an edge (100 connections, oha)");

    let (mut nats, nats_url) = start_nats()?;
    let figures = (|| -> anyhow::Result<Vec<(&str, OhaFigures, f64)>> {
        let mut writer = start_writer(
            &binary,
            &out.join("data"),
            &nats_url,
            true,
            &out.join("writer.log"),
        )?;
        let mut edge = start_edge(&binary, &nats_url, &writer, &out.join("edge.log"))?;

        let mut figures = Vec::new();
        for (what, server) in [
            ("writer (built and tagged each time)", &writer),
            ("edge (kept 2 s)", &edge),
        ] {
            let run = oha(&oha_bin, &server.addr)?;
            let (rss, _) = memory(server.pid()?).unwrap_or((f64::NAN, f64::NAN));
            figures.push((what, run, rss));
        }
        edge.terminate()?;
        writer.terminate()?;
        Ok(figures)
    })();
    nats.kill().ok();
    nats.wait().ok();
    let figures = figures?;
    println!(
        "\n{CONNECTIONS} connections, {DURATION}, GET /api/Public/Matches/{MATCH}, /events and /stats at random:"
    );
    println!("| served by | requests/s | p50 | p99 | requests | RSS after |");
    println!("|---|---|---|---|---|---|");
    for (what, run, rss) in figures {
        println!(
            "| {what} | {:.0} | {:.2} ms | {:.2} ms | {} | {rss:.0} MiB |",
            run.rps, run.p50_ms, run.p99_ms, run.requests
        );
    }
    Ok(())
}
