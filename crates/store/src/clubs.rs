//! Clubs: reference checks on write, and the cascade on delete (spec 01 §8: its teams and the
//! users with a Club role in it; teams arrive with their module).

use polodesk_domain::clubs::{Club, ClubFields};
use polodesk_domain::teams::Team;
use polodesk_domain::users::User;

use crate::codec::{self, Stored, record_v1};
use crate::reference::{Entity, RecordWrite, delete_where, must_exist, sealed, stored_fields};
use crate::tables;
use crate::txn::WriteTx;
use crate::{Result, Store};

record_v1!(Stored<ClubFields>, "Club", CLUBS);

impl sealed::Sealed for Club {}
impl Entity for Club {
    stored_fields!(Club, ClubFields, by_name);

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, Self::Record>) -> Result<()> {
        let RecordWrite { id, old, new } = write;
        if old.is_some_and(|old| old.0.federation_id != new.0.federation_id) {
            crate::teams::follow_club(tx, id, &new.0)?;
        }
        if let Some(country_id) = new.0.country_id {
            crate::reference::check_place(tx, country_id, new.0.city_id)?;
        }
        must_exist(
            tx,
            tables::FEDERATIONS,
            new.0.federation_id,
            "federationId",
            "federation",
        )
    }

    fn on_delete(tx: &WriteTx<'_>, id: u64, _old: &Self::Record) -> Result<()> {
        delete_where::<Team>(tx, |team| team.0.club_id == id)?;
        crate::links::delete_links_of(tx, crate::links::Owner::Club(id))?;
        delete_where::<User>(tx, |user| user.club_id == Some(id))?;
        Ok(())
    }
}

impl Store {
    /// Takes a club out of its federation (`PUT /api/Clubs/{id}/remove`).
    pub async fn detach_club(&self, id: u64) -> Result<Club> {
        self.write(move |tx| {
            let mut record: Stored<ClubFields> = codec::get(&tx.open_table(tables::CLUBS)?, id)?;
            record.0.federation_id = None;
            codec::put(tx, id, &record)?;
            crate::teams::follow_club(tx, id, &record.0)?;
            Ok(Club::from_record(id, record))
        })
        .await
    }
}
