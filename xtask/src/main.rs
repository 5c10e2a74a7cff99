//! `cargo xtask`: PoloDesk's build orchestration (matklad's cargo-xtask pattern).
//!
//! - `run`: builds the web bundle and the release binary, then serves the demo on :8080.
//! - `test`: everything CI checks, in the order that fails fastest. `.ci/run` calls exactly this.
//! - `gen`: regenerates the committed OpenAPI document and the web app's API types.
//! - `dev`: the Vite dev server with hot reload in front of a debug server.
//! - `bench`: the benchmarks whose figures `docs/benchmarks.md` records.

use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

use anyhow::{Context, bail};
use xshell::{Shell, cmd};

const USAGE: &str = "usage: cargo xtask <run|test|gen|dev|bench>

  run    build the web app and the release binary, serve the demo at http://127.0.0.1:8080
  test   format, lints, Rust tests, web typecheck/lint/unit tests, web build, browser tests
  gen    regenerate webapp/src/api/openapi.json and webapp/src/api/schema.d.ts
  dev    Vite dev server (hot reload) in front of a debug server with demo data
  bench  benchmarks (criterion); record the figures in docs/benchmarks.md";

const CHROMIUM: &str = "/usr/bin/chromium";

fn main() -> anyhow::Result<()> {
    let task = std::env::args().nth(1).unwrap_or_default();
    let sh = Shell::new()?;
    sh.change_dir(root());
    match task.as_str() {
        "run" => run(&sh),
        "test" => test(&sh),
        "gen" => generate(&sh),
        "dev" => dev(&sh),
        "bench" => bench(&sh),
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace")
        .into()
}

fn step(name: &str) {
    println!("\n==> {name}");
}

fn run(sh: &Shell) -> anyhow::Result<()> {
    build_webapp(sh)?;
    step("release build of polodesk");
    cmd!(sh, "cargo build --release --package polodesk").run()?;
    println!(
        "\nPoloDesk with demo data: http://127.0.0.1:8080  (data in ./data, Ctrl+C to stop)\n\
         API reference: http://127.0.0.1:8080/api/docs\n\nDemo accounts (email / password):"
    );
    for (email, password) in demo_accounts(&sh.read_file("fixtures/demo/users.json")?) {
        println!("  {email:<28} {password}");
    }
    println!();
    cmd!(
        sh,
        "target/release/polodesk serve --demo --data ./data --addr 127.0.0.1:8080"
    )
    .run()?;
    Ok(())
}

/// The email and password pairs of `fixtures/demo/users.json`, read without a JSON parser so
/// xtask stays light: each account's fields stand on its own line.
fn demo_accounts(json: &str) -> Vec<(String, String)> {
    let field = |line: &str, name: &str| -> Option<String> {
        let start = line.find(&format!("\"{name}\": \""))? + name.len() + 5;
        let rest = &line[start..];
        Some(rest[..rest.find('"')?].to_owned())
    };
    json.lines()
        .filter_map(|line| Some((field(line, "email")?, field(line, "password")?)))
        .collect()
}

fn test(sh: &Shell) -> anyhow::Result<()> {
    let started = Instant::now();
    step("rustfmt");
    cmd!(sh, "cargo fmt --all -- --check")
        .run()
        .context("run `cargo fmt --all`")?;
    npm_install(sh)?;
    step("generated API types are up to date");
    check_generated(sh)?;
    {
        let _webapp = sh.push_dir("webapp");
        step("web typecheck");
        cmd!(sh, "npm run --silent typecheck").run()?;
        step("web lint");
        cmd!(sh, "npm run --silent lint").run()?;
        step("web unit tests");
        cmd!(sh, "npm run --silent test").run()?;
        step("web build");
        cmd!(sh, "npm run --silent build").run()?;
    }
    step("clippy (warnings are errors)");
    cmd!(
        sh,
        "cargo clippy --workspace --all-targets --locked -- -D warnings"
    )
    .run()?;
    step("Rust tests");
    cmd!(sh, "cargo test --workspace --locked").run()?;
    step("release build with the embedded web app");
    cmd!(sh, "cargo build --release --locked --package polodesk").run()?;
    ensure_chromium(sh)?;
    step("browser end-to-end tests (Chromium, real binary)");
    let binary = root().join("target/release/polodesk");
    {
        let _webapp = sh.push_dir("webapp");
        let _bin = sh.push_env("POLODESK_BIN", &binary);
        cmd!(sh, "npm run --silent e2e").run()?;
    }
    println!("\nAll checks passed in {} s.", started.elapsed().as_secs());
    Ok(())
}

fn generate(sh: &Shell) -> anyhow::Result<()> {
    npm_install(sh)?;
    let document = cmd!(sh, "cargo run --quiet --package polodesk -- openapi").read()?;
    sh.write_file("webapp/src/api/openapi.json", document + "\n")?;
    let _webapp = sh.push_dir("webapp");
    cmd!(sh, "npm run --silent gen:api").run()?;
    println!("regenerated webapp/src/api/openapi.json and webapp/src/api/schema.d.ts");
    Ok(())
}

/// The OpenAPI document itself is compared by a Rust test; here the TypeScript types generated
/// from it must match the committed ones.
fn check_generated(sh: &Shell) -> anyhow::Result<()> {
    let dir = sh.create_temp_dir()?;
    let fresh = dir.path().join("schema.d.ts");
    let _webapp = sh.push_dir("webapp");
    cmd!(
        sh,
        "npx --no-install openapi-typescript src/api/openapi.json -o {fresh}"
    )
    .quiet()
    .ignore_stdout()
    .ignore_stderr()
    .run()?;
    if sh.read_file(&fresh)? != sh.read_file("src/api/schema.d.ts")? {
        bail!("webapp/src/api/schema.d.ts is out of date: run `cargo xtask gen` and commit it");
    }
    Ok(())
}

fn build_webapp(sh: &Shell) -> anyhow::Result<()> {
    npm_install(sh)?;
    step("web build");
    let _webapp = sh.push_dir("webapp");
    cmd!(sh, "npm run --silent build").run()?;
    Ok(())
}

/// `npm ci` when node_modules is missing or older than the lock file.
fn npm_install(sh: &Shell) -> anyhow::Result<()> {
    let lock = root().join("webapp/package-lock.json");
    let installed = root().join("webapp/node_modules/.package-lock.json");
    let modified = |path: &Path| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    let fresh = match (modified(&installed), modified(&lock)) {
        (Some(installed), Some(lock)) => installed >= lock,
        _ => false,
    };
    if fresh {
        return Ok(());
    }
    step("npm ci (web app packages)");
    let _webapp = sh.push_dir("webapp");
    cmd!(sh, "npm ci --no-audit --no-fund")
        .run()
        .context("npm ci failed: is Node.js 20 installed?")?;
    // npm ci keeps the lock file's time; mark the install as newer than it.
    let now = SystemTime::now();
    std::fs::File::options()
        .write(true)
        .open(&installed)
        .and_then(|file| file.set_modified(now))
        .ok();
    Ok(())
}

/// Debian's Chromium drives the browser tests. It is installed when missing and we are root
/// with apt; otherwise the run stops here, never skipping the browser tests silently.
fn ensure_chromium(sh: &Shell) -> anyhow::Result<()> {
    if Path::new(CHROMIUM).exists() {
        return Ok(());
    }
    let root_user = cmd!(sh, "id -u")
        .read()
        .map(|id| id.trim() == "0")
        .unwrap_or(false);
    if !root_user || !Path::new("/usr/bin/apt-get").exists() {
        bail!(
            "the browser tests need Chromium at {CHROMIUM}: install Debian's `chromium` package \
             (sudo apt-get install chromium) and run again"
        );
    }
    step("installing Debian's chromium for the browser tests");
    cmd!(sh, "apt-get update -qq").run()?;
    cmd!(sh, "apt-get install -y -qq chromium")
        .env("DEBIAN_FRONTEND", "noninteractive")
        .run()?;
    Ok(())
}

fn bench(sh: &Shell) -> anyhow::Result<()> {
    step("identity: token issue and verify, password hashing");
    cmd!(
        sh,
        "cargo bench --locked --package polodesk-server --bench identity"
    )
    .run()?;
    println!("\nRecord the figures, with the machine and the date, in docs/benchmarks.md.");
    Ok(())
}

fn dev(sh: &Shell) -> anyhow::Result<()> {
    npm_install(sh)?;
    step("debug server with demo data on 127.0.0.1:8080, Vite on http://127.0.0.1:5173");
    let mut server = std::process::Command::new("cargo")
        .args([
            "run",
            "--package",
            "polodesk",
            "--",
            "serve",
            "--demo",
            "--data",
            "./data",
        ])
        .current_dir(root())
        .spawn()
        .context("cannot start the debug server")?;
    let vite = {
        let _webapp = sh.push_dir("webapp");
        cmd!(sh, "npx --no-install vite --host 127.0.0.1").run()
    };
    server.kill().ok();
    server.wait().ok();
    vite?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_accounts_are_read_from_the_fixture() {
        let json = std::fs::read_to_string(root().join("fixtures/demo/users.json")).unwrap();
        let accounts = demo_accounts(&json);
        assert!(accounts.contains(&("admin@polodesk.test".into(), "polodesk-admin".into())));
        assert_eq!(
            accounts.len(),
            json.matches("\"email\"").count(),
            "one account a line"
        );
    }
}
