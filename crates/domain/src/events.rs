//! Match log events (spec 02 §3 Event, §4 Event form behaviour, §9): what happened, when, and
//! the rules the server holds every event to — exactly one sub-record, the one its type names;
//! everyone named in the match's lineup on the right side; a time inside the segment; a goal
//! neither blocked nor saved; no fourth exclusion; two timeouts and two challenges per team.
//! The event form's goal-target rule (a shot on target saved by the opposing keeper) is in
//! [`shot_target`].

use serde::{Deserialize, Serialize};

use crate::codes::{CardType, EventType, ExclusionType, Period, ShotType, TurnoverType};
use crate::matches::{MatchState, Score, Side};
use crate::validation::ValidationErrors;

mod coord;
pub mod shot_target;
mod view;
pub use coord::Coord;
pub use view::EventView;

pub const MATCH_REQUIRED: &str = "Match field is required!";
pub const TYPE_REQUIRED: &str = "Type field is required!";
pub const PERIOD_REQUIRED: &str = "Period field is required!";
pub const TIME_REQUIRED: &str = "Time field is required!";
pub const SECONDS_RANGE: &str = "Seconds must be between 0 and 59.";
pub const COORDINATE_RANGE: &str = "Coordinates must be between 0 and 1.";
pub const GOAL_BLOCKED: &str = "A goal cannot be blocked or saved.";
pub const BLOCKED_AND_SAVED: &str = "A blocked shot cannot also be saved.";
pub const ASSIST_NOT_GOAL: &str = "Only a goal can be assisted.";
pub const PENALTY_FAST_BREAK: &str = "A penalty cannot be a fast break or direct from a foul.";
pub const PENALTY_EXCLUSION_TYPE: &str =
    "Only a Penalty (5m) exclusion can be marked as a penalty exclusion.";
pub const DOUBLE_NEEDS_FOULED: &str = "A double exclusion needs a fouled player.";
pub const DOUBLE_NEEDS_PLAYER: &str = "A double exclusion is between two players, not a coach.";
pub const PLAYER_OR_COACH: &str = "Choose a player or a coach, not both.";
pub const PLAYER_OR_COACH_REQUIRED: &str = "A player or a coach is required!";
pub const SWIMMER_WINNER: &str = "The winner must be one of the two swimmers.";
pub const WINNER_TEAM: &str = "The winner's team must be the team the winner swims for.";
pub const NOT_A_MATCH_TEAM: &str = crate::matches::NOT_A_MATCH_TEAM;
pub const SWIM_OFF_TWICE: &str = "This period already has a swim-off.";
pub const NO_TIMEOUTS_LEFT: &str = "This team has used both its timeouts.";
pub const NO_CHALLENGES_LEFT: &str = "This team has used both its challenges.";
pub const CLIENT_ID_FORMAT: &str =
    "clientId must be a UUID such as 7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f.";
pub const EXCLUDED_FOR_GOOD: &str = "This player is already excluded for the rest of the match.";

/// A team may call this many timeouts and challenges; a player leaves for good on the third
/// exclusion (spec 02 §9: the score sheet holds 3 exclusions, 2 timeouts, 2 challenges).
pub const TIMEOUTS_PER_TEAM: usize = 2;
pub const CHALLENGES_PER_TEAM: usize = 2;
pub const EXCLUSIONS_PER_PLAYER: usize = 3;

/// The team of a timeout or a challenge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TeamCall {
    pub team_id: u64,
}

/// The sprint for the ball at the start of a period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SwimOff {
    pub home_team_swimmer_id: u64,
    pub away_team_swimmer_id: u64,
    pub winner_swimmer_id: u64,
    pub winner_team_id: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Card {
    pub team_id: u64,
    pub type_id: CardType,
    pub carded_player_id: Option<u64>,
    pub carded_coach_id: Option<u64>,
}

/// Possession lost by one team (and won by a player of the other, when there was one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Turnover {
    pub team_id: u64,
    pub type_id: TurnoverType,
    pub lost_possesion_player_id: Option<u64>,
    pub won_possesion_player_id: Option<u64>,
}

/// A personal foul against `team_id`'s player (or coach).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Exclusion {
    pub team_id: u64,
    pub type_id: ExclusionType,
    pub excluded_player_id: Option<u64>,
    pub excluded_coach_id: Option<u64>,
    /// The other team's player who drew the foul.
    pub fouled_player_id: Option<u64>,
    #[serde(default)]
    pub is_penalty_exclusion: bool,
    #[serde(default)]
    pub is_double_exclusion: bool,
    pub location_x: Option<Coord>,
    pub location_y: Option<Coord>,
}

/// A shot by `team_id`: where from, where to, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Shot {
    pub team_id: u64,
    pub type_id: ShotType,
    pub taken_by_id: u64,
    /// A defender of the other team.
    pub blocked_by_id: Option<u64>,
    pub assisted_by_id: Option<u64>,
    /// The other team's goalkeeper.
    pub saved_by_id: Option<u64>,
    #[serde(default)]
    pub is_goal: bool,
    #[serde(default)]
    pub is_fast_break: bool,
    #[serde(default)]
    pub is_direct_from_foul: bool,
    pub location_x: Option<Coord>,
    pub location_y: Option<Coord>,
    pub target_x: Option<Coord>,
    pub target_y: Option<Coord>,
}

impl Shot {
    /// A shot with only its team, kind and shooter recorded: not blocked, assisted or saved, not
    /// a goal, taken from and aimed at no recorded place.
    pub fn new(team_id: u64, type_id: ShotType, taken_by_id: u64) -> Shot {
        Shot {
            team_id,
            type_id,
            taken_by_id,
            blocked_by_id: None,
            assisted_by_id: None,
            saved_by_id: None,
            is_goal: false,
            is_fast_break: false,
            is_direct_from_foul: false,
            location_x: None,
            location_y: None,
            target_x: None,
            target_y: None,
        }
    }
}

/// The one sub-record an event carries, by its type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventDetail {
    Timeout(TeamCall),
    SwimOff(SwimOff),
    Card(Card),
    Turnover(Turnover),
    Exclusion(Exclusion),
    Shot(Shot),
    Challenge(TeamCall),
}

impl EventDetail {
    pub fn event_type(&self) -> EventType {
        match self {
            EventDetail::Timeout(_) => EventType::Timeout,
            EventDetail::SwimOff(_) => EventType::SwimOff,
            EventDetail::Card(_) => EventType::Card,
            EventDetail::Turnover(_) => EventType::Turnover,
            EventDetail::Exclusion(_) => EventType::Exclusion,
            EventDetail::Shot(_) => EventType::Shot,
            EventDetail::Challenge(_) => EventType::Challenge,
        }
    }

    /// The team the event is recorded for (the swim-off's winner's).
    pub fn team_id(&self) -> u64 {
        match self {
            EventDetail::Timeout(t) | EventDetail::Challenge(t) => t.team_id,
            EventDetail::SwimOff(s) => s.winner_team_id,
            EventDetail::Card(c) => c.team_id,
            EventDetail::Turnover(t) => t.team_id,
            EventDetail::Exclusion(e) => e.team_id,
            EventDetail::Shot(s) => s.team_id,
        }
    }

    /// Every player the event names.
    pub fn players(&self) -> Vec<u64> {
        let ids: Vec<Option<u64>> = match self {
            EventDetail::Timeout(_) | EventDetail::Challenge(_) => vec![],
            EventDetail::SwimOff(s) => {
                vec![Some(s.home_team_swimmer_id), Some(s.away_team_swimmer_id)]
            }
            EventDetail::Card(c) => vec![c.carded_player_id],
            EventDetail::Turnover(t) => vec![t.lost_possesion_player_id, t.won_possesion_player_id],
            EventDetail::Exclusion(e) => vec![e.excluded_player_id, e.fouled_player_id],
            EventDetail::Shot(s) => vec![
                Some(s.taken_by_id),
                s.blocked_by_id,
                s.assisted_by_id,
                s.saved_by_id,
            ],
        };
        ids.into_iter().flatten().collect()
    }
}

impl EventDetail {
    /// Every coach the event names.
    pub fn coaches(&self) -> Vec<u64> {
        match self {
            EventDetail::Card(c) => c.carded_coach_id.into_iter().collect(),
            EventDetail::Exclusion(e) => e.excluded_coach_id.into_iter().collect(),
            _ => Vec::new(),
        }
    }
}

/// An event as stored. Stored through its serde form, so no `flatten`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventFields {
    pub match_id: u64,
    pub period_id: Period,
    /// The clock as the secretary read it (mm:ss).
    pub minute: u8,
    pub seconds: u8,
    /// The logging client's id for the event (a UUID): a retried POST returns the first event.
    pub client_id: Option<String>,
    /// The other half of a double exclusion.
    pub paired_event_id: Option<u64>,
    pub detail: EventDetail,
}

impl EventFields {
    /// The order of the log: by period, then by the clock counting down, then by id.
    pub fn clock_key(&self) -> (Period, std::cmp::Reverse<(u8, u8)>) {
        (
            self.period_id,
            std::cmp::Reverse((self.minute, self.seconds)),
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: u64,
    pub fields: EventFields,
}

/// `POST /api/Events` and `PUT /api/Events/{id}`.
// Serialize: clients that send events (the console) write it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EventInput {
    /// On update, if given, the id the path names (another is refused).
    pub id: Option<u64>,
    pub match_id: Option<u64>,
    pub type_id: Option<EventType>,
    pub period_id: Option<Period>,
    pub minute: Option<u8>,
    pub seconds: Option<u8>,
    /// A UUID the client makes for the event; a retried POST with it returns the first event.
    pub client_id: Option<String>,
    /// Ignored: the server pairs double exclusions.
    pub paired_event_id: Option<u64>,
    pub timeout: Option<TeamCall>,
    pub swimoff: Option<SwimOff>,
    pub card: Option<Card>,
    pub turnover: Option<Turnover>,
    pub exclusion: Option<Exclusion>,
    pub shot: Option<Shot>,
    pub challenge: Option<TeamCall>,
}

/// The sub-record field each type needs, as the API names it.
pub fn record_field(event_type: EventType) -> &'static str {
    match event_type {
        EventType::Timeout => "timeout",
        EventType::SwimOff => "swimoff",
        EventType::Card => "card",
        EventType::Turnover => "turnover",
        EventType::Exclusion => "exclusion",
        EventType::Shot => "shot",
        EventType::Challenge => "challenge",
    }
}

fn check_coords(errors: &mut ValidationErrors, field: &str, coords: &[(&str, Option<Coord>)]) {
    for (name, coord) in coords {
        if coord.is_some_and(|c| !c.in_range()) {
            errors.add(&format!("{field}.{name}"), COORDINATE_RANGE);
        }
    }
}

impl EventInput {
    /// Checks the event on its own: the required fields, exactly one sub-record and the one its
    /// type names, and the rules inside that sub-record.
    pub fn validate(self) -> Result<EventFields, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        if self.match_id.is_none() {
            errors.add("matchId", MATCH_REQUIRED);
        }
        if self.period_id.is_none() {
            errors.add("periodId", PERIOD_REQUIRED);
        }
        if self.minute.is_none() {
            errors.add("minute", TIME_REQUIRED);
        }
        match self.seconds {
            None => errors.add("seconds", TIME_REQUIRED),
            Some(s) if s > 59 => errors.add("seconds", SECONDS_RANGE),
            Some(_) => {}
        }
        let client_id = self
            .client_id
            .map(|c| c.trim().to_ascii_lowercase())
            .filter(|c| !c.is_empty());
        if client_id.as_deref().is_some_and(|c| !is_uuid(c)) {
            errors.add("clientId", CLIENT_ID_FORMAT);
        }
        let mut records = Vec::new();
        if let Some(t) = self.timeout {
            records.push(EventDetail::Timeout(t));
        }
        if let Some(s) = self.swimoff {
            records.push(EventDetail::SwimOff(s));
        }
        if let Some(c) = self.card {
            records.push(EventDetail::Card(c));
        }
        if let Some(t) = self.turnover {
            records.push(EventDetail::Turnover(t));
        }
        if let Some(e) = self.exclusion {
            records.push(EventDetail::Exclusion(e));
        }
        if let Some(s) = self.shot {
            records.push(EventDetail::Shot(s));
        }
        if let Some(c) = self.challenge {
            records.push(EventDetail::Challenge(c));
        }
        let detail = match self.type_id {
            None => {
                errors.add("typeId", TYPE_REQUIRED);
                None
            }
            Some(event_type) => {
                let field = record_field(event_type);
                let matching = records.len() == 1 && records[0].event_type() == event_type;
                if !matching {
                    errors.add(
                        field,
                        &format!(
                            "An event of type {} needs its {field} record and no other.",
                            event_type.label()
                        ),
                    );
                }
                records.pop().filter(|_| matching)
            }
        };
        if let Some(detail) = &detail {
            check_detail(&mut errors, detail);
        }
        match detail {
            Some(detail) if errors.is_empty() => Ok(EventFields {
                match_id: self.match_id.unwrap_or_default(),
                period_id: self.period_id.unwrap_or(Period::First),
                minute: self.minute.unwrap_or_default(),
                seconds: self.seconds.unwrap_or_default(),
                client_id,
                paired_event_id: None,
                detail,
            }),
            _ => Err(errors),
        }
    }
}

/// `8-4-4-4-12` hexadecimal digits, as clients make UUIDs.
fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups.iter().zip([8, 4, 4, 4, 12]).all(|(group, length)| {
            group.len() == length && group.chars().all(|c| c.is_ascii_hexdigit())
        })
}

/// The rules inside one sub-record (spec 02 §4 Event form behaviour, as the server holds them).
fn check_detail(errors: &mut ValidationErrors, detail: &EventDetail) {
    match detail {
        EventDetail::Timeout(_) | EventDetail::Challenge(_) | EventDetail::Turnover(_) => {}
        EventDetail::SwimOff(s) => {
            if s.winner_swimmer_id != s.home_team_swimmer_id
                && s.winner_swimmer_id != s.away_team_swimmer_id
            {
                errors.add("swimoff.winnerSwimmerId", SWIMMER_WINNER);
            }
        }
        EventDetail::Card(c) => match (c.carded_player_id, c.carded_coach_id) {
            (Some(_), Some(_)) => errors.add("card.cardedPlayerId", PLAYER_OR_COACH),
            (None, None) => errors.add("card.cardedPlayerId", PLAYER_OR_COACH_REQUIRED),
            _ => {}
        },
        EventDetail::Exclusion(e) => {
            match (e.excluded_player_id, e.excluded_coach_id) {
                (Some(_), Some(_)) => errors.add("exclusion.excludedPlayerId", PLAYER_OR_COACH),
                (None, None) => {
                    errors.add("exclusion.excludedPlayerId", PLAYER_OR_COACH_REQUIRED);
                }
                _ => {}
            }
            if e.is_penalty_exclusion && e.type_id != ExclusionType::Penalty {
                errors.add("exclusion.isPenaltyExclusion", PENALTY_EXCLUSION_TYPE);
            }
            if e.is_double_exclusion {
                if e.fouled_player_id.is_none() {
                    errors.add("exclusion.fouledPlayerId", DOUBLE_NEEDS_FOULED);
                }
                if e.excluded_coach_id.is_some() {
                    errors.add("exclusion.excludedCoachId", DOUBLE_NEEDS_PLAYER);
                }
            }
            check_coords(
                errors,
                "exclusion",
                &[("locationX", e.location_x), ("locationY", e.location_y)],
            );
        }
        EventDetail::Shot(s) => {
            if s.is_goal && (s.blocked_by_id.is_some() || s.saved_by_id.is_some()) {
                errors.add("shot.isGoal", GOAL_BLOCKED);
            }
            if s.blocked_by_id.is_some() && s.saved_by_id.is_some() {
                errors.add("shot.savedById", BLOCKED_AND_SAVED);
            }
            if !s.is_goal && s.assisted_by_id.is_some() {
                errors.add("shot.assistedById", ASSIST_NOT_GOAL);
            }
            let penalty = matches!(s.type_id, ShotType::Penalty | ShotType::PenaltyShootout);
            if penalty && (s.is_fast_break || s.is_direct_from_foul) {
                errors.add("shot.isFastBreak", PENALTY_FAST_BREAK);
            }
            check_coords(
                errors,
                "shot",
                &[
                    ("locationX", s.location_x),
                    ("locationY", s.location_y),
                    ("targetX", s.target_x),
                    ("targetY", s.target_y),
                ],
            );
        }
    }
}

/// Checks an event against its match: the time fits the segment, the team plays in the match,
/// everyone named is in the lineup (or on the bench) of the side the role belongs to, and the
/// limits hold given the match's `other` events (the event itself left out on update).
pub fn check_in_match(
    fields: &EventFields,
    state: &MatchState,
    other: &[Event],
) -> Result<(), ValidationErrors> {
    let mut errors = ValidationErrors::new();
    let length = u16::from(state.fields.match_segment_length);
    let at = u16::from(fields.minute) * 60 + u16::from(fields.seconds);
    if at > length * 60 {
        errors.add(
            "minute",
            &format!("The time must fit the segment length of {length} minutes."),
        );
    }
    let team_id = match &fields.detail {
        EventDetail::SwimOff(_) => state.fields.home_team_id,
        detail => detail.team_id(),
    };
    let Some(side) = state.side_of(team_id) else {
        let field = format!("{}.teamId", record_field(fields.detail.event_type()));
        errors.add(&field, NOT_A_MATCH_TEAM);
        return Err(errors);
    };
    let own = state.team_of(side);
    let opponent = state.team_of(side.other());
    let mut player = |field: &str, id: Option<u64>, team: u64| {
        if let Some(id) = id
            && !state.in_lineup(team, id)
        {
            let which = if team == state.fields.home_team_id {
                "home"
            } else {
                "away"
            };
            errors.add(
                field,
                &format!("This player is not in the {which} team's lineup."),
            );
        }
    };
    match &fields.detail {
        EventDetail::Timeout(_) | EventDetail::Challenge(_) => {}
        EventDetail::SwimOff(s) => {
            player(
                "swimoff.homeTeamSwimmerId",
                Some(s.home_team_swimmer_id),
                own,
            );
            player(
                "swimoff.awayTeamSwimmerId",
                Some(s.away_team_swimmer_id),
                opponent,
            );
        }
        EventDetail::Card(c) => player("card.cardedPlayerId", c.carded_player_id, own),
        EventDetail::Turnover(t) => {
            player(
                "turnover.lostPossesionPlayerId",
                t.lost_possesion_player_id,
                own,
            );
            player(
                "turnover.wonPossesionPlayerId",
                t.won_possesion_player_id,
                opponent,
            );
        }
        EventDetail::Exclusion(e) => {
            player("exclusion.excludedPlayerId", e.excluded_player_id, own);
            player("exclusion.fouledPlayerId", e.fouled_player_id, opponent);
        }
        EventDetail::Shot(s) => {
            player("shot.takenById", Some(s.taken_by_id), own);
            player("shot.assistedById", s.assisted_by_id, own);
            player("shot.blockedById", s.blocked_by_id, opponent);
            player("shot.savedById", s.saved_by_id, opponent);
        }
    }
    let coach = match &fields.detail {
        EventDetail::Card(c) => c.carded_coach_id.map(|id| ("card.cardedCoachId", id)),
        EventDetail::Exclusion(e) => e
            .excluded_coach_id
            .map(|id| ("exclusion.excludedCoachId", id)),
        _ => None,
    };
    if let Some((field, id)) = coach
        && !state.on_bench(own, id)
    {
        errors.add(
            field,
            "This coach is not on the team's bench for this match.",
        );
    }
    if let EventDetail::SwimOff(s) = &fields.detail {
        let winner_team = if s.winner_swimmer_id == s.home_team_swimmer_id {
            own
        } else {
            opponent
        };
        if s.winner_team_id != winner_team {
            errors.add("swimoff.winnerTeamId", WINNER_TEAM);
        }
    }
    check_limits(&mut errors, fields, other);
    errors.finish(())
}

/// One swim-off a period; two timeouts and two challenges a team; no exclusion for a player who
/// has had three, or a suspension or brutality (who has left the match).
fn check_limits(errors: &mut ValidationErrors, fields: &EventFields, other: &[Event]) {
    let count = |same: &dyn Fn(&EventDetail) -> bool| {
        other.iter().filter(|e| same(&e.fields.detail)).count()
    };
    match &fields.detail {
        EventDetail::SwimOff(_) => {
            let twice = other.iter().any(|e| {
                e.fields.period_id == fields.period_id
                    && matches!(e.fields.detail, EventDetail::SwimOff(_))
            });
            if twice {
                errors.add("swimoff", SWIM_OFF_TWICE);
            }
        }
        EventDetail::Timeout(t) => {
            let used = count(&|d| matches!(d, EventDetail::Timeout(o) if o.team_id == t.team_id));
            if used >= TIMEOUTS_PER_TEAM {
                errors.add("timeout.teamId", NO_TIMEOUTS_LEFT);
            }
        }
        EventDetail::Challenge(c) => {
            let used = count(&|d| matches!(d, EventDetail::Challenge(o) if o.team_id == c.team_id));
            if used >= CHALLENGES_PER_TEAM {
                errors.add("challenge.teamId", NO_CHALLENGES_LEFT);
            }
        }
        EventDetail::Exclusion(e) => {
            if let Some(player) = e.excluded_player_id
                && excluded_for_good(player, other)
            {
                errors.add("exclusion.excludedPlayerId", EXCLUDED_FOR_GOOD);
            }
        }
        EventDetail::Card(_) | EventDetail::Turnover(_) | EventDetail::Shot(_) => {}
    }
}

/// Whether a player has left the match for good: three exclusions, or one suspension or
/// brutality (spec 02 §4: player buttons are disabled then).
pub fn excluded_for_good(player_id: u64, events: &[Event]) -> bool {
    let mut count = 0;
    for event in events {
        if let EventDetail::Exclusion(e) = &event.fields.detail
            && e.excluded_player_id == Some(player_id)
        {
            if matches!(
                e.type_id,
                ExclusionType::Suspension | ExclusionType::Brutality
            ) {
                return true;
            }
            count += 1;
        }
    }
    count >= EXCLUSIONS_PER_PLAYER
}

/// The other team's half of a double exclusion: the fouled player is excluded too, and the
/// first excluded player is the one fouled (spec 02 §4).
pub fn mirrored(fields: &EventFields, state: &MatchState) -> Option<EventFields> {
    let EventDetail::Exclusion(e) = &fields.detail else {
        return None;
    };
    if !e.is_double_exclusion {
        return None;
    }
    let side = state.side_of(e.team_id)?;
    Some(EventFields {
        paired_event_id: None,
        client_id: None,
        detail: EventDetail::Exclusion(Exclusion {
            team_id: state.team_of(side.other()),
            excluded_player_id: e.fouled_player_id,
            fouled_player_id: e.excluded_player_id,
            excluded_coach_id: None,
            ..e.clone()
        }),
        ..fields.clone()
    })
}

/// The score the goal events give: per period and side, the overtime column holding shootout
/// goals; a penalty shootout shot in the log means the match was decided by a shootout.
pub fn score(state: &MatchState, events: &[Event]) -> Score {
    let mut score = Score::default();
    for event in events {
        if let EventDetail::Shot(shot) = &event.fields.detail {
            if shot.type_id == ShotType::PenaltyShootout {
                score.shootout = true;
            }
            if shot.is_goal
                && let Some(side) = state.side_of(shot.team_id)
            {
                score.add_goal(side, event.fields.period_id);
            }
        }
    }
    score
}

/// The side whose lineup row `player_id` of `team_id` is, for the "referenced by an event"
/// message; `None` when no event names the player.
pub fn referenced(
    team_id: u64,
    player_id: u64,
    state: &MatchState,
    events: &[Event],
) -> Option<Side> {
    let named = events
        .iter()
        .any(|e| e.fields.detail.players().contains(&player_id));
    named.then(|| state.side_of(team_id)).flatten()
}

/// The side of the bench row of `coach_id` of `team_id`, when an event names the coach.
pub fn coach_referenced(
    team_id: u64,
    coach_id: u64,
    state: &MatchState,
    events: &[Event],
) -> Option<Side> {
    let named = events
        .iter()
        .any(|e| e.fields.detail.coaches().contains(&coach_id));
    named.then(|| state.side_of(team_id)).flatten()
}

/// The 409 message for removing a bench coach an event names.
pub fn coach_referenced_message(side: Side) -> String {
    format!(
        "This {} team coach cannot be deleted because he is referenced by an event!",
        side.word()
    )
}

/// The 409 message for removing a lineup player an event names (spec 02 §5).
pub fn referenced_message(side: Side) -> String {
    format!(
        "This {} team player cannot be deleted because he is referenced by an event!",
        side.word()
    )
}

#[cfg(test)]
mod tests;
