//! Competitions: reference checks on write; they go with their federation. Their teams and
//! matches join the cascade when those exist.

use polodesk_domain::competitions::{Competition, CompetitionFields};

use crate::codec::{self, Record, Stored};
use crate::records::{CategoryRecord, CompetitionTypeRecord};
use crate::reference::{Entity, RecordWrite, must_exist, sealed, stored_fields};
use crate::tables;
use crate::tables::RecordTable;
use crate::txn::WriteTx;
use crate::{Result, StoreError};

impl Record for Stored<CompetitionFields> {
    const ENTITY: &'static str = "Competition";
    const TABLE: RecordTable = RecordTable::of(tables::COMPETITIONS);
    /// 2 added the standings points, 3 whether the competition is public.
    const VERSION: u16 = 3;

    fn migrate(version: u16, bytes: &[u8]) -> Result<Self> {
        match version {
            1 => {
                let old: Stored<CompetitionV1> = codec::decode_body(bytes)?;
                Ok(Stored(CompetitionV2::from(old.0).into()))
            }
            2 => {
                let old: Stored<CompetitionV2> = codec::decode_body(bytes)?;
                Ok(Stored(old.0.into()))
            }
            _ => Err(StoreError::UnknownVersion {
                entity: Self::ENTITY,
                version,
            }),
        }
    }
}

/// A competition as version 1 stored it: without standings points.
#[derive(serde::Serialize, serde::Deserialize)]
struct CompetitionV1 {
    name: String,
    name_universal: String,
    short_name: Option<String>,
    description: Option<String>,
    season: Option<String>,
    start_date: Option<polodesk_domain::dates::Date>,
    end_date: Option<polodesk_domain::dates::Date>,
    venue: Option<String>,
    address: Option<String>,
    phone: Option<String>,
    web: Option<String>,
    email: Option<String>,
    facebook: Option<String>,
    twitter: Option<String>,
    instagram: Option<String>,
    youtube: Option<String>,
    match_log_template_language: polodesk_domain::codes::TemplateLanguage,
    is_pro: bool,
    is_international: bool,
    game_log_pin_confirmation_required: bool,
    federation_id: u64,
    category_id: Option<u64>,
    competition_type_id: Option<u64>,
    country_id: Option<u64>,
    city_id: Option<u64>,
    logo: Option<String>,
}

/// A competition as version 2 stored it: public or not was not yet a choice.
#[derive(serde::Serialize, serde::Deserialize)]
struct CompetitionV2 {
    name: String,
    name_universal: String,
    short_name: Option<String>,
    description: Option<String>,
    season: Option<String>,
    start_date: Option<polodesk_domain::dates::Date>,
    end_date: Option<polodesk_domain::dates::Date>,
    venue: Option<String>,
    address: Option<String>,
    phone: Option<String>,
    web: Option<String>,
    email: Option<String>,
    facebook: Option<String>,
    twitter: Option<String>,
    instagram: Option<String>,
    youtube: Option<String>,
    match_log_template_language: polodesk_domain::codes::TemplateLanguage,
    is_pro: bool,
    is_international: bool,
    game_log_pin_confirmation_required: bool,
    federation_id: u64,
    category_id: Option<u64>,
    competition_type_id: Option<u64>,
    country_id: Option<u64>,
    city_id: Option<u64>,
    logo: Option<String>,
    points: polodesk_domain::standings::PointsRule,
}

impl From<CompetitionV1> for CompetitionV2 {
    fn from(v1: CompetitionV1) -> Self {
        CompetitionV2 {
            name: v1.name,
            name_universal: v1.name_universal,
            short_name: v1.short_name,
            description: v1.description,
            season: v1.season,
            start_date: v1.start_date,
            end_date: v1.end_date,
            venue: v1.venue,
            address: v1.address,
            phone: v1.phone,
            web: v1.web,
            email: v1.email,
            facebook: v1.facebook,
            twitter: v1.twitter,
            instagram: v1.instagram,
            youtube: v1.youtube,
            match_log_template_language: v1.match_log_template_language,
            is_pro: v1.is_pro,
            is_international: v1.is_international,
            game_log_pin_confirmation_required: v1.game_log_pin_confirmation_required,
            federation_id: v1.federation_id,
            category_id: v1.category_id,
            competition_type_id: v1.competition_type_id,
            country_id: v1.country_id,
            city_id: v1.city_id,
            logo: v1.logo,
            points: polodesk_domain::standings::PointsRule::default(),
        }
    }
}

impl From<CompetitionV2> for CompetitionFields {
    fn from(v2: CompetitionV2) -> Self {
        CompetitionFields {
            name: v2.name,
            name_universal: v2.name_universal,
            short_name: v2.short_name,
            description: v2.description,
            season: v2.season,
            start_date: v2.start_date,
            end_date: v2.end_date,
            venue: v2.venue,
            address: v2.address,
            phone: v2.phone,
            web: v2.web,
            email: v2.email,
            facebook: v2.facebook,
            twitter: v2.twitter,
            instagram: v2.instagram,
            youtube: v2.youtube,
            match_log_template_language: v2.match_log_template_language,
            is_pro: v2.is_pro,
            is_international: v2.is_international,
            game_log_pin_confirmation_required: v2.game_log_pin_confirmation_required,
            federation_id: v2.federation_id,
            category_id: v2.category_id,
            competition_type_id: v2.competition_type_id,
            country_id: v2.country_id,
            city_id: v2.city_id,
            logo: v2.logo,
            points: v2.points,
            // Every competition was public before it could be marked otherwise.
            is_public: true,
        }
    }
}

impl sealed::Sealed for Competition {}
impl Entity for Competition {
    stored_fields!(Competition, CompetitionFields, by_name);

    fn on_write(tx: &WriteTx<'_>, write: RecordWrite<'_, Self::Record>) -> Result<()> {
        let c = &write.new.0;
        must_exist(
            tx,
            tables::FEDERATIONS,
            Some(c.federation_id),
            "federationId",
            "federation",
        )?;
        must_exist(
            tx,
            CategoryRecord::TABLE.def(),
            c.category_id,
            "categoryId",
            "category",
        )?;
        must_exist(
            tx,
            CompetitionTypeRecord::TABLE.def(),
            c.competition_type_id,
            "competitionTypeId",
            "competition type",
        )?;
        if let Some(country_id) = c.country_id {
            crate::reference::check_place(tx, country_id, c.city_id)?;
        }
        Ok(())
    }

    fn on_delete(tx: &WriteTx<'_>, id: u64, _old: &Self::Record) -> Result<()> {
        crate::matches::delete_matches_of(tx, crate::MatchesOf::Competition(id))?;
        crate::links::delete_links_of(tx, crate::links::Owner::Competition(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polodesk_domain::competitions::CompetitionInput;

    /// The stored form of version 3; the other records are pinned in `golden`.
    #[test]
    fn version_3_encoding_is_pinned() {
        let fields = CompetitionInput {
            name: Some("SL".into()),
            name_universal: Some("League".into()),
            federation_id: Some(1),
            game_log_pin_confirmation_required: Some(true),
            is_public: Some(false),
            ..CompetitionInput::default()
        }
        .validate()
        .unwrap();
        let bytes = codec::encode(&Stored(fields.clone())).unwrap();
        assert_eq!(hex::encode(&bytes), PINNED_V3);
        assert_eq!(
            codec::decode::<Stored<CompetitionFields>>(&bytes)
                .unwrap()
                .0,
            fields
        );
    }

    /// Records written before version 3 read as public, with their points (or the default
    /// points before version 2).
    #[test]
    fn older_competitions_are_read_through_their_migrations() {
        for (pinned, points) in [
            (PINNED_V1, polodesk_domain::standings::PointsRule::default()),
            (PINNED_V2, polodesk_domain::standings::PointsRule::default()),
            (
                PINNED_V2_GENEROUS,
                polodesk_domain::standings::PointsRule {
                    win: 4,
                    ..Default::default()
                },
            ),
        ] {
            let fields = codec::decode::<Stored<CompetitionFields>>(&hex::decode(pinned).unwrap())
                .unwrap()
                .0;
            assert_eq!(fields.name, "SL");
            assert_eq!(fields.federation_id, 1);
            assert!(fields.game_log_pin_confirmation_required);
            assert_eq!(fields.points, points);
            assert!(fields.is_public);
        }
    }

    /// Version 1's and 2's bytes for the same input, as those releases wrote them.
    const PINNED_V1: &str =
        "010002534c064c6561677565000000000000000000000000000000000001010000000000";
    const PINNED_V2: &str =
        "020002534c064c65616775650000000000000000000000000000000000010100000000000301000201";
    /// Version 2 with 4 points for a win.
    const PINNED_V2_GENEROUS: &str =
        "020002534c064c65616775650000000000000000000000000000000000010100000000000401000201";
    const PINNED_V3: &str =
        "030002534c064c6561677565000000000000000000000000000000000001010000000000030100020100";
}
