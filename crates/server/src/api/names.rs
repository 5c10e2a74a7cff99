//! The names beside the ids: countries, cities, categories and federations, loaded once per
//! request so a list of views costs a few table scans, not one read per row.

use std::collections::HashMap;

use polodesk_domain::clubs::Club;
use polodesk_domain::federations::Federation;
use polodesk_domain::reference::{Category, City, Country};
use serde::Serialize;
use utoipa::ToSchema;

pub use polodesk_domain::views::EntityRef;

use crate::AppState;
use crate::error::ApiResult;

/// A category a federation or club runs, as the spec shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRef {
    pub category_id: u64,
    pub category: String,
}

/// Names of the things entities point at.
pub struct Names {
    pub countries: HashMap<u64, Country>,
    pub cities: HashMap<u64, City>,
    pub categories: HashMap<u64, Category>,
    pub federations: HashMap<u64, Federation>,
    pub clubs: HashMap<u64, Club>,
}

impl Names {
    pub fn load(state: &AppState) -> ApiResult<Names> {
        Ok(Names {
            countries: state
                .store
                .list::<Country>()?
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
            cities: state
                .store
                .list::<City>()?
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
            categories: state
                .store
                .list::<Category>()?
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
            federations: state
                .store
                .list::<Federation>()?
                .into_iter()
                .map(|f| (f.id, f))
                .collect(),
            clubs: state
                .store
                .list::<Club>()?
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
        })
    }

    pub fn country(&self, id: Option<u64>) -> Option<Country> {
        id.and_then(|id| self.countries.get(&id)).cloned()
    }

    pub fn city(&self, id: Option<u64>) -> Option<EntityRef> {
        self.cities.get(&id?).map(EntityRef::from)
    }

    pub fn categories(&self, ids: &[u64]) -> Vec<CategoryRef> {
        ids.iter()
            .filter_map(|id| self.categories.get(id))
            .map(|c| CategoryRef {
                category_id: c.id,
                category: c.name_universal.clone(),
            })
            .collect()
    }

    pub fn federation(&self, id: Option<u64>) -> Option<EntityRef> {
        let federation = self.federations.get(&id?)?;
        Some(EntityRef {
            id: federation.id,
            name: federation.fields.name.clone(),
            name_universal: federation.fields.name_universal.clone(),
        })
    }

    pub fn club(&self, id: u64) -> Option<EntityRef> {
        let club = self.clubs.get(&id)?;
        let (name, name_universal) = (club.fields.name.clone(), club.fields.name_universal.clone());
        Some(EntityRef {
            id,
            name,
            name_universal,
        })
    }

    pub fn category(&self, id: u64) -> Option<EntityRef> {
        let category = self.categories.get(&id)?;
        let (name, name_universal) = (category.name.clone(), category.name_universal.clone());
        Some(EntityRef {
            id,
            name,
            name_universal,
        })
    }
}
