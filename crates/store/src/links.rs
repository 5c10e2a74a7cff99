//! The links of spec 01 §3 (club and team memberships of coaches and players, official roles in
//! federations, teams in competitions) with one generic implementation: both ends must exist,
//! a pair is linked once, and one index table finds the links of either end. Deleting an end
//! deletes its links.

use polodesk_domain::memberships::{
    self, ClubCoachFields, ClubPlayerFields, CompetitionTeamFields, FederationOfficialFields, Link,
    TeamCoachFields, TeamPlayerFields,
};
use polodesk_domain::teams::TeamFields;
use polodesk_domain::validation::ValidationErrors;
use redb::{ReadableMultimapTable, ReadableTable};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codec::{self, Record, Stored};
use crate::reference::{Entity, RecordWrite, sealed};
use crate::tables::RecordTable;
use crate::tables::{self, EntityTable, LINKS};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

/// One end of a link: the entity it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Federation(u64),
    Club(u64),
    Team(u64),
    Competition(u64),
    Coach(u64),
    Player(u64),
    Official(u64),
}

impl Owner {
    /// The id of the entity this end belongs to.
    pub(crate) fn id(self) -> u64 {
        self.code().1
    }

    fn code(self) -> (u8, u64) {
        match self {
            Owner::Federation(id) => (1, id),
            Owner::Club(id) => (2, id),
            Owner::Team(id) => (3, id),
            Owner::Competition(id) => (4, id),
            Owner::Coach(id) => (5, id),
            Owner::Player(id) => (6, id),
            Owner::Official(id) => (7, id),
        }
    }

    /// The entity table, the form field and the words of the "does not exist" message.
    fn described(self) -> (EntityTable, &'static str, &'static str) {
        match self {
            Owner::Federation(_) => (tables::FEDERATIONS, "federationId", "federation"),
            Owner::Club(_) => (tables::CLUBS, "clubId", "club"),
            Owner::Team(_) => (tables::TEAMS, "teamId", "team"),
            Owner::Competition(_) => (tables::COMPETITIONS, "competitionId", "competition"),
            Owner::Coach(_) => (tables::COACHES, "coachId", "coach"),
            Owner::Player(_) => (tables::PLAYERS, "playerId", "player"),
            Owner::Official(_) => (tables::OFFICIALS, "officialId", "official"),
        }
    }

    fn must_exist(self, tx: &WriteTx<'_>) -> Result<()> {
        let (table, field, what) = self.described();
        crate::reference::must_exist(tx, table, Some(self.code().1), field, what)
    }
}

/// A kind of link: its table, its two ends and the message for a pair linked twice.
pub trait LinkKind: Serialize + DeserializeOwned + Clone + Send + 'static {
    #[doc(hidden)]
    const ENTITY: &'static str;
    #[doc(hidden)]
    const TABLE: RecordTable;
    #[doc(hidden)]
    const KIND: u8;
    #[doc(hidden)]
    const DUPLICATE: &'static str;
    #[doc(hidden)]
    fn ends(&self) -> [Owner; 2];
    /// Whether a link may clash with another of its first end (a team's players' caps), so a
    /// write must look at them.
    #[doc(hidden)]
    const HAS_SIBLING_RULE: bool = false;
    /// Why this link cannot stand beside `sibling`, another link of its first end.
    #[doc(hidden)]
    fn clash(&self, _sibling: &Self) -> Option<ValidationErrors> {
        None
    }
    /// What writing this link brings with it, in the same write.
    #[doc(hidden)]
    fn follow_up(&self, _tx: &WriteTx<'_>) -> Result<()> {
        Ok(())
    }
}

impl LinkKind for ClubCoachFields {
    const ENTITY: &'static str = "Club coach";
    const TABLE: RecordTable = RecordTable::of(tables::CLUB_COACHES);
    const KIND: u8 = 1;
    const DUPLICATE: &'static str = "This club manager is already in this club.";
    fn ends(&self) -> [Owner; 2] {
        [Owner::Club(self.club_id), Owner::Coach(self.coach_id)]
    }
}

impl LinkKind for ClubPlayerFields {
    const ENTITY: &'static str = "Club player";
    const TABLE: RecordTable = RecordTable::of(tables::CLUB_PLAYERS);
    const KIND: u8 = 2;
    const DUPLICATE: &'static str = "This player is already in this club.";
    fn ends(&self) -> [Owner; 2] {
        [Owner::Club(self.club_id), Owner::Player(self.player_id)]
    }
}

impl LinkKind for TeamCoachFields {
    const ENTITY: &'static str = "Team coach";
    const TABLE: RecordTable = RecordTable::of(tables::TEAM_COACHES);
    const KIND: u8 = 3;
    const DUPLICATE: &'static str = "This club manager is already in this team.";
    fn ends(&self) -> [Owner; 2] {
        [Owner::Team(self.team_id), Owner::Coach(self.coach_id)]
    }
}

impl LinkKind for TeamPlayerFields {
    const ENTITY: &'static str = "Team player";
    const TABLE: RecordTable = RecordTable::of(tables::TEAM_PLAYERS);
    const KIND: u8 = 4;
    const DUPLICATE: &'static str = "This player is already in this team.";
    fn ends(&self) -> [Owner; 2] {
        [Owner::Team(self.team_id), Owner::Player(self.player_id)]
    }
    const HAS_SIBLING_RULE: bool = true;
    /// A player of a team is a player of its club: one who is not yet joins the club for the
    /// team link's period.
    fn follow_up(&self, tx: &WriteTx<'_>) -> Result<()> {
        let team: Stored<TeamFields> = codec::get(&tx.open_table(tables::TEAMS)?, self.team_id)?;
        let club_id = team.0.club_id;
        let links = tx.open_table(Stored::<ClubPlayerFields>::TABLE.def())?;
        let index = tx.open_multimap_table(LINKS)?;
        for id in ids_of::<ClubPlayerFields>(&index, Owner::Player(self.player_id))? {
            let link: Stored<ClubPlayerFields> = codec::get(&links, id)?;
            if link.0.club_id == club_id {
                return Ok(());
            }
        }
        drop((links, index));
        create_by_member(
            tx,
            ClubPlayerFields {
                club_id,
                player_id: self.player_id,
                active_from: self.active_from,
                active_to: self.active_to,
            },
        )?;
        Ok(())
    }
    fn clash(&self, sibling: &Self) -> Option<ValidationErrors> {
        let cap = self.cap_number.filter(|_| self.shares_cap_with(sibling))?;
        Some(ValidationErrors::single(
            "capNumber",
            &memberships::cap_number_taken(cap),
        ))
    }
}

impl LinkKind for FederationOfficialFields {
    const ENTITY: &'static str = "Federation official";
    const TABLE: RecordTable = RecordTable::of(tables::FEDERATION_OFFICIALS);
    const KIND: u8 = 5;
    const DUPLICATE: &'static str = polodesk_domain::officials::ALREADY_AN_OFFICIAL;
    fn ends(&self) -> [Owner; 2] {
        [
            Owner::Federation(self.federation_id),
            Owner::Official(self.official_id),
        ]
    }
}

impl LinkKind for CompetitionTeamFields {
    const ENTITY: &'static str = "Competition team";
    const TABLE: RecordTable = RecordTable::of(tables::COMPETITION_TEAMS);
    const KIND: u8 = 6;
    const DUPLICATE: &'static str = "This team already competes in this competition.";
    fn ends(&self) -> [Owner; 2] {
        [
            Owner::Competition(self.competition_id),
            Owner::Team(self.team_id),
        ]
    }
}

impl<F: LinkKind> Record for Stored<F> {
    const ENTITY: &'static str = F::ENTITY;
    const TABLE: RecordTable = F::TABLE;
    const VERSION: u16 = 1;
}

fn index_key<F: LinkKind>(owner: Owner) -> (u8, u8, u64) {
    let (code, id) = owner.code();
    (F::KIND, code, id)
}

impl<F: LinkKind> sealed::Sealed for Link<F> {}
impl<F: LinkKind> Entity for Link<F> {
    type Record = Stored<F>;
    type Fields = F;

    fn from_record(id: u64, record: Stored<F>) -> Self {
        Link {
            id,
            fields: record.0,
        }
    }

    /// Links list in the order they were made.
    fn sort_key(&self) -> (String, String) {
        (format!("{:020}", self.id), String::new())
    }

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, Stored<F>>) -> Result<()> {
        let RecordWrite { id, old, new } = write;
        let [first, second] = new.0.ends();
        first.must_exist(tx)?;
        second.must_exist(tx)?;
        let mut index = tx.open_multimap_table(LINKS)?;
        let links = tx.open_table(Stored::<F>::TABLE.def())?;
        for other in index.get(index_key::<F>(first))? {
            let other = other?.value();
            if other != id {
                let other: Stored<F> = codec::get(&links, other)?;
                if other.0.ends()[1] == second {
                    return Err(StoreError::Invalid(ValidationErrors::single(
                        second.described().1,
                        F::DUPLICATE,
                    )));
                }
                if let Some(errors) = new.0.clash(&other.0) {
                    return Err(StoreError::Invalid(errors));
                }
            }
        }
        if let Some(old) = old {
            for end in old.0.ends() {
                index.remove(index_key::<F>(end), id)?;
            }
            note_link(tx, &old.0, false);
        }
        for end in [first, second] {
            index.insert(index_key::<F>(end), id)?;
        }
        note_link(tx, &new.0, true);
        drop((index, links));
        new.0.follow_up(tx)
    }

    fn on_delete(tx: &WriteTx<'_>, id: u64, old: &Stored<F>) -> Result<()> {
        let mut index = tx.open_multimap_table(LINKS)?;
        for end in old.0.ends() {
            index.remove(index_key::<F>(end), id)?;
        }
        note_link(tx, &old.0, false);
        Ok(())
    }
}

/// Creates a link inside a write, looking for the same pair among the links of its second end
/// (the coach, player, official or team joining): a new member has few links, while a club or
/// team may have thousands, so adding many members to one club stays linear (an import).
pub(crate) fn create_by_member<F: LinkKind>(tx: &WriteTx<'_>, fields: F) -> Result<Link<F>> {
    let [first, second] = fields.ends();
    first.must_exist(tx)?;
    second.must_exist(tx)?;
    let mut index = tx.open_multimap_table(LINKS)?;
    {
        let links = tx.open_table(Stored::<F>::TABLE.def())?;
        for other in index.get(index_key::<F>(second))? {
            let other: Stored<F> = codec::get(&links, other?.value())?;
            if other.0.ends()[0] == first {
                return Err(StoreError::Invalid(ValidationErrors::single(
                    second.described().1,
                    F::DUPLICATE,
                )));
            }
        }
        if F::HAS_SIBLING_RULE {
            for sibling in index.get(index_key::<F>(first))? {
                let sibling: Stored<F> = codec::get(&links, sibling?.value())?;
                if let Some(errors) = fields.clash(&sibling.0) {
                    return Err(StoreError::Invalid(errors));
                }
            }
        }
    }
    let id = codec::next_id::<Stored<F>>(tx)?;
    for end in [first, second] {
        index.insert(index_key::<F>(end), id)?;
    }
    note_link(tx, &fields, true);
    drop(index);
    fields.follow_up(tx)?;
    let record = Stored(fields);
    codec::put(tx, id, &record)?;
    Ok(Link::<F>::from_record(id, record))
}

/// Notes a link made or removed for the catalog's members (`members.rs`).
fn note_link<F: LinkKind>(tx: &WriteTx<'_>, link: &F, added: bool) {
    let [first, second] = link.ends();
    tx.linked(F::KIND, first.id(), second.id(), added);
}

fn ids_of<F: LinkKind>(
    index: &impl ReadableMultimapTable<(u8, u8, u64), u64>,
    owner: Owner,
) -> Result<Vec<u64>> {
    index
        .get(index_key::<F>(owner))?
        .map(|id| Ok(id?.value()))
        .collect()
}

/// Deletes the links of kind `F` that `owner` is an end of.
fn delete_kind<F: LinkKind>(tx: &WriteTx<'_>, owner: Owner) -> Result<()> {
    let ids = ids_of::<F>(&tx.open_multimap_table(LINKS)?, owner)?;
    for id in ids {
        let old: Stored<F> = codec::remove(tx, id)?;
        Link::<F>::on_delete(tx, id, &old)?;
    }
    Ok(())
}

/// Deletes every link `owner` is an end of, as part of deleting it.
pub(crate) fn delete_links_of(tx: &WriteTx<'_>, owner: Owner) -> Result<()> {
    delete_kind::<ClubCoachFields>(tx, owner)?;
    delete_kind::<ClubPlayerFields>(tx, owner)?;
    delete_kind::<TeamCoachFields>(tx, owner)?;
    delete_kind::<TeamPlayerFields>(tx, owner)?;
    delete_kind::<FederationOfficialFields>(tx, owner)?;
    delete_kind::<CompetitionTeamFields>(tx, owner)
}

/// The links of kind `F` that `owner` is an end of, from tables opened by a read or a write.
fn load_links<F: LinkKind>(
    index: &impl ReadableMultimapTable<(u8, u8, u64), u64>,
    table: &impl ReadableTable<u64, &'static [u8]>,
    owner: Owner,
) -> Result<Vec<Link<F>>> {
    ids_of::<F>(index, owner)?
        .into_iter()
        .map(|id| Ok(Link::<F>::from_record(id, codec::get(table, id)?)))
        .collect()
}

/// The links of kind `F` that `owner` is an end of, inside a write.
pub(crate) fn links_in<F: LinkKind>(tx: &WriteTx<'_>, owner: Owner) -> Result<Vec<Link<F>>> {
    load_links(
        &tx.open_multimap_table(LINKS)?,
        &tx.open_table(F::TABLE.def())?,
        owner,
    )
}

impl Store {
    /// The links of kind `F` that `owner` is an end of, in the order they were made.
    pub fn links<F: LinkKind>(&self, owner: Owner) -> Result<Vec<Link<F>>> {
        let tx = self.read()?;
        let index = tx.open_multimap_table(LINKS)?;
        load_links(&index, &tx.open_table(F::TABLE.def())?, owner)
    }

    /// How many links of kind `F` `owner` is an end of.
    pub fn count_links<F: LinkKind>(&self, owner: Owner) -> Result<u64> {
        let tx = self.read()?;
        Ok(tx
            .open_multimap_table(LINKS)?
            .get(index_key::<F>(owner))?
            .len())
    }
}
