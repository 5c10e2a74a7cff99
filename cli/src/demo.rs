//! The demo data of `polodesk serve --demo` (reference data, a few persons, one account of
//! each kind that exists so far), compiled into the binary from `fixtures/` so the
//! binary needs no files beside it. Every record goes through the same validation as the API.

use std::collections::HashMap;

use anyhow::{Context, bail};
use polodesk_domain::clubs::{Club, ClubInput};
use polodesk_domain::codes::UserType;
use polodesk_domain::dates::Date;
use polodesk_domain::federations::{Federation, FederationInput};
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::reference::{
    Category, CategoryInput, City, CityInput, CompetitionType, CompetitionTypeInput, Country,
    CountryInput,
};
use polodesk_domain::users::UserInput;
use polodesk_domain::validation::ValidationErrors;
use polodesk_server::identity::secrets::hash_password;
use polodesk_store::{Store, StoreError};
use serde::Deserialize;
use serde::de::DeserializeOwned;

const COUNTRIES: &str = include_str!("../../fixtures/reference/countries.json");
const CATEGORIES: &str = include_str!("../../fixtures/reference/categories.json");
const COMPETITION_TYPES: &str = include_str!("../../fixtures/reference/competition-types.json");
const PERSONS: &str = include_str!("../../fixtures/demo/persons.json");
const USERS: &str = include_str!("../../fixtures/demo/users.json");
const FEDERATIONS: &str = include_str!("../../fixtures/demo/federations.json");
const CLUBS: &str = include_str!("../../fixtures/demo/clubs.json");

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
    pub users: usize,
}

impl std::fmt::Display for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} countries, {} cities, {} categories, {} competition types, {} persons, \
             {} federations, {} clubs, {} users",
            self.countries,
            self.cities,
            self.categories,
            self.competition_types,
            self.persons,
            self.federations,
            self.clubs,
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
        .into_iter()
        .map(|p| PersonFields::new(&p.name, &p.surname, p.birth_date))
        .collect();
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
            for fields in categories {
                batch.create::<Category>(fields)?;
            }
            for fields in competition_types {
                batch.create::<CompetitionType>(fields)?;
            }
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
}
