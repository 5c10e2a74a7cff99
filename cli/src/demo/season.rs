//! The format of `fixtures/demo/season.json`: the matches of the demo league with their logs,
//! teams by name, players by cap number, coaches by bench role, officials by name. Shared by the
//! loader and by `cargo xtask demo-season`, which includes this file by path, so the file the
//! simulator writes is the file the loader reads, and both turn it into the same `EventInput`s.

use polodesk_domain::codes::{
    CardType, CoachRole, EventType, ExclusionType, MatchStatus, OfficialRole, Period, ShotType,
    TurnoverType,
};
use polodesk_domain::dates::Instant;
use polodesk_domain::events::{
    Card, Coord, EventInput, Exclusion, Shot, SwimOff, TeamCall, Turnover,
};
use serde::{Deserialize, Serialize};

/// The demo league's season: its competition by name, the simulator's seed, every match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Season {
    pub competition: String,
    pub seed: u64,
    pub matches: Vec<SeasonMatch>,
}

/// One fixture; a finished one carries its lineups (cap numbers, each in the slot of its
/// number), officials with their confirmations, and its events in log order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeasonMatch {
    pub round: String,
    pub number: String,
    pub home: String,
    pub away: String,
    pub start: Instant,
    pub end: Option<Instant>,
    pub venue: String,
    pub city: String,
    pub status: MatchStatus,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub home_lineup: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub away_lineup: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub officials: Vec<SeasonOfficial>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<SeasonEvent>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeasonOfficial {
    /// "Name Surname" of a demo official.
    pub name: String,
    pub role: OfficialRole,
    pub confirmed_at: Option<Instant>,
}

/// Home or away, as the file names a team of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Team {
    Home,
    Away,
}

impl Team {
    pub fn other(self) -> Team {
        match self {
            Team::Home => Team::Away,
            Team::Away => Team::Home,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SeasonEvent {
    pub period: Period,
    pub minute: u8,
    pub seconds: u8,
    #[serde(flatten)]
    pub what: What,
}

/// What happened, with players by cap number in their team's lineup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum What {
    #[serde(rename_all = "camelCase")]
    SwimOff { home: u8, away: u8, winner: Team },
    #[serde(rename_all = "camelCase")]
    Timeout { team: Team },
    #[serde(rename_all = "camelCase")]
    Shot {
        team: Team,
        kind: ShotType,
        by: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        assist: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        blocked_by: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        saved_by: Option<u8>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        goal: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        fast_break: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        from_foul: bool,
        /// Where it was taken from, on the pool image.
        at: (Coord, Coord),
        /// Where it went, on the goal image (none for a blocked shot).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<(Coord, Coord)>,
    },
    #[serde(rename_all = "camelCase")]
    Exclusion {
        team: Team,
        kind: ExclusionType,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        coach: Option<CoachRole>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fouled: Option<u8>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        penalty: bool,
        at: (Coord, Coord),
    },
    #[serde(rename_all = "camelCase")]
    Card {
        team: Team,
        kind: CardType,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        coach: Option<CoachRole>,
    },
    #[serde(rename_all = "camelCase")]
    Turnover {
        team: Team,
        kind: TurnoverType,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lost: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        won: Option<u8>,
    },
}

/// How the names of the file become ids: the teams of the match, a lineup player by team and
/// cap number, a bench coach by team and role. An unknown one is 0, which the domain's checks
/// then refuse by name.
pub struct Ids<'a> {
    pub team: &'a dyn Fn(Team) -> u64,
    pub player: &'a dyn Fn(Team, u8) -> u64,
    pub coach: &'a dyn Fn(Team, CoachRole) -> u64,
}

impl std::fmt::Debug for Ids<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Ids")
    }
}

impl SeasonEvent {
    /// The event as the API would receive it, for `EventInput::validate` and `check_in_match`.
    pub fn input(&self, match_id: u64, ids: &Ids<'_>) -> EventInput {
        let team = |t: Team| (ids.team)(t);
        let player = |t: Team, cap: Option<u8>| cap.map(|cap| (ids.player)(t, cap));
        let coach = |t: Team, role: Option<CoachRole>| role.map(|role| (ids.coach)(t, role));
        let mut input = EventInput {
            match_id: Some(match_id),
            period_id: Some(self.period),
            minute: Some(self.minute),
            seconds: Some(self.seconds),
            ..EventInput::default()
        };
        match &self.what {
            What::SwimOff { home, away, winner } => {
                let home_id = (ids.player)(Team::Home, *home);
                let away_id = (ids.player)(Team::Away, *away);
                input.type_id = Some(EventType::SwimOff);
                input.swimoff = Some(SwimOff {
                    home_team_swimmer_id: home_id,
                    away_team_swimmer_id: away_id,
                    winner_swimmer_id: match winner {
                        Team::Home => home_id,
                        Team::Away => away_id,
                    },
                    winner_team_id: team(*winner),
                });
            }
            What::Timeout { team: t } => {
                input.type_id = Some(EventType::Timeout);
                input.timeout = Some(TeamCall { team_id: team(*t) });
            }
            What::Shot {
                team: t,
                kind,
                by,
                assist,
                blocked_by,
                saved_by,
                goal,
                fast_break,
                from_foul,
                at,
                target,
            } => {
                input.type_id = Some(EventType::Shot);
                input.shot = Some(Shot {
                    team_id: team(*t),
                    type_id: *kind,
                    taken_by_id: (ids.player)(*t, *by),
                    blocked_by_id: player(t.other(), *blocked_by),
                    assisted_by_id: player(*t, *assist),
                    saved_by_id: player(t.other(), *saved_by),
                    is_goal: *goal,
                    is_fast_break: *fast_break,
                    is_direct_from_foul: *from_foul,
                    location_x: Some(at.0),
                    location_y: Some(at.1),
                    target_x: target.map(|t| t.0),
                    target_y: target.map(|t| t.1),
                });
            }
            What::Exclusion {
                team: t,
                kind,
                player: excluded,
                coach: excluded_coach,
                fouled,
                penalty,
                at,
            } => {
                input.type_id = Some(EventType::Exclusion);
                input.exclusion = Some(Exclusion {
                    team_id: team(*t),
                    type_id: *kind,
                    excluded_player_id: player(*t, *excluded),
                    excluded_coach_id: coach(*t, *excluded_coach),
                    fouled_player_id: player(t.other(), *fouled),
                    is_penalty_exclusion: *penalty,
                    is_double_exclusion: false,
                    location_x: Some(at.0),
                    location_y: Some(at.1),
                });
            }
            What::Card {
                team: t,
                kind,
                player: carded,
                coach: carded_coach,
            } => {
                input.type_id = Some(EventType::Card);
                input.card = Some(Card {
                    team_id: team(*t),
                    type_id: *kind,
                    carded_player_id: player(*t, *carded),
                    carded_coach_id: coach(*t, *carded_coach),
                });
            }
            What::Turnover {
                team: t,
                kind,
                lost,
                won,
            } => {
                input.type_id = Some(EventType::Turnover);
                input.turnover = Some(Turnover {
                    team_id: team(*t),
                    type_id: *kind,
                    lost_possesion_player_id: player(*t, *lost),
                    won_possesion_player_id: player(t.other(), *won),
                });
            }
        }
        input
    }
}
