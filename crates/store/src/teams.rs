//! Teams: each belongs to a club (and through it to the club's federation) and plays one
//! category. Deleting a club deletes its teams; a team's competitions and matches join the
//! cascade when they exist.

use polodesk_domain::clubs::{Club, ClubFields};
use polodesk_domain::reference::Category;
use polodesk_domain::teams::{Team, TeamFields};
use polodesk_domain::validation::ValidationErrors;

use crate::codec::{self, Record, Stored};
use crate::records::CategoryRecord;
use crate::reference::{Entity, RecordWrite, load, sealed, stored_fields};
use crate::tables::{self, RecordTable};
use crate::txn::WriteTx;
use crate::{Result, StoreError};

impl codec::Record for Stored<TeamFields> {
    const ENTITY: &'static str = "Team";
    const TABLE: RecordTable = RecordTable::of(tables::TEAMS);
    const VERSION: u16 = 1;

    fn written(&self, tx: &WriteTx<'_>, id: u64) {
        tx.team_written(id, &self.0.name, &self.0.name_universal);
    }

    fn removed(tx: &WriteTx<'_>, id: u64) {
        tx.team_removed(id);
    }
}

impl sealed::Sealed for Team {}
impl Entity for Team {
    stored_fields!(Team, TeamFields, by_name);

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, Self::Record>) -> Result<()> {
        let team = &mut write.new.0;
        let club: Club = load(&tx.open_table(tables::CLUBS)?, team.club_id).map_err(|_| {
            StoreError::Invalid(ValidationErrors::single(
                "clubId",
                "The chosen club does not exist.",
            ))
        })?;
        let category: Category = load(
            &tx.open_table(CategoryRecord::TABLE.def())?,
            team.category_id,
        )
        .map_err(|_| {
            StoreError::Invalid(ValidationErrors::single(
                "categoryId",
                "The chosen category does not exist.",
            ))
        })?;
        team.federation_id = club.fields.federation_id;
        team.gender.get_or_insert(category.gender);
        if let Some(country_id) = team.country_id {
            crate::reference::check_place(tx, country_id, team.city_id)?;
        }
        Ok(())
    }

    /// Its competition entries and memberships go with it (spec 01 §8).
    fn on_delete(tx: &WriteTx<'_>, id: u64, _old: &Self::Record) -> Result<()> {
        crate::matches::delete_matches_of(tx, crate::MatchesOf::Team(id))?;
        crate::links::delete_links_of(tx, crate::links::Owner::Team(id))
    }
}

/// Moves a club's teams with it when it changes federation.
pub(crate) fn follow_club(tx: &WriteTx<'_>, club_id: u64, club: &ClubFields) -> Result<()> {
    let teams = codec::all::<Stored<TeamFields>>(&tx.open_table(tables::TEAMS)?)?;
    for (team_id, mut team) in teams {
        if team.0.club_id == club_id && team.0.federation_id != club.federation_id {
            team.0.federation_id = club.federation_id;
            codec::put(tx, team_id, &team)?;
        }
    }
    Ok(())
}
