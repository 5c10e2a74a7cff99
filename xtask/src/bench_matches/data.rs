//! The data of the matches benchmark: the registry, 132 competitions of double round robins
//! and their matches, written straight into the stopped demo store.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

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
use polodesk_domain::players::Player;
use polodesk_domain::reference::{Category, City};
use polodesk_domain::teams::Team;
use polodesk_store::{Actor, LogChange, Store};
use tokio::task::JoinSet;

use super::load::LiveMatch;
use super::{FANOUTS, MATCHES_PER_SCORER, SCORERS};
use crate::bench_tools::{club, create_all, player, seed_demo, team};
use crate::step;

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

/// The benchmark's league in a fresh demo store under `out`: the demo seeded by a first start
/// of `binary` on `addr`, then the rest written into the stopped store. Answers the data folder,
/// the live matches and the seconds the writing took.
pub(crate) fn seeded_league(
    binary: &Path,
    out: &Path,
    addr: &str,
    runtime: &tokio::runtime::Runtime,
) -> anyhow::Result<(PathBuf, Vec<LiveMatch>, f64)> {
    step("PoloDesk: demo data, then 240 teams, 132 competitions, 50,160 matches");
    let data = out.join("polodesk-data");
    seed_demo(binary, &data, addr, &out.join("seed.log"))?;
    let loaded = std::time::Instant::now();
    let live = runtime.block_on(async {
        let store = Store::open(&data).context("cannot open the demo store")?;
        load_store(&store).await
    })?;
    Ok((data, live, loaded.elapsed().as_secs_f64()))
}

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
    let club_ids: Vec<u64> = create_all(store, clubs, |c: &Club| c.id).await?;
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
    let team_ids: Vec<u64> = create_all(store, teams, |t: &Team| t.id).await?;
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
                            let player = b.create::<Player>(player(person.id))?;
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
        is_public: true,
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
