//! The demo data of `polodesk serve --demo` (reference data, two federations, 18 clubs with
//! crests, their teams, squads and coaches, officials with PINs, one account of each kind, and
//! the league season of `fixtures/demo/season.json` with its match logs), compiled into the
//! binary from `fixtures/` so the binary needs no files beside it. Every record goes through the
//! same validation as the API, and all of it is written in one transaction.

mod formats;
mod league;
mod registry;
mod season;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

use polodesk_domain::clubs::{Club, ClubInput};
use polodesk_domain::codes::UserType;
use polodesk_domain::federations::{Federation, FederationInput};
use polodesk_domain::officials::check_pin;
use polodesk_domain::persons::{Person, PersonFields};
use polodesk_domain::reference::{
    Category, CategoryInput, City, CityInput, CompetitionType, CompetitionTypeInput, Country,
    CountryInput,
};
use polodesk_domain::users::UserInput;
use polodesk_store::{Store, StoreError};

use formats::*;
use league::SeasonIds;
use registry::*;

pub use formats::users;

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

/// Loads the demo data in one transaction: all of it or nothing.
pub async fn load(store: &Store) -> anyhow::Result<Loaded> {
    let mut countries = Vec::new();
    for country in COUNTRIES.parsed::<Vec<DemoCountry>>()? {
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
    let categories = CATEGORIES
        .parsed::<Vec<CategoryInput>>()?
        .into_iter()
        .map(|input| checked("categories.json", &format!("{input:?}"), input.validate()))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let competition_types = COMPETITION_TYPES
        .parsed::<Vec<CompetitionTypeInput>>()?
        .into_iter()
        .map(|input| {
            checked(
                "competition-types.json",
                &format!("{input:?}"),
                input.validate(),
            )
        })
        .collect::<anyhow::Result<Vec<_>>>()?;

    let federations = FEDERATIONS.parsed::<Vec<DemoFederation>>()?;
    let clubs = CLUBS.parsed::<Vec<DemoClub>>()?;
    let persons: Vec<PersonFields> = PERSONS
        .parsed::<Vec<DemoPerson>>()?
        .iter()
        .map(DemoPerson::fields)
        .collect();
    let teams = TEAMS.parsed::<Vec<DemoTeam>>()?;
    let competitions = COMPETITIONS.parsed::<Vec<DemoCompetition>>()?;
    let squads = SQUADS.parsed::<Vec<DemoSquad>>()?;
    let officials = OFFICIALS.parsed::<Vec<DemoOfficial>>()?;
    let season: season::Season = SEASON.parsed()?;
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
            // A country by ISO code and a city in it by local name, as the demo files name them.
            let place = |country: &str, city: Option<&str>| {
                let country_id = country_ids.get(country).copied();
                let city_id = city.and_then(|name| {
                    city_ids
                        .get(&(country_id.unwrap_or_default(), name.to_owned()))
                        .copied()
                });
                (country_id, city_id)
            };
            let mut federation_ids = HashMap::new();
            for demo in federations {
                let (country_id, city_id) = place(&demo.country, demo.city.as_deref());
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
                let (country_id, city_id) = place(&demo.country, demo.city.as_deref());
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
