//! Matches (spec 02 §3 Match, §4 Match status, §5 Match form, Lineup and log): the fixture, its
//! status, its lineups and officials, and the score the goal events give it.

use serde::{Deserialize, Serialize};

use crate::codes::{CoachRole, MatchSegment, MatchStatus, OfficialRole, Period, Position};
use crate::dates::Instant;
use crate::standings::MatchResult;
use crate::validation::{TEXT_LIMIT, ValidationErrors, check_city_country, optional, required};

pub const HOME_TEAM_REQUIRED: &str = "Home team field is required!";
pub const AWAY_TEAM_REQUIRED: &str = "Away team field is required!";
pub const COMPETITION_REQUIRED: &str = "Competition field is required!";
pub const START_REQUIRED: &str = "Start is required!";
pub const SEGMENT_LENGTH_REQUIRED: &str = "Match segment length field is required!";
pub const SAME_TEAMS: &str = "Home and away team cannot be the same team!";
pub const SEGMENT_LENGTH_RANGE: &str = "Match segment length must be between 1 and 60 minutes.";
pub const END_BEFORE_START: &str = "End must not be before start.";
pub const OFFICIAL_REQUIRED: &str = "Official field is required!";
pub const ROLE_REQUIRED: &str = "Role field is required!";
pub const PIN_REQUIRED: &str = "PIN is required!";
pub const SLOT_RANGE: &str = "Lineup slot must be between 1 and 16.";
pub const SLOT_TAKEN: &str = "This slot is already taken.";
pub const PLAYER_TWICE: &str = "This player is already in the lineup.";
pub const COACH_TWICE: &str = "This coach is already chosen for this match.";
pub const OFFICIAL_TWICE: &str = "This official is already assigned to this match.";
pub const KEEPER_SLOTS: &str = "Only slots 1 and 13 hold goalkeepers.";
pub const NOT_A_MATCH_TEAM: &str = "The team must be the home or the away team of this match.";
pub const TEAM_REQUIRED: &str = "Team field is required!";
pub const PLAYER_REQUIRED: &str = "Player field is required!";
pub const COACH_REQUIRED: &str = "Coach field is required!";
pub const CAP_NUMBER_RANGE: &str = "Cap number must be between 1 and 99.";
pub const LOG_CLOSED: &str = "The match log is confirmed and closed; only federation staff or an administrator can correct it.";
pub const LINEUP_LOCKED: &str = "Lineups can be changed only before the match starts.";
pub const NOT_FINISHED: &str = "The match log can be confirmed only when the match is finished.";
pub const CANCELLED: &str = "The match is cancelled; its log cannot change.";
pub const TEAMS_LOCKED: &str = "The teams cannot change once a lineup or an event is recorded.";
pub const TEAMS_NOT_IN_COMPETITION: &str = "Both teams must be entered in the competition.";

/// The default length of a segment, in minutes (spec 02 §9).
pub const DEFAULT_SEGMENT_LENGTH: u8 = 8;
/// Cap slots per team in a lineup; slots 1 and 13 are the goalkeepers' (spec 02 §9).
pub const LINEUP_SLOTS: u8 = 16;
pub const KEEPER_SLOT_NUMBERS: [u8; 2] = [1, 13];

/// A match as stored: the fixture, its lineups and officials, and its score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Match {
    pub id: u64,
    pub state: MatchState,
}

/// Everything a match holds besides its id. Stored through its serde form, so no `flatten`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchState {
    pub fields: MatchFields,
    pub status_id: MatchStatus,
    pub players: Vec<MatchPlayer>,
    pub coaches: Vec<MatchCoach>,
    pub officials: Vec<MatchOfficial>,
    pub score: Score,
    /// Counts the match's writes: live viewers keep the newest they have seen.
    pub revision: u64,
}

impl MatchState {
    /// The result the standings read from this match's score: regular-play goals, and the
    /// shootout's when one decided it. Callers choose which matches count (finished ones).
    pub fn result(&self) -> MatchResult {
        let score = self.score;
        let (home_goals, away_goals) = score.regulation();
        MatchResult {
            home_team_id: self.fields.home_team_id,
            away_team_id: self.fields.away_team_id,
            home_goals,
            away_goals,
            shootout: score.shootout.then_some((score.home[4], score.away[4])),
        }
    }

    /// A new match: Not_Started, no lineups, no officials, 0:0.
    pub fn new(fields: MatchFields) -> Self {
        MatchState {
            fields,
            status_id: MatchStatus::NotStarted,
            players: Vec::new(),
            coaches: Vec::new(),
            officials: Vec::new(),
            score: Score::default(),
            revision: 0,
        }
    }

    /// Which side `team_id` plays on, if it plays in this match.
    pub fn side_of(&self, team_id: u64) -> Option<Side> {
        if team_id == self.fields.home_team_id {
            Some(Side::Home)
        } else if team_id == self.fields.away_team_id {
            Some(Side::Away)
        } else {
            None
        }
    }

    pub fn team_of(&self, side: Side) -> u64 {
        match side {
            Side::Home => self.fields.home_team_id,
            Side::Away => self.fields.away_team_id,
        }
    }

    /// Whether a player is in this team's lineup.
    pub fn in_lineup(&self, team_id: u64, player_id: u64) -> bool {
        self.players
            .iter()
            .any(|p| p.team_id == team_id && p.player_id == player_id)
    }

    /// Whether a coach sits on this team's bench for the match.
    pub fn on_bench(&self, team_id: u64, coach_id: u64) -> bool {
        self.coaches
            .iter()
            .any(|c| c.team_id == team_id && c.coach_id == coach_id)
    }

    /// Some official has confirmed the log as it is.
    pub fn log_confirmed_by_any(&self) -> bool {
        self.officials.iter().any(|o| o.confirmed)
    }

    /// The log is closed once every assigned official has confirmed it (and there is one).
    pub fn log_closed(&self) -> bool {
        !self.officials.is_empty() && self.officials.iter().all(|o| o.confirmed)
    }

    /// Lets a write to the log through: refused on a cancelled match, and once the log is
    /// closed unless the writer may correct it (federation staff, admins). Confirmations certify
    /// the log as it was, so a write clears any given so far. Returns whether it cleared some.
    pub fn open_for_write(&mut self, may_correct: bool) -> Result<bool, &'static str> {
        if self.status_id == MatchStatus::Cancelled {
            return Err(CANCELLED);
        }
        if self.log_closed() && !may_correct {
            return Err(LOG_CLOSED);
        }
        let mut reopened = false;
        for official in self.officials.iter_mut().filter(|o| o.confirmed) {
            official.confirmed = false;
            official.confirmed_at = None;
            reopened = true;
        }
        Ok(reopened)
    }
}

/// Home or away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Home,
    Away,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Home => Side::Away,
            Side::Away => Side::Home,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Side::Home => "home",
            Side::Away => "away",
        }
    }
}

/// The checked fields of the match form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchFields {
    pub home_team_id: u64,
    pub away_team_id: u64,
    pub competition_id: u64,
    pub country_id: Option<u64>,
    pub city_id: Option<u64>,
    pub venue: Option<String>,
    pub round: Option<String>,
    /// The game number.
    pub number: Option<String>,
    pub description: Option<String>,
    pub match_segment_id: MatchSegment,
    /// Minutes per segment, 8 by default.
    pub match_segment_length: u8,
    pub start_date: Instant,
    pub end_date: Option<Instant>,
}

impl MatchFields {
    /// A fixture with the form's defaults: quarters of 8 minutes, no place, round or number.
    pub fn new(
        home_team_id: u64,
        away_team_id: u64,
        competition_id: u64,
        start_date: Instant,
    ) -> Self {
        MatchFields {
            home_team_id,
            away_team_id,
            competition_id,
            country_id: None,
            city_id: None,
            venue: None,
            round: None,
            number: None,
            description: None,
            match_segment_id: MatchSegment::Quarter,
            match_segment_length: DEFAULT_SEGMENT_LENGTH,
            start_date,
            end_date: None,
        }
    }
}

/// The match form (`POST /api/Matches`, `PUT /api/Matches/{id}`). On update the status may move
/// forward (see `MatchStatus::can_move_to`); a new match is always Not_Started.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchInput {
    /// Ignored: the path names the match.
    pub id: Option<u64>,
    pub home_team_id: Option<u64>,
    pub away_team_id: Option<u64>,
    pub competition_id: Option<u64>,
    pub country_id: Option<u64>,
    pub city_id: Option<u64>,
    pub venue: Option<String>,
    pub round: Option<String>,
    pub number: Option<String>,
    pub description: Option<String>,
    /// Quarter (303) when left out.
    pub match_segment_id: Option<MatchSegment>,
    /// Minutes, 1 to 60; 8 when left out on create.
    pub match_segment_length: Option<u8>,
    pub start_date: Option<Instant>,
    pub end_date: Option<Instant>,
    /// On update only; a new match is Not_Started whatever is sent.
    pub status_id: Option<MatchStatus>,
}

impl MatchInput {
    /// Checks the form; `creating` gives a missing segment length its default, as the form
    /// pre-fills it (an update must send it).
    pub fn validate(
        self,
        creating: bool,
    ) -> Result<(MatchFields, Option<MatchStatus>), ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let required = |errors: &mut ValidationErrors, id: Option<u64>, field, message| {
            if id.is_none() {
                errors.add(field, message);
            }
            id.unwrap_or_default()
        };
        let home_team_id = required(
            &mut errors,
            self.home_team_id,
            "homeTeamId",
            HOME_TEAM_REQUIRED,
        );
        let away_team_id = required(
            &mut errors,
            self.away_team_id,
            "awayTeamId",
            AWAY_TEAM_REQUIRED,
        );
        let competition_id = required(
            &mut errors,
            self.competition_id,
            "competitionId",
            COMPETITION_REQUIRED,
        );
        if self.home_team_id.is_some() && self.home_team_id == self.away_team_id {
            errors.add("awayTeamId", SAME_TEAMS);
        }
        let venue = optional("venue", TEXT_LIMIT).check(&mut errors, self.venue);
        let round = optional("round", TEXT_LIMIT).check(&mut errors, self.round);
        let number = optional("number", TEXT_LIMIT).check(&mut errors, self.number);
        let description = optional("description", TEXT_LIMIT).check(&mut errors, self.description);
        let length = match (self.match_segment_length, creating) {
            (Some(length), _) => length,
            (None, true) => DEFAULT_SEGMENT_LENGTH,
            (None, false) => {
                errors.add("matchSegmentLength", SEGMENT_LENGTH_REQUIRED);
                0
            }
        };
        if self.match_segment_length.is_some() && !(1..=60).contains(&length) {
            errors.add("matchSegmentLength", SEGMENT_LENGTH_RANGE);
        }
        if self.start_date.is_none() {
            errors.add("startDate", START_REQUIRED);
        }
        if let (Some(start), Some(end)) = (self.start_date, self.end_date)
            && end < start
        {
            errors.add("endDate", END_BEFORE_START);
        }
        check_city_country(&mut errors, "countryId", self.country_id, self.city_id);
        let fields = MatchFields {
            home_team_id,
            away_team_id,
            competition_id,
            country_id: self.country_id,
            city_id: self.city_id,
            venue,
            round,
            number,
            description,
            match_segment_id: self.match_segment_id.unwrap_or(MatchSegment::Quarter),
            match_segment_length: length,
            start_date: self.start_date.unwrap_or(Instant(0)),
            end_date: self.end_date,
        };
        errors.finish((fields, if creating { None } else { self.status_id }))
    }
}

impl MatchStatus {
    /// The order of play; Cancelled stands outside it.
    fn stage(self) -> Option<u8> {
        match self {
            MatchStatus::NotStarted => Some(0),
            MatchStatus::FirstPeriod => Some(1),
            MatchStatus::SecondPeriod => Some(2),
            MatchStatus::ThirdPeriod => Some(3),
            MatchStatus::FourthPeriod => Some(4),
            MatchStatus::Overtime => Some(5),
            MatchStatus::Finished => Some(6),
            MatchStatus::Cancelled => None,
        }
    }

    /// Whether the match is being played: a period or overtime under way.
    pub fn is_under_way(self) -> bool {
        matches!(self.stage(), Some(1..=5))
    }

    /// Status moves forward only (periods may be skipped, as when a result is entered after the
    /// game); a match may be cancelled until it is finished; finished and cancelled are final.
    /// Staying where it is is always allowed.
    pub fn can_move_to(self, next: MatchStatus) -> bool {
        if self == next {
            return true;
        }
        match (self.stage(), next.stage()) {
            (Some(6) | None, _) => false,
            (Some(_), None) => true,
            (Some(from), Some(to)) => to > from,
        }
    }

    /// The 409 message for a move `can_move_to` refuses.
    pub fn refusal(self, next: MatchStatus) -> String {
        format!(
            "The match status cannot change from {} to {}.",
            self.label(),
            next.label()
        )
    }
}

/// A player in a lineup slot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchPlayer {
    pub id: u64,
    pub team_id: u64,
    pub player_id: u64,
    pub position_id: Position,
    /// The lineup slot, 1 to 16; 1 and 13 are goalkeepers.
    pub number: u8,
    /// The number on the cap, 1 to 99 (the slot when the roster has none).
    pub cap_number: u8,
}

/// A coach on a team's bench for the match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchCoach {
    pub id: u64,
    pub team_id: u64,
    pub coach_id: u64,
    pub role_id: CoachRole,
}

/// An official assigned to the match, and whether they confirmed its log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchOfficial {
    pub id: u64,
    pub official_id: u64,
    pub role_id: OfficialRole,
    pub confirmed: bool,
    pub confirmed_at: Option<Instant>,
}

/// One lineup row as sent; `id` keeps an existing row's id.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchPlayerInput {
    pub id: Option<u64>,
    /// Ignored: the path names the match.
    pub match_id: Option<u64>,
    pub team_id: Option<u64>,
    pub player_id: Option<u64>,
    /// Goalkeeper in slots 1 and 13; Driver elsewhere when left out.
    pub position_id: Option<Position>,
    pub number: Option<u8>,
    /// The player's cap number on the team when left out.
    pub cap_number: Option<u8>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchCoachInput {
    pub id: Option<u64>,
    /// Ignored: the path names the match.
    pub match_id: Option<u64>,
    pub team_id: Option<u64>,
    pub coach_id: Option<u64>,
    /// Head coach when left out.
    pub role_id: Option<CoachRole>,
}

/// A match official row (`POST /api/MatchOfficials`, and inside the log).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MatchOfficialInput {
    pub id: Option<u64>,
    pub match_id: Option<u64>,
    pub official_id: Option<u64>,
    pub role_id: Option<OfficialRole>,
    /// Ignored: only the PIN confirmation sets it.
    pub confirmed: Option<bool>,
}

/// A lineup row as `check_players` passes it on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRow {
    pub team_id: u64,
    pub player_id: u64,
    pub position_id: Position,
    pub number: u8,
    pub cap_number: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoachRow {
    pub team_id: u64,
    pub coach_id: u64,
    pub role_id: CoachRole,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfficialRow {
    pub official_id: u64,
    pub role_id: OfficialRole,
}

/// The team of a lineup or bench row: given, and one of the match's two.
fn check_row_team(errors: &mut ValidationErrors, state: &MatchState, team_id: Option<u64>) -> u64 {
    let id = required(errors, team_id, "teamId", TEAM_REQUIRED);
    if team_id.is_some() && state.side_of(id).is_none() {
        errors.add("teamId", NOT_A_MATCH_TEAM);
    }
    id
}

/// Checks the players of a lineup against the match: each row on its own, then slots once per
/// team, a player once per match, keepers only in 1 and 13. Errors are reported by row
/// (`matchPlayers[2].number`).
pub fn check_players(
    state: &MatchState,
    rows: Vec<MatchPlayerInput>,
) -> Result<Vec<PlayerRow>, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let mut checked: Vec<PlayerRow> = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        let mut e = ValidationErrors::new();
        let team_id = check_row_team(&mut e, state, row.team_id);
        let player_id = required(&mut e, row.player_id, "playerId", PLAYER_REQUIRED);
        let number = row.number.unwrap_or(0);
        if !(1..=LINEUP_SLOTS).contains(&number) {
            e.add("number", SLOT_RANGE);
        }
        let keeper_slot = KEEPER_SLOT_NUMBERS.contains(&number);
        let position_id = match row.position_id {
            _ if keeper_slot => Position::Goalkeeper,
            Some(Position::Goalkeeper) => {
                e.add("positionId", KEEPER_SLOTS);
                Position::Goalkeeper
            }
            Some(position) => position,
            None => Position::Driver,
        };
        if row.cap_number.is_some_and(|cap| !(1..=99).contains(&cap)) {
            e.add("capNumber", CAP_NUMBER_RANGE);
        }
        if e.is_empty() {
            if checked
                .iter()
                .any(|p| p.team_id == team_id && p.number == number)
            {
                e.add("number", SLOT_TAKEN);
            }
            if checked.iter().any(|p| p.player_id == player_id) {
                e.add("playerId", PLAYER_TWICE);
            }
        }
        errors.nest(&format!("matchPlayers[{i}]"), e);
        checked.push(PlayerRow {
            team_id,
            player_id,
            position_id,
            number,
            cap_number: row.cap_number,
        });
    }
    errors.finish(checked)
}

/// Checks the coaches of a match: each on the bench of one of its teams, once.
pub fn check_coaches(
    state: &MatchState,
    rows: Vec<MatchCoachInput>,
) -> Result<Vec<CoachRow>, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let mut checked: Vec<CoachRow> = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        let mut e = ValidationErrors::new();
        let team_id = check_row_team(&mut e, state, row.team_id);
        let coach_id = required(&mut e, row.coach_id, "coachId", COACH_REQUIRED);
        if e.is_empty() && checked.iter().any(|c| c.coach_id == coach_id) {
            e.add("coachId", COACH_TWICE);
        }
        errors.nest(&format!("matchCoaches[{i}]"), e);
        checked.push(CoachRow {
            team_id,
            coach_id,
            role_id: row.role_id.unwrap_or(CoachRole::HeadCoach),
        });
    }
    errors.finish(checked)
}

/// Checks one match official row (the official form's messages).
pub fn check_official(row: MatchOfficialInput) -> Result<OfficialRow, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let official_id = required(
        &mut errors,
        row.official_id,
        "officialId",
        OFFICIAL_REQUIRED,
    );
    if row.role_id.is_none() {
        errors.add("roleId", ROLE_REQUIRED);
    }
    errors.finish(OfficialRow {
        official_id,
        role_id: row.role_id.unwrap_or(OfficialRole::Referee),
    })
}

/// Checks the officials of a match: each row, and each official once.
pub fn check_officials(
    rows: Vec<MatchOfficialInput>,
) -> Result<Vec<OfficialRow>, ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let mut checked: Vec<OfficialRow> = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        match check_official(row) {
            Ok(row) => {
                if checked.iter().any(|o| o.official_id == row.official_id) {
                    errors.add(&format!("matchOfficials[{i}].officialId"), OFFICIAL_TWICE);
                }
                checked.push(row);
            }
            Err(e) => errors.nest(&format!("matchOfficials[{i}]"), e),
        }
    }
    errors.finish(checked)
}

/// One write to a match's log, kept in its history: who, when, what, and the record before and
/// after as JSON text. Stored through its serde form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub at: Instant,
    pub user_id: u64,
    /// The account's email when the write was made.
    pub user: String,
    pub action: String,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// Goals per period (1st to 4th, then overtime, which doubles as the shootout column) for each
/// side, as the goal events give them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Score {
    pub home: [u32; 5],
    pub away: [u32; 5],
    /// Whether the log holds penalty shootout shots: the match was decided by a shootout.
    pub shootout: bool,
}

impl Score {
    pub fn add_goal(&mut self, side: Side, period: Period) {
        let column = period_column(period);
        match side {
            Side::Home => self.home[column] += 1,
            Side::Away => self.away[column] += 1,
        }
    }

    pub fn home_total(&self) -> u32 {
        self.home.iter().sum()
    }

    pub fn away_total(&self) -> u32 {
        self.away.iter().sum()
    }

    /// Goals before the shootout (a shootout's goals stand in the overtime column).
    pub fn regulation(&self) -> (u32, u32) {
        if self.shootout {
            (self.home[..4].iter().sum(), self.away[..4].iter().sum())
        } else {
            (self.home_total(), self.away_total())
        }
    }
}

/// The column of a period in the per-period score.
pub fn period_column(period: Period) -> usize {
    match period {
        Period::First => 0,
        Period::Second => 1,
        Period::Third => 2,
        Period::Fourth => 3,
        Period::Overtime => 4,
    }
}

#[cfg(test)]
mod tests;
