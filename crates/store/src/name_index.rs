//! Persons, coaches, players and officials by name: one index, ordered by folded surname, then
//! folded name, then id, so a search by name and the default "by surname" order of the people
//! lists read a page without loading the records around it.

use std::collections::BTreeMap;
use std::sync::PoisonError;

use polodesk_domain::persons::PersonFields;
use polodesk_domain::validation::fold;
use redb::MultimapTableDefinition;

use crate::catalog::directed;
use crate::identity::PersonRecord;
use crate::txn::WriteTx;
use crate::{Result, Store};

/// (holder kind, folded surname) → (folded name, holder id).
pub(crate) const NAMES: MultimapTableDefinition<(u8, &str), (&str, u64)> =
    MultimapTableDefinition::new("names");

/// Who holds a name: a person, or the coach, player or official a person is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Person,
    Coach,
    Player,
    Official,
}

impl Holder {
    pub(crate) fn code(self) -> u8 {
        match self {
            Holder::Person => 0,
            Holder::Coach => 1,
            Holder::Player => 2,
            Holder::Official => 3,
        }
    }
}

/// What a person record puts in the index: itself and each identity it holds.
fn holders(id: u64, person: &PersonRecord) -> Vec<(Holder, u64)> {
    let mut holders = vec![(Holder::Person, id)];
    holders.extend(person.coach_id.map(|c| (Holder::Coach, c)));
    holders.extend(person.player_id.map(|p| (Holder::Player, p)));
    holders.extend(person.official_id.map(|o| (Holder::Official, o)));
    holders
}

fn put(tx: &WriteTx<'_>, fields: &PersonFields, holder: (Holder, u64), insert: bool) -> Result<()> {
    let surname = fold(&fields.surname);
    let name = fold(&fields.name);
    let mut index = tx.open_multimap_table(NAMES)?;
    let code = holder.0.code();
    let key = (code, surname.as_str());
    let value = (name.as_str(), holder.1);
    // Both answer whether the entry was there before.
    let changed = if insert {
        !index.insert(key, value)?
    } else {
        index.remove(key, value)?
    };
    if changed {
        tx.name_indexed(code, surname, name, holder.1, insert);
    }
    Ok(())
}

/// Replaces the entries of a person (and its identities) after a write.
pub(crate) fn reindex_person(
    tx: &WriteTx<'_>,
    id: u64,
    old: Option<&PersonRecord>,
    new: &PersonRecord,
) -> Result<()> {
    if let Some(old) = old {
        unindex_person(tx, id, old)?;
    }
    for holder in holders(id, new) {
        put(tx, new.fields(), holder, true)?;
    }
    Ok(())
}

/// Removes the entries of a person (and its identities).
pub(crate) fn unindex_person(tx: &WriteTx<'_>, id: u64, person: &PersonRecord) -> Result<()> {
    for holder in holders(id, person) {
        put(tx, person.fields(), holder, false)?;
    }
    Ok(())
}

/// Adds or removes the entry of one identity of a person.
pub(crate) fn index_identity(
    tx: &WriteTx<'_>,
    person: &PersonRecord,
    holder: (Holder, u64),
    insert: bool,
) -> Result<()> {
    put(tx, person.fields(), holder, insert)
}

/// Fills the index from the persons table (schema step 1 → 2).
pub(crate) fn rebuild(tx: &WriteTx<'_>) -> Result<()> {
    use crate::codec::Record;
    let persons = crate::codec::all::<PersonRecord>(&tx.open_table(PersonRecord::TABLE.def())?)?;
    for (id, person) in persons {
        reindex_person(tx, id, None, &person)?;
    }
    Ok(())
}

/// Part of a name to look for, and the order to list in.
#[derive(Debug, Clone, Default)]
pub struct NameQuery {
    /// Folded text the surname must contain.
    pub surname: Option<String>,
    /// Folded text the name must contain.
    pub name: Option<String>,
    /// Z to A instead of A to Z.
    pub descending: bool,
}

/// How many entries each holder kind has under each folded surname: the distinct surnames of
/// the name index, held in memory (`catalog`), so a search matches and counts them without
/// walking the index, and reads only the entries of its page.
#[derive(Debug, Default)]
pub(crate) struct Surnames([BTreeMap<String, u64>; 4]);

impl Surnames {
    /// Follows one entry added or removed.
    pub(crate) fn count(&mut self, holder: u8, surname: String, added: bool) {
        let Some(counts) = self.0.get_mut(usize::from(holder)) else {
            return;
        };
        if added {
            *counts.entry(surname).or_default() += 1;
        } else if let Some(count) = counts.get_mut(&surname) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&surname);
            }
        }
    }

    /// Sets the number of entries under a surname (at open).
    pub(crate) fn set(&mut self, holder: u8, surname: &str, count: u64) {
        if let Some(counts) = self.0.get_mut(usize::from(holder)) {
            counts.insert(surname.to_owned(), count);
        }
    }

    /// The surnames of a holder kind (`Holder::code`) that contain `part` (all of them without
    /// it), in order, with their number of entries.
    fn matching<'a>(
        &'a self,
        holder: u8,
        part: Option<&'a str>,
        descending: bool,
    ) -> impl Iterator<Item = (&'a str, u64)> + 'a {
        // A search tries every distinct surname: the finder looks for the part faster than
        // `str::contains`, which prepares its search anew for each one.
        let finder = part.map(memchr::memmem::Finder::new);
        directed(self.0[usize::from(holder)].iter(), descending)
            .filter(move |(surname, _)| {
                finder
                    .as_ref()
                    .is_none_or(|f| f.find(surname.as_bytes()).is_some())
            })
            .map(|(surname, &count)| (surname.as_str(), count))
    }
}

impl Store {
    /// The ids of the holders whose names match, ordered by surname, name and id, with the
    /// count of all matches: `skip` and `take` cut the page without reading the others.
    pub fn by_name(
        &self,
        holder: Holder,
        query: &NameQuery,
        skip: usize,
        take: usize,
    ) -> Result<(u64, Vec<u64>)> {
        let code = holder.code();
        let (skip, end) = (skip as u64, skip.saturating_add(take) as u64);
        // The surnames to read, each with the number of matches before its first entry.
        let (counted, wanted) = {
            let catalog = self.catalog.read().unwrap_or_else(PoisonError::into_inner);
            let surnames =
                catalog
                    .surnames
                    .matching(code, query.surname.as_deref(), query.descending);
            let (mut total, mut wanted) = (0u64, Vec::new());
            for (surname, count) in surnames {
                // Without a name filter every entry of a surname matches: a surname whose
                // entries all fall outside the page is counted without reading them.
                if query.name.is_some() || (total + count > skip && total < end) {
                    wanted.push((surname.to_owned(), total));
                }
                total += count;
            }
            (total, wanted)
        };
        let tx = self.read()?;
        let index = tx.open_multimap_table(NAMES)?;
        let mut ids = Vec::new();
        let Some(part) = query.name.as_deref() else {
            for (surname, first) in wanted {
                let values = directed(index.get((code, surname.as_str()))?, query.descending);
                for (at, value) in (first..end).zip(values) {
                    if at >= skip {
                        ids.push(value?.value().1);
                    }
                }
            }
            return Ok((counted, ids));
        };
        let mut total = 0u64;
        for (surname, _) in wanted {
            for value in directed(index.get((code, surname.as_str()))?, query.descending) {
                let value = value?;
                let (name, id) = value.value();
                if !name.contains(part) {
                    continue;
                }
                if total >= skip && total < end {
                    ids.push(id);
                }
                total += 1;
            }
        }
        Ok((total, ids))
    }

    /// The ids of the holders whose "name surname" contains every one of `words` (folded), by
    /// surname and name, at most `limit`: read from the index, without loading records.
    pub fn by_words(&self, holder: Holder, words: &[String], limit: usize) -> Result<Vec<u64>> {
        let tx = self.read()?;
        let index = tx.open_multimap_table(NAMES)?;
        let code = holder.code();
        let mut ids = Vec::new();
        if limit == 0 {
            return Ok(ids);
        }
        for entry in index.range((code, "")..(code + 1, ""))? {
            let (key, values) = entry?;
            let surname = key.value().1.to_owned();
            for value in values {
                let value = value?;
                let (name, id) = value.value();
                let full = format!("{name} {surname}");
                if words.iter().all(|w| full.contains(w.as_str())) {
                    ids.push(id);
                    if ids.len() == limit {
                        return Ok(ids);
                    }
                }
            }
        }
        Ok(ids)
    }
}
