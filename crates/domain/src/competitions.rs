//! Competitions (spec 01 §3 Competition, §5 Competition): a federation's league, cup or
//! tournament in one category and season.

use serde::{Deserialize, Serialize};

use crate::codes::TemplateLanguage;
use crate::dates::Date;
use crate::organisations::{organisation_form, shared_fields_of, with_shared_fields};
use crate::standings::PointsRule;
use crate::validation::{TEXT_LIMIT, ValidationErrors, check_city_country, optional, required};

pub const FEDERATION_REQUIRED: &str = "Federation field is required!";
pub const DATES_ORDER: &str = "End date must not be before start date.";
pub const POINTS_RANGE: &str = "Points must be a whole number from 0 to 10.";
/// The most points a result may give.
pub const MAX_POINTS: u32 = 10;

/// A competition as stored and listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Competition {
    pub id: u64,
    #[serde(flatten)]
    pub fields: CompetitionFields,
}

/// The checked fields of a competition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompetitionFields {
    pub name: String,
    pub name_universal: String,
    pub short_name: Option<String>,
    pub description: Option<String>,
    pub season: Option<String>,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub venue: Option<String>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub web: Option<String>,
    pub email: Option<String>,
    pub facebook: Option<String>,
    pub twitter: Option<String>,
    pub instagram: Option<String>,
    pub youtube: Option<String>,
    pub match_log_template_language: TemplateLanguage,
    pub is_pro: bool,
    pub is_international: bool,
    pub game_log_pin_confirmation_required: bool,
    pub federation_id: u64,
    pub category_id: Option<u64>,
    pub competition_type_id: Option<u64>,
    pub country_id: Option<u64>,
    pub city_id: Option<u64>,
    /// Base64 PNG, at most 256×256.
    pub logo: Option<String>,
    /// Points for a regulation win, draw and loss, and a shootout win and loss.
    pub points: PointsRule,
    /// Whether spectators may follow its matches on the public pages (`/live`) without
    /// signing in; a competition that is not public answers 404 there. Exports made before
    /// it existed read as public.
    #[serde(default = "public_by_default")]
    pub is_public: bool,
}

fn public_by_default() -> bool {
    true
}

organisation_form! {
    pub struct CompetitionInput {
        pub season: Option<String>,
        pub start_date: Option<Date>,
        pub end_date: Option<Date>,
        pub venue: Option<String>,
        /// `en` (the default) or `rs`.
        pub match_log_template_language: Option<TemplateLanguage>,
        pub is_international: Option<bool>,
        pub game_log_pin_confirmation_required: Option<bool>,
        pub federation_id: Option<u64>,
        pub category_id: Option<u64>,
        pub competition_type_id: Option<u64>,
        pub country_id: Option<u64>,
        pub city_id: Option<u64>,
        /// 3, 1, 0, 2, 1 when left out (any field left out takes its default).
        pub points: Option<PointsRule>,
        /// Shown on the public pages; true when left out.
        pub is_public: Option<bool>,
    }
}

impl CompetitionInput {
    pub fn validate(self) -> Result<CompetitionFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let shared = shared_fields_of!(self).check(&mut errors);
        let season = optional("season", TEXT_LIMIT).check(&mut errors, self.season);
        let venue = optional("venue", TEXT_LIMIT).check(&mut errors, self.venue);
        let federation_id = required(
            &mut errors,
            self.federation_id,
            "federationId",
            FEDERATION_REQUIRED,
        );
        if let (Some(start), Some(end)) = (self.start_date, self.end_date)
            && end < start
        {
            errors.add("endDate", DATES_ORDER);
        }
        check_city_country(&mut errors, "countryId", self.country_id, self.city_id);
        let points = self.points.unwrap_or_default();
        for (field, value) in [
            ("win", points.win),
            ("draw", points.draw),
            ("loss", points.loss),
            ("shootoutWin", points.shootout_win),
            ("shootoutLoss", points.shootout_loss),
        ] {
            if value > MAX_POINTS {
                errors.add(&format!("points.{field}"), POINTS_RANGE);
            }
        }
        errors.finish(with_shared_fields!(
            shared,
            CompetitionFields {
                season,
                start_date: self.start_date,
                end_date: self.end_date,
                venue,
                match_log_template_language: self.match_log_template_language.unwrap_or_default(),
                is_international: self.is_international.unwrap_or(false),
                game_log_pin_confirmation_required: self
                    .game_log_pin_confirmation_required
                    .unwrap_or(false),
                federation_id,
                category_id: self.category_id,
                competition_type_id: self.competition_type_id,
                country_id: self.country_id,
                city_id: self.city_id,
                points,
                is_public: self.is_public.unwrap_or(true),
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_competition_form_messages_and_defaults() {
        let errors = CompetitionInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["federationId"], [FEDERATION_REQUIRED]);
        let input = CompetitionInput {
            name: Some("Superliga".into()),
            name_universal: Some("Super League".into()),
            federation_id: Some(1),
            start_date: Date::new(2026, 10, 1),
            end_date: Date::new(2026, 9, 1),
            youtube: Some("y".repeat(101)),
            ..CompetitionInput::default()
        };
        let errors = input.clone().validate().unwrap_err();
        assert_eq!(errors.fields()["endDate"], [DATES_ORDER]);
        assert_eq!(errors.fields()["youtube"], ["Too long input!"]);
        let fields = CompetitionInput {
            end_date: None,
            youtube: None,
            ..input.clone()
        }
        .validate()
        .unwrap();
        assert_eq!(fields.match_log_template_language, TemplateLanguage::En);
        assert_eq!(fields.points, PointsRule::default());
        assert!(
            fields.is_public,
            "a competition is public unless marked otherwise"
        );
        let generous = CompetitionInput {
            points: Some(PointsRule {
                win: 11,
                ..PointsRule::default()
            }),
            ..input
        };
        let errors = generous.validate().unwrap_err();
        assert_eq!(errors.fields()["points.win"], [POINTS_RANGE]);
    }
}
