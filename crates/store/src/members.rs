//! The people searches' club, team and federation filters, in memory: the second ends of every
//! link by kind and first end (a club's players, a federation's officials, a competition's
//! teams), and each coach's, player's and official's folded surname and name. The catalog keeps them in step with every durable write, so a filtered search sorts
//! and counts its members without reading the file, and then reads only its page.

use std::collections::{HashMap, HashSet};
use std::sync::PoisonError;

use crate::Store;
use crate::links::LinkKind;
use crate::name_index::{Holder, NameQuery};

#[derive(Debug, Default)]
pub(crate) struct Members {
    /// (link kind, first end's id) → the second ends' ids, in no particular order.
    of: HashMap<(u8, u64), Vec<u64>>,
    /// (holder code, id) → (folded surname, folded name). Persons are not kept: no filter
    /// names them.
    names: HashMap<(u8, u64), (Box<str>, Box<str>)>,
}

impl Members {
    /// Follows a link made (`added`) or removed between `first` (the club, team, federation or
    /// competition) and `second` (the member).
    pub(crate) fn link(&mut self, kind: u8, first: u64, second: u64, added: bool) {
        if added {
            self.of.entry((kind, first)).or_default().push(second);
        } else if let Some(members) = self.of.get_mut(&(kind, first)) {
            if let Some(at) = members.iter().position(|&m| m == second) {
                members.remove(at);
            }
            if members.is_empty() {
                self.of.remove(&(kind, first));
            }
        }
    }

    /// Follows an entry of the name index added or removed.
    pub(crate) fn name(&mut self, holder: u8, id: u64, surname: &str, name: &str, added: bool) {
        if holder == Holder::Person.code() {
            return;
        }
        if added {
            self.names
                .insert((holder, id), (surname.into(), name.into()));
        } else if self
            .names
            .get(&(holder, id))
            .is_some_and(|(s, n)| **s == *surname && **n == *name)
        {
            self.names.remove(&(holder, id));
        }
    }
}

impl Store {
    /// The members of `first` by links of kind `F` (a club's players, a federation's
    /// officials), in no particular order.
    pub fn members_of<F: LinkKind>(&self, first: u64) -> Vec<u64> {
        let catalog = self.catalog.read().unwrap_or_else(PoisonError::into_inner);
        catalog
            .members
            .of
            .get(&(F::KIND, first))
            .cloned()
            .unwrap_or_default()
    }

    /// Those of `ids` (holders of one kind) whose folded surname and name contain the query's
    /// parts, by surname, name and id, or the other way round.
    pub fn by_name_among(&self, holder: Holder, ids: &HashSet<u64>, query: &NameQuery) -> Vec<u64> {
        let code = holder.code();
        // Sorted under the (read) lock, by the names where they are: copying them out cost more
        // than the sort, which holds the writer back a few microseconds for a club's members.
        let catalog = self.catalog.read().unwrap_or_else(PoisonError::into_inner);
        let mut found: Vec<(&str, &str, u64)> = ids
            .iter()
            .map(|&id| match catalog.members.names.get(&(code, id)) {
                Some((surname, name)) => (&**surname, &**name, id),
                None => ("", "", id),
            })
            .filter(|(surname, name, _)| {
                query.surname.as_deref().is_none_or(|s| surname.contains(s))
                    && query.name.as_deref().is_none_or(|n| name.contains(n))
            })
            .collect();
        found.sort_unstable();
        if query.descending {
            found.reverse();
        }
        found.into_iter().map(|(_, _, id)| id).collect()
    }
}
