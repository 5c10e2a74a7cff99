//! Competitions: reference checks on write; they go with their federation. Their teams and
//! matches join the cascade when those exist.

use polodesk_domain::competitions::{Competition, CompetitionFields};
use polodesk_domain::validation::{ValidationErrors, fold};
use redb::{ReadableTable, WriteTransaction};

use crate::codec::{self, Record, Stored};
use crate::records::{CategoryRecord, CompetitionTypeRecord};
use crate::reference::{Entity, sealed};
use crate::tables::{self, EntityTable};
use crate::{Result, StoreError};

impl Record for Stored<CompetitionFields> {
    const ENTITY: &'static str = "Competition";
    const TABLE: EntityTable = tables::COMPETITIONS;
    const VERSION: u16 = 1;
}

fn must_exist(
    tx: &WriteTransaction,
    table: EntityTable,
    id: Option<u64>,
    field: &str,
    what: &str,
) -> Result<()> {
    if let Some(id) = id
        && tx.open_table(table)?.get(id)?.is_none()
    {
        return Err(StoreError::Invalid(ValidationErrors::single(
            field,
            &format!("The chosen {what} does not exist."),
        )));
    }
    Ok(())
}

impl sealed::Sealed for Competition {}
impl Entity for Competition {
    type Record = Stored<CompetitionFields>;
    type Fields = CompetitionFields;

    fn from_record(id: u64, record: Self::Record) -> Self {
        Competition {
            id,
            fields: record.0,
        }
    }

    fn sort_key(&self) -> (String, String) {
        (fold(&self.fields.name_universal), fold(&self.fields.name))
    }

    fn on_write(
        tx: &WriteTransaction,
        _id: u64,
        _old: Option<&Self::Record>,
        new: &mut Self::Record,
    ) -> Result<()> {
        let c = &new.0;
        must_exist(
            tx,
            tables::FEDERATIONS,
            Some(c.federation_id),
            "federationId",
            "federation",
        )?;
        must_exist(
            tx,
            CategoryRecord::TABLE,
            c.category_id,
            "categoryId",
            "category",
        )?;
        must_exist(
            tx,
            CompetitionTypeRecord::TABLE,
            c.competition_type_id,
            "competitionTypeId",
            "competition type",
        )?;
        if let Some(country_id) = c.country_id {
            crate::federations::check_place(tx, country_id, c.city_id)?;
        }
        Ok(())
    }

    fn on_delete(tx: &WriteTransaction, id: u64, _old: &Self::Record) -> Result<()> {
        crate::matches::delete_matches_of(tx, crate::MatchesOf::Competition(id))?;
        crate::links::delete_links_of(tx, crate::links::Owner::Competition(id))
    }
}

/// Deletes the competitions of a federation.
pub(crate) fn delete_competitions_of(tx: &WriteTransaction, federation_id: u64) -> Result<()> {
    let all = codec::all::<Stored<CompetitionFields>>(&tx.open_table(tables::COMPETITIONS)?)?;
    for (id, competition) in all {
        if competition.0.federation_id == federation_id {
            let old: Stored<CompetitionFields> = codec::remove(tx, id)?;
            Competition::on_delete(tx, id, &old)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use polodesk_domain::competitions::CompetitionInput;

    /// The stored form of version 1; see the federation's twin of this test.
    #[test]
    fn version_1_encoding_is_pinned() {
        let fields = CompetitionInput {
            name: Some("SL".into()),
            name_universal: Some("League".into()),
            federation_id: Some(1),
            game_log_pin_confirmation_required: Some(true),
            ..CompetitionInput::default()
        }
        .validate()
        .unwrap();
        let bytes = codec::encode(&Stored(fields.clone())).unwrap();
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, PINNED_V1);
        assert_eq!(
            codec::decode::<Stored<CompetitionFields>>(&bytes)
                .unwrap()
                .0,
            fields
        );
    }

    const PINNED_V1: &str =
        "010002534c064c6561677565000000000000000000000000000000000001010000000000";
}
