//! The links between people and the bodies they belong to (spec 01 §3): a coach or player in a
//! club or team, an official in a federation, and a team in a competition.
//!
//! Each link names both ends; the store checks that they exist, keeps one link per pair and
//! removes the link with either end.

use serde::{Deserialize, Serialize};

use crate::codes::{CoachRole, OfficialRole, Position};
use crate::dates::Date;
use crate::validation::{TEXT_LIMIT, ValidationErrors, check_period, optional, required};

pub const CLUB_REQUIRED: &str = "Club field is required!";
pub const TEAM_REQUIRED: &str = "Team field is required!";
pub const POSITION_REQUIRED: &str = "Position field is required!";
pub const FEDERATION_REQUIRED: &str = "Federation field is required!";
pub const ROLES_REQUIRED: &str = "Roles field is required!";
pub const CAP_NUMBER_RANGE: &str = "Cap number must be between 1 and 99.";
pub const COACH_REQUIRED: &str = "Coach field is required!";
pub const PLAYER_REQUIRED: &str = "Player field is required!";
pub const OFFICIAL_REQUIRED: &str = "Official field is required!";
pub const COMPETITION_REQUIRED: &str = "Competition field is required!";
pub const CLUB_OR_TEAM_REQUIRED: &str = "Club or Team field is required.";

/// A link as stored and listed: its id and its fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Link<F> {
    pub id: u64,
    #[serde(flatten)]
    pub fields: F,
}

pub type ClubCoach = Link<ClubCoachFields>;
pub type ClubPlayer = Link<ClubPlayerFields>;
pub type TeamCoach = Link<TeamCoachFields>;
pub type TeamPlayer = Link<TeamPlayerFields>;
pub type FederationOfficial = Link<FederationOfficialFields>;
pub type CompetitionTeam = Link<CompetitionTeamFields>;

/// A coach (club manager) of a club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ClubCoachFields {
    pub club_id: u64,
    pub coach_id: u64,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

/// A player of a club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ClubPlayerFields {
    pub club_id: u64,
    pub player_id: u64,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

/// A coach on a team's bench, head coach unless said otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamCoachFields {
    pub team_id: u64,
    pub coach_id: u64,
    pub role_id: CoachRole,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

/// A player of a team, with the position and cap number they usually play with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamPlayerFields {
    pub team_id: u64,
    pub player_id: u64,
    pub position_id: Position,
    /// 1 to 99.
    pub cap_number: Option<u8>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

impl TeamPlayerFields {
    /// Whether `other`, another player's link to the same team, wears this link's cap number
    /// on some day both are active: a team's players tell apart by their caps.
    pub fn shares_cap_with(&self, other: &TeamPlayerFields) -> bool {
        self.team_id == other.team_id
            && self.player_id != other.player_id
            && self.cap_number.is_some()
            && self.cap_number == other.cap_number
            && periods_overlap(
                (self.active_from, self.active_to),
                (other.active_from, other.active_to),
            )
    }
}

/// The refusal of a cap number another active player of the team wears.
pub fn cap_number_taken(cap: u8) -> String {
    format!("Cap number {cap} is already worn by another active player of this team.")
}

/// Whether two activity periods (first and last day, open where `None`) share a day.
fn periods_overlap(a: (Option<Date>, Option<Date>), b: (Option<Date>, Option<Date>)) -> bool {
    let starts_in_time = |(from, _): (Option<Date>, Option<Date>),
                          (_, to): (Option<Date>, Option<Date>)| {
        match (from, to) {
            (Some(from), Some(to)) => from <= to,
            _ => true,
        }
    };
    starts_in_time(a, b) && starts_in_time(b, a)
}

/// An official's roles in one federation (the spec's "official role").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FederationOfficialFields {
    pub federation_id: u64,
    pub official_id: u64,
    /// At least one.
    pub roles: Vec<OfficialRole>,
    pub active_from: Date,
    pub active_to: Option<Date>,
}

/// A team entered in a competition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompetitionTeamFields {
    pub competition_id: u64,
    pub team_id: u64,
    pub description: Option<String>,
    pub is_disqualified: bool,
    pub is_seed: bool,
}

/// A club or team row of a coach or player, sent on its own or inside a coach or player form.
pub trait MembershipInput {
    type Fields;
    /// Checks the row; `person_id` stands in for the coach's or player's id when the row leaves
    /// it out (inside a form, where the new coach or player fills it in).
    fn check(self, errors: &mut ValidationErrors, person_id: Option<u64>) -> Self::Fields;
}

/// Checks a row sent on its own.
fn validate_alone<I: MembershipInput>(input: I) -> Result<I::Fields, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let fields = input.check(&mut errors, None);
    errors.finish(fields)
}

/// A club membership of a coach or player. Inside a coach or player form the person's id is
/// left out: the new coach or player fills it in.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClubCoachInput {
    pub club_id: Option<u64>,
    /// Required on its own; left out inside a coach form.
    pub coach_id: Option<u64>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

impl MembershipInput for ClubCoachInput {
    type Fields = ClubCoachFields;

    fn check(self, errors: &mut ValidationErrors, coach_id: Option<u64>) -> ClubCoachFields {
        check_period(errors, self.active_from, self.active_to);
        ClubCoachFields {
            club_id: required(errors, self.club_id, "clubId", CLUB_REQUIRED),
            coach_id: required(
                errors,
                self.coach_id.or(coach_id),
                "coachId",
                COACH_REQUIRED,
            ),
            active_from: self.active_from,
            active_to: self.active_to,
        }
    }
}

impl ClubCoachInput {
    pub fn validate(self) -> Result<ClubCoachFields, ValidationErrors> {
        validate_alone(self)
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClubPlayerInput {
    pub club_id: Option<u64>,
    /// Required on its own; left out inside a player form.
    pub player_id: Option<u64>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

impl MembershipInput for ClubPlayerInput {
    type Fields = ClubPlayerFields;

    fn check(self, errors: &mut ValidationErrors, player_id: Option<u64>) -> ClubPlayerFields {
        check_period(errors, self.active_from, self.active_to);
        ClubPlayerFields {
            club_id: required(errors, self.club_id, "clubId", CLUB_REQUIRED),
            player_id: required(
                errors,
                self.player_id.or(player_id),
                "playerId",
                PLAYER_REQUIRED,
            ),
            active_from: self.active_from,
            active_to: self.active_to,
        }
    }
}

impl ClubPlayerInput {
    pub fn validate(self) -> Result<ClubPlayerFields, ValidationErrors> {
        validate_alone(self)
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamCoachInput {
    pub team_id: Option<u64>,
    /// Required on its own; left out inside a coach form.
    pub coach_id: Option<u64>,
    /// Head coach when left out.
    pub role_id: Option<CoachRole>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

impl MembershipInput for TeamCoachInput {
    type Fields = TeamCoachFields;

    fn check(self, errors: &mut ValidationErrors, coach_id: Option<u64>) -> TeamCoachFields {
        check_period(errors, self.active_from, self.active_to);
        TeamCoachFields {
            team_id: required(errors, self.team_id, "teamId", TEAM_REQUIRED),
            coach_id: required(
                errors,
                self.coach_id.or(coach_id),
                "coachId",
                COACH_REQUIRED,
            ),
            role_id: self.role_id.unwrap_or(CoachRole::HeadCoach),
            active_from: self.active_from,
            active_to: self.active_to,
        }
    }
}

impl TeamCoachInput {
    pub fn validate(self) -> Result<TeamCoachFields, ValidationErrors> {
        validate_alone(self)
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamPlayerInput {
    pub team_id: Option<u64>,
    /// Required on its own; left out inside a player form.
    pub player_id: Option<u64>,
    pub position_id: Option<Position>,
    /// 1 to 99.
    pub cap_number: Option<i64>,
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

impl MembershipInput for TeamPlayerInput {
    type Fields = TeamPlayerFields;

    fn check(self, errors: &mut ValidationErrors, player_id: Option<u64>) -> TeamPlayerFields {
        check_period(errors, self.active_from, self.active_to);
        if self.position_id.is_none() {
            errors.add("positionId", POSITION_REQUIRED);
        }
        let cap_number = self.cap_number.map(|n| match u8::try_from(n) {
            Ok(n @ 1..=99) => n,
            _ => {
                errors.add("capNumber", CAP_NUMBER_RANGE);
                0
            }
        });
        TeamPlayerFields {
            team_id: required(errors, self.team_id, "teamId", TEAM_REQUIRED),
            player_id: required(
                errors,
                self.player_id.or(player_id),
                "playerId",
                PLAYER_REQUIRED,
            ),
            position_id: self.position_id.unwrap_or(Position::Goalkeeper),
            cap_number,
            active_from: self.active_from,
            active_to: self.active_to,
        }
    }
}

impl TeamPlayerInput {
    pub fn validate(self) -> Result<TeamPlayerFields, ValidationErrors> {
        validate_alone(self)
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FederationOfficialInput {
    pub federation_id: Option<u64>,
    /// Required on its own; left out inside an official or person form.
    pub official_id: Option<u64>,
    pub roles: Option<Vec<OfficialRole>>,
    /// Today when left out.
    pub active_from: Option<Date>,
    pub active_to: Option<Date>,
}

impl FederationOfficialInput {
    pub fn check(
        self,
        errors: &mut ValidationErrors,
        official_id: Option<u64>,
        today: Date,
    ) -> FederationOfficialFields {
        let active_from = self.active_from.unwrap_or(today);
        check_period(errors, Some(active_from), self.active_to);
        let mut roles = self.roles.unwrap_or_default();
        roles.sort();
        roles.dedup();
        if roles.is_empty() {
            errors.add("roles", ROLES_REQUIRED);
        }
        FederationOfficialFields {
            federation_id: required(
                errors,
                self.federation_id,
                "federationId",
                FEDERATION_REQUIRED,
            ),
            official_id: required(
                errors,
                self.official_id.or(official_id),
                "officialId",
                OFFICIAL_REQUIRED,
            ),
            roles,
            active_from,
            active_to: self.active_to,
        }
    }

    pub fn validate(self, today: Date) -> Result<FederationOfficialFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let fields = self.check(&mut errors, None, today);
        errors.finish(fields)
    }
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CompetitionTeamInput {
    pub competition_id: Option<u64>,
    pub team_id: Option<u64>,
    pub description: Option<String>,
    pub is_disqualified: Option<bool>,
    pub is_seed: Option<bool>,
}

impl CompetitionTeamInput {
    pub fn validate(self) -> Result<CompetitionTeamFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let description = optional("description", TEXT_LIMIT).check(&mut errors, self.description);
        let fields = CompetitionTeamFields {
            competition_id: required(
                &mut errors,
                self.competition_id,
                "competitionId",
                COMPETITION_REQUIRED,
            ),
            team_id: required(&mut errors, self.team_id, "teamId", TEAM_REQUIRED),
            description,
            is_disqualified: self.is_disqualified.unwrap_or(false),
            is_seed: self.is_seed.unwrap_or(false),
        };
        errors.finish(fields)
    }
}

/// Checks the club and team rows of a new coach or player: at least one row, each row
/// reported under its place in the form (`clubs[0].clubId`). The person's id is the store's to
/// fill in.
pub fn check_memberships<C: MembershipInput, T: MembershipInput>(
    errors: &mut ValidationErrors,
    clubs: Option<Vec<C>>,
    teams: Option<Vec<T>>,
) -> (Vec<C::Fields>, Vec<T::Fields>) {
    let (clubs, teams) = (clubs.unwrap_or_default(), teams.unwrap_or_default());
    if clubs.is_empty() && teams.is_empty() {
        errors.add("clubs", CLUB_OR_TEAM_REQUIRED);
    }
    (
        check_each(errors, "clubs", clubs, |club, e| club.check(e, Some(0))),
        check_each(errors, "teams", teams, |team, e| team.check(e, Some(0))),
    )
}

/// Checks the rows of a form's list, reporting under `list[i].field`.
pub fn check_each<I, F>(
    errors: &mut ValidationErrors,
    list: &str,
    inputs: Vec<I>,
    check: impl Fn(I, &mut ValidationErrors) -> F,
) -> Vec<F> {
    inputs
        .into_iter()
        .enumerate()
        .map(|(i, input)| {
            let mut inner = ValidationErrors::new();
            let fields = check(input, &mut inner);
            errors.nest(&format!("{list}[{i}]"), inner);
            fields
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u8) -> Date {
        Date::new(2026, 9, d).unwrap()
    }

    #[test]
    fn memberships_need_both_ends_and_an_ordered_period() {
        let errors = ClubCoachInput {
            active_from: Some(day(10)),
            active_to: Some(day(9)),
            ..ClubCoachInput::default()
        }
        .validate()
        .unwrap_err();
        assert_eq!(errors.fields()["clubId"], [CLUB_REQUIRED]);
        assert_eq!(errors.fields()["coachId"], [COACH_REQUIRED]);
        assert_eq!(
            errors.fields()["activeTo"],
            [crate::validation::ACTIVE_ORDER]
        );
        let nested = ClubPlayerInput {
            club_id: Some(3),
            ..ClubPlayerInput::default()
        };
        let mut errors = ValidationErrors::new();
        assert_eq!(nested.check(&mut errors, Some(7)).player_id, 7);
        assert!(errors.is_empty());
    }

    #[test]
    fn a_team_coach_is_head_coach_unless_said() {
        let fields = TeamCoachInput {
            team_id: Some(1),
            coach_id: Some(2),
            ..TeamCoachInput::default()
        }
        .validate()
        .unwrap();
        assert_eq!(fields.role_id, CoachRole::HeadCoach);
        assert_eq!(
            TeamCoachInput::default().validate().unwrap_err().fields()["teamId"],
            [TEAM_REQUIRED]
        );
    }

    #[test]
    fn two_players_of_a_team_share_a_cap_only_in_periods_apart() {
        let date = |y, m, d| Some(Date::new(y, m, d).unwrap());
        let link = |player_id, cap, from, to| TeamPlayerFields {
            team_id: 1,
            player_id,
            position_id: Position::Driver,
            cap_number: cap,
            active_from: from,
            active_to: to,
        };
        let seven = link(10, Some(7), date(2025, 9, 1), None);
        assert!(seven.shares_cap_with(&link(11, Some(7), None, None)));
        assert!(seven.shares_cap_with(&link(11, Some(7), None, date(2025, 9, 1))));
        // One left the day before the other came; another cap; no cap; the same player.
        assert!(!seven.shares_cap_with(&link(11, Some(7), None, date(2025, 8, 31))));
        assert!(!seven.shares_cap_with(&link(11, Some(8), None, None)));
        assert!(!link(10, None, None, None).shares_cap_with(&link(11, None, None, None)));
        assert!(!seven.shares_cap_with(&link(10, Some(7), None, None)));
        // Another team.
        let elsewhere = TeamPlayerFields {
            team_id: 2,
            ..link(11, Some(7), None, None)
        };
        assert!(!seven.shares_cap_with(&elsewhere));
        assert_eq!(
            cap_number_taken(7),
            "Cap number 7 is already worn by another active player of this team."
        );
    }

    #[test]
    fn cap_numbers_run_from_1_to_99_and_a_position_is_required() {
        let input = |cap| TeamPlayerInput {
            team_id: Some(1),
            player_id: Some(2),
            position_id: Some(Position::Driver),
            cap_number: Some(cap),
            ..TeamPlayerInput::default()
        };
        assert_eq!(input(1).validate().unwrap().cap_number, Some(1));
        assert_eq!(input(99).validate().unwrap().cap_number, Some(99));
        for bad in [0, 100, -1, 256] {
            assert_eq!(
                input(bad).validate().unwrap_err().fields()["capNumber"],
                [CAP_NUMBER_RANGE],
                "{bad}"
            );
        }
        let errors = TeamPlayerInput::default().validate().unwrap_err();
        assert_eq!(errors.fields()["positionId"], [POSITION_REQUIRED]);
        assert_eq!(errors.fields()["teamId"], [TEAM_REQUIRED]);
    }

    #[test]
    fn an_official_role_needs_a_federation_and_roles_and_starts_today_by_default() {
        let errors = FederationOfficialInput {
            official_id: Some(1),
            ..FederationOfficialInput::default()
        }
        .validate(day(1))
        .unwrap_err();
        assert_eq!(errors.fields()["federationId"], [FEDERATION_REQUIRED]);
        assert_eq!(errors.fields()["roles"], [ROLES_REQUIRED]);
        let fields = FederationOfficialInput {
            federation_id: Some(2),
            official_id: Some(1),
            roles: Some(vec![
                OfficialRole::Delegate,
                OfficialRole::Referee,
                OfficialRole::Referee,
            ]),
            ..FederationOfficialInput::default()
        }
        .validate(day(22))
        .unwrap();
        assert_eq!(fields.active_from, day(22));
        let ends_before_today = FederationOfficialInput {
            federation_id: Some(2),
            official_id: Some(1),
            roles: Some(vec![OfficialRole::Referee]),
            active_to: Some(day(21)),
            ..FederationOfficialInput::default()
        };
        assert_eq!(
            ends_before_today.validate(day(22)).unwrap_err().fields()["activeTo"],
            [crate::validation::ACTIVE_ORDER],
            "the default start counts too"
        );
        assert_eq!(
            fields.roles,
            [OfficialRole::Referee, OfficialRole::Delegate]
        );
    }

    #[test]
    fn nested_messages_name_their_row() {
        let mut errors = ValidationErrors::new();
        let rows = check_each(
            &mut errors,
            "teams",
            vec![TeamCoachInput::default()],
            |input, errors| input.check(errors, Some(5)),
        );
        assert_eq!(rows.len(), 1);
        assert_eq!(errors.fields()["teams[0].teamId"], [TEAM_REQUIRED]);
    }
}
