//! The demo data of `polodesk serve --demo` (reference data, a few persons, one account of
//! each kind that exists so far), compiled into the binary from `fixtures/` so the
//! binary needs no files beside it. Every record goes through the same validation as the API.

use std::collections::HashMap;

use anyhow::{Context, bail};
use polodesk_domain::clubs::{Club, ClubInput};
use polodesk_domain::coaches::{Coach, CoachFields};
use polodesk_domain::codes::{CoachRole, Hand, OfficialRole, Position, UserType};
use polodesk_domain::competitions::{Competition, CompetitionInput};
use polodesk_domain::dates::Date;
use polodesk_domain::federations::{Federation, FederationInput};
use polodesk_domain::memberships::{
    ClubCoach, ClubCoachFields, ClubPlayer, ClubPlayerFields, CompetitionTeam,
    CompetitionTeamFields, FederationOfficial, FederationOfficialFields, TeamCoach,
    TeamCoachFields, TeamPlayer, TeamPlayerFields,
};
use polodesk_domain::officials::{Official, OfficialFields};
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::players::{Player, PlayerFields};
use polodesk_domain::reference::{
    Category, CategoryInput, City, CityInput, CompetitionType, CompetitionTypeInput, Country,
    CountryInput,
};
use polodesk_domain::teams::{Team, TeamInput};
use polodesk_domain::users::UserInput;
use polodesk_domain::validation::ValidationErrors;
use polodesk_server::identity::secrets::hash_password;
use polodesk_store::{Batch, Store, StoreError};
use serde::Deserialize;
use serde::de::DeserializeOwned;

const COUNTRIES: &str = include_str!("../../fixtures/reference/countries.json");
const CATEGORIES: &str = include_str!("../../fixtures/reference/categories.json");
const COMPETITION_TYPES: &str = include_str!("../../fixtures/reference/competition-types.json");
const PERSONS: &str = include_str!("../../fixtures/demo/persons.json");
const USERS: &str = include_str!("../../fixtures/demo/users.json");
const FEDERATIONS: &str = include_str!("../../fixtures/demo/federations.json");
const CLUBS: &str = include_str!("../../fixtures/demo/clubs.json");
const TEAMS: &str = include_str!("../../fixtures/demo/teams.json");
const COMPETITIONS: &str = include_str!("../../fixtures/demo/competitions.json");
const SQUADS: &str = include_str!("../../fixtures/demo/squads.json");
const OFFICIALS: &str = include_str!("../../fixtures/demo/officials.json");

/// The demo accounts, for `cargo xtask run` and the README to name.
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
}

impl std::fmt::Display for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} countries, {} cities, {} categories, {} competition types, {} persons, \
             {} federations, {} clubs, {} teams, {} competitions, {} coaches, {} players, \
             {} officials, {} users",
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
            self.users
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

/// Loads the reference data in one transaction: all of it or nothing.
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
    let mut accounts = Vec::new();
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
        let hash = hash_password(user.password.clone())
            .await
            .context("cannot hash a demo password")?;
        accounts.push((fields, hash, user.person, user.federation, user.club));
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
                coaches: squads.len(),
                players: squads.iter().map(|s| s.players.len()).sum(),
                officials: officials.len(),
                users: accounts.len(),
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
            let team_ids = registry.teams_and_competitions(batch, teams, competitions)?;
            registry.squads(batch, &team_ids, squads)?;
            registry.officials(batch, officials)?;
            let mut created = Vec::new();
            for fields in persons {
                created.push(batch.create::<Person>(fields)?);
            }
            for (mut fields, hash, person, federation, club) in accounts {
                if let Some(name) = federation {
                    fields.federation_id = federation_ids.get(&name).copied();
                }
                if let Some(name) = club {
                    fields.club_id = club_ids.get(&name).copied();
                }
                if let Some(full_name) = person {
                    let found = created.iter().find(|p| p.full_name() == full_name);
                    fields.person_id = found.map(|p| p.id);
                }
                batch.create_user(fields, Some(hash))?;
            }
            Ok(loaded)
        })
        .await?;
    Ok(loaded)
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

impl Registry<'_> {
    /// Creates the teams, then the competitions with their entries; returns team ids by name.
    fn teams_and_competitions(
        &self,
        batch: &Batch<'_>,
        teams: Vec<DemoTeam>,
        competitions: Vec<DemoCompetition>,
    ) -> Result<HashMap<String, (u64, u64)>, StoreError> {
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
        for demo in competitions {
            let input = CompetitionInput {
                name: Some(demo.name),
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
        Ok(team_ids)
    }

    /// Each squad's head coach and players, members of the team and of its club.
    fn squads(
        &self,
        batch: &Batch<'_>,
        team_ids: &HashMap<String, (u64, u64)>,
        squads: Vec<DemoSquad>,
    ) -> Result<(), StoreError> {
        for squad in squads {
            let (team_id, club_id) = team_ids.get(&squad.team).copied().ok_or_else(|| {
                StoreError::Invalid(ValidationErrors::single(
                    "team",
                    &format!("the demo files name no team {:?}", squad.team),
                ))
            })?;
            let person = batch.create::<Person>(squad.head_coach.fields())?;
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
                role_id: CoachRole::HeadCoach,
                active_from: None,
                active_to: None,
            })?;
            for demo in squad.players {
                let fields = PersonFields::new(&demo.name, &demo.surname, demo.birth_date);
                let person = batch.create::<Person>(fields)?;
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
            }
        }
        Ok(())
    }

    fn officials(&self, batch: &Batch<'_>, officials: Vec<DemoOfficial>) -> Result<(), StoreError> {
        for demo in officials {
            let fields = PersonFields::new(&demo.name, &demo.surname, demo.birth_date);
            let person = batch.create::<Person>(fields)?;
            let official = batch.create::<Official>(OfficialFields {
                person_id: person.id,
                title: demo.title,
            })?;
            batch.create::<FederationOfficial>(FederationOfficialFields {
                federation_id: named(self.federations, "federation", &demo.federation)?,
                official_id: official.id,
                roles: demo.roles,
                active_from: demo.active_from,
                active_to: None,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(bench.len(), 1);
        assert_eq!(bench[0].fields.role_id, CoachRole::HeadCoach);
        let league = store
            .list::<Competition>()
            .unwrap()
            .into_iter()
            .find(|c| c.fields.name.starts_with("Superliga"))
            .unwrap();
        let entries = store
            .links::<CompetitionTeamFields>(Owner::Competition(league.id))
            .unwrap();
        assert_eq!(entries.len(), 5, "the five clubs of the Serbian federation");
        // The demo person account stays a plain person.
        let ana = store
            .user_by_email("person@polodesk.test")
            .unwrap()
            .unwrap();
        let person = store.get::<Person>(ana.person_id.unwrap()).unwrap();
        assert_eq!(person.identities, Default::default());
    }
}
