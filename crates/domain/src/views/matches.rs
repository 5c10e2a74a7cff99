//! A match as the API shows it: the match with the names beside its ids, its score, and the
//! rows of its lineups, benches and officials.

use serde::{Deserialize, Serialize};

use super::entity::EntityRef;
use super::score::MatchScore;
use crate::codes::{CoachRole, MatchSegment, OfficialRole, Position};
use crate::dates::Instant;
use crate::matches::{MatchCoach, MatchFields, MatchOfficial, MatchPlayer, MatchState, Score};

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
    /// The competition asks each official for their PIN to confirm the log (its
    /// `gameLogPinConfirmationRequired`); without it, who confirms is who is signed in.
    #[serde(default)]
    pub log_pin_required: bool,
    #[serde(flatten)]
    pub score: MatchScore,
    pub referees: Vec<PersonName>,
    pub delegates: Vec<PersonName>,
    pub officials: Vec<MatchOfficialView>,
    pub players: Vec<MatchPlayerView>,
    pub coaches: Vec<MatchCoachView>,
}

impl MatchView {
    /// The match as the rules read it, so a client checks an event against the lineups as the
    /// server will (`events::check_in_match`). The score comes from the views' totals per period.
    pub fn state(&self) -> MatchState {
        let s = &self.score;
        MatchState {
            fields: MatchFields {
                home_team_id: self.home_team_id,
                away_team_id: self.away_team_id,
                competition_id: self.competition_id,
                country_id: self.country_id,
                city_id: self.city_id,
                venue: self.venue.clone(),
                round: self.round.clone(),
                number: self.number.clone(),
                description: self.description.clone(),
                match_segment_id: self.match_segment_id,
                match_segment_length: self.match_segment_length,
                start_date: self.start_date,
                end_date: self.end_date,
            },
            status_id: s.status_id,
            players: self
                .players
                .iter()
                .map(|p| MatchPlayer {
                    id: p.id,
                    team_id: p.team_id,
                    player_id: p.player_id,
                    position_id: p.position_id,
                    number: p.number,
                    cap_number: p.cap_number,
                })
                .collect(),
            coaches: self
                .coaches
                .iter()
                .map(|c| MatchCoach {
                    id: c.id,
                    team_id: c.team_id,
                    coach_id: c.coach_id,
                    role_id: c.role_id,
                })
                .collect(),
            officials: self
                .officials
                .iter()
                .map(|o| MatchOfficial {
                    id: o.id,
                    official_id: o.official_id,
                    role_id: o.role_id,
                    confirmed: o.confirmed,
                    confirmed_at: o.confirmed_at,
                })
                .collect(),
            score: Score {
                home: [s.home_q1, s.home_q2, s.home_q3, s.home_q4, s.home_ot],
                away: [s.away_q1, s.away_q2, s.away_q3, s.away_q4, s.away_ot],
                shootout: s.decided_by_shootout,
            },
            revision: s.revision,
        }
    }
}
