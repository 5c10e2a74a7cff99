//! `cargo xtask bench port`: export, restore and backup of the demo season with the release
//! binary, each as the administrator runs it (`polodesk export|restore|backup --data DIR`:
//! process start, the in-process server, the store call, the file), median of five runs. It
//! checks the round trip too: the restored store exports the same bytes.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use xshell::Shell;

use super::bench_tools::{fresh_out, release_build, seed_demo};
use super::{free_port, step};

const OUT: &str = "target/bench-port";
const RUNS: usize = 5;

fn polodesk(binary: &Path, args: &[&str], data: &Path) -> anyhow::Result<Duration> {
    let started = Instant::now();
    let out = Command::new(binary)
        .args(args)
        .arg("--data")
        .arg(data)
        .env_remove("POLODESK_SERVER")
        .env_remove("POLODESK_TOKEN")
        .output()
        .with_context(|| format!("cannot run {}", binary.display()))?;
    let took = started.elapsed();
    if !out.status.success() {
        bail!(
            "polodesk {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(took)
}

fn median(mut runs: Vec<Duration>) -> Duration {
    runs.sort();
    runs[runs.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

pub fn run(sh: &Shell) -> anyhow::Result<()> {
    let binary = release_build(sh)?;
    let out = fresh_out(sh, OUT)?;

    step("the demo season: one `serve --demo` start");
    let demo = out.join("demo");
    let addr = format!("127.0.0.1:{}", free_port()?);
    seed_demo(&binary, &demo, &addr, &out.join("serve.log"))?;
    let store_size = std::fs::metadata(demo.join("polodesk.redb"))?.len();

    step("export, restore into an empty folder, backup: five runs each");
    let document = out.join("demo.json");
    let doc = document.to_str().context("a UTF-8 path")?;
    let mut exports = Vec::new();
    let mut restores = Vec::new();
    let mut backups = Vec::new();
    for i in 0..RUNS {
        exports.push(polodesk(&binary, &["export", "--out", doc], &demo)?);
        let fresh = out.join(format!("restored-{i}"));
        restores.push(polodesk(&binary, &["restore", doc], &fresh)?);
        let copy = out.join(format!("backup-{i}.redb"));
        let copy = copy.to_str().context("a UTF-8 path")?;
        backups.push(polodesk(&binary, &["backup", "--out", copy], &demo)?);
    }
    let again = out.join("again.json");
    let again_path = again.to_str().context("a UTF-8 path")?;
    polodesk(
        &binary,
        &["export", "--out", again_path],
        &out.join("restored-0"),
    )?;
    if std::fs::read(&again)? != std::fs::read(&document)? {
        bail!("the restored store exports other bytes than the demo store");
    }
    let bytes = std::fs::read(&document)?;
    let parsed: serde_json::Value = serde_json::from_slice(&bytes)?;
    let records: usize = parsed
        .as_object()
        .context("an export is an object")?
        .values()
        .filter_map(|v| v.as_array())
        .map(Vec::len)
        .sum();
    let backup_size = std::fs::metadata(out.join("backup-0.redb"))?.len();
    println!(
        "\ndemo store: {records} records, redb file {} KiB",
        store_size / 1024
    );
    println!("| command | median of {RUNS} | size |");
    println!("|---|---|---|");
    println!(
        "| `polodesk export --data` | {} | {} KiB JSON |",
        ms(median(exports)),
        bytes.len() / 1024
    );
    println!(
        "| `polodesk restore --data` (empty folder) | {} | same document |",
        ms(median(restores))
    );
    println!(
        "| `polodesk backup --data` | {} | {} KiB redb |",
        ms(median(backups)),
        backup_size / 1024
    );
    println!("round trip: the restored store exports the same bytes");
    Ok(())
}
