//! The match the properties play in, its people, and a log part way through it.

use super::*;

pub(crate) const MATCH_ID: u64 = 9;
pub(crate) const HOME: u64 = 1;
pub(crate) const AWAY: u64 = 2;
pub(crate) const SEGMENT: u8 = 8;
pub(crate) const HOME_PLAYERS: std::ops::RangeInclusive<u64> = 10..=22;
pub(crate) const AWAY_PLAYERS: std::ops::RangeInclusive<u64> = 30..=42;
pub(crate) const HOME_COACH: u64 = 50;
pub(crate) const AWAY_COACH: u64 = 60;

/// Cases of each property: the rules are plain functions, so a few hundred run in well under
/// a second.
pub(crate) fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    }
}

/// A match in its first period: 13 players a side (slots 1 and 13 the keepers), a head coach
/// each, quarters of 8 minutes.
pub(crate) fn state() -> MatchState {
    let mut state = MatchState::new(MatchFields {
        match_segment_length: SEGMENT,
        ..MatchFields::new(HOME, AWAY, 3, Instant(1_700_000_000))
    });
    state.status_id = MatchStatus::FirstPeriod;
    let mut row = 0;
    for (team, players) in [(HOME, HOME_PLAYERS), (AWAY, AWAY_PLAYERS)] {
        for (slot, player_id) in (1u8..).zip(players) {
            row += 1;
            state.players.push(MatchPlayer {
                id: row,
                team_id: team,
                player_id,
                position_id: if [1, 13].contains(&slot) {
                    Position::Goalkeeper
                } else {
                    Position::Driver
                },
                number: slot,
                cap_number: slot,
            });
        }
    }
    for (id, (team, coach)) in [(HOME, HOME_COACH), (AWAY, AWAY_COACH)]
        .into_iter()
        .enumerate()
    {
        state.coaches.push(MatchCoach {
            id: id as u64 + 1,
            team_id: team,
            coach_id: coach,
            role_id: CoachRole::HeadCoach,
        });
    }
    state
}

pub(crate) fn stored(id: u64, period: Period, minute: u8, detail: EventDetail) -> Event {
    Event {
        id,
        fields: EventFields {
            match_id: MATCH_ID,
            period_id: period,
            minute,
            seconds: 0,
            client_id: None,
            paired_event_id: None,
            detail,
        },
    }
}

pub(crate) fn exclusion_of(team_id: u64, player: u64, type_id: ExclusionType) -> Exclusion {
    Exclusion {
        team_id,
        type_id,
        excluded_player_id: Some(player),
        excluded_coach_id: None,
        fouled_player_id: None,
        is_penalty_exclusion: false,
        is_double_exclusion: false,
        location_x: None,
        location_y: None,
    }
}

/// A log part way through: the home team has a timeout left and the away team none, the away
/// team has used both challenges, the first period had its swim-off, home player 11 has three
/// exclusions and away player 31 a brutality, and some goals.
pub(crate) fn history() -> Vec<Event> {
    let mut goal = Shot::new(HOME, ShotType::RegularAttack, 12);
    goal.is_goal = true;
    let mut away_goal = Shot::new(AWAY, ShotType::PowerPlay, 33);
    away_goal.is_goal = true;
    let details = [
        (
            Period::First,
            EventDetail::SwimOff(SwimOff {
                home_team_swimmer_id: 14,
                away_team_swimmer_id: 34,
                winner_swimmer_id: 14,
                winner_team_id: HOME,
            }),
        ),
        (
            Period::First,
            EventDetail::Timeout(TeamCall { team_id: HOME }),
        ),
        (
            Period::First,
            EventDetail::Timeout(TeamCall { team_id: AWAY }),
        ),
        (
            Period::Second,
            EventDetail::Timeout(TeamCall { team_id: AWAY }),
        ),
        (
            Period::Second,
            EventDetail::Challenge(TeamCall { team_id: AWAY }),
        ),
        (
            Period::Third,
            EventDetail::Challenge(TeamCall { team_id: AWAY }),
        ),
        (Period::First, EventDetail::Shot(goal)),
        (Period::Second, EventDetail::Shot(away_goal)),
        (
            Period::First,
            EventDetail::Exclusion(exclusion_of(HOME, 11, ExclusionType::Exclusion)),
        ),
        (
            Period::Second,
            EventDetail::Exclusion(exclusion_of(HOME, 11, ExclusionType::Exclusion)),
        ),
        (
            Period::Third,
            EventDetail::Exclusion(exclusion_of(HOME, 11, ExclusionType::Penalty)),
        ),
        (
            Period::Second,
            EventDetail::Exclusion(exclusion_of(AWAY, 31, ExclusionType::Brutality)),
        ),
    ];
    details
        .into_iter()
        .enumerate()
        .map(|(i, (period, detail))| stored(i as u64 + 1, period, 6, detail))
        .collect()
}
