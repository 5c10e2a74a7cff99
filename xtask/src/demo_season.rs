//! `cargo xtask demo-season`: the demo league's season (`fixtures/demo/season.json`) and the
//! club crests (`fixtures/demo/crests/*.png`), made by a seeded simulator so that the same seed
//! always writes the same bytes. Every simulated event goes through the domain's own checks
//! (`EventInput::validate`, then `check_in_match` against the log so far), so the data is valid
//! by construction; the score the domain computes from the goals must equal the simulator's.

use std::path::Path;

use anyhow::{Context, ensure};
use polodesk_domain::codes::{MatchStatus, OfficialRole, Position};
use polodesk_domain::dates::Instant;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

mod game;

#[path = "../../cli/src/demo/season.rs"]
#[allow(dead_code)]
mod season;

use game::play;
use season::{Season, SeasonMatch, SeasonOfficial};

/// The simulator's seed: the season's first day.
pub const SEED: u64 = 20_261_003;
/// The league the simulator plays.
const LEAGUE: &str = "Superliga Srbije 2026/27";
/// The first match day of each round (Saturdays), rounds 1 to 14; 1–7 before 2026-11-24.
const ROUND_DAYS: [&str; 14] = [
    "2026-10-03",
    "2026-10-10",
    "2026-10-17",
    "2026-10-24",
    "2026-10-31",
    "2026-11-07",
    "2026-11-14",
    "2026-11-28",
    "2026-12-05",
    "2026-12-12",
    "2026-12-19",
    "2027-01-16",
    "2027-01-23",
    "2027-01-30",
];
/// Kick-off times (UTC) of a round's four matches.
const KICK_OFFS: [&str; 4] = ["16:00:00Z", "17:30:00Z", "18:30:00Z", "19:30:00Z"];
/// Rounds played so far.
const PLAYED_ROUNDS: usize = 7;
/// The one match decided by a penalty shootout: (round, match of the round).
const SHOOTOUT_MATCH: (usize, usize) = (5, 2);
/// How strong each league team is (1.0 is average).
const STRENGTH: [(&str, f64); 8] = [
    ("VK Novi Beograd", 1.30),
    ("VK Radnički", 1.18),
    ("VK Crvena zvezda", 1.06),
    ("VK Partizan", 1.02),
    ("VK Šabac", 0.97),
    ("VK Vojvodina", 0.90),
    ("VK Valis", 0.80),
    ("VK Singidunum", 0.74),
];
/// Club colours for the crests: short name, primary, secondary.
const COLOURS: [(&str, [u8; 3], [u8; 3]); 18] = [
    ("PAR", [20, 20, 20], [245, 245, 245]),
    ("CZV", [200, 16, 46], [245, 245, 245]),
    ("RAD", [0, 51, 153], [220, 30, 40]),
    ("SAB", [0, 90, 170], [250, 250, 250]),
    ("NBG", [0, 120, 200], [255, 200, 0]),
    ("VOJ", [190, 20, 30], [250, 250, 250]),
    ("ZRE", [0, 110, 60], [250, 250, 250]),
    ("SIN", [110, 30, 130], [240, 200, 60]),
    ("VAL", [0, 140, 160], [250, 250, 250]),
    ("TNT", [230, 110, 0], [30, 30, 30]),
    ("ZEM", [30, 60, 140], [250, 220, 0]),
    ("SME", [120, 20, 20], [230, 190, 80]),
    ("TAS", [230, 60, 120], [250, 250, 250]),
    ("STU", [0, 70, 140], [200, 200, 200]),
    ("SOM", [0, 130, 70], [240, 240, 240]),
    ("SPA", [0, 100, 60], [250, 250, 250]),
    ("VRB", [20, 80, 170], [250, 250, 250]),
    ("SEN", [160, 0, 40], [40, 120, 200]),
];

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Squad {
    team: String,
    players: Vec<Rostered>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Rostered {
    cap_number: u8,
    position_id: Position,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Club {
    name: String,
    short_name: String,
    city: Option<String>,
    venue: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Competition {
    name: String,
    teams: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoOfficial {
    name: String,
    surname: String,
    federation: String,
    roles: Vec<OfficialRole>,
    pin: String,
}

/// A demo account, for its password.
#[derive(Debug, Deserialize)]
struct DemoUser {
    email: String,
    password: String,
}

fn read<T: serde::de::DeserializeOwned>(root: &Path, file: &str) -> anyhow::Result<T> {
    let path = root.join("fixtures/demo").join(file);
    let text = std::fs::read_to_string(&path).with_context(|| path.display().to_string())?;
    serde_json::from_str(&text).with_context(|| format!("{} is not valid", path.display()))
}

/// What `cargo xtask demo-season` writes: the season's JSON and each crest's PNG bytes.
#[derive(Debug)]
pub struct Generated {
    pub season: String,
    pub crests: Vec<(String, Vec<u8>)>,
    pub secrets: String,
}

/// Generates the season and crests from the registry fixtures under `root`.
pub fn generate(root: &Path) -> anyhow::Result<Generated> {
    let squads: Vec<Squad> = read(root, "squads.json")?;
    let clubs: Vec<Club> = read(root, "clubs.json")?;
    let competitions: Vec<Competition> = read(root, "competitions.json")?;
    let officials: Vec<DemoOfficial> = read(root, "officials.json")?;
    let league = competitions
        .iter()
        .find(|c| c.name == LEAGUE)
        .context("the league is missing from competitions.json")?;
    ensure!(league.teams.len() == 8, "the league needs 8 teams");
    let season = simulate(league, &squads, &clubs, &officials)?;
    let mut crests = Vec::new();
    for club in &clubs {
        let (_, primary, secondary) = COLOURS
            .iter()
            .find(|(short, _, _)| *short == club.short_name)
            .with_context(|| format!("no colours for {}", club.short_name))?;
        crests.push((
            format!("{}.png", club.short_name.to_lowercase()),
            crest(*primary, *secondary)?,
        ));
    }
    let users: Vec<DemoUser> = read(root, "users.json")?;
    Ok(Generated {
        season: to_json(&season)?,
        crests,
        secrets: secrets(&users, &officials)?,
    })
}

/// The argon2id hashes of the demo passwords and PINs (`fixtures/demo/secrets.json`), made
/// here once so that loading the demo does not spend a second hashing. The salt comes from the
/// account's name, so the same fixtures give the same file.
fn secrets(users: &[DemoUser], officials: &[DemoOfficial]) -> anyhow::Result<String> {
    use argon2::password_hash::PasswordHasher;
    use sha2::Digest;
    let hash = |key: &str, secret: &str| -> anyhow::Result<String> {
        let salt = sha2::Sha256::digest(format!("polodesk demo {key}").as_bytes());
        let hash = argon2::Argon2::default()
            .hash_password_with_salt(secret.as_bytes(), &salt[..16])
            .map_err(|e| anyhow::anyhow!("cannot hash the secret of {key}: {e}"))?;
        Ok(hash.to_string())
    };
    let mut passwords = serde_json::Map::new();
    for user in users {
        passwords.insert(
            user.email.clone(),
            hash(&user.email, &user.password)?.into(),
        );
    }
    let mut pins = serde_json::Map::new();
    for official in officials {
        let name = format!("{} {}", official.name, official.surname);
        pins.insert(name.clone(), hash(&name, &official.pin)?.into());
    }
    let document = serde_json::json!({ "passwords": passwords, "pins": pins });
    Ok(serde_json::to_string_pretty(&document)? + "\n")
}

/// Writes what `generate` made into `fixtures/demo/`.
pub fn write(root: &Path) -> anyhow::Result<()> {
    let generated = generate(root)?;
    let dir = root.join("fixtures/demo");
    std::fs::write(dir.join("season.json"), &generated.season)?;
    std::fs::write(dir.join("secrets.json"), &generated.secrets)?;
    std::fs::create_dir_all(dir.join("crests"))?;
    for (file, bytes) in &generated.crests {
        std::fs::write(dir.join("crests").join(file), bytes)?;
    }
    println!(
        "wrote fixtures/demo/season.json ({} bytes), secrets.json and {} crests",
        generated.season.len(),
        generated.crests.len()
    );
    Ok(())
}

/// The season as readable JSON: one line per match header and one per event.
fn to_json(season: &Season) -> anyhow::Result<String> {
    let mut out = String::from("{\n");
    out += &format!(
        "  \"competition\": {},\n  \"seed\": {},\n  \"matches\": [\n",
        serde_json::to_string(&season.competition)?,
        season.seed
    );
    for (i, game) in season.matches.iter().enumerate() {
        let head = serde_json::to_string(&SeasonMatch {
            events: Vec::new(),
            ..game.clone()
        })?;
        let events = &game.events;
        out += "    ";
        if events.is_empty() {
            out += &head;
        } else {
            out += &head[..head.len() - 1];
            out += ", \"events\": [\n";
            let lines: Vec<String> = events
                .iter()
                .map(|e| serde_json::to_string(e).map(|e| format!("      {e}")))
                .collect::<Result<_, _>>()?;
            out += &lines.join(",\n");
            out += "\n    ]}";
        }
        out += if i + 1 < season.matches.len() {
            ",\n"
        } else {
            "\n"
        };
    }
    out += "  ]\n}\n";
    Ok(out)
}

/// The double round robin by the circle method: 7 rounds, then the same with home and away
/// swapped.
fn schedule(teams: &[String]) -> Vec<Vec<(usize, usize)>> {
    let n = teams.len();
    let mut ring: Vec<usize> = (0..n).collect();
    let mut rounds = Vec::new();
    for round in 0..n - 1 {
        let mut pairs = Vec::new();
        for i in 0..n / 2 {
            let (a, b) = (ring[i], ring[n - 1 - i]);
            // Alternate the fixed team's home games; the others by position.
            let home_first = if i == 0 { round % 2 == 0 } else { i % 2 == 1 };
            pairs.push(if home_first { (a, b) } else { (b, a) });
        }
        rounds.push(pairs);
        let last = ring.pop().unwrap_or_default();
        ring.insert(1, last);
    }
    let second: Vec<Vec<(usize, usize)>> = rounds
        .iter()
        .map(|r| r.iter().map(|&(h, a)| (a, h)).collect())
        .collect();
    rounds.extend(second);
    rounds
}

fn instant(text: &str) -> anyhow::Result<Instant> {
    Instant::parse(text).with_context(|| format!("{text} is not an instant"))
}

fn simulate(
    league: &Competition,
    squads: &[Squad],
    clubs: &[Club],
    officials: &[DemoOfficial],
) -> anyhow::Result<Season> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let full = |o: &DemoOfficial| format!("{} {}", o.name, o.surname);
    let with_role = |role: OfficialRole| -> Vec<String> {
        officials
            .iter()
            .filter(|o| o.federation == "Vaterpolo savez Srbije" && o.roles.contains(&role))
            .map(full)
            .collect()
    };
    let referees = with_role(OfficialRole::Referee);
    let delegates = with_role(OfficialRole::Delegate);
    ensure!(
        referees.len() >= 4 && !delegates.is_empty(),
        "too few officials"
    );
    let mut matches = Vec::new();
    for (r, pairs) in schedule(&league.teams).into_iter().enumerate() {
        let round = r + 1;
        for (k, (h, a)) in pairs.into_iter().enumerate() {
            let (home, away) = (&league.teams[h], &league.teams[a]);
            let club = clubs
                .iter()
                .find(|c| &c.name == home)
                .with_context(|| format!("no club {home}"))?;
            let start = instant(&format!("{}T{}", ROUND_DAYS[r], KICK_OFFS[k]))?;
            let mut game = SeasonMatch {
                round: round.to_string(),
                number: format!("SL-{round:02}{}", k + 1),
                home: home.clone(),
                away: away.clone(),
                start,
                end: None,
                venue: club.venue.clone().unwrap_or_default(),
                city: club.city.clone().unwrap_or_default(),
                status: MatchStatus::NotStarted,
                home_lineup: Vec::new(),
                away_lineup: Vec::new(),
                officials: Vec::new(),
                events: Vec::new(),
            };
            if round <= PLAYED_ROUNDS {
                let roster = |team: &str| -> anyhow::Result<Vec<(u8, Position)>> {
                    let squad = squads
                        .iter()
                        .find(|s| s.team == team)
                        .with_context(|| format!("no squad for {team}"))?;
                    Ok(squad
                        .players
                        .iter()
                        .map(|p| (p.cap_number, p.position_id))
                        .collect())
                };
                let strength = |team: &str| {
                    STRENGTH
                        .iter()
                        .find(|(t, _)| *t == team)
                        .map_or(1.0, |(_, s)| *s)
                };
                let shootout = (round, k + 1) == SHOOTOUT_MATCH;
                let sides = [
                    (roster(home)?, strength(home)),
                    (roster(away)?, strength(away)),
                ];
                let log = play(&mut rng, &sides, shootout)?;
                game.home_lineup = sides[0].0.iter().map(|(cap, _)| *cap).collect();
                game.away_lineup = sides[1].0.iter().map(|(cap, _)| *cap).collect();
                game.events = log;
                game.status = MatchStatus::Finished;
                game.end = Some(Instant(start.0 + 95 * 60));
                let mut pool = referees.clone();
                pool.shuffle(&mut rng);
                let delegate = delegates[rng.gen_range(0..delegates.len())].clone();
                let confirmed = |minutes: i64| Some(Instant(start.0 + (100 + minutes) * 60));
                game.officials = vec![
                    SeasonOfficial {
                        name: pool[0].clone(),
                        role: OfficialRole::Referee,
                        confirmed_at: confirmed(2),
                    },
                    SeasonOfficial {
                        name: pool[1].clone(),
                        role: OfficialRole::Referee,
                        confirmed_at: confirmed(3),
                    },
                    SeasonOfficial {
                        name: delegate,
                        role: OfficialRole::Delegate,
                        confirmed_at: confirmed(5),
                    },
                ];
            }
            matches.push(game);
        }
    }
    Ok(Season {
        competition: league.name.clone(),
        seed: SEED,
        matches,
    })
}

/// A 64×64 crest: a shield in the club's first colour with two stripes of its second, edged in
/// dark grey, on a transparent ground.
fn crest(primary: [u8; 3], secondary: [u8; 3]) -> anyhow::Result<Vec<u8>> {
    const SIDE: u32 = 64;
    let mut pixels = Vec::with_capacity((SIDE * SIDE * 4) as usize);
    for y in 0..SIDE {
        for x in 0..SIDE {
            let (fx, fy) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            // Straight sides down to 60%, then an arc to the point at the bottom.
            let half = if fy < 38.0 {
                26.0
            } else {
                26.0 * (1.0 - ((fy - 38.0) / 22.0).powi(2)).max(0.0).sqrt()
            };
            let dx = (fx - 32.0).abs();
            let inside = fy > 6.0 && fy < 60.0 && dx < half;
            let edge = inside && (dx > half - 2.5 || fy < 8.5);
            let stripe = ((fx - 32.0).abs() > 5.0 && (fx - 32.0).abs() < 12.0) && fy > 8.5;
            let rgba = if !inside {
                [0, 0, 0, 0]
            } else if edge {
                [40, 40, 40, 255]
            } else if stripe {
                [secondary[0], secondary[1], secondary[2], 255]
            } else {
                [primary[0], primary[1], primary[2], 255]
            };
            pixels.extend_from_slice(&rgba);
        }
    }
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, SIDE, SIDE);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&pixels)?;
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
    }

    /// The committed season and crests are what the seed makes (regenerate with
    /// `cargo xtask demo-season` after changing the simulator or the registry).
    #[test]
    fn the_committed_season_is_what_the_seed_makes() {
        let generated = generate(&root()).unwrap();
        let committed = std::fs::read_to_string(root().join("fixtures/demo/season.json")).unwrap();
        assert!(
            generated.season == committed,
            "fixtures/demo/season.json drifted: run cargo xtask demo-season"
        );
        for (file, bytes) in &generated.crests {
            let on_disk = std::fs::read(root().join("fixtures/demo/crests").join(file)).unwrap();
            assert!(&on_disk == bytes, "crest {file} drifted");
        }
        let secrets = std::fs::read_to_string(root().join("fixtures/demo/secrets.json")).unwrap();
        assert!(
            generated.secrets == secrets,
            "fixtures/demo/secrets.json drifted: run cargo xtask demo-season"
        );
    }

    #[test]
    fn the_schedule_is_a_double_round_robin() {
        let teams: Vec<String> = (0..8).map(|i| i.to_string()).collect();
        let rounds = schedule(&teams);
        assert_eq!(rounds.len(), 14);
        let mut pairs: Vec<(usize, usize)> = rounds.iter().flatten().copied().collect();
        for round in &rounds {
            let mut seen: Vec<usize> = round.iter().flat_map(|&(h, a)| [h, a]).collect();
            seen.sort_unstable();
            assert_eq!(
                seen,
                (0..8).collect::<Vec<_>>(),
                "everyone plays once a round"
            );
        }
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), 56, "each team hosts each other team once");
        let homes: Vec<usize> = (0..8)
            .map(|t| rounds.iter().flatten().filter(|(h, _)| *h == t).count())
            .collect();
        assert!(
            homes.iter().all(|&h| h == 7),
            "seven home games each: {homes:?}"
        );
    }
}
