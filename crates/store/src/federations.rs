//! Federations: reference checks on write, and the cascade on delete (spec 01 §8: its clubs,
//! teams, competitions, matches and the users with a Federation or Club role in it; the parts
//! that exist so far).

use polodesk_domain::clubs::Club;
use polodesk_domain::competitions::Competition;
use polodesk_domain::federations::{Federation, FederationFields};
use polodesk_domain::reference::Category;
use polodesk_domain::users::User;

use crate::Result;
use crate::codec::{Record, Stored, record_v1};
use crate::records::CategoryRecord;
use crate::reference::{
    Entity, RecordWrite, check_place, delete_where, invalid, sealed, stored_fields,
};
use crate::txn::WriteTx;

record_v1!(Stored<FederationFields>, "Federation", FEDERATIONS);

/// Checks that every category exists.
pub(crate) fn check_categories(tx: &WriteTx<'_>, field: &str, ids: &[u64]) -> Result<()> {
    let categories = tx.open_table(CategoryRecord::TABLE.def())?;
    for id in ids {
        if crate::reference::load::<Category>(&categories, *id).is_err() {
            return Err(invalid(field, "A chosen category does not exist."));
        }
    }
    Ok(())
}

impl sealed::Sealed for Federation {}
impl Entity for Federation {
    stored_fields!(Federation, FederationFields, by_name);

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, Self::Record>) -> Result<()> {
        let federation = &write.new.0;
        check_place(tx, federation.country_id, federation.city_id)?;
        check_categories(tx, "categories", &federation.category_ids)
    }

    fn on_delete(tx: &WriteTx<'_>, id: u64, _old: &Self::Record) -> Result<()> {
        delete_where::<Club>(tx, |club| club.0.federation_id == Some(id))?;
        delete_where::<Competition>(tx, |competition| competition.0.federation_id == id)?;
        crate::links::delete_links_of(tx, crate::links::Owner::Federation(id))?;
        delete_where::<User>(tx, |user| user.federation_id == Some(id))?;
        Ok(())
    }
}
