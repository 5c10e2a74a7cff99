//! Reference data stays while anything refers to it: deleting a country, city, category or
//! competition type that a federation, club, team, competition or person names is refused
//! (409) instead of leaving dangling ids.

use polodesk_domain::clubs::ClubFields;
use polodesk_domain::competitions::CompetitionFields;
use polodesk_domain::federations::FederationFields;
use polodesk_domain::teams::TeamFields;
use serde::de::DeserializeOwned;

use crate::codec::{self, Record, Stored};
use crate::identity::PersonRecord;
use crate::txn::WriteTx;
use crate::{Result, StoreError};

/// Which reference a delete would break.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Referred {
    Country(u64),
    City(u64),
    Category(u64),
    CompetitionType(u64),
}

fn any<T>(tx: &WriteTx<'_>, refers: impl Fn(&T) -> bool) -> Result<bool>
where
    T: serde::Serialize + DeserializeOwned,
    Stored<T>: Record,
{
    let rows = codec::all::<Stored<T>>(&tx.open_table(<Stored<T> as Record>::TABLE.def())?)?;
    Ok(rows.iter().any(|(_, row)| refers(&row.0)))
}

/// Refuses the delete when something still names `referred`.
pub(crate) fn refuse_if_referred(tx: &WriteTx<'_>, referred: Referred) -> Result<()> {
    let (what, referrer) = match referred {
        Referred::Country(id) => {
            let by = if any::<FederationFields>(tx, |f| f.country_id == id)? {
                Some("a federation")
            } else if any::<ClubFields>(tx, |c| c.country_id == Some(id))? {
                Some("a club")
            } else if any::<TeamFields>(tx, |t| t.country_id == Some(id))? {
                Some("a team")
            } else if any::<CompetitionFields>(tx, |c| c.country_id == Some(id))? {
                Some("a competition")
            } else if persons_refer(tx, |p| p.country_of_birth_id == Some(id))? {
                Some("a person")
            } else {
                None
            };
            ("country", by)
        }
        Referred::City(id) => {
            let by = if any::<FederationFields>(tx, |f| f.city_id == Some(id))? {
                Some("a federation")
            } else if any::<ClubFields>(tx, |c| c.city_id == Some(id))? {
                Some("a club")
            } else if any::<TeamFields>(tx, |t| t.city_id == Some(id))? {
                Some("a team")
            } else if any::<CompetitionFields>(tx, |c| c.city_id == Some(id))? {
                Some("a competition")
            } else if persons_refer(tx, |p| p.city_of_birth_id == Some(id))? {
                Some("a person")
            } else {
                None
            };
            ("city", by)
        }
        Referred::Category(id) => {
            let by = if any::<FederationFields>(tx, |f| f.category_ids.contains(&id))? {
                Some("a federation")
            } else if any::<TeamFields>(tx, |t| t.category_id == id)? {
                Some("a team")
            } else if any::<CompetitionFields>(tx, |c| c.category_id == Some(id))? {
                Some("a competition")
            } else {
                None
            };
            ("category", by)
        }
        Referred::CompetitionType(id) => {
            let by = any::<CompetitionFields>(tx, |c| c.competition_type_id == Some(id))?
                .then_some("a competition");
            ("competition type", by)
        }
    };
    match referrer {
        Some(referrer) => Err(StoreError::Conflict(format!(
            "This {what} cannot be deleted because {referrer} refers to it."
        ))),
        None => Ok(()),
    }
}

fn persons_refer(
    tx: &WriteTx<'_>,
    refers: impl Fn(&polodesk_domain::persons::PersonFields) -> bool,
) -> Result<bool> {
    let rows = codec::all::<PersonRecord>(&tx.open_table(PersonRecord::TABLE.def())?)?;
    Ok(rows.iter().any(|(_, row)| refers(row.fields())))
}
