//! `cargo xtask bench [NAME]`: the benchmarks recorded in docs/benchmarks.md, all but the soak
//! unless one is named.

use anyhow::Context;
use xshell::{Shell, cmd};

use crate::{
    USAGE, bench_import, bench_live, bench_matches, bench_players, bench_port, bench_public,
    bench_soak, bench_viewers, build_webapp, ensure_debian_package, released, root, step,
};

pub fn run(sh: &Shell) -> anyhow::Result<()> {
    let which = std::env::args().nth(2);
    // The load generators of the matches and viewers benchmarks, run by the optimized build of
    // xtask, and the viewers benchmark's second generator process.
    match which.as_deref() {
        Some("matches-load") => return bench_matches::run(sh),
        Some("viewers-load") => return bench_viewers::run(sh),
        Some("soak-load") => return bench_soak::run(sh),
        Some("viewers-watch") => {
            let args: Vec<String> = std::env::args().skip(3).collect();
            return bench_viewers::watch_process(&args);
        }
        _ => {}
    }
    if !matches!(
        which.as_deref(),
        None | Some(
            "identity"
                | "players"
                | "matches"
                | "port"
                | "import"
                | "live"
                | "public"
                | "viewers"
                | "console"
                | "pdf"
                | "soak"
        )
    ) {
        eprintln!("{USAGE}");
        std::process::exit(2);
    }
    if matches!(which.as_deref(), None | Some("identity")) {
        step("identity: token issue and verify, password hashing");
        cmd!(
            sh,
            "cargo bench --locked --package polodesk-server --bench identity"
        )
        .run()?;
    }
    if matches!(which.as_deref(), None | Some("players")) {
        bench_players::run(sh)?;
    }
    if matches!(which.as_deref(), None | Some("import")) {
        bench_import::run(sh)?;
    }
    if matches!(which.as_deref(), None | Some("matches")) {
        step("standings: one result changed, and from scratch (criterion)");
        cmd!(
            sh,
            "cargo bench --locked --package polodesk-domain --bench standings"
        )
        .run()?;
        released(sh, &["bench", "matches-load"], bench_matches::run)?;
    }
    if matches!(which.as_deref(), None | Some("port")) {
        bench_port::run(sh)?;
    }
    if matches!(which.as_deref(), None | Some("live")) {
        bench_live::run(sh)?;
    }
    // The public page's reads belong to the live benchmark and run alone as `public`.
    if matches!(which.as_deref(), None | Some("live" | "public")) {
        bench_public::run(sh)?;
    }
    if matches!(which.as_deref(), None | Some("live" | "viewers")) {
        released(sh, &["bench", "viewers-load"], bench_viewers::run)?;
    }
    if matches!(which.as_deref(), None | Some("console")) {
        step("console: a frame at 160x48 and 80x24 with 300 events, a key (criterion)");
        cmd!(
            sh,
            "cargo bench --locked --package polodesk-tui --bench frame"
        )
        .run()?;
        if !root().join("webapp/dist/index.html").exists() {
            build_webapp(sh)?;
        }
        ensure_debian_package(sh, "/usr/bin/tmux", "tmux", "the console's benchmark")?;
        step("console: about 200 events typed in tmux, keys to the event on the hub");
        cmd!(
            sh,
            "cargo bench --locked --package polodesk --bench console"
        )
        .run()?;
    }
    if matches!(which.as_deref(), None | Some("pdf")) {
        step("pdf: the scoresheet of a 300-event match, model and PDF, in the CLI renderer");
        cmd!(
            sh,
            "cargo bench --locked --package polodesk-pdf --bench scoresheet"
        )
        .run()?;
        bench_reportlab(sh)?;
    }
    // Ten minutes by default: only when asked for by name.
    if which.as_deref() == Some("soak") {
        released(sh, &["bench", "soak-load"], bench_soak::run)?;
    }
    println!("\nRecord the figures, with the machine and the date, in docs/benchmarks.md.");
    Ok(())
}

/// The peer figure beside the scoresheet's: the same sheet drawn with ReportLab, pinned, in its
/// own virtualenv under target/.
fn bench_reportlab(sh: &Shell) -> anyhow::Result<()> {
    const REPORTLAB: &str = "reportlab==5.1.0";
    let venv = root().join("target/reportlab-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        cmd!(sh, "python3 -m venv {venv}").run().context(
            "cannot create a virtualenv: install Python 3 with venv (Debian: python3-venv)",
        )?;
    }
    cmd!(
        sh,
        "{python} -m pip install --quiet --disable-pip-version-check {REPORTLAB}"
    )
    .run()
    .context("pip could not install ReportLab")?;
    step("pdf: the same scoresheet with ReportLab (the peer)");
    let (script, repository) = (root().join("xtask/bench/reportlab_scoresheet.py"), root());
    cmd!(sh, "{python} {script} {repository}").run()?;
    Ok(())
}
