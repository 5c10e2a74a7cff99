//! Coaches, the spec's "Club Managers" (spec 01 §3 Coach, §5): a person's coach identity, with
//! memberships in clubs and on teams' benches.

use serde::{Deserialize, Serialize};

use crate::memberships::{
    ClubCoachFields, ClubCoachInput, TeamCoachFields, TeamCoachInput, check_memberships,
};
use crate::persons::{PROFILE_REQUIRED, PersonInput, Profile, check_profile};
use crate::validation::ValidationErrors;

pub const ALREADY_A_COACH: &str = "This person is already a coach!";

/// A coach: the person it is. Its clubs and teams are links.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Coach {
    pub id: u64,
    #[serde(flatten)]
    pub fields: CoachFields,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CoachFields {
    pub person_id: u64,
}

/// `POST /api/Coaches`: a new or existing person, and at least one club or team.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CoachInput {
    /// An existing profile; or else `person`.
    pub person_id: Option<u64>,
    /// A new profile; or else `personId`.
    pub person: Option<PersonInput>,
    pub clubs: Option<Vec<ClubCoachInput>>,
    pub teams: Option<Vec<TeamCoachInput>>,
}

/// A checked coach form. The memberships' `coach_id` is the new coach's, filled in by the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCoach {
    pub profile: Profile,
    pub clubs: Vec<ClubCoachFields>,
    pub teams: Vec<TeamCoachFields>,
}

impl CoachInput {
    pub fn validate(self) -> Result<NewCoach, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let profile = check_profile(&mut errors, self.person_id, self.person, PROFILE_REQUIRED);
        let (clubs, teams) = check_memberships(&mut errors, self.clubs, self.teams);
        errors.finish(NewCoach {
            profile,
            clubs,
            teams,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dates::Date;

    #[test]
    fn a_coach_needs_a_profile_and_a_club_or_team() {
        let errors = CoachInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["personId"], [PROFILE_REQUIRED]);
        assert_eq!(
            errors.fields()["clubs"],
            [crate::memberships::CLUB_OR_TEAM_REQUIRED]
        );
        let errors = CoachInput {
            person: Some(PersonInput::default()),
            teams: Some(vec![TeamCoachInput::default()]),
            ..CoachInput::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(
            errors.fields()["person.surname"],
            [crate::persons::SURNAME_REQUIRED]
        );
        assert_eq!(
            errors.fields()["teams[0].teamId"],
            [crate::memberships::TEAM_REQUIRED]
        );
        assert!(!errors.fields().contains_key("clubs"));
        let coach = CoachInput {
            person: Some(PersonInput {
                name: Some("Dejan".into()),
                surname: Some("Savić".into()),
                birth_date: Date::new(1975, 1, 1),
                ..PersonInput::default()
            }),
            clubs: Some(vec![ClubCoachInput {
                club_id: Some(4),
                ..ClubCoachInput::default()
            }]),
            ..CoachInput::default()
        }
        .validate()
        .unwrap();
        assert!(matches!(coach.profile, Profile::New(ref p) if p.surname == "Savić"));
        assert_eq!(coach.clubs[0].club_id, 4);
    }
}
