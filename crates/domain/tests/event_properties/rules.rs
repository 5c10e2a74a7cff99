//! Events made the way the rules ask, and what a client sends for one.

use super::*;

// ---- Events made as the rules ask ------------------------------------------------------------

/// A player of a team's lineup.
pub(crate) fn lineup(team: u64) -> impl Strategy<Value = u64> {
    if team == HOME {
        HOME_PLAYERS
    } else {
        AWAY_PLAYERS
    }
}

pub(crate) fn coach_of(team: u64) -> u64 {
    if team == HOME { HOME_COACH } else { AWAY_COACH }
}

pub(crate) fn other(team: u64) -> u64 {
    if team == HOME { AWAY } else { HOME }
}

pub(crate) fn in_range() -> BoxedStrategy<Option<Coord>> {
    proptest::option::of((0i32..=1000).prop_map(Coord)).boxed()
}

/// A sub-record the rules accept for `team`, against the match of [`state`].
pub(crate) fn good_detail(team: u64) -> BoxedStrategy<EventDetail> {
    let opponent = other(team);
    let call = Just(TeamCall { team_id: team });
    let swim = (lineup(HOME), lineup(AWAY), any::<bool>()).prop_map(|(home, away, home_wins)| {
        EventDetail::SwimOff(SwimOff {
            home_team_swimmer_id: home,
            away_team_swimmer_id: away,
            winner_swimmer_id: if home_wins { home } else { away },
            winner_team_id: if home_wins { HOME } else { AWAY },
        })
    });
    let card = (code(CardType::ALL), lineup(team), any::<bool>()).prop_map(
        move |(type_id, player, to_coach)| {
            EventDetail::Card(Card {
                team_id: team,
                type_id,
                carded_player_id: (!to_coach).then_some(player),
                carded_coach_id: to_coach.then_some(coach_of(team)),
            })
        },
    );
    let turnover = (
        code(TurnoverType::ALL),
        proptest::option::of(lineup(team)),
        proptest::option::of(lineup(opponent)),
    )
        .prop_map(move |(type_id, lost, won)| {
            EventDetail::Turnover(Turnover {
                team_id: team,
                type_id,
                lost_possesion_player_id: lost,
                won_possesion_player_id: won,
            })
        });
    let exclusion = (
        (
            code(ExclusionType::ALL),
            lineup(team),
            proptest::option::of(lineup(opponent)),
        ),
        (any::<bool>(), any::<bool>(), any::<bool>()),
        (in_range(), in_range()),
    )
        .prop_map(
            move |((type_id, player, fouled), (coach, penalty, double), (x, y))| {
                // A coach is excluded alone; a double exclusion is between two players.
                let double = double && !coach && fouled.is_some();
                EventDetail::Exclusion(Exclusion {
                    team_id: team,
                    type_id,
                    excluded_player_id: (!coach).then_some(player),
                    excluded_coach_id: coach.then_some(coach_of(team)),
                    fouled_player_id: fouled,
                    is_penalty_exclusion: penalty && type_id == ExclusionType::Penalty,
                    is_double_exclusion: double,
                    location_x: x,
                    location_y: y,
                })
            },
        );
    let shot = (
        (code(ShotType::ALL), lineup(team), 0u8..4),
        (
            proptest::option::of(lineup(team)),
            lineup(opponent),
            any::<bool>(),
            any::<bool>(),
        ),
        proptest::collection::vec(in_range(), 4),
    )
        .prop_map(
            move |((type_id, taker, outcome), (assist, defender, fast, foul), at)| {
                let penalty = matches!(type_id, ShotType::Penalty | ShotType::PenaltyShootout);
                // 0 a goal, 1 blocked, 2 saved, 3 missed.
                let mut shot = Shot {
                    is_goal: outcome == 0,
                    assisted_by_id: assist.filter(|_| outcome == 0),
                    blocked_by_id: (outcome == 1).then_some(defender),
                    saved_by_id: (outcome == 2).then_some(defender),
                    is_fast_break: fast && !penalty,
                    is_direct_from_foul: foul && !penalty,
                    ..Shot::new(team, type_id, taker)
                };
                shot.location_x = at[0];
                shot.location_y = at[1];
                shot.target_x = at[2];
                shot.target_y = at[3];
                EventDetail::Shot(shot)
            },
        );
    prop_oneof![
        call.clone().prop_map(EventDetail::Timeout),
        swim,
        card,
        turnover,
        exclusion,
        shot,
        call.prop_map(EventDetail::Challenge),
    ]
    .boxed()
}

/// An event the rules accept on its own and in the match of [`state`] with an empty log.
pub(crate) fn good_event() -> BoxedStrategy<EventFields> {
    let team = prop_oneof![Just(HOME), Just(AWAY)];
    let clock = prop_oneof![(0u8..SEGMENT, 0u8..=59), Just((SEGMENT, 0)),];
    (
        team.prop_flat_map(good_detail),
        code(Period::ALL),
        clock,
        // As the server keeps it: trimmed, lower case.
        proptest::option::of("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    )
        .prop_map(
            |(detail, period_id, (minute, seconds), client_id)| EventFields {
                match_id: MATCH_ID,
                period_id,
                minute,
                seconds,
                client_id,
                paired_event_id: None,
                detail,
            },
        )
        .boxed()
}

pub(crate) fn is_uuid_text(text: &str) -> bool {
    let text = text.trim();
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.chars().all(|c| c.is_ascii_hexdigit()))
}

/// The form a client sends for `fields`.
pub(crate) fn input_of(fields: &EventFields) -> EventInput {
    let mut input = EventInput::from(EventView::from(Event {
        id: 0,
        fields: fields.clone(),
    }));
    input.id = None;
    input
}
