//! What the store keeps in memory beside its file, in step with every write once it is durable:
//! the match search's rows and the teams' folded names (`match_catalog`), how many entries
//! each folded surname has in the name index (`name_index::Surnames`), and the members of each
//! club, team and federation with their names (`members`), and the names of every country and
//! city (`place_names`). A search counts and pages from them, and reads from the file only the
//! records of its page (docs/benchmarks.md).

use redb::{ReadableDatabase, ReadableMultimapTable};

use polodesk_domain::memberships::{
    ClubCoachFields, ClubPlayerFields, CompetitionTeamFields, FederationOfficialFields,
    TeamCoachFields, TeamPlayerFields,
};
use polodesk_domain::teams::TeamFields;
use polodesk_domain::views::EntityRef;

use crate::Result;
use crate::codec::{self, Stored};
use crate::links::LinkKind;
use crate::match_catalog::{MatchCatalog, Row, team_names};
use crate::matches::MatchRecord;
use crate::members::Members;
use crate::name_index::{NAMES, Surnames};
use crate::place_names::{self, Place, PlaceNames};
use crate::records::{CityRecord, CountryRecord};
use crate::tables;

#[derive(Debug, Default)]
pub(crate) struct Catalog {
    pub(crate) matches: MatchCatalog,
    pub(crate) surnames: Surnames,
    pub(crate) members: Members,
    pub(crate) places: PlaceNames,
}

/// What one write changed of the catalog, noted as it was made (`txn::WriteTx`).
#[derive(Debug)]
pub(crate) enum Change {
    /// A match's start and row, `None` once deleted.
    Match(u64, Option<(i64, Row)>),
    /// A team's folded names, `None` once deleted.
    Team(u64, Option<[String; 2]>),
    /// An entry of the name index added or removed: (holder code, folded surname) → (folded
    /// name, holder id).
    Name {
        holder: u8,
        surname: String,
        name: String,
        id: u64,
        added: bool,
    },
    /// A link of a kind made (`true`) or removed between its first end and its member.
    Link(u8, u64, u64, bool),
    /// A country's or city's names, `None` once deleted.
    Place(Place, u64, Option<EntityRef>),
}

impl Catalog {
    /// Applies the changes of one committed write, in the order they were made.
    pub(crate) fn apply(&mut self, changes: Vec<Change>) {
        for change in changes {
            match change {
                Change::Match(id, row) => self.matches.set_match(id, row),
                Change::Team(id, names) => self.matches.set_team(id, names),
                Change::Name {
                    holder,
                    surname,
                    name,
                    id,
                    added,
                } => {
                    self.members.name(holder, id, &surname, &name, added);
                    self.surnames.count(holder, surname, added);
                }
                Change::Link(kind, first, second, added) => {
                    self.members.link(kind, first, second, added);
                }
                Change::Place(place, id, names) => self.places.set(place, id, names),
            }
        }
    }

    /// Builds the catalog from the stored matches, teams and name index (at open).
    pub(crate) fn load(db: &redb::Database) -> Result<Self> {
        let tx = db.begin_read()?;
        let mut catalog = Catalog::default();
        for (id, record) in codec::all::<MatchRecord>(&tx.open_table(tables::MATCHES)?)? {
            catalog.matches.set_match(id, Some(Row::of(&record.0)));
        }
        let teams = tx.open_table(tables::TEAMS)?;
        for (id, team) in codec::all::<Stored<TeamFields>>(&teams)? {
            let names = team_names(&team.0.name, &team.0.name_universal);
            catalog.matches.set_team(id, Some(names));
        }
        for (id, c) in codec::all::<CountryRecord>(&tx.open_table(tables::COUNTRIES)?)? {
            let names = place_names::entry(id, &c.name, &c.name_universal);
            catalog.places.set(Place::Country, id, Some(names));
        }
        for (id, c) in codec::all::<CityRecord>(&tx.open_table(tables::CITIES)?)? {
            let names = place_names::entry(id, &c.name, &c.name_universal);
            catalog.places.set(Place::City, id, Some(names));
        }
        for entry in tx.open_multimap_table(NAMES)?.iter()? {
            let (key, values) = entry?;
            let (holder, surname) = key.value();
            catalog.surnames.set(holder, surname, values.len());
            for value in values {
                let value = value?;
                let (name, id) = value.value();
                catalog.members.name(holder, id, surname, name, true);
            }
        }
        catalog.load_links::<ClubCoachFields>(&tx)?;
        catalog.load_links::<ClubPlayerFields>(&tx)?;
        catalog.load_links::<TeamCoachFields>(&tx)?;
        catalog.load_links::<TeamPlayerFields>(&tx)?;
        catalog.load_links::<FederationOfficialFields>(&tx)?;
        catalog.load_links::<CompetitionTeamFields>(&tx)?;
        Ok(catalog)
    }

    /// The second ends of the links of kind `F`.
    fn load_links<F: LinkKind>(&mut self, tx: &redb::ReadTransaction) -> Result<()> {
        for (_, link) in codec::all::<Stored<F>>(&tx.open_table(F::TABLE.def())?)? {
            let [first, second] = link.0.ends();
            self.members.link(F::KIND, first.id(), second.id(), true);
        }
        Ok(())
    }
}

/// Items in a search's direction: as they come, or the other way round.
pub(crate) fn directed<'a, T: 'a>(
    items: impl DoubleEndedIterator<Item = T> + 'a,
    descending: bool,
) -> Box<dyn Iterator<Item = T> + 'a> {
    if descending {
        Box::new(items.rev())
    } else {
        Box::new(items)
    }
}
