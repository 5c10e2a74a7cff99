//! The demo data of `polodesk serve --demo` (reference data, two federations, 18 clubs with
//! crests, their teams, squads and coaches, officials with PINs, one account of each kind, and
//! the league season of `fixtures/demo/season.json` with its match logs), compiled into the
//! binary from `fixtures/` so the binary needs no files beside it. Every record goes through the
//! same validation as the API, and all of it is written in one transaction.

mod season;

use std::collections::HashMap;

use anyhow::{Context, bail};
use polodesk_domain::clubs::{Club, ClubInput};
use polodesk_domain::coaches::{Coach, CoachFields};
use polodesk_domain::codes::{CoachRole, Hand, OfficialRole, Position, UserType};
use polodesk_domain::competitions::{Competition, CompetitionInput};
use polodesk_domain::dates::{Date, Instant};
use polodesk_domain::federations::{Federation, FederationInput};
use polodesk_domain::matches::{
    MatchCoachInput, MatchFields, MatchOfficialInput, MatchPlayerInput, MatchState, check_coaches,
    check_officials, check_players,
};
use polodesk_domain::memberships::{
    ClubCoach, ClubCoachFields, ClubPlayer, ClubPlayerFields, CompetitionTeam,
    CompetitionTeamFields, FederationOfficial, FederationOfficialFields, TeamCoach,
    TeamCoachFields, TeamPlayer, TeamPlayerFields,
};
use polodesk_domain::officials::{Official, OfficialFields, check_pin};
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::players::{Player, PlayerFields};
use polodesk_domain::reference::{
    Category, CategoryInput, City, CityInput, CompetitionType, CompetitionTypeInput, Country,
    CountryInput,
};
use polodesk_domain::teams::{Team, TeamInput};
use polodesk_domain::users::UserInput;
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::{Actor, Batch, MatchLog, Store, StoreError};
use serde::Deserialize;
use serde::de::DeserializeOwned;

const COUNTRIES: &str = include_str!("../../../fixtures/reference/countries.json");
const CATEGORIES: &str = include_str!("../../../fixtures/reference/categories.json");
const COMPETITION_TYPES: &str = include_str!("../../../fixtures/reference/competition-types.json");
const PERSONS: &str = include_str!("../../../fixtures/demo/persons.json");
const USERS: &str = include_str!("../../../fixtures/demo/users.json");
const FEDERATIONS: &str = include_str!("../../../fixtures/demo/federations.json");
const CLUBS: &str = include_str!("../../../fixtures/demo/clubs.json");
const TEAMS: &str = include_str!("../../../fixtures/demo/teams.json");
const COMPETITIONS: &str = include_str!("../../../fixtures/demo/competitions.json");
const SQUADS: &str = include_str!("../../../fixtures/demo/squads.json");
const OFFICIALS: &str = include_str!("../../../fixtures/demo/officials.json");
const SEASON: &str = include_str!("../../../fixtures/demo/season.json");
const SECRETS: &str = include_str!("../../../fixtures/demo/secrets.json");

/// The argon2id hashes of the demo passwords (by email) and PINs (by "Name Surname"), made by
/// `cargo xtask demo-season`: hashing them at every first start would cost most of a second.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Secrets {
    passwords: HashMap<String, String>,
    pins: HashMap<String, String>,
}

impl Secrets {
    fn parse() -> anyhow::Result<Secrets> {
        serde_json::from_str(SECRETS).context("fixtures/demo/secrets.json is not valid")
    }
}

fn hash_of<'a>(hashes: &'a HashMap<String, String>, key: &str) -> anyhow::Result<&'a String> {
    hashes.get(key).with_context(|| {
        format!("fixtures/demo/secrets.json has no hash for {key}: run cargo xtask demo-season")
    })
}

/// The club crests by short name, drawn by `cargo xtask demo-season`.
const CRESTS: [(&str, &[u8]); 18] = [
    (
        "PAR",
        include_bytes!("../../../fixtures/demo/crests/par.png"),
    ),
    (
        "CZV",
        include_bytes!("../../../fixtures/demo/crests/czv.png"),
    ),
    (
        "RAD",
        include_bytes!("../../../fixtures/demo/crests/rad.png"),
    ),
    (
        "SAB",
        include_bytes!("../../../fixtures/demo/crests/sab.png"),
    ),
    (
        "NBG",
        include_bytes!("../../../fixtures/demo/crests/nbg.png"),
    ),
    (
        "VOJ",
        include_bytes!("../../../fixtures/demo/crests/voj.png"),
    ),
    (
        "ZRE",
        include_bytes!("../../../fixtures/demo/crests/zre.png"),
    ),
    (
        "SIN",
        include_bytes!("../../../fixtures/demo/crests/sin.png"),
    ),
    (
        "VAL",
        include_bytes!("../../../fixtures/demo/crests/val.png"),
    ),
    (
        "TNT",
        include_bytes!("../../../fixtures/demo/crests/tnt.png"),
    ),
    (
        "ZEM",
        include_bytes!("../../../fixtures/demo/crests/zem.png"),
    ),
    (
        "SME",
        include_bytes!("../../../fixtures/demo/crests/sme.png"),
    ),
    (
        "TAS",
        include_bytes!("../../../fixtures/demo/crests/tas.png"),
    ),
    (
        "STU",
        include_bytes!("../../../fixtures/demo/crests/stu.png"),
    ),
    (
        "SOM",
        include_bytes!("../../../fixtures/demo/crests/som.png"),
    ),
    (
        "SPA",
        include_bytes!("../../../fixtures/demo/crests/spa.png"),
    ),
    (
        "VRB",
        include_bytes!("../../../fixtures/demo/crests/vrb.png"),
    ),
    (
        "SEN",
        include_bytes!("../../../fixtures/demo/crests/sen.png"),
    ),
];

/// The demo accounts, which `serve --demo` prints (as do `cargo xtask run` and the README).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DemoUser {
    pub email: String,
    pub password: String,
    type_id: u16,
    /// "Name Surname" of a demo person, for Person accounts.
    person: Option<String>,
    /// The name of a demo federation, for Federation accounts.
    federation: Option<String>,
    /// The name of a demo club, for Club accounts.
    club: Option<String>,
}

/// A demo club; its federation by name, its country by ISO code, its city by local name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoClub {
    name: String,
    name_universal: String,
    short_name: Option<String>,
    federation: Option<String>,
    country: String,
    city: Option<String>,
    venue: Option<String>,
    active_from: Option<Date>,
    is_pro: bool,
}

/// A demo federation; its country by ISO code and its city by local name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoFederation {
    name: String,
    name_universal: String,
    short_name: Option<String>,
    country: String,
    city: Option<String>,
    active_from: Date,
    president: Option<String>,
    address: Option<String>,
    phone: Option<String>,
    web: Option<String>,
    email: Option<String>,
    is_pro: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoPerson {
    name: String,
    surname: String,
    birth_date: Date,
}

impl DemoPerson {
    fn fields(&self) -> PersonFields {
        PersonFields::new(&self.name, &self.surname, self.birth_date)
    }
}

/// A demo team: its club by name, its category by local name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoTeam {
    name: String,
    name_universal: String,
    club: String,
    category: String,
}

/// A demo competition with the teams entered in it, all by name.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoCompetition {
    name: String,
    name_universal: String,
    short_name: Option<String>,
    federation: String,
    category: String,
    competition_type: String,
    season: String,
    start_date: Date,
    end_date: Date,
    teams: Vec<String>,
}

/// A team's bench: its head coach and its players with their caps.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoSquad {
    team: String,
    head_coach: DemoPerson,
    assistant_coach: Option<DemoPerson>,
    players: Vec<DemoPlayer>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoPlayer {
    name: String,
    surname: String,
    birth_date: Date,
    cap_number: u8,
    position_id: Position,
    dominant_hand: Hand,
    height: String,
    weight: String,
}

/// A demo official with its roles in one federation.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoOfficial {
    name: String,
    surname: String,
    birth_date: Date,
    title: Option<String>,
    federation: String,
    roles: Vec<OfficialRole>,
    active_from: Date,
    /// The PIN the official confirms match logs with (hashed at load).
    pin: String,
}

pub fn users() -> anyhow::Result<Vec<DemoUser>> {
    parse_at("demo", "users.json", USERS)
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoCountry {
    name: String,
    name_universal: String,
    code: String,
    cities: Vec<DemoCity>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DemoCity {
    name: String,
    name_universal: String,
}

/// What `load` wrote, for the log.
#[derive(Debug, PartialEq, Eq)]
pub struct Loaded {
    pub countries: usize,
    pub cities: usize,
    pub categories: usize,
    pub competition_types: usize,
    pub persons: usize,
    pub federations: usize,
    pub clubs: usize,
    pub teams: usize,
    pub competitions: usize,
    pub coaches: usize,
    pub players: usize,
    pub officials: usize,
    pub users: usize,
    pub matches: usize,
    pub events: usize,
}

impl std::fmt::Display for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} countries, {} cities, {} categories, {} competition types, {} persons, \
             {} federations, {} clubs, {} teams, {} competitions, {} coaches, {} players, \
             {} officials, {} users, {} matches, {} events",
            self.countries,
            self.cities,
            self.categories,
            self.competition_types,
            self.persons,
            self.federations,
            self.clubs,
            self.teams,
            self.competitions,
            self.coaches,
            self.players,
            self.officials,
            self.users,
            self.matches,
            self.events
        )
    }
}

fn parse_at<T: DeserializeOwned>(folder: &str, file: &str, json: &str) -> anyhow::Result<Vec<T>> {
    serde_json::from_str(json).with_context(|| format!("fixtures/{folder}/{file} is not valid"))
}

fn parse<T: DeserializeOwned>(file: &str, json: &str) -> anyhow::Result<Vec<T>> {
    parse_at("reference", file, json)
}

fn checked_at<T>(
    folder: &str,
    file: &str,
    what: &str,
    result: Result<T, ValidationErrors>,
) -> anyhow::Result<T> {
    match result {
        Ok(fields) => Ok(fields),
        Err(errors) => bail!("fixtures/{folder}/{file}: {what}: {errors}"),
    }
}

fn checked<T>(file: &str, what: &str, result: Result<T, ValidationErrors>) -> anyhow::Result<T> {
    checked_at("reference", file, what, result)
}

/// The crest of a club, as the API stores a logo (base64 PNG), checked like an upload.
fn crest(short_name: Option<&str>) -> Option<String> {
    use base64::Engine;
    let (_, bytes) = CRESTS
        .iter()
        .find(|(short, _)| Some(*short) == short_name)?;
    Some(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// Loads the demo data in one transaction: all of it or nothing.
pub async fn load(store: &Store) -> anyhow::Result<Loaded> {
    let mut countries = Vec::new();
    for country in parse::<DemoCountry>("countries.json", COUNTRIES)? {
        let input = CountryInput {
            name: Some(country.name),
            name_universal: Some(country.name_universal),
            code: Some(country.code),
        };
        let what = format!("{input:?}");
        let fields = checked("countries.json", &what, input.validate())?;
        let mut cities = Vec::new();
        for city in country.cities {
            // The country id is not known yet; 0 stands in for it and is replaced below.
            let input = CityInput {
                name: Some(city.name),
                name_universal: Some(city.name_universal),
                country_id: Some(0),
            };
            let what = format!("{input:?}");
            cities.push(checked("countries.json", &what, input.validate())?);
        }
        countries.push((fields, cities));
    }
    let categories = parse::<CategoryInput>("categories.json", CATEGORIES)?
        .into_iter()
        .map(|input| checked("categories.json", &format!("{input:?}"), input.validate()))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let competition_types =
        parse::<CompetitionTypeInput>("competition-types.json", COMPETITION_TYPES)?
            .into_iter()
            .map(|input| {
                checked(
                    "competition-types.json",
                    &format!("{input:?}"),
                    input.validate(),
                )
            })
            .collect::<anyhow::Result<Vec<_>>>()?;

    let federations = parse_at::<DemoFederation>("demo", "federations.json", FEDERATIONS)?;
    let clubs = parse_at::<DemoClub>("demo", "clubs.json", CLUBS)?;
    let persons: Vec<PersonFields> = parse_at::<DemoPerson>("demo", "persons.json", PERSONS)?
        .iter()
        .map(DemoPerson::fields)
        .collect();
    let teams = parse_at::<DemoTeam>("demo", "teams.json", TEAMS)?;
    let competitions = parse_at::<DemoCompetition>("demo", "competitions.json", COMPETITIONS)?;
    let squads = parse_at::<DemoSquad>("demo", "squads.json", SQUADS)?;
    let officials = parse_at::<DemoOfficial>("demo", "officials.json", OFFICIALS)?;
    let season: season::Season =
        serde_json::from_str(SEASON).context("fixtures/demo/season.json is not valid")?;
    let secrets = Secrets::parse()?;
    let mut pin_hashes = Vec::new();
    for official in &officials {
        let what = format!("{} {}", official.name, official.surname);
        checked_at(
            "demo",
            "officials.json",
            &what,
            check_pin(Some(&official.pin)),
        )?;
        pin_hashes.push(hash_of(&secrets.pins, &what)?.clone());
    }
    let mut accounts = Vec::new();
    let mut account_hashes = Vec::new();
    for user in users()? {
        let type_id = UserType::try_from(user.type_id)?;
        // The person id is known once the persons are written; 0 stands in for it below.
        let input = UserInput {
            email: Some(user.email.clone()),
            type_id: Some(type_id),
            person_id: user.person.is_some().then_some(0),
            federation_id: user.federation.is_some().then_some(0),
            club_id: user.club.is_some().then_some(0),
            ..UserInput::default()
        };
        let fields = checked_at("demo", "users.json", &user.email, input.validate())?;
        account_hashes.push(hash_of(&secrets.passwords, &user.email)?.clone());
        accounts.push((fields, user.person, user.federation, user.club));
    }

    let loaded = store
        .batch(move |batch| {
            let mut loaded = Loaded {
                countries: countries.len(),
                cities: 0,
                categories: categories.len(),
                competition_types: competition_types.len(),
                persons: persons.len(),
                federations: federations.len(),
                clubs: clubs.len(),
                teams: teams.len(),
                competitions: competitions.len(),
                coaches: squads
                    .iter()
                    .map(|s| 1 + usize::from(s.assistant_coach.is_some()))
                    .sum(),
                players: squads.iter().map(|s| s.players.len()).sum(),
                officials: officials.len(),
                users: accounts.len(),
                matches: season.matches.len(),
                events: 0,
            };
            let mut country_ids = HashMap::new();
            let mut city_ids = HashMap::new();
            for (fields, cities) in countries {
                let country = batch.create::<Country>(fields)?;
                country_ids.insert(country.code.clone(), country.id);
                for mut city in cities {
                    city.country_id = country.id;
                    let city = batch.create::<City>(city)?;
                    city_ids.insert((country.id, city.name), city.id);
                    loaded.cities += 1;
                }
            }
            let mut federation_ids = HashMap::new();
            for demo in federations {
                let country_id = country_ids.get(&demo.country).copied();
                let city_id = demo.city.as_ref().and_then(|name| {
                    city_ids
                        .get(&(country_id.unwrap_or_default(), name.clone()))
                        .copied()
                });
                let input = FederationInput {
                    name: Some(demo.name.clone()),
                    name_universal: Some(demo.name_universal),
                    short_name: demo.short_name,
                    country_id,
                    city_id,
                    active_from: Some(demo.active_from),
                    president: demo.president,
                    address: demo.address,
                    phone: demo.phone,
                    web: demo.web,
                    email: demo.email,
                    is_pro: Some(demo.is_pro),
                    ..FederationInput::default()
                };
                let fields = input.validate().map_err(StoreError::Invalid)?;
                let federation = batch.create::<Federation>(fields)?;
                federation_ids.insert(demo.name, federation.id);
            }
            let mut club_ids = HashMap::new();
            for demo in clubs {
                let country_id = country_ids.get(&demo.country).copied();
                let city_id = demo.city.as_ref().and_then(|name| {
                    city_ids
                        .get(&(country_id.unwrap_or_default(), name.clone()))
                        .copied()
                });
                let input = ClubInput {
                    name: Some(demo.name.clone()),
                    name_universal: Some(demo.name_universal),
                    logo: crest(demo.short_name.as_deref()),
                    short_name: demo.short_name,
                    federation_id: demo
                        .federation
                        .and_then(|f| federation_ids.get(&f).copied()),
                    country_id,
                    city_id,
                    venue: demo.venue,
                    active_from: demo.active_from,
                    is_pro: Some(demo.is_pro),
                    ..ClubInput::default()
                };
                let fields = input.validate().map_err(StoreError::Invalid)?;
                let club = batch.create::<Club>(fields)?;
                club_ids.insert(demo.name, club.id);
            }
            let mut category_ids = HashMap::new();
            for fields in categories {
                let category = batch.create::<Category>(fields)?;
                category_ids.insert(category.name, category.id);
            }
            let mut type_ids = HashMap::new();
            for fields in competition_types {
                let kind = batch.create::<CompetitionType>(fields)?;
                type_ids.insert(kind.name, kind.id);
            }
            let registry = Registry {
                federations: &federation_ids,
                clubs: &club_ids,
                categories: &category_ids,
                competition_types: &type_ids,
            };
            let (team_ids, competition_ids) =
                registry.teams_and_competitions(batch, teams, competitions)?;
            let mut people = People::default();
            let rosters = registry.squads(batch, &team_ids, squads, &mut people)?;
            let official_ids = registry.officials(batch, officials, pin_hashes, &mut people)?;
            for fields in persons {
                let person = batch.create::<Person>(fields)?;
                people.add(&person);
            }
            for ((mut fields, person, federation, club), hash) in
                accounts.into_iter().zip(account_hashes)
            {
                if let Some(name) = federation {
                    fields.federation_id = federation_ids.get(&name).copied();
                }
                if let Some(name) = club {
                    fields.club_id = club_ids.get(&name).copied();
                }
                if let Some(full_name) = person {
                    fields.person_id = Some(people.one(&full_name)?);
                }
                batch.create_user(fields, Some(hash))?;
            }
            let league = SeasonIds {
                competition: named(&competition_ids, "competition", &season.competition)?,
                cities: &city_ids,
                serbia: country_ids.get("RS").copied(),
                teams: &team_ids,
                rosters: &rosters,
                officials: &official_ids,
            };
            loaded.events = league.load(batch, season)?;
            Ok(loaded)
        })
        .await?;
    Ok(loaded)
}

/// Every demo person by full name, for the accounts that name one.
#[derive(Default)]
struct People(HashMap<String, Vec<u64>>);

impl People {
    fn add(&mut self, person: &Person) {
        self.0
            .entry(person.full_name())
            .or_default()
            .push(person.id);
    }

    /// The one person of that name; none or several is a broken fixture.
    fn one(&self, full_name: &str) -> Result<u64, StoreError> {
        match self.0.get(full_name).map(Vec::as_slice) {
            Some([id]) => Ok(*id),
            _ => Err(StoreError::Invalid(ValidationErrors::single(
                "person",
                &format!("the demo files name no single person {full_name:?}"),
            ))),
        }
    }
}

/// A team's squad as the season names it: players by cap number, coaches by role.
#[derive(Debug, Default)]
struct Roster {
    players: HashMap<u8, (u64, Position)>,
    coaches: Vec<(CoachRole, u64)>,
}

/// Ids by the names the demo files use, for the registry part of the demo.
struct Registry<'a> {
    federations: &'a HashMap<String, u64>,
    clubs: &'a HashMap<String, u64>,
    categories: &'a HashMap<String, u64>,
    competition_types: &'a HashMap<String, u64>,
}

/// A name in a demo file that names nothing: a broken fixture, reported as such.
fn named(ids: &HashMap<String, u64>, what: &str, name: &str) -> Result<u64, StoreError> {
    ids.get(name).copied().ok_or_else(|| {
        StoreError::Invalid(ValidationErrors::single(
            what,
            &format!("the demo files name no {what} {name:?}"),
        ))
    })
}

type TeamIds = HashMap<String, (u64, u64)>;

impl Registry<'_> {
    /// Creates the teams, then the competitions with their entries; returns team ids (with
    /// their club's) and competition ids by name.
    fn teams_and_competitions(
        &self,
        batch: &Batch<'_>,
        teams: Vec<DemoTeam>,
        competitions: Vec<DemoCompetition>,
    ) -> Result<(TeamIds, HashMap<String, u64>), StoreError> {
        let mut team_ids = HashMap::new();
        for demo in teams {
            let club_id = named(self.clubs, "club", &demo.club)?;
            let input = TeamInput {
                name: Some(demo.name.clone()),
                name_universal: Some(demo.name_universal),
                club_id: Some(club_id),
                category_id: Some(named(self.categories, "category", &demo.category)?),
                ..TeamInput::default()
            };
            let team = batch.create::<Team>(input.validate().map_err(StoreError::Invalid)?)?;
            team_ids.insert(demo.name, (team.id, club_id));
        }
        let mut competition_ids = HashMap::new();
        for demo in competitions {
            let input = CompetitionInput {
                name: Some(demo.name.clone()),
                name_universal: Some(demo.name_universal),
                short_name: demo.short_name,
                season: Some(demo.season),
                start_date: Some(demo.start_date),
                end_date: Some(demo.end_date),
                federation_id: Some(named(self.federations, "federation", &demo.federation)?),
                category_id: Some(named(self.categories, "category", &demo.category)?),
                competition_type_id: Some(named(
                    self.competition_types,
                    "competition type",
                    &demo.competition_type,
                )?),
                ..CompetitionInput::default()
            };
            let fields = input.validate().map_err(StoreError::Invalid)?;
            let competition = batch.create::<Competition>(fields)?;
            competition_ids.insert(demo.name, competition.id);
            for team in demo.teams {
                let (team_id, _) = team_ids.get(&team).copied().ok_or_else(|| {
                    StoreError::Invalid(ValidationErrors::single(
                        "team",
                        &format!("the demo files name no team {team:?}"),
                    ))
                })?;
                batch.create::<CompetitionTeam>(CompetitionTeamFields {
                    competition_id: competition.id,
                    team_id,
                    description: None,
                    is_disqualified: false,
                    is_seed: false,
                })?;
            }
        }
        Ok((team_ids, competition_ids))
    }

    /// Each squad's coaches and players, members of the team and of its club; returns each
    /// team's roster by team id.
    fn squads(
        &self,
        batch: &Batch<'_>,
        team_ids: &TeamIds,
        squads: Vec<DemoSquad>,
        people: &mut People,
    ) -> Result<HashMap<u64, Roster>, StoreError> {
        let mut rosters = HashMap::new();
        for squad in squads {
            let (team_id, club_id) = team_ids.get(&squad.team).copied().ok_or_else(|| {
                StoreError::Invalid(ValidationErrors::single(
                    "team",
                    &format!("the demo files name no team {:?}", squad.team),
                ))
            })?;
            let mut roster = Roster::default();
            let bench = std::iter::once((CoachRole::HeadCoach, squad.head_coach)).chain(
                squad
                    .assistant_coach
                    .map(|p| (CoachRole::AssistantCoach, p)),
            );
            for (role_id, demo) in bench {
                let person = batch.create::<Person>(demo.fields())?;
                people.add(&person);
                let coach = batch.create::<Coach>(CoachFields {
                    person_id: person.id,
                })?;
                batch.create::<ClubCoach>(ClubCoachFields {
                    club_id,
                    coach_id: coach.id,
                    active_from: None,
                    active_to: None,
                })?;
                batch.create::<TeamCoach>(TeamCoachFields {
                    team_id,
                    coach_id: coach.id,
                    role_id,
                    active_from: None,
                    active_to: None,
                })?;
                roster.coaches.push((role_id, coach.id));
            }
            for demo in squad.players {
                let fields = PersonFields::new(&demo.name, &demo.surname, demo.birth_date);
                let person = batch.create::<Person>(fields)?;
                people.add(&person);
                let player = batch.create::<Player>(PlayerFields {
                    person_id: person.id,
                    height: Some(demo.height),
                    weight: Some(demo.weight),
                    dominant_hand: Some(demo.dominant_hand),
                    primary_position_id: Some(demo.position_id),
                })?;
                batch.create::<ClubPlayer>(ClubPlayerFields {
                    club_id,
                    player_id: player.id,
                    active_from: None,
                    active_to: None,
                })?;
                batch.create::<TeamPlayer>(TeamPlayerFields {
                    team_id,
                    player_id: player.id,
                    position_id: demo.position_id,
                    cap_number: Some(demo.cap_number),
                    active_from: None,
                    active_to: None,
                })?;
                roster
                    .players
                    .insert(demo.cap_number, (player.id, demo.position_id));
            }
            rosters.insert(team_id, roster);
        }
        Ok(rosters)
    }

    /// The officials with their federation roles and PIN hashes; returns their ids by name.
    fn officials(
        &self,
        batch: &Batch<'_>,
        officials: Vec<DemoOfficial>,
        pin_hashes: Vec<String>,
        people: &mut People,
    ) -> Result<HashMap<String, u64>, StoreError> {
        let mut ids = HashMap::new();
        for (demo, pin_hash) in officials.into_iter().zip(pin_hashes) {
            let fields = PersonFields::new(&demo.name, &demo.surname, demo.birth_date);
            let person = batch.create::<Person>(fields)?;
            people.add(&person);
            let official = batch.create::<Official>(OfficialFields {
                person_id: person.id,
                title: demo.title,
            })?;
            batch.set_official_pin(official.id, pin_hash)?;
            batch.create::<FederationOfficial>(FederationOfficialFields {
                federation_id: named(self.federations, "federation", &demo.federation)?,
                official_id: official.id,
                roles: demo.roles,
                active_from: demo.active_from,
                active_to: None,
            })?;
            ids.insert(person.full_name(), official.id);
        }
        Ok(ids)
    }
}

/// What the season file's names stand for in the store.
struct SeasonIds<'a> {
    competition: u64,
    cities: &'a HashMap<(u64, String), u64>,
    serbia: Option<u64>,
    teams: &'a TeamIds,
    rosters: &'a HashMap<u64, Roster>,
    officials: &'a HashMap<String, u64>,
}

impl SeasonIds<'_> {
    /// Writes every match of the season with its log; returns how many events were written.
    fn load(&self, batch: &Batch<'_>, season: season::Season) -> Result<usize, StoreError> {
        use season::Team as Side;
        let actor = Actor {
            user_id: 0,
            user: "demo data".into(),
            at: Instant(0),
            may_correct: true,
        };
        let mut count = 0;
        for game in season.matches {
            let home = named_team(self.teams, &game.home)?;
            let away = named_team(self.teams, &game.away)?;
            let empty = Roster::default();
            let roster = |side: Side| {
                let team = if side == Side::Home { home } else { away };
                self.rosters.get(&team).unwrap_or(&empty)
            };
            let mut fields = MatchFields::new(home, away, self.competition, game.start);
            fields.round = Some(game.round);
            fields.number = Some(game.number);
            fields.venue = Some(game.venue);
            fields.country_id = self.serbia;
            fields.city_id = self
                .cities
                .get(&(self.serbia.unwrap_or_default(), game.city))
                .copied();
            fields.end_date = game.end;
            let actor = Actor {
                at: game.start,
                ..actor.clone()
            };
            let mut rows = Vec::new();
            for (side, caps) in [
                (Side::Home, &game.home_lineup),
                (Side::Away, &game.away_lineup),
            ] {
                let team_id = if side == Side::Home { home } else { away };
                for &cap in caps {
                    let (player_id, position) = roster(side)
                        .players
                        .get(&cap)
                        .copied()
                        .unwrap_or((0, Position::Driver));
                    rows.push(MatchPlayerInput {
                        team_id: Some(team_id),
                        player_id: Some(player_id),
                        position_id: (position != Position::Goalkeeper).then_some(position),
                        number: Some(cap),
                        cap_number: Some(cap),
                        ..MatchPlayerInput::default()
                    });
                }
            }
            let state = MatchState::new(fields.clone());
            let players = check_players(&state, rows).map_err(StoreError::Invalid)?;
            let mut coaches = Vec::new();
            if !players.is_empty() {
                for (side, team_id) in [(Side::Home, home), (Side::Away, away)] {
                    for &(role, coach_id) in &roster(side).coaches {
                        coaches.push(MatchCoachInput {
                            team_id: Some(team_id),
                            coach_id: Some(coach_id),
                            role_id: Some(role),
                            ..MatchCoachInput::default()
                        });
                    }
                }
            }
            let coaches = check_coaches(&state, coaches).map_err(StoreError::Invalid)?;
            let mut officials = Vec::new();
            let mut confirmations = Vec::new();
            for official in &game.officials {
                let id = named(self.officials, "official", &official.name)?;
                officials.push(MatchOfficialInput {
                    official_id: Some(id),
                    role_id: Some(official.role),
                    ..MatchOfficialInput::default()
                });
                if let Some(at) = official.confirmed_at {
                    confirmations.push((id, at));
                }
            }
            let officials = check_officials(officials).map_err(StoreError::Invalid)?;
            let ids = season::Ids {
                team: &|side| if side == Side::Home { home } else { away },
                player: &|side, cap| roster(side).players.get(&cap).map_or(0, |p| p.0),
                coach: &|side, role| {
                    roster(side)
                        .coaches
                        .iter()
                        .find(|(r, _)| *r == role)
                        .map_or(0, |c| c.1)
                },
            };
            let events = game
                .events
                .iter()
                .map(|event| event.input(0, &ids).validate())
                .collect::<Result<Vec<_>, _>>()
                .map_err(StoreError::Invalid)?;
            count += events.len();
            batch.write_match_log(
                MatchLog {
                    fields,
                    players,
                    coaches,
                    officials,
                    events,
                    status: game.status,
                    confirmations,
                },
                &actor,
            )?;
        }
        Ok(count)
    }
}

fn named_team(teams: &TeamIds, name: &str) -> Result<u64, StoreError> {
    teams.get(name).map(|t| t.0).ok_or_else(|| {
        StoreError::Invalid(ValidationErrors::single(
            "team",
            &format!("the demo files name no team {name:?}"),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every committed hash is the hash of the password or PIN the fixtures (and README) name.
    #[tokio::test]
    async fn the_committed_hashes_match_the_demo_passwords_and_pins() {
        use polodesk_server::identity::secrets::verify_password;
        let secrets = Secrets::parse().unwrap();
        let users = users().unwrap();
        assert_eq!(secrets.passwords.len(), users.len());
        for user in users {
            let hash = secrets.passwords[&user.email].clone();
            assert!(
                verify_password(user.password.clone(), hash.clone()).await,
                "{}",
                user.email
            );
            assert!(!verify_password("wrong-password".into(), hash).await);
        }
        let officials = parse_at::<DemoOfficial>("demo", "officials.json", OFFICIALS).unwrap();
        assert_eq!(secrets.pins.len(), officials.len());
        for official in officials {
            let name = format!("{} {}", official.name, official.surname);
            assert!(
                verify_password(official.pin, secrets.pins[&name].clone()).await,
                "{name}"
            );
        }
    }

    #[tokio::test]
    async fn demo_reference_data_is_valid_and_complete() {
        let store = Store::in_memory().unwrap();
        let loaded = load(&store).await.unwrap();
        assert_eq!(loaded.countries, store.list::<Country>().unwrap().len());
        assert_eq!(loaded.cities, store.list::<City>().unwrap().len());
        let countries = store.list::<Country>().unwrap();
        for (code, universal) in [
            ("RS", "Serbia"),
            ("HR", "Croatia"),
            ("ME", "Montenegro"),
            ("HU", "Hungary"),
            ("GR", "Greece"),
            ("IT", "Italy"),
            ("ES", "Spain"),
            ("FR", "France"),
            ("DE", "Germany"),
            ("NL", "Netherlands"),
            ("US", "United States"),
            ("AU", "Australia"),
        ] {
            let country = countries
                .iter()
                .find(|c| c.code == code)
                .unwrap_or_else(|| panic!("{code} is missing"));
            assert_eq!(country.name_universal, universal);
            assert!(
                store.cities_of(country.id).unwrap().len() >= 3,
                "{code} has few cities"
            );
        }
        let categories = store.list::<Category>().unwrap();
        assert!(categories.iter().any(|c| c.name_universal == "Senior Men"));
        assert!(
            categories
                .iter()
                .any(|c| c.name_universal == "Senior Women")
        );
        assert!(
            categories.iter().any(|c| c.upper_age_limit.is_some()),
            "youth categories"
        );
        let staff = store
            .user_by_email("federation@polodesk.test")
            .unwrap()
            .unwrap();
        let federation = store
            .get::<Federation>(staff.federation_id.unwrap())
            .unwrap();
        assert_eq!(federation.fields.short_name.as_deref(), Some("VSS"));
        assert_eq!(
            store.list::<Federation>().unwrap().len(),
            loaded.federations
        );
        let club_staff = store.user_by_email("club@polodesk.test").unwrap().unwrap();
        let club = store.get::<Club>(club_staff.club_id.unwrap()).unwrap();
        assert_eq!(club.fields.name, "VK Partizan");
        assert_eq!(club.fields.federation_id, Some(federation.id));
        assert_eq!(store.list::<Club>().unwrap().len(), loaded.clubs);
        let ana = store
            .user_by_email("person@polodesk.test")
            .unwrap()
            .unwrap();
        let person = store.get::<Person>(ana.person_id.unwrap()).unwrap();
        assert_eq!(
            (person.fields.name.as_str(), person.fields.surname.as_str()),
            ("Ana", "Jovanović")
        );
        let accounts = store.list::<polodesk_domain::users::User>().unwrap();
        assert_eq!(accounts.len(), users().unwrap().len());
        let types: Vec<String> = store
            .list::<CompetitionType>()
            .unwrap()
            .into_iter()
            .map(|t| t.name_universal)
            .collect();
        for kind in ["League", "Cup", "Tournament", "Play-off"] {
            assert!(
                types.iter().any(|t| t == kind),
                "{kind} missing from {types:?}"
            );
        }
    }

    #[tokio::test]
    async fn the_demo_registry_has_squads_competitions_and_officials() {
        use polodesk_store::Owner;
        let store = Store::in_memory().unwrap();
        let loaded = load(&store).await.unwrap();
        assert_eq!(store.list::<Team>().unwrap().len(), loaded.teams);
        assert_eq!(store.list::<Player>().unwrap().len(), loaded.players);
        assert_eq!(store.list::<Coach>().unwrap().len(), loaded.coaches);
        assert_eq!(store.list::<Official>().unwrap().len(), loaded.officials);
        let partizan = store
            .list::<Team>()
            .unwrap()
            .into_iter()
            .find(|t| t.fields.name == "VK Partizan")
            .unwrap();
        let squad = store
            .links::<TeamPlayerFields>(Owner::Team(partizan.id))
            .unwrap();
        let mut caps: Vec<u8> = squad.iter().filter_map(|p| p.fields.cap_number).collect();
        caps.sort_unstable();
        assert_eq!(
            caps,
            (1..=13).collect::<Vec<u8>>(),
            "caps 1 to 13, once each"
        );
        let bench = store
            .links::<TeamCoachFields>(Owner::Team(partizan.id))
            .unwrap();
        let mut roles: Vec<CoachRole> = bench.iter().map(|c| c.fields.role_id).collect();
        roles.sort_by_key(|r| *r != CoachRole::HeadCoach);
        assert_eq!(roles, [CoachRole::HeadCoach, CoachRole::AssistantCoach]);
        let league = store
            .list::<Competition>()
            .unwrap()
            .into_iter()
            .find(|c| c.fields.name.starts_with("Superliga"))
            .unwrap();
        let entries = store
            .links::<CompetitionTeamFields>(Owner::Competition(league.id))
            .unwrap();
        assert_eq!(entries.len(), 8, "the eight teams of the national league");
        // The demo person account stays a plain person.
        let ana = store
            .user_by_email("person@polodesk.test")
            .unwrap()
            .unwrap();
        let person = store.get::<Person>(ana.person_id.unwrap()).unwrap();
        assert_eq!(person.identities, Default::default());
    }

    #[tokio::test]
    async fn the_demo_season_is_complete_and_keeps_the_rules() {
        use polodesk_domain::codes::{EventType, MatchStatus, ShotType};
        use polodesk_domain::events::{EXCLUSIONS_PER_PLAYER, EventDetail, TIMEOUTS_PER_TEAM};
        use polodesk_domain::standings::{self, Entry, MatchResult};
        use polodesk_store::{MatchQuery, MatchesOf, Owner};

        let store = Store::in_memory().unwrap();
        let started = std::time::Instant::now();
        let loaded = load(&store).await.unwrap();
        eprintln!(
            "demo data loaded in {} ms: {loaded}",
            started.elapsed().as_millis()
        );

        assert_eq!(store.list::<Federation>().unwrap().len(), 2);
        let clubs = store.list::<Club>().unwrap();
        assert!(clubs.len() >= 16, "{} clubs", clubs.len());
        for club in &clubs {
            let logo = club.fields.logo.as_deref().unwrap_or_default();
            assert!(
                polodesk_domain::images::check_png(logo, 256, "too big").is_ok(),
                "{} has no crest",
                club.fields.name
            );
        }
        let players = store.list::<Player>().unwrap();
        assert!(
            (280..=340).contains(&players.len()),
            "{} players",
            players.len()
        );
        assert!(players.iter().all(|p| p.fields.height.is_some()
            && p.fields.weight.is_some()
            && p.fields.dominant_hand.is_some()
            && p.fields.primary_position_id.is_some()));
        let officials = store.list::<Official>().unwrap();
        assert!(officials.len() >= 12 && officials.iter().all(|o| o.has_pin));
        for kind in [
            UserType::Admin,
            UserType::Federation,
            UserType::Club,
            UserType::Person,
        ] {
            assert!(
                store
                    .list::<polodesk_domain::users::User>()
                    .unwrap()
                    .iter()
                    .any(|u| u.type_id == kind),
                "no {kind:?} account"
            );
        }
        let coach = store.user_by_email("coach@polodesk.test").unwrap().unwrap();
        let person = store.get::<Person>(coach.person_id.unwrap()).unwrap();
        assert!(
            person.identities.coach_id.is_some(),
            "the coach account is a coach"
        );
        let player = store
            .user_by_email("player@polodesk.test")
            .unwrap()
            .unwrap();
        let person = store.get::<Person>(player.person_id.unwrap()).unwrap();
        assert!(
            person.identities.player_id.is_some(),
            "the player account is a player"
        );
        let official = store
            .user_by_email("official@polodesk.test")
            .unwrap()
            .unwrap();
        let person = store.get::<Person>(official.person_id.unwrap()).unwrap();
        assert!(
            person.identities.official_id.is_some(),
            "the official account is an official"
        );

        let league = store
            .list::<Competition>()
            .unwrap()
            .into_iter()
            .find(|c| c.fields.name == "Superliga Srbije 2026/27")
            .unwrap();
        let matches = store.matches_of(MatchesOf::Competition(league.id)).unwrap();
        assert_eq!(matches.len(), 56);
        let (finished, rest): (Vec<_>, Vec<_>) = matches
            .iter()
            .partition(|m| m.state.status_id == MatchStatus::Finished);
        assert_eq!(finished.len(), 28);
        assert_eq!(rest.len(), 28);
        let today = polodesk_domain::dates::Instant::parse("2026-11-24T00:00:00Z").unwrap();
        for game in &rest {
            assert_eq!(game.state.status_id, MatchStatus::NotStarted);
            assert!(game.state.fields.start_date > today);
            assert!(store.events_of(game.id).unwrap().is_empty());
        }
        let mut shootouts = 0;
        for game in &finished {
            let state = &game.state;
            assert!(state.fields.start_date < today);
            assert!(state.fields.round.is_some() && state.fields.venue.is_some());
            assert!(
                state.log_closed(),
                "every official confirmed match {}",
                game.id
            );
            assert_eq!(state.players.len(), 26);
            let events = store.events_of(game.id).unwrap();
            assert!(
                events.len() > 60,
                "match {} has {} events",
                game.id,
                events.len()
            );
            let mut score = polodesk_domain::matches::Score::default();
            let mut exclusions: HashMap<u64, usize> = HashMap::new();
            let mut timeouts: HashMap<u64, usize> = HashMap::new();
            let mut swim_offs = 0;
            for event in &events {
                match &event.fields.detail {
                    EventDetail::Shot(shot) => {
                        if shot.is_goal {
                            let side = state.side_of(shot.team_id).unwrap();
                            score.add_goal(side, event.fields.period_id);
                            assert!(shot.target_x.is_some() && shot.location_x.is_some());
                        }
                        if shot.type_id == ShotType::PenaltyShootout {
                            score.shootout = true;
                        }
                    }
                    EventDetail::Exclusion(e) => {
                        *exclusions
                            .entry(e.excluded_player_id.unwrap_or(0))
                            .or_default() += 1;
                    }
                    EventDetail::Timeout(t) => *timeouts.entry(t.team_id).or_default() += 1,
                    EventDetail::SwimOff(_) => swim_offs += 1,
                    _ => {}
                }
            }
            assert_eq!(state.score, score, "match {}: score and goals", game.id);
            assert!(exclusions.values().all(|&n| n <= EXCLUSIONS_PER_PLAYER));
            assert!(timeouts.values().all(|&n| n <= TIMEOUTS_PER_TEAM));
            assert_eq!(swim_offs, 4, "a swim-off a period");
            assert!(
                events
                    .iter()
                    .any(|e| e.fields.detail.event_type() == EventType::Exclusion)
            );
            let (home, away) = state.score.regulation();
            if state.score.shootout {
                shootouts += 1;
                assert_eq!(home, away, "a shootout only after a level match");
                assert_ne!(state.score.home[4], state.score.away[4]);
            } else {
                assert_ne!(home, away);
                assert!((3..=25).contains(&home) && (3..=25).contains(&away));
            }
        }
        assert_eq!(shootouts, 1, "exactly one match decided by a shootout");

        // The standings the API reads: eight rows whose points add up to the results.
        let entries: Vec<Entry> = store
            .links::<CompetitionTeamFields>(Owner::Competition(league.id))
            .unwrap()
            .into_iter()
            .map(|l| Entry {
                team_id: l.fields.team_id,
                disqualified: l.fields.is_disqualified,
            })
            .collect();
        let results: Vec<MatchResult> = finished.iter().map(|m| m.state.result()).collect();
        assert_eq!(results.len(), 28);
        let tables = standings::standings(&entries, &results, league.fields.points);
        let overall = &tables[0].rankings;
        assert_eq!(overall.len(), 8);
        assert!(overall.iter().all(|r| r.played == 7));
        let points: u32 = overall.iter().map(|r| r.points).sum();
        let rule = league.fields.points;
        let expected: u32 = finished
            .iter()
            .map(|m| {
                if m.state.score.shootout {
                    rule.shootout_win + rule.shootout_loss
                } else {
                    rule.win + rule.loss
                }
            })
            .sum();
        assert_eq!(points, expected);
        // The match search sees the season.
        let query = MatchQuery {
            competition_id: Some(league.id),
            home_teams: None,
            away_teams: None,
            team_id: None,
            venue: None,
            round: None,
            statuses: Some(vec![MatchStatus::Finished]),
            start: Vec::new(),
            sort: polodesk_store::MatchSort::StartDate,
            descending: false,
            skip: 0,
            take: 10,
        };
        let (_, total) = store.search_matches(&query).unwrap();
        assert_eq!(total, 28);
    }
}
