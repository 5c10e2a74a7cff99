//! The two names of every country and city, in memory beside the file: each row of a people
//! search names its places of birth, and reading them from the file was two fifths of the
//! reads of a players search (docs/benchmarks.md). The catalog keeps them in step with every
//! durable write, as it keeps the members.

use std::collections::HashMap;
use std::sync::PoisonError;

use polodesk_domain::views::EntityRef;

use crate::Store;

/// A kind of place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Country,
    City,
}

#[derive(Debug, Default)]
pub(crate) struct PlaceNames {
    names: HashMap<(Place, u64), EntityRef>,
}

/// A place's entry: its id and two names.
pub(crate) fn entry(id: u64, name: &str, name_universal: &str) -> EntityRef {
    EntityRef {
        id,
        name: name.to_owned(),
        name_universal: name_universal.to_owned(),
    }
}

impl PlaceNames {
    /// Follows a place written (its names) or deleted (`None`).
    pub(crate) fn set(&mut self, place: Place, id: u64, names: Option<EntityRef>) {
        match names {
            Some(names) => {
                self.names.insert((place, id), names);
            }
            None => {
                self.names.remove(&(place, id));
            }
        }
    }
}

impl Store {
    /// The places of this kind among `ids`, by id, with their names; an id that names none is
    /// left out.
    pub fn place_names(
        &self,
        place: Place,
        ids: impl IntoIterator<Item = u64>,
    ) -> HashMap<u64, EntityRef> {
        let catalog = self.catalog.read().unwrap_or_else(PoisonError::into_inner);
        ids.into_iter()
            .filter_map(|id| {
                let names = catalog.places.names.get(&(place, id))?;
                Some((id, names.clone()))
            })
            .collect()
    }
}
