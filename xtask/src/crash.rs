//! `cargo xtask crash [CYCLES]`: the release binary killed with SIGKILL at random moments while
//! scorers log events on several matches and an editor adds cities, on loopback only. After
//! each kill the store is opened as the server would open it and checked: every write that was
//! answered with success is there (a deleted event stays deleted), no event is there twice, and
//! every match's score is the one its events give. A match's log keeps its last 300 events (each
//! new one past that deletes the oldest), so a thousand cycles log like a season, not one match
//! of a hundred thousand events. The next start replays the events that were in flight (sent, not answered)
//! with their `clientId`, as the web app's outbox does; the next check finds each once.
//!
//! Then the two writes of a whole document, a restore and an import, are killed part way: the
//! store must hold all of it or none of it.

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use polodesk_domain::codes::{MatchStatus, Position};
use polodesk_domain::events;
use polodesk_domain::matches::PlayerRow;
use polodesk_domain::memberships::TeamPlayerFields;
use polodesk_domain::players::Player;
use polodesk_domain::reference::{City, Country};
use polodesk_store::{Actor, LogChange, MatchesOf, Owner, Store};
use tokio::sync::Mutex;
use tokio::task::JoinSet;
use xshell::Shell;

use super::bench_import::players_csv;
use super::bench_matches::{Http, LiveMatch, System, Target, client_id, event_body};
use super::bench_tools::{fresh_out, release_build, seed_demo};
use super::{DEMO_ADMIN, Server, free_port, step};

const OUT: &str = "target/crash";
/// The demo's league, whose scheduled rounds the scorers log.
const LEAGUE: u64 = 1;
/// Matches logged at once, one scorer each.
const MATCHES: usize = 6;
/// The events a scorer's clock runs through four periods over (then it stays in the fourth).
const EVENTS_PER_MATCH: usize = 4_000;
/// Events a match's log keeps: past it, each new one is followed by deleting the oldest.
const KEEP: usize = 300;
/// How long after the load starts the kill may come.
const KILL_WINDOW_MS: (u64, u64) = (150, 1_500);

pub fn run(sh: &Shell, cycles: usize) -> anyhow::Result<()> {
    let started = Instant::now();
    let binary = release_build(sh)?;
    let out = fresh_out(sh, OUT)?;
    let data = out.join("data");
    let addr = format!("127.0.0.1:{}", free_port()?);
    step("a demo store with the league's next matches under way");
    seed_demo(&binary, &data, &addr, &out.join("seed.log"))?;
    let runtime = tokio::runtime::Runtime::new()?;
    let (matches, country) = runtime.block_on(prepare(&data))?;

    let seed = std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| started.elapsed().as_nanos() as u64 ^ 0x9e37_79b9_7f4a_7c15);
    let mut random = Random(seed.max(1));
    step(&format!(
        "{cycles} cycles: log, SIGKILL, check the store, restart (CRASH_SEED={seed})"
    ));
    let mut ledger = Ledger::default();
    let mut recoveries = Vec::new();
    for cycle in 0..=cycles {
        let log = out.join(format!("cycle-{cycle}.log"));
        let starting = Instant::now();
        let mut server = Server::demo(&binary, &data, &addr, &log)?;
        server
            .wait_until_healthy(Duration::from_secs(60))
            .with_context(|| format!("cycle {cycle}: no restart, see {}", log.display()))?;
        recoveries.push(starting.elapsed());
        let target = Target {
            system: System::PoloDesk,
            addr: addr.clone(),
            authorization: format!("Bearer {}", token(&binary, &addr)?),
            pid: server.pid()?,
        };
        runtime.block_on(replay(&target, &mut ledger))?;
        if cycle == cycles {
            server.terminate()?;
        } else {
            let kill_after = Duration::from_millis(random.between(KILL_WINDOW_MS));
            let load = runtime.block_on(load(
                &target,
                &matches,
                country,
                &ledger,
                cycle,
                kill_after,
                &mut server,
            ))?;
            ledger.absorb(load);
        }
        check(&data, &matches, &ledger).with_context(|| format!("after cycle {cycle}"))?;
        print!(
            "\rcycle {cycle:>4}: {} writes acknowledged ({} events in the logs, {} deleted, {} cities), {} replayed",
            ledger.acknowledged,
            ledger.live_events(),
            ledger.deleted.len(),
            ledger.cities.len(),
            ledger.replayed
        );
        std::io::Write::flush(&mut std::io::stdout())?;
    }
    whole_or_nothing(&binary, &out, &data, &mut random)?;
    recoveries.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "\n\n{cycles} kills, nothing lost: {} writes acknowledged ({} event posts and deletes, {} \
         cities) were all in the store after every kill, no deleted event came back, {} writes \
         in flight at a kill were replayed and each landed once, every score equals its events' \
         score. Start to healthy after a kill: p50 {:.0} ms, max {:.0} ms. {:.0} s in all \
         (CRASH_SEED={seed}).",
        ledger.acknowledged,
        ledger.acknowledged - ledger.cities.len(),
        ledger.cities.len(),
        ledger.replayed,
        ms(recoveries[recoveries.len() / 2]),
        ms(*recoveries.last().unwrap_or(&Duration::ZERO)),
        started.elapsed().as_secs_f64(),
    );
    Ok(())
}

/// xorshift64: enough to spread the kills, and repeatable from the printed seed.
struct Random(u64);

impl Random {
    fn between(&mut self, (low, high): (u64, u64)) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        low + self.0 % (high - low)
    }
}

/// The league's first `MATCHES` scheduled matches, with both teams' players in the lineup and
/// the first period under way, written while no server runs; and a country for new cities.
async fn prepare(data: &Path) -> anyhow::Result<(Vec<LiveMatch>, u64)> {
    let store = Store::open(data).context("cannot open the demo store")?;
    let actor = Actor {
        user_id: 1,
        user: "crash".into(),
        at: polodesk_domain::dates::Instant(0),
        may_correct: true,
    };
    let mut scheduled: Vec<_> = store
        .matches_of(MatchesOf::Competition(LEAGUE))?
        .into_iter()
        .filter(|m| m.state.status_id == MatchStatus::NotStarted)
        .collect();
    scheduled.sort_by_key(|m| (m.state.fields.start_date, m.id));
    ensure!(
        scheduled.len() >= MATCHES,
        "the demo league has too few scheduled matches"
    );
    let roster = |team_id: u64| -> anyhow::Result<Vec<u64>> {
        let mut links = store.links::<TeamPlayerFields>(Owner::Team(team_id))?;
        links.sort_by_key(|l| l.fields.cap_number);
        Ok(links.iter().take(13).map(|l| l.fields.player_id).collect())
    };
    let mut live = Vec::new();
    for game in scheduled.into_iter().take(MATCHES) {
        let fields = game.state.fields.clone();
        let (home, away) = (fields.home_team_id, fields.away_team_id);
        let (home_players, away_players) = (roster(home)?, roster(away)?);
        let rows = |team_id: u64, players: &[u64]| -> Vec<PlayerRow> {
            players
                .iter()
                .enumerate()
                .map(|(slot, &player_id)| PlayerRow {
                    team_id,
                    player_id,
                    position_id: if slot == 0 {
                        Position::Goalkeeper
                    } else {
                        Position::Driver
                    },
                    number: slot as u8 + 1,
                    cap_number: None,
                })
                .collect()
        };
        let mut players = rows(home, &home_players);
        players.extend(rows(away, &away_players));
        let change = LogChange {
            players: Some(players),
            coaches: None,
            officials: None,
        };
        store.change_log(game.id, change, actor.clone()).await?;
        store
            .update_match(
                game.id,
                fields,
                Some(MatchStatus::FirstPeriod),
                actor.clone(),
            )
            .await?;
        live.push(LiveMatch {
            id: game.id,
            home,
            away,
            home_players,
            away_players,
        });
    }
    let country = store
        .list::<Country>()?
        .first()
        .map(|c| c.id)
        .context("the demo store has no country")?;
    Ok((live, country))
}

/// An access token of the demo administrator, from the binary's own `token` command.
fn token(binary: &Path, addr: &str) -> anyhow::Result<String> {
    let (email, password) = DEMO_ADMIN;
    let out = Command::new(binary)
        .args([
            "token",
            "--email",
            email,
            "--password",
            password,
            "--server",
        ])
        .arg(format!("http://{addr}"))
        .output()?;
    ensure!(
        out.status.success(),
        "polodesk token: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8(out.stdout)?.trim().to_owned())
}

/// What the server acknowledged so far, and what was in flight at the last kill.
#[derive(Default)]
struct Ledger {
    /// Per match, the events answered 200 or 201 and not deleted since: (clientId, id), oldest
    /// first. Each must be in the store.
    live: HashMap<u64, VecDeque<(String, u64)>>,
    /// Events whose delete was answered: none may be in the store.
    deleted: HashSet<String>,
    /// Names of the cities answered 201.
    cities: HashSet<String>,
    /// What was sent but not answered when the server died.
    in_flight: Vec<InFlight>,
    /// The next event's number in each match's log.
    next: HashMap<u64, usize>,
    /// Writes answered with success in all: event posts and deletes, and cities.
    acknowledged: usize,
    replayed: usize,
}

/// A write sent but not answered before a kill, to send again on the next start.
enum InFlight {
    Post {
        game: u64,
        client: String,
        body: Vec<u8>,
    },
    Delete {
        game: u64,
        client: String,
        id: u64,
    },
}

/// What one scorer or the editor saw in a cycle.
#[derive(Default)]
struct Load {
    posted: Vec<(u64, String, u64)>,
    deleted: Vec<(u64, String)>,
    cities: Vec<String>,
    in_flight: Vec<InFlight>,
    sent: HashMap<u64, usize>,
}

impl Ledger {
    fn posted(&mut self, game: u64, client: String, id: u64) {
        self.live.entry(game).or_default().push_back((client, id));
        self.acknowledged += 1;
    }

    fn deleted(&mut self, game: u64, client: String) {
        if let Some(live) = self.live.get_mut(&game) {
            live.retain(|(c, _)| *c != client);
        }
        self.deleted.insert(client);
        self.acknowledged += 1;
    }

    fn absorb(&mut self, load: Load) {
        for (game, client, id) in load.posted {
            self.posted(game, client, id);
        }
        for (game, client) in load.deleted {
            self.deleted(game, client);
        }
        self.acknowledged += load.cities.len();
        self.cities.extend(load.cities);
        self.in_flight = load.in_flight;
        for (game, sent) in load.sent {
            *self.next.entry(game).or_default() += sent;
        }
    }

    fn live_events(&self) -> usize {
        self.live.values().map(VecDeque::len).sum()
    }
}

/// The id in an event write's answer.
fn event_id(answer: &[u8]) -> anyhow::Result<u64> {
    let body: serde_json::Value = serde_json::from_slice(answer)?;
    body["id"]
        .as_u64()
        .context("an event write answered without an id")
}

/// Sends what was in flight at the last kill again, as the web app's outbox does: each post
/// with its `clientId` is recorded once, whether or not the first send reached the disk; a
/// delete answers with the removed event, or 404 when the first one went through.
async fn replay(target: &Target, ledger: &mut Ledger) -> anyhow::Result<()> {
    let mut http = Http::connect(&target.addr).await?;
    for write in std::mem::take(&mut ledger.in_flight) {
        match write {
            InFlight::Post { game, client, body } => {
                let (status, answer) = target.post_event(&mut http, &body).await?;
                ensure!(
                    status == 200 || status == 201,
                    "replaying {client} answered {status}: {}",
                    String::from_utf8_lossy(&answer)
                );
                ledger.posted(game, client, event_id(&answer)?);
            }
            InFlight::Delete { game, client, id } => {
                let path = format!("/api/Events/{id}");
                let (status, answer) = http
                    .request("DELETE", &path, Some(&target.authorization), None)
                    .await?;
                ensure!(
                    matches!(status, 200 | 204 | 404),
                    "replaying the delete of {client} answered {status}: {}",
                    String::from_utf8_lossy(&answer)
                );
                ledger.deleted(game, client);
            }
        }
        ledger.replayed += 1;
    }
    Ok(())
}

/// One scorer: posts the match's next events and, once its log holds `KEEP` of them, deletes
/// the oldest after each post, so the log stays as long as a real one however many cycles run.
async fn score(
    target: Target,
    game: LiveMatch,
    j: usize,
    cycle: usize,
    first: usize,
    mut live: VecDeque<(String, u64)>,
    seen: Arc<Mutex<Load>>,
) {
    let Ok(mut http) = Http::connect(&target.addr).await else {
        return;
    };
    for i in first.. {
        let client = client_id(cycle as u32 + 1, j * 1_000_000 + i);
        let body = event_body(System::PoloDesk, &game, i, EVENTS_PER_MATCH, &client);
        let answer = target.post_event(&mut http, &body).await;
        *seen.lock().await.sent.entry(game.id).or_default() += 1;
        match answer {
            Ok((200 | 201, text)) => {
                let Ok(id) = event_id(&text) else { return };
                seen.lock().await.posted.push((game.id, client.clone(), id));
                live.push_back((client, id));
            }
            Ok((status, text)) => {
                eprintln!(
                    "\nevent {client}: {status} {}",
                    String::from_utf8_lossy(&text)
                );
                return;
            }
            Err(_) => {
                let lost = InFlight::Post {
                    game: game.id,
                    client,
                    body,
                };
                seen.lock().await.in_flight.push(lost);
                return;
            }
        }
        if live.len() <= KEEP {
            continue;
        }
        let Some((client, id)) = live.pop_front() else {
            return;
        };
        let path = format!("/api/Events/{id}");
        match http
            .request("DELETE", &path, Some(&target.authorization), None)
            .await
        {
            Ok((200 | 204, _)) => seen.lock().await.deleted.push((game.id, client)),
            Ok((status, text)) => {
                eprintln!(
                    "\ndelete {client}: {status} {}",
                    String::from_utf8_lossy(&text)
                );
                return;
            }
            Err(_) => {
                let lost = InFlight::Delete {
                    game: game.id,
                    client,
                    id,
                };
                seen.lock().await.in_flight.push(lost);
                return;
            }
        }
    }
}

/// A scorer per match and a registry editor, until the server is killed `kill_after` in.
async fn load(
    target: &Target,
    matches: &[LiveMatch],
    country: u64,
    ledger: &Ledger,
    cycle: usize,
    kill_after: Duration,
    server: &mut Server,
) -> anyhow::Result<Load> {
    let seen = Arc::new(Mutex::new(Load::default()));
    let mut tasks = JoinSet::new();
    for (j, game) in matches.iter().enumerate() {
        let first = ledger.next.get(&game.id).copied().unwrap_or(0);
        let live = ledger.live.get(&game.id).cloned().unwrap_or_default();
        tasks.spawn(score(
            target.clone(),
            game.clone(),
            j,
            cycle,
            first,
            live,
            Arc::clone(&seen),
        ));
    }
    {
        let (target, seen) = (target.clone(), Arc::clone(&seen));
        tasks.spawn(async move {
            let Ok(mut http) = Http::connect(&target.addr).await else {
                return;
            };
            for k in 0.. {
                let name = format!("Crash {cycle}-{k}");
                let body =
                    serde_json::json!({"name": name, "nameUniversal": name, "countryId": country});
                let answer = http
                    .request(
                        "POST",
                        "/api/Cities",
                        Some(&target.authorization),
                        Some(body.to_string().as_bytes()),
                    )
                    .await;
                match answer {
                    Ok((201, _)) => seen.lock().await.cities.push(name),
                    _ => return,
                }
            }
        });
    }
    tokio::time::sleep(kill_after).await;
    server.stop();
    while tasks.join_next().await.is_some() {}
    let seen = Arc::try_unwrap(seen)
        .map_err(|_| anyhow::anyhow!("a load task outlived the load"))?
        .into_inner();
    Ok(seen)
}

/// Opens the store as a restarted server would and checks it against the ledger.
fn check(data: &Path, matches: &[LiveMatch], ledger: &Ledger) -> anyhow::Result<()> {
    let store = Store::open(data).context("the store does not open after the kill")?;
    for game in matches {
        let events = store.events_of(game.id)?;
        let mut clients = HashSet::new();
        for event in &events {
            let Some(client) = &event.fields.client_id else {
                continue;
            };
            ensure!(
                clients.insert(client.clone()),
                "match {}: event {client} is there twice",
                game.id
            );
            ensure!(
                !ledger.deleted.contains(client),
                "match {}: deleted event {client} is back",
                game.id
            );
        }
        // A delete in flight at the kill may have been made or not: its event may be gone.
        let maybe_deleted: HashSet<&str> = ledger
            .in_flight
            .iter()
            .filter_map(|write| match write {
                InFlight::Delete { client, .. } => Some(client.as_str()),
                InFlight::Post { .. } => None,
            })
            .collect();
        let live = ledger.live.get(&game.id).into_iter().flatten();
        for (client, _) in live.filter(|(c, _)| !maybe_deleted.contains(c.as_str())) {
            ensure!(
                clients.contains(client),
                "match {}: acknowledged event {client} is gone",
                game.id
            );
        }
        let state = store.get_match(game.id)?.state;
        let recomputed = events::score(&state, &events);
        ensure!(
            state.score == recomputed,
            "match {}: the stored score {:?} is not its events' {:?}",
            game.id,
            state.score,
            recomputed
        );
    }
    let cities: HashSet<String> = store.list::<City>()?.into_iter().map(|c| c.name).collect();
    if let Some(lost) = ledger.cities.iter().find(|name| !cities.contains(*name)) {
        bail!("acknowledged city {lost} is gone");
    }
    Ok(())
}

/// Attempts of each whole-document write killed part way.
const KILLED_WRITES: usize = 5;
/// Players in the killed import.
const IMPORTED: usize = 20_000;

/// A restore into an empty store and an import of `IMPORTED` players into the demo store, each
/// run once to the end (to time it), then `KILLED_WRITES` times killed at a random moment
/// around its end: the store then holds the whole document or nothing of it.
fn whole_or_nothing(
    binary: &Path,
    out: &Path,
    data: &Path,
    random: &mut Random,
) -> anyhow::Result<()> {
    step("restores and imports killed part way");
    let export = out.join("export.json");
    run_to_end(
        Command::new(binary)
            .arg("export")
            .arg("--out")
            .arg(&export)
            .arg("--data")
            .arg(data),
    )?;
    let whole: serde_json::Value = serde_json::from_slice(&std::fs::read(&export)?)?;
    let restore = |dir: &Path| {
        let mut command = Command::new(binary);
        command.arg("restore").arg(&export).arg("--data").arg(dir);
        command
    };
    let took = run_to_end(&mut restore(&out.join("restore-whole")))?;
    let mut outcomes = (0, 0);
    for attempt in 0..KILLED_WRITES {
        let dir = out.join(format!("restore-{attempt}"));
        kill_within(&mut restore(&dir), took, random)?;
        let store = Store::open(&dir)?;
        if store.is_empty()? {
            outcomes.0 += 1;
        } else {
            ensure!(
                serde_json::to_value(store.export()?)? == whole,
                "restore {attempt}: the store holds part of the document"
            );
            outcomes.1 += 1;
        }
    }
    println!(
        "restore ({} ms) killed near its end: {} left nothing, {} the whole document",
        took.as_millis(),
        outcomes.0,
        outcomes.1
    );

    let file = out.join("players.csv");
    std::fs::write(&file, players_csv(IMPORTED))?;
    let before = Store::open(data)?.list::<Player>()?.len();
    let copy = |name: &str| -> anyhow::Result<std::path::PathBuf> {
        let dir = out.join(name);
        std::fs::create_dir_all(&dir)?;
        std::fs::copy(data.join("polodesk.redb"), dir.join("polodesk.redb"))?;
        Ok(dir)
    };
    let import = |dir: &Path| {
        let mut command = Command::new(binary);
        command
            .args(["import", "players"])
            .arg(&file)
            .arg("--data")
            .arg(dir);
        command
    };
    let took = run_to_end(&mut import(&copy("import-whole")?))?;
    let mut outcomes = (0, 0);
    for attempt in 0..KILLED_WRITES {
        let dir = copy(&format!("import-{attempt}"))?;
        kill_within(&mut import(&dir), took, random)?;
        match Store::open(&dir)?.list::<Player>()?.len() {
            n if n == before => outcomes.0 += 1,
            n if n == before + IMPORTED => outcomes.1 += 1,
            n => bail!(
                "import {attempt}: {} of {IMPORTED} players were written",
                n - before
            ),
        }
    }
    println!(
        "import of {IMPORTED} players ({} ms) killed near its end: {} left nothing, {} all of them",
        took.as_millis(),
        outcomes.0,
        outcomes.1
    );
    Ok(())
}

/// Runs `command` to its end; how long it took.
fn run_to_end(command: &mut Command) -> anyhow::Result<Duration> {
    let started = Instant::now();
    let out = command.output()?;
    ensure!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(started.elapsed())
}

/// Starts `command` and kills it (SIGKILL) at a random moment from half of `took` to a quarter
/// past it: the write itself comes last, after reading and checking the document, so earlier
/// kills would all land before it.
fn kill_within(command: &mut Command, took: Duration, random: &mut Random) -> anyhow::Result<()> {
    let ms = took.as_millis().max(4) as u64;
    let at = Duration::from_millis(random.between((ms / 2, ms + ms / 4)));
    let mut child = command
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()?;
    std::thread::sleep(at);
    child.kill().ok();
    child.wait()?;
    Ok(())
}
