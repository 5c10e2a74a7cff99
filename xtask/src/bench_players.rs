//! `cargo xtask bench players`: the players search under load (issue #4), PoloDesk against
//! PocketBase on the same machine, in the same run.
//!
//! Both get the same data: 2,000 clubs, 8,000 teams and 100,000 players (person, player and
//! club membership in PoloDesk; one flat `players` collection in PocketBase), drawn by a fixed
//! pseudo-random sequence. PoloDesk's store is written directly (`polodesk_store::Store`) after
//! one `serve --demo` start has seeded the reference data and the demo accounts; PocketBase is
//! loaded through its batch Web API by `xtask/bench/pocketbase_load.py`. oha then sends the
//! searches (by surname, where three letters of a surname are looked for anywhere in it as
//! PoloDesk's `Filter.Surname` does; by club; 25 a page with the total count) on loopback at 1
//! and at 100 connections, each scenario for `DURATION`, the letters or the club varied per
//! request. The servers run one at a time; their resident memory is read from `/proc` after
//! their runs. `docs/benchmarks.md` records the figures and how to read them.

mod names;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use polodesk_domain::clubs::{Club, ClubFields};
use polodesk_domain::dates::Date;
use polodesk_domain::federations::Federation;
use polodesk_domain::memberships::{ClubPlayer, ClubPlayerFields};
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::players::Player;
use polodesk_domain::reference::{Category, City, Country};
use polodesk_domain::teams::{Team, TeamFields};
use polodesk_store::Store;
use serde_json::Value;
use xshell::{Shell, cmd};

use super::bench_tools::{
    PB_SUPERUSER, POCKETBASE_VERSION, club, create_all, ensure_oha, ensure_pocketbase, fresh_out,
    memory, oha_figures, player, prepare_pocketbase, release_build, seed_demo, start_pocketbase,
    team,
};
use super::{Server, free_port, password_token, root, step};

const CLUBS: usize = 2_000;
const TEAMS_PER_CLUB: usize = 4;
const PLAYERS: usize = 100_000;
/// Players written per store transaction (each is three creates: person, player, membership).
const PLAYERS_PER_BATCH: usize = 2_000;
/// Clubs the club searches pick from, at random.
const SEARCHED_CLUBS: usize = 100;
const PAGE_SIZE: u32 = 25;
/// Each scenario runs this long (oha `-z`); the warm-up before a server's scenarios too.
const DURATION: &str = "5s";
const WARM_UP: &str = "2s";
const CONCURRENCY: [u32; 2] = [1, 100];
/// The targets of issue #4.
const TARGET_P99_MS_AT_1: f64 = 5.0;
const TARGET_RPS_AT_100: f64 = 10_000.0;

/// Data, logs and oha's reports of the last run.
const OUT: &str = "target/bench-players";

pub fn run(sh: &Shell) -> anyhow::Result<()> {
    let started = Instant::now();
    let oha = ensure_oha(sh)?;
    let (python, pocketbase) = ensure_pocketbase(sh)?;
    let binary = release_build(sh)?;
    let out = fresh_out(sh, OUT)?;
    let bench = Bench {
        oha,
        out: out.clone(),
    };

    // PoloDesk
    step("PoloDesk: demo data, then 2,000 clubs, 8,000 teams, 100,000 players");
    let data = out.join("polodesk-data");
    let addr = format!("127.0.0.1:{}", free_port()?);
    let log = out.join("polodesk.log");
    seed_demo(&binary, &data, &addr, &log)?;
    let loaded = Instant::now();
    let dataset = load_polodesk(&data)?;
    println!(
        "loaded into the store in {:.1} s",
        loaded.elapsed().as_secs_f64()
    );
    sh.write_file(out.join("players.tsv"), dataset.tsv())?;
    let queries = Queries::new(&dataset);

    let mut server = Server::demo(&binary, &data, &addr, &log)?;
    server
        .wait_until_healthy(Duration::from_secs(60))
        .with_context(|| format!("the server did not come up: see {}", log.display()))?;
    let token = password_token(sh, &python, &addr, Some("openid polodesk-api"))?;
    let ours = bench.system(
        System::PoloDesk,
        &addr,
        &format!("Bearer {token}"),
        server.pid()?,
        &queries,
    )?;
    server.terminate()?;

    // PocketBase
    step(&format!(
        "PocketBase {POCKETBASE_VERSION}: 100,000 players through the batch API"
    ));
    let (pb_data, pb_addr, pb_log) = prepare_pocketbase(sh, &pocketbase, &out)?;
    let (email, password) = PB_SUPERUSER;
    let pb_token = {
        let mut pb = start_pocketbase(&pocketbase, &pb_data, &pb_addr, &pb_log)?;
        pb.wait_until_healthy(Duration::from_secs(30))?;
        let loader = root().join("xtask/bench/pocketbase_load.py");
        let tsv = out.join("players.tsv");
        let url = format!("http://{pb_addr}");
        let token = cmd!(sh, "{python} {loader} {url} {email} {password} {tsv}")
            .read()
            .context("loading PocketBase failed")?;
        pb.terminate()?;
        token
    };
    // Started afresh, as PoloDesk is, so its memory is that of serving, not of loading.
    let mut pb = start_pocketbase(&pocketbase, &pb_data, &pb_addr, &pb_log)?;
    pb.wait_until_healthy(Duration::from_secs(30))?;
    let theirs = bench.system(
        System::PocketBase,
        &pb_addr,
        pb_token.trim(),
        pb.pid()?,
        &queries,
    )?;
    pb.terminate()?;

    let report = report(&ours, &theirs);
    println!("\n{report}");
    sh.write_file(out.join("report.md"), &report)?;
    println!(
        "players benchmark done in {} s; report in {}/report.md, oha's JSON beside it",
        started.elapsed().as_secs(),
        OUT
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Data

/// A fixed pseudo-random sequence (Knuth's MMIX LCG), so every run loads the same data.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Below `n`, small numbers more often (density falling as 1/sqrt): the first surnames of
    /// a list are common, the last rare.
    fn skewed(&mut self, n: usize) -> usize {
        let u = self.next() as f64 / (1u64 << 31) as f64;
        ((u * u * n as f64) as usize).min(n - 1)
    }
}

/// One player as both systems hold it.
struct Row {
    name: String,
    surname: String,
    club_id: u64,
    country: String,
    city: String,
}

/// What the store was loaded with, for PocketBase and the queries.
struct Dataset {
    rows: Vec<Row>,
    club_ids: Vec<u64>,
}

impl Dataset {
    /// Name, surname, club id, country and city of birth, tab separated.
    fn tsv(&self) -> String {
        let mut text = String::new();
        for r in &self.rows {
            writeln!(
                text,
                "{}\t{}\t{}\t{}\t{}",
                r.name, r.surname, r.club_id, r.country, r.city
            )
            .expect("writing to a String");
        }
        text
    }
}

/// Writes the clubs, teams and players into the stopped demo store in `data`.
fn load_polodesk(data: &Path) -> anyhow::Result<Dataset> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    let store = Store::open(data).context("cannot open the demo store")?;
    runtime.block_on(load_store(&store))
}

async fn load_store(store: &Store) -> anyhow::Result<Dataset> {
    let federations: Vec<u64> = store.list::<Federation>()?.iter().map(|f| f.id).collect();
    let categories: Vec<u64> = store.list::<Category>()?.iter().map(|c| c.id).collect();
    let countries: BTreeMap<u64, String> = store
        .list::<Country>()?
        .into_iter()
        .map(|c| (c.id, c.name_universal))
        .collect();
    let cities = store.list::<City>()?;
    if federations.is_empty() || categories.is_empty() || cities.is_empty() {
        bail!("the demo store lacks federations, categories or cities");
    }
    // The demo season's own players are found by the same searches: PocketBase gets them too, so
    // both systems hold the same players and must answer the same totals.
    let demo_players = demo_rows(store, &countries, &cities)?;
    let mut lcg = Lcg(20_261_122);

    let clubs: Vec<ClubFields> = (0..CLUBS)
        .map(|i| {
            let city = &cities[lcg.below(cities.len())];
            let prefix = ["VK", "PVK", "VSC", "CN", "RN", "NO", "ASD"][i % 7];
            club(
                format!("{prefix} {} {}", city.name, i + 1),
                format!("{} Water Polo Club {}", city.name_universal, i + 1),
                federations[i % federations.len()],
                city,
            )
        })
        .collect();
    let club_ids: Vec<u64> = create_all(store, clubs, |c: &Club| c.id).await?;

    let teams: Vec<TeamFields> = club_ids
        .iter()
        .enumerate()
        .flat_map(|(i, &club_id)| (0..TEAMS_PER_CLUB).map(move |t| (i, club_id, t)))
        .map(|(i, club_id, t)| {
            let category_id = categories[t % categories.len()];
            team(format!("Team {} / {}", i + 1, t + 1), club_id, category_id)
        })
        .collect();
    create_all(store, teams, |t: &Team| t.id).await?;

    let rows: Vec<(Row, PersonFields)> = (0..PLAYERS)
        .map(|_| {
            let name = names::NAMES[lcg.skewed(names::NAMES.len())];
            let surname = names::SURNAMES[lcg.skewed(names::SURNAMES.len())];
            let club_id = club_ids[lcg.below(club_ids.len())];
            let city = &cities[lcg.below(cities.len())];
            let birth = Date::new(
                1975 + lcg.below(38) as u16,
                1 + lcg.below(12) as u8,
                1 + lcg.below(28) as u8,
            )
            .expect("a valid date");
            let mut person = PersonFields::new(name, surname, birth);
            person.country_of_birth_id = Some(city.country_id);
            person.city_of_birth_id = Some(city.id);
            let row = Row {
                name: name.to_owned(),
                surname: surname.to_owned(),
                club_id,
                country: countries[&city.country_id].clone(),
                city: city.name.clone(),
            };
            (row, person)
        })
        .collect();
    let mut dataset = Dataset {
        rows: demo_players,
        club_ids,
    };
    let mut rows = rows.into_iter();
    loop {
        let chunk: Vec<(Row, PersonFields)> = rows.by_ref().take(PLAYERS_PER_BATCH).collect();
        if chunk.is_empty() {
            break;
        }
        let (chunk_rows, persons): (Vec<Row>, Vec<PersonFields>) = chunk.into_iter().unzip();
        let clubs: Vec<u64> = chunk_rows.iter().map(|r| r.club_id).collect();
        store
            .batch(move |b| {
                for (person, club_id) in persons.into_iter().zip(clubs) {
                    let person = b.create::<Person>(person)?;
                    add_player(b, &person, club_id)?;
                }
                Ok(())
            })
            .await?;
        dataset.rows.extend(chunk_rows);
    }
    Ok(dataset)
}

/// The players already in the demo store, as PocketBase's rows (club 0 when they have none).
fn demo_rows(
    store: &Store,
    countries: &BTreeMap<u64, String>,
    cities: &[City],
) -> anyhow::Result<Vec<Row>> {
    let clubs: BTreeMap<u64, u64> = store
        .list::<ClubPlayer>()?
        .into_iter()
        .map(|m| (m.fields.player_id, m.fields.club_id))
        .collect();
    let mut rows = Vec::new();
    for player in store.list::<Player>()? {
        let person = store.get::<Person>(player.fields.person_id)?.fields;
        let city = cities
            .iter()
            .find(|c| Some(c.id) == person.city_of_birth_id);
        rows.push(Row {
            name: person.name,
            surname: person.surname,
            club_id: clubs.get(&player.id).copied().unwrap_or(0),
            country: person
                .country_of_birth_id
                .and_then(|id| countries.get(&id).cloned())
                .unwrap_or_default(),
            city: city.map(|c| c.name.clone()).unwrap_or_default(),
        });
    }
    Ok(rows)
}

/// The player identity of a person and its membership of a club since its birth year + 10.
fn add_player(
    b: &polodesk_store::Batch<'_>,
    person: &Person,
    club_id: u64,
) -> polodesk_store::Result<()> {
    let player = b.create::<Player>(player(person.id))?;
    let birth = person.fields.birth_date;
    b.create::<ClubPlayer>(ClubPlayerFields {
        club_id,
        player_id: player.id,
        active_from: Date::new(birth.year + 10, 9, 1),
        active_to: None,
    })?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Queries

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum System {
    PoloDesk,
    PocketBase,
}

impl System {
    fn name(self) -> &'static str {
        match self {
            System::PoloDesk => "PoloDesk",
            System::PocketBase => "PocketBase",
        }
    }

    /// The path of one search, as sent (query string percent-encoded where needed).
    fn path(self, query: Query, value: &str) -> String {
        match (self, query) {
            (System::PoloDesk, Query::Surname) => {
                format!("/api/Players/search?Filter.Surname={value}&PageSize={PAGE_SIZE}")
            }
            (System::PoloDesk, Query::Club) => {
                format!("/api/Players/search?Filter.Club={value}&PageSize={PAGE_SIZE}")
            }
            // `surname ~ 'jov'`: SQL LIKE '%jov%', anywhere in the surname, as PoloDesk's
            // Filter.Surname.
            (System::PocketBase, Query::Surname) => format!(
                "/api/collections/players/records?perPage={PAGE_SIZE}&sort=surname,name\
                 &filter=surname%7E%27{value}%27"
            ),
            (System::PocketBase, Query::Club) => format!(
                "/api/collections/players/records?perPage={PAGE_SIZE}&sort=surname,name\
                 &filter=club%3D{value}"
            ),
        }
    }

    /// The total count in a search's answer.
    fn total(self, body: &Value) -> Option<u64> {
        match self {
            System::PoloDesk => body["totalItems"].as_u64(),
            System::PocketBase => body["totalItems"].as_u64(),
        }
    }

    fn items(self, body: &Value) -> Option<usize> {
        match self {
            System::PoloDesk => body["pageItems"].as_array().map(Vec::len),
            System::PocketBase => body["items"].as_array().map(Vec::len),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Query {
    Surname,
    Club,
}

impl Query {
    fn name(self) -> &'static str {
        match self {
            Query::Surname => "surname",
            Query::Club => "club",
        }
    }
}

/// The values each search varies over, request by request.
struct Queries {
    prefixes: Vec<String>,
    clubs: Vec<String>,
}

impl Queries {
    fn new(dataset: &Dataset) -> Self {
        let mut lcg = Lcg(4);
        Self {
            prefixes: names::PREFIXES.iter().map(|p| (*p).to_owned()).collect(),
            clubs: (0..SEARCHED_CLUBS)
                .map(|_| dataset.club_ids[lcg.below(dataset.club_ids.len())].to_string())
                .collect(),
        }
    }

    fn values(&self, query: Query) -> &[String] {
        match query {
            Query::Surname => &self.prefixes,
            Query::Club => &self.clubs,
        }
    }

    /// oha's `--rand-regex-url` pattern: each request picks one of the values at random. oha
    /// takes a dot literally itself (escaping it breaks the URL); other metacharacters are
    /// escaped here.
    fn url_pattern(&self, system: System, addr: &str, query: Query) -> String {
        let url = format!("http://{addr}{}", system.path(query, "\u{0}"));
        let escaped: String = url
            .chars()
            .map(|c| match c {
                '?' | '+' | '*' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '^' | '$' | '\\' => {
                    format!("\\{c}")
                }
                _ => c.to_string(),
            })
            .collect();
        escaped.replace('\u{0}', &format!("({})", self.values(query).join("|")))
    }
}

// ---------------------------------------------------------------------------------------------
// Load

struct Bench {
    oha: PathBuf,
    out: PathBuf,
}

/// The figures of one system.
struct Figures {
    system: System,
    runs: Vec<Run>,
    /// Resident memory after the runs, and its peak (VmRSS, VmHWM), in MiB.
    rss_mib: f64,
    peak_rss_mib: f64,
    /// The total count answered for each searched value, to compare the two systems.
    totals: BTreeMap<(Query, String), u64>,
}

struct Run {
    query: Query,
    concurrency: u32,
    requests: u64,
    rps: f64,
    p50_ms: f64,
    p99_ms: f64,
}

impl Bench {
    fn system(
        &self,
        system: System,
        addr: &str,
        authorization: &str,
        pid: u32,
        queries: &Queries,
    ) -> anyhow::Result<Figures> {
        step(&format!("{}: searches under load", system.name()));
        // Every value answers 200 with a page and a total.
        let mut totals = BTreeMap::new();
        for query in [Query::Surname, Query::Club] {
            for value in queries.values(query) {
                let path = system.path(query, value);
                let body = get_json(addr, &path, authorization)?;
                let total = system
                    .total(&body)
                    .with_context(|| format!("no total count in the answer to {path}: {body}"))?;
                let items = system.items(&body).unwrap_or(0);
                if items as u64 != total.min(u64::from(PAGE_SIZE)) {
                    bail!("{path}: {items} items on the first page of {total}");
                }
                totals.insert((query, value.clone()), total);
            }
        }
        let warm_up = queries.url_pattern(system, addr, Query::Surname);
        self.oha(&warm_up, authorization, 8, WARM_UP, None)?;
        let mut runs = Vec::new();
        for query in [Query::Surname, Query::Club] {
            let pattern = queries.url_pattern(system, addr, query);
            for concurrency in CONCURRENCY {
                let name = format!(
                    "{}-{}-c{concurrency}.json",
                    system.name().to_lowercase(),
                    match query {
                        Query::Surname => "surname",
                        Query::Club => "club",
                    }
                );
                let report = self.out.join(name);
                let run = self.oha(
                    &pattern,
                    authorization,
                    concurrency,
                    DURATION,
                    Some(&report),
                )?;
                let run = Run { query, ..run };
                println!(
                    "{:<10} {:<14} c={:<3} {:>8.0} req/s  p50 {:>8.2} ms  p99 {:>8.2} ms  ({} requests)",
                    system.name(),
                    query.name(),
                    concurrency,
                    run.rps,
                    run.p50_ms,
                    run.p99_ms,
                    run.requests
                );
                runs.push(run);
            }
        }
        let (rss_mib, peak_rss_mib) = memory(pid)?;
        println!(
            "{} resident memory after the runs: {rss_mib:.0} MiB (peak {peak_rss_mib:.0} MiB)",
            system.name()
        );
        Ok(Figures {
            system,
            runs,
            rss_mib,
            peak_rss_mib,
            totals,
        })
    }

    /// One oha run; its JSON report is kept in `report` when given.
    fn oha(
        &self,
        pattern: &str,
        authorization: &str,
        concurrency: u32,
        duration: &str,
        report: Option<&Path>,
    ) -> anyhow::Result<Run> {
        let output = Command::new(&self.oha)
            .args(["--no-tui", "--output-format", "json", "--rand-regex-url"])
            .args(["-z", duration, "-c", &concurrency.to_string()])
            .args(["-H", &format!("Authorization: {authorization}")])
            .arg(pattern)
            .stderr(Stdio::inherit())
            .output()
            .context("cannot run oha")?;
        if !output.status.success() {
            bail!("oha failed: {}", output.status);
        }
        if let Some(report) = report {
            std::fs::write(report, &output.stdout)?;
        }
        let figures = oha_figures(&output.stdout)?;
        Ok(Run {
            query: Query::Surname,
            concurrency,
            requests: figures.requests,
            rps: figures.rps,
            p50_ms: figures.p50_ms,
            p99_ms: figures.p99_ms,
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Report

fn report(ours: &Figures, theirs: &Figures) -> String {
    let mut text = String::new();
    let w = &mut text;
    let _ = writeln!(
        w,
        "| system | search | connections | requests/s | p50 | p99 | server RSS after (peak) |"
    );
    let _ = writeln!(w, "|---|---|---|---|---|---|---|");
    for figures in [ours, theirs] {
        for run in &figures.runs {
            let _ = writeln!(
                w,
                "| {} | {} | {} | {:.0} | {:.2} ms | {:.2} ms | {:.0} MiB ({:.0} MiB) |",
                figures.system.name(),
                run.query.name(),
                run.concurrency,
                run.rps,
                run.p50_ms,
                run.p99_ms,
                figures.rss_mib,
                figures.peak_rss_mib
            );
        }
    }
    let _ = writeln!(
        w,
        "\nPoloDesk / PocketBase (throughput: higher is better; latency: lower is better)\n"
    );
    let _ = writeln!(
        w,
        "| search | connections | requests/s | p50 | p99 | target |"
    );
    let _ = writeln!(w, "|---|---|---|---|---|---|");
    for run in &ours.runs {
        let Some(other) = theirs
            .runs
            .iter()
            .find(|o| o.query == run.query && o.concurrency == run.concurrency)
        else {
            continue;
        };
        let target = match run.concurrency {
            1 => format!(
                "p99 ≤ {TARGET_P99_MS_AT_1} ms: {}",
                verdict(run.p99_ms <= TARGET_P99_MS_AT_1)
            ),
            _ => format!(
                "≥ {TARGET_RPS_AT_100} req/s: {}",
                verdict(run.rps >= TARGET_RPS_AT_100)
            ),
        };
        let _ = writeln!(
            w,
            "| {} | {} | {:.2}× | {:.2}× | {:.2}× | {} |",
            run.query.name(),
            run.concurrency,
            run.rps / other.rps,
            run.p50_ms / other.p50_ms,
            run.p99_ms / other.p99_ms,
            target
        );
    }
    let _ = writeln!(
        w,
        "\nserver RSS after the runs: {:.2}× PocketBase's",
        ours.rss_mib / theirs.rss_mib
    );
    let differing: Vec<String> = ours
        .totals
        .iter()
        .filter(|(key, total)| theirs.totals.get(*key) != Some(*total))
        .map(|((query, value), total)| {
            format!(
                "{} {value}: {total} vs {:?}",
                query.name(),
                theirs.totals.get(&(*query, value.clone()))
            )
        })
        .collect();
    if differing.is_empty() {
        let _ = writeln!(
            w,
            "both systems answered the same total counts for all {} searched values",
            ours.totals.len()
        );
    } else {
        let _ = writeln!(w, "total counts differ: {}", differing.join("; "));
    }
    text
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "missed" }
}

// ---------------------------------------------------------------------------------------------
// HTTP

/// A GET answered 200 with a JSON body, over plain HTTP/1.0 (no chunked body to decode).
fn get_json(addr: &str, path: &str, authorization: &str) -> anyhow::Result<Value> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: {addr}\r\nAuthorization: {authorization}\r\n\r\n"
    )?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    let answer = String::from_utf8(answer).context("a UTF-8 answer")?;
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .with_context(|| format!("GET {path}: no HTTP answer"))?;
    if !head.starts_with("HTTP/1.0 200") && !head.starts_with("HTTP/1.1 200") {
        bail!(
            "GET {path}: {}; {body}",
            head.lines().next().unwrap_or_default()
        );
    }
    serde_json::from_str(body).with_context(|| format!("GET {path}: not JSON: {body}"))
}
