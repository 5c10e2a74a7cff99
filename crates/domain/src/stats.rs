//! Player and team statistics from match logs (spec 02 §3 Player or team stats; `GET
//! /api/Players/stats`, `GET /api/Teams/stats`): shots, swim-offs, turnovers and exclusions,
//! counted from the events as they stand.
//!
//! The server picks the matches (by competition or match, when asked) and hands each one's
//! teams, lineup and events over as a [`MatchLog`]; nothing here filters by competition or date.
//! A double exclusion is two events, one per team, each counted as it stands: both excluded
//! players have one exclusion and one drawn exclusion.

use serde::{Deserialize, Serialize};

use crate::codes::{ExclusionType, ShotType, TurnoverType};
use crate::events::{Event, EventDetail, Shot};
use crate::matches::{MatchPlayer, MatchState};

/// One match's log as the statistics need it: its two teams, its lineups and its events.
#[derive(Debug, Clone, Copy)]
pub struct MatchLog<'a> {
    pub home_team_id: u64,
    pub away_team_id: u64,
    /// Both teams' lineup rows.
    pub players: &'a [MatchPlayer],
    pub events: &'a [Event],
}

impl<'a> MatchLog<'a> {
    pub fn new(state: &'a MatchState, events: &'a [Event]) -> Self {
        MatchLog {
            home_team_id: state.fields.home_team_id,
            away_team_id: state.fields.away_team_id,
            players: &state.players,
            events,
        }
    }

    /// The other team of the match, when `team_id` plays in it.
    fn opponent_of(&self, team_id: u64) -> Option<u64> {
        if self.home_team_id == self.away_team_id {
            None
        } else if team_id == self.home_team_id {
            Some(self.away_team_id)
        } else if team_id == self.away_team_id {
            Some(self.home_team_id)
        } else {
            None
        }
    }
}

/// The statistics of a player or a team over the matches asked for.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Matches with a log (at least one event) that the player is in (in a lineup, or named by
    /// one of its events) or that the team plays in. Fixtures not yet logged do not count.
    pub matches: u32,
    pub shots: ShotStats,
    pub swimoffs: SwimOffStats,
    pub turnovers: TurnoverStats,
    pub exclusions: ExclusionStats,
}

/// Shots, goals and misses. "Taken" means shot by the player, or by the team (the shot's team).
/// Every shot counts in the totals, penalty shootout shots too (they are also apart in
/// `byAction.penaltyShootout`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ShotStats {
    /// Shots taken.
    pub total_shots: u32,
    /// Shots taken that were goals.
    pub goals: u32,
    /// Shots taken that were not goals (blocked, saved or off target).
    pub missed: u32,
    /// The shots taken by shot type (the situation: regular attack, penalty, power play,
    /// penalty shootout).
    pub by_action: ShotsByAction,
    /// Shots taken on a fast break.
    pub fast_break: ShotCount,
    /// Shots taken directly from a foul.
    pub direct_from_foul: ShotCount,
    /// Shots taken that a defender blocked.
    pub blocked: u32,
    /// Shots taken that the goalkeeper saved.
    pub saved: u32,
    /// For a player: goals the player assisted (another player scored). For a team: the team's
    /// goals that had an assist.
    pub assisted: u32,
    /// Shots of the other team blocked: by the player, or by any player of the team.
    pub blocks: u32,
    /// Shots of the other team saved: by the player as goalkeeper, or by the team's goalkeepers.
    pub saves: u32,
}

/// Shots, goals and misses of one kind of shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ShotCount {
    pub shots: u32,
    pub goals: u32,
    /// `shots - goals`.
    pub missed: u32,
}

impl ShotCount {
    fn add(&mut self, goal: bool) {
        self.shots += 1;
        if goal {
            self.goals += 1;
        } else {
            self.missed += 1;
        }
    }
}

/// Shots taken by shot type (spec 02 §9 Shot types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ShotsByAction {
    /// Regular_Attack (1100).
    pub regular_attack: ShotCount,
    /// Penalty (1101), the 5m penalty during play.
    pub penalty: ShotCount,
    /// Power_Play (1102), with a player more after an exclusion.
    pub power_play: ShotCount,
    /// Penalty_Shootout (1103).
    pub penalty_shootout: ShotCount,
}

impl ShotsByAction {
    fn of(&mut self, shot_type: ShotType) -> &mut ShotCount {
        match shot_type {
            ShotType::RegularAttack => &mut self.regular_attack,
            ShotType::Penalty => &mut self.penalty,
            ShotType::PowerPlay => &mut self.power_play,
            ShotType::PenaltyShootout => &mut self.penalty_shootout,
        }
    }
}

/// Swim-offs at the start of a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SwimOffStats {
    /// For a player: swim-offs the player won. For a team: swim-offs its swimmer won.
    pub total_wins: u32,
    /// For a player: swim-offs the player swam and lost. For a team: swim-offs in its matches
    /// that the other team won.
    pub total_loses: u32,
}

/// Possession lost and won without a shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TurnoverStats {
    /// For a player: turnovers where the player lost possession. For a team: the team's
    /// turnovers.
    pub lost: u32,
    /// For a player: turnovers where the player won possession. For a team: the other team's
    /// turnovers in its matches (possession came to the team, whether or not a player is named
    /// as winning it).
    pub won: u32,
    /// `lost` by turnover type.
    pub lost_by_type: TurnoverCounts,
    /// `won` by the type of the turnover the other side made.
    pub won_by_type: TurnoverCounts,
}

/// A count per turnover type (spec 02 §9 Turnover types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TurnoverCounts {
    /// Lost_Ball (900).
    pub lost_ball: u32,
    /// Offensive_Foul (901).
    pub offensive_foul: u32,
    /// Ball_Under (902).
    pub ball_under: u32,
    /// Clock_Expired (903).
    pub clock_expired: u32,
}

impl TurnoverCounts {
    fn add(&mut self, turnover_type: TurnoverType) {
        *match turnover_type {
            TurnoverType::LostBall => &mut self.lost_ball,
            TurnoverType::OffensiveFoul => &mut self.offensive_foul,
            TurnoverType::BallUnder => &mut self.ball_under,
            TurnoverType::ClockExpired => &mut self.clock_expired,
        } += 1;
    }
}

/// Personal fouls: committed and drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExclusionStats {
    /// For a player: exclusions of the player. For a team: the team's exclusions, its coaches'
    /// included.
    pub total: u32,
    /// `total` by exclusion type.
    pub by_type: ExclusionCounts,
    /// For a player: exclusions where the player was the fouled player. For a team: the other
    /// team's exclusions in its matches (its coaches' included, and whether or not a fouled
    /// player is named).
    pub drawn_total: u32,
    /// `drawnTotal` by exclusion type.
    pub drawn_by_type: ExclusionCounts,
}

/// A count per exclusion type (spec 02 §9 Exclusion types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ExclusionCounts {
    /// Exclusion (1000).
    pub exclusion: u32,
    /// Suspension (1001).
    pub suspension: u32,
    /// Brutality (1002).
    pub brutality: u32,
    /// Penalty (1003), shown as Penalty (5m).
    pub penalty: u32,
}

impl ExclusionCounts {
    fn add(&mut self, exclusion_type: ExclusionType) {
        *match exclusion_type {
            ExclusionType::Exclusion => &mut self.exclusion,
            ExclusionType::Suspension => &mut self.suspension,
            ExclusionType::Brutality => &mut self.brutality,
            ExclusionType::Penalty => &mut self.penalty,
        } += 1;
    }
}

impl ShotStats {
    /// Counts a shot the player or team took.
    fn add_taken(&mut self, shot: &Shot) {
        self.total_shots += 1;
        if shot.is_goal {
            self.goals += 1;
        } else {
            self.missed += 1;
        }
        self.by_action.of(shot.type_id).add(shot.is_goal);
        if shot.is_fast_break {
            self.fast_break.add(shot.is_goal);
        }
        if shot.is_direct_from_foul {
            self.direct_from_foul.add(shot.is_goal);
        }
        if shot.blocked_by_id.is_some() {
            self.blocked += 1;
        }
        if shot.saved_by_id.is_some() {
            self.saved += 1;
        }
    }
}

impl ExclusionStats {
    fn add(&mut self, exclusion_type: ExclusionType) {
        self.total += 1;
        self.by_type.add(exclusion_type);
    }

    fn add_drawn(&mut self, exclusion_type: ExclusionType) {
        self.drawn_total += 1;
        self.drawn_by_type.add(exclusion_type);
    }
}

impl TurnoverStats {
    fn add_lost(&mut self, turnover_type: TurnoverType) {
        self.lost += 1;
        self.lost_by_type.add(turnover_type);
    }

    fn add_won(&mut self, turnover_type: TurnoverType) {
        self.won += 1;
        self.won_by_type.add(turnover_type);
    }
}

/// A player's statistics over `matches` (see each field for what it counts). A match counts
/// when its log has an event and the player is in its lineup or named by one of its events.
pub fn player_stats(player_id: u64, matches: &[MatchLog<'_>]) -> Stats {
    let mut stats = Stats::default();
    for log in matches {
        let in_lineup = log.players.iter().any(|p| p.player_id == player_id);
        let named = log
            .events
            .iter()
            .any(|e| e.fields.detail.players().contains(&player_id));
        if log.events.is_empty() || !(in_lineup || named) {
            continue;
        }
        stats.matches += 1;
        for event in log.events {
            match &event.fields.detail {
                EventDetail::Shot(s) => {
                    if s.taken_by_id == player_id {
                        stats.shots.add_taken(s);
                    }
                    if s.is_goal && s.assisted_by_id == Some(player_id) {
                        stats.shots.assisted += 1;
                    }
                    if s.blocked_by_id == Some(player_id) {
                        stats.shots.blocks += 1;
                    }
                    if s.saved_by_id == Some(player_id) {
                        stats.shots.saves += 1;
                    }
                }
                EventDetail::SwimOff(s) => {
                    if s.winner_swimmer_id == player_id {
                        stats.swimoffs.total_wins += 1;
                    } else if s.home_team_swimmer_id == player_id
                        || s.away_team_swimmer_id == player_id
                    {
                        stats.swimoffs.total_loses += 1;
                    }
                }
                EventDetail::Turnover(t) => {
                    if t.lost_possesion_player_id == Some(player_id) {
                        stats.turnovers.add_lost(t.type_id);
                    }
                    if t.won_possesion_player_id == Some(player_id) {
                        stats.turnovers.add_won(t.type_id);
                    }
                }
                EventDetail::Exclusion(e) => {
                    if e.excluded_player_id == Some(player_id) {
                        stats.exclusions.add(e.type_id);
                    }
                    if e.fouled_player_id == Some(player_id) {
                        stats.exclusions.add_drawn(e.type_id);
                    }
                }
                EventDetail::Timeout(_) | EventDetail::Challenge(_) | EventDetail::Card(_) => {}
            }
        }
    }
    stats
}

/// A team's statistics over `matches` (see each field for what it counts). Only matches the
/// team plays in count, and of those only the ones whose log has an event; events of the other
/// team give the team's blocks, saves, swim-off losses, turnovers won and exclusions drawn.
pub fn team_stats(team_id: u64, matches: &[MatchLog<'_>]) -> Stats {
    let mut stats = Stats::default();
    for log in matches {
        let Some(opponent) = log.opponent_of(team_id) else {
            continue;
        };
        if log.events.is_empty() {
            continue;
        }
        stats.matches += 1;
        for event in log.events {
            let detail = &event.fields.detail;
            let ours = detail.team_id() == team_id;
            let theirs = detail.team_id() == opponent;
            match detail {
                EventDetail::Shot(s) if ours => {
                    stats.shots.add_taken(s);
                    if s.is_goal && s.assisted_by_id.is_some() {
                        stats.shots.assisted += 1;
                    }
                }
                EventDetail::Shot(s) if theirs => {
                    if s.blocked_by_id.is_some() {
                        stats.shots.blocks += 1;
                    }
                    if s.saved_by_id.is_some() {
                        stats.shots.saves += 1;
                    }
                }
                // A swim-off's team is its winner's.
                EventDetail::SwimOff(_) if ours => stats.swimoffs.total_wins += 1,
                EventDetail::SwimOff(_) if theirs => stats.swimoffs.total_loses += 1,
                EventDetail::Turnover(t) if ours => stats.turnovers.add_lost(t.type_id),
                EventDetail::Turnover(t) if theirs => stats.turnovers.add_won(t.type_id),
                EventDetail::Exclusion(e) if ours => stats.exclusions.add(e.type_id),
                EventDetail::Exclusion(e) if theirs => stats.exclusions.add_drawn(e.type_id),
                _ => {}
            }
        }
    }
    stats
}

/// A whole match's statistics in one answer: each team's, and each lineup player's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MatchStats {
    pub home: Stats,
    pub away: Stats,
    /// Every player of both lineups, in lineup order, home first.
    pub players: Vec<PlayerMatchStats>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PlayerMatchStats {
    pub player_id: u64,
    pub team_id: u64,
    pub stats: Stats,
}

/// The statistics of one match: the same counts as [`team_stats`] and [`player_stats`] over
/// that match alone.
pub fn match_stats(log: MatchLog<'_>) -> MatchStats {
    let logs = [log];
    let mut lineup: Vec<&MatchPlayer> = log.players.iter().collect();
    lineup.sort_by_key(|p| (p.team_id != log.home_team_id, p.number));
    MatchStats {
        home: team_stats(log.home_team_id, &logs),
        away: team_stats(log.away_team_id, &logs),
        players: lineup
            .into_iter()
            .map(|p| PlayerMatchStats {
                player_id: p.player_id,
                team_id: p.team_id,
                stats: player_stats(p.player_id, &logs),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests;
