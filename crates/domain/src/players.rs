//! Players (spec 01 §3 Player, §5): a person's player identity with build, hand and position,
//! and memberships in clubs and teams.

use serde::{Deserialize, Serialize};

use crate::codes::{Hand, Position};
use crate::memberships::{
    ClubPlayerFields, ClubPlayerInput, TeamPlayerFields, TeamPlayerInput, check_memberships,
};
use crate::persons::{PROFILE_REQUIRED, PersonInput, Profile, check_profile};
use crate::validation::{TEXT_LIMIT, ValidationErrors, optional};

pub const ALREADY_A_PLAYER: &str = "This person is already a player!";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    pub id: u64,
    #[serde(flatten)]
    pub fields: PlayerFields,
}

/// A player's own fields. `person_id` is set when the player is created and never changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlayerFields {
    pub person_id: u64,
    /// Free text, as the score sheet prints it (e.g. "192 cm").
    pub height: Option<String>,
    pub weight: Option<String>,
    pub dominant_hand: Option<Hand>,
    pub primary_position_id: Option<Position>,
}

/// `PUT /api/Players/{id}`: the player information tab.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerInput {
    /// Ignored: the path names the player.
    pub id: Option<u64>,
    pub height: Option<String>,
    pub weight: Option<String>,
    pub dominant_hand: Option<Hand>,
    pub primary_position_id: Option<Position>,
}

pub const HEIGHT_RANGE: &str =
    "Height must be a number of centimetres from 100 to 250, such as 192 or 192 cm.";
pub const WEIGHT_RANGE: &str =
    "Weight must be a number of kilograms from 25 to 200, such as 95 or 95 kg.";

/// A body measure: its unit and the range a person's can be in.
struct Measure {
    field: &'static str,
    unit: &'static str,
    min: f64,
    max: f64,
    message: &'static str,
}

const HEIGHT: Measure = Measure {
    field: "height",
    unit: "cm",
    min: 100.0,
    max: 250.0,
    message: HEIGHT_RANGE,
};

const WEIGHT: Measure = Measure {
    field: "weight",
    unit: "kg",
    min: 25.0,
    max: 200.0,
    message: WEIGHT_RANGE,
};

impl Measure {
    /// The spec keeps height and weight as text (at most 200 characters); they must also read
    /// as a number in range, with or without the unit ("192", "192 cm", "95.5 kg"), and are
    /// kept with the unit, as the score sheet prints them.
    fn check(&self, errors: &mut ValidationErrors, value: Option<String>) -> Option<String> {
        let value = optional(self.field, TEXT_LIMIT).check(errors, value)?;
        if value.chars().count() > TEXT_LIMIT {
            // Already refused as too long.
            return Some(value);
        }
        let text = value.trim();
        let number = text
            .strip_suffix(self.unit)
            .or_else(|| text.strip_suffix(&self.unit.to_uppercase()))
            .unwrap_or(text)
            .trim_end();
        let plain = !number.is_empty()
            && number.len() <= 6
            && number.chars().all(|c| c.is_ascii_digit() || c == '.')
            && !number.starts_with('.')
            && !number.ends_with('.');
        match number.parse::<f64>() {
            Ok(n) if plain && (self.min..=self.max).contains(&n) => {
                Some(format!("{number} {}", self.unit))
            }
            _ => {
                errors.add(self.field, self.message);
                Some(value)
            }
        }
    }
}

fn check_details(
    errors: &mut ValidationErrors,
    height: Option<String>,
    weight: Option<String>,
    dominant_hand: Option<Hand>,
    primary_position_id: Option<Position>,
) -> PlayerFields {
    PlayerFields {
        person_id: 0,
        height: HEIGHT.check(errors, height),
        weight: WEIGHT.check(errors, weight),
        dominant_hand,
        primary_position_id,
    }
}

impl PlayerInput {
    /// The checked fields; the store keeps the player's person.
    pub fn validate(self) -> Result<PlayerFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let fields = check_details(
            &mut errors,
            self.height,
            self.weight,
            self.dominant_hand,
            self.primary_position_id,
        );
        errors.finish(fields)
    }
}

/// `POST /api/Players`: a new or existing person, the player's fields, and at least one club or
/// team.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewPlayerInput {
    /// An existing profile; or else `person`.
    pub person_id: Option<u64>,
    /// A new profile; or else `personId`.
    pub person: Option<PersonInput>,
    pub height: Option<String>,
    pub weight: Option<String>,
    pub dominant_hand: Option<Hand>,
    pub primary_position_id: Option<Position>,
    pub clubs: Option<Vec<ClubPlayerInput>>,
    pub teams: Option<Vec<TeamPlayerInput>>,
}

/// A checked player form. `fields.person_id` and the memberships' `player_id` are filled in by
/// the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPlayer {
    pub profile: Profile,
    pub fields: PlayerFields,
    pub clubs: Vec<ClubPlayerFields>,
    pub teams: Vec<TeamPlayerFields>,
}

impl NewPlayerInput {
    pub fn validate(self) -> Result<NewPlayer, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let profile = check_profile(&mut errors, self.person_id, self.person, PROFILE_REQUIRED);
        let fields = check_details(
            &mut errors,
            self.height,
            self.weight,
            self.dominant_hand,
            self.primary_position_id,
        );
        let (clubs, teams) = check_memberships(&mut errors, self.clubs, self.teams);
        errors.finish(NewPlayer {
            profile,
            fields,
            clubs,
            teams,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memberships::CLUB_OR_TEAM_REQUIRED;

    #[test]
    fn height_and_weight_are_numbers_in_a_persons_range_kept_with_their_unit() {
        let check = |height: &str, weight: &str| {
            PlayerInput {
                height: Some(height.into()),
                weight: Some(weight.into()),
                ..PlayerInput::default()
            }
            .validate()
        };
        let fields = check("192", " 95.5 kg ").unwrap();
        assert_eq!(fields.height.as_deref(), Some("192 cm"));
        assert_eq!(fields.weight.as_deref(), Some("95.5 kg"));
        let fields = check("100 cm", "25KG").unwrap();
        assert_eq!(fields.height.as_deref(), Some("100 cm"));
        assert_eq!(fields.weight.as_deref(), Some("25 kg"));
        for (height, weight) in [
            ("tall", "heavy"),
            ("99", "24"),
            ("251 cm", "201 kg"),
            ("1.92 m", "95 lb"),
            ("-180", "1e2"),
            ("192 kg", "95 cm"),
            ("cm", "."),
        ] {
            let errors = check(height, weight).unwrap_err();
            assert_eq!(errors.fields()["height"], [HEIGHT_RANGE], "{height}");
            assert_eq!(errors.fields()["weight"], [WEIGHT_RANGE], "{weight}");
        }
    }

    #[test]
    fn the_player_form_messages() {
        let errors = NewPlayerInput {
            person_id: Some(3),
            height: Some("1".repeat(201)),
            teams: Some(vec![TeamPlayerInput {
                team_id: Some(2),
                cap_number: Some(100),
                ..TeamPlayerInput::default()
            }]),
            ..NewPlayerInput::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.fields()["height"], ["Too long input!"]);
        assert_eq!(
            errors.fields()["teams[0].positionId"],
            [crate::memberships::POSITION_REQUIRED]
        );
        assert_eq!(
            errors.fields()["teams[0].capNumber"],
            [crate::memberships::CAP_NUMBER_RANGE]
        );
        let errors = NewPlayerInput {
            person_id: Some(3),
            clubs: Some(vec![]),
            ..NewPlayerInput::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.fields()["clubs"], [CLUB_OR_TEAM_REQUIRED]);
        let hand: Hand = serde_json::from_str("\"L\"").unwrap();
        assert_eq!(hand, Hand::Left);
        assert!(serde_json::from_str::<Hand>("\"X\"").is_err());
    }
}
