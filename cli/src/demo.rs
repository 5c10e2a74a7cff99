//! The demo data of `polodesk serve --demo`, compiled into the binary from `fixtures/` so the
//! binary needs no files beside it. Every record goes through the same validation as the API.

use anyhow::{Context, bail};
use polodesk_domain::reference::{
    Category, CategoryInput, City, CityInput, CompetitionType, CompetitionTypeInput, Country,
    CountryInput,
};
use polodesk_domain::validation::ValidationErrors;
use polodesk_store::Store;
use serde::Deserialize;
use serde::de::DeserializeOwned;

const COUNTRIES: &str = include_str!("../../fixtures/reference/countries.json");
const CATEGORIES: &str = include_str!("../../fixtures/reference/categories.json");
const COMPETITION_TYPES: &str = include_str!("../../fixtures/reference/competition-types.json");

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
}

impl std::fmt::Display for Loaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} countries, {} cities, {} categories, {} competition types",
            self.countries, self.cities, self.categories, self.competition_types
        )
    }
}

fn parse<T: DeserializeOwned>(file: &str, json: &str) -> anyhow::Result<Vec<T>> {
    serde_json::from_str(json).with_context(|| format!("fixtures/reference/{file} is not valid"))
}

fn checked<T>(file: &str, what: &str, result: Result<T, ValidationErrors>) -> anyhow::Result<T> {
    match result {
        Ok(fields) => Ok(fields),
        Err(errors) => bail!("fixtures/reference/{file}: {what}: {errors}"),
    }
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

    let loaded = store
        .batch(move |batch| {
            let mut loaded = Loaded {
                countries: countries.len(),
                cities: 0,
                categories: categories.len(),
                competition_types: competition_types.len(),
            };
            for (fields, cities) in countries {
                let country = batch.create::<Country>(fields)?;
                for mut city in cities {
                    city.country_id = country.id;
                    batch.create::<City>(city)?;
                    loaded.cities += 1;
                }
            }
            for fields in categories {
                batch.create::<Category>(fields)?;
            }
            for fields in competition_types {
                batch.create::<CompetitionType>(fields)?;
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
