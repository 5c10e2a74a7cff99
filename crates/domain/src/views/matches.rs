//! A match as the API shows it: the match with the names beside its ids, its score, and the
//! rows of its lineups, benches and officials.

use serde::{Deserialize, Serialize};

use super::entity::EntityRef;
use super::score::MatchScore;
use crate::codes::{CoachRole, MatchSegment, OfficialRole, Position};
use crate::dates::Instant;

/// A person by name, as the match lists show referees, players and coaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PersonName {
    pub name: String,
    pub surname: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchPlayerView {
    pub id: u64,
    pub match_id: u64,
    pub team_id: u64,
    pub player_id: u64,
    pub position_id: Position,
    /// The lineup slot, 1 to 16.
    pub number: u8,
    pub cap_number: u8,
    pub player: Option<PersonName>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchCoachView {
    pub id: u64,
    pub match_id: u64,
    pub team_id: u64,
    pub coach_id: u64,
    pub role_id: CoachRole,
    pub coach: Option<PersonName>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchOfficialView {
    pub id: u64,
    pub match_id: u64,
    pub official_id: u64,
    pub role_id: OfficialRole,
    pub confirmed: bool,
    pub confirmed_at: Option<Instant>,
    pub official: Option<PersonName>,
}

/// A match with the names beside its ids (spec 02 §3). Lists leave out logos, lineups and
/// coaches; the detail has them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = Match))]
#[serde(rename_all = "camelCase")]
pub struct MatchView {
    pub home_team_id: u64,
    pub away_team_id: u64,
    pub home_team_display_name: String,
    pub away_team_display_name: String,
    pub home_team: Option<EntityRef>,
    pub away_team: Option<EntityRef>,
    pub federation_id: Option<u64>,
    pub competition_id: u64,
    pub competition: Option<EntityRef>,
    pub competition_display_name: String,
    pub competition_logo: Option<String>,
    pub federation_logo: Option<String>,
    pub country_id: Option<u64>,
    pub country: Option<EntityRef>,
    pub city_id: Option<u64>,
    pub city: Option<EntityRef>,
    pub venue: Option<String>,
    pub round: Option<String>,
    /// The game number.
    pub number: Option<String>,
    pub description: Option<String>,
    pub match_segment_id: MatchSegment,
    pub match_segment: String,
    pub match_segment_length: u8,
    pub start_date: Instant,
    pub end_date: Option<Instant>,
    #[serde(flatten)]
    pub score: MatchScore,
    pub referees: Vec<PersonName>,
    pub delegates: Vec<PersonName>,
    pub officials: Vec<MatchOfficialView>,
    pub players: Vec<MatchPlayerView>,
    pub coaches: Vec<MatchCoachView>,
}
