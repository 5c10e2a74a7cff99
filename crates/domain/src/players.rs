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

fn check_details(
    errors: &mut ValidationErrors,
    height: Option<String>,
    weight: Option<String>,
    dominant_hand: Option<Hand>,
    primary_position_id: Option<Position>,
) -> PlayerFields {
    PlayerFields {
        person_id: 0,
        height: optional("height", TEXT_LIMIT).check(errors, height),
        weight: optional("weight", TEXT_LIMIT).check(errors, weight),
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
