//! Property tests of the match-log event rules (issue #18): whatever an event input holds (any
//! codes, unknown numbers included, any clock, any ids, members missing or of the wrong type,
//! coordinates out of range), reading it, `EventInput::validate` and `check_in_match` against
//! a realistic match answer with the event or with messages, never a panic, and answer the
//! same way every time. Events made the way the rules ask pass.

// A failed unwrap is how a test reports a broken expectation.
#![allow(clippy::unwrap_used)]

use polodesk_domain::codes::{
    CardType, CoachRole, EventType, ExclusionType, MatchStatus, Period, Position, ShotType,
    TurnoverType,
};
use polodesk_domain::dates::Instant;
use polodesk_domain::events::{
    Card, Coord, Event, EventDetail, EventFields, EventInput, EventView, Exclusion, Shot, SwimOff,
    TeamCall, Turnover, check_in_match, excluded_for_good, mirrored, score,
};
use polodesk_domain::matches::{MatchCoach, MatchFields, MatchPlayer, MatchState};
use polodesk_domain::validation::ValidationErrors;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{Map, Value, json};

const MATCH_ID: u64 = 9;
const HOME: u64 = 1;
const AWAY: u64 = 2;
const SEGMENT: u8 = 8;
const HOME_PLAYERS: std::ops::RangeInclusive<u64> = 10..=22;
const AWAY_PLAYERS: std::ops::RangeInclusive<u64> = 30..=42;
const HOME_COACH: u64 = 50;
const AWAY_COACH: u64 = 60;

/// Cases of each property: the rules are plain functions, so a few hundred run in well under
/// a second.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    }
}

/// A match in its first period: 13 players a side (slots 1 and 13 the keepers), a head coach
/// each, quarters of 8 minutes.
fn state() -> MatchState {
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

fn stored(id: u64, period: Period, minute: u8, detail: EventDetail) -> Event {
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

fn exclusion_of(team_id: u64, player: u64, type_id: ExclusionType) -> Exclusion {
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
fn history() -> Vec<Event> {
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

// ---- Strategies ------------------------------------------------------------------------------

/// Ids as a log holds them: mostly people of the match, sometimes anyone at all.
fn any_id() -> BoxedStrategy<u64> {
    prop_oneof![
        3 => HOME_PLAYERS,
        3 => AWAY_PLAYERS,
        1 => Just(HOME_COACH),
        1 => Just(AWAY_COACH),
        1 => Just(HOME),
        1 => Just(AWAY),
        1 => 0u64..100,
        1 => any::<u64>(),
    ]
    .boxed()
}

/// Team ids: mostly the match's two, sometimes another team.
fn any_team() -> BoxedStrategy<u64> {
    prop_oneof![
        4 => Just(HOME),
        4 => Just(AWAY),
        1 => any_id(),
    ]
    .boxed()
}

fn wild_team() -> BoxedStrategy<Value> {
    or_wrong(any_team().prop_map(Value::from).boxed())
}

fn any_coord() -> BoxedStrategy<Coord> {
    prop_oneof![
        3 => (0i32..=1000).prop_map(Coord),
        1 => (-2000i32..3000).prop_map(Coord),
        1 => any::<i32>().prop_map(Coord),
    ]
    .boxed()
}

fn code<T: Copy + std::fmt::Debug + 'static>(all: &'static [T]) -> impl Strategy<Value = T> {
    proptest::sample::select(all)
}

fn team_call() -> BoxedStrategy<TeamCall> {
    any_team().prop_map(|team_id| TeamCall { team_id }).boxed()
}

fn swim_off() -> BoxedStrategy<SwimOff> {
    (any_id(), any_id(), any_id(), any_team())
        .prop_map(|(home, away, winner, team)| SwimOff {
            home_team_swimmer_id: home,
            away_team_swimmer_id: away,
            winner_swimmer_id: winner,
            winner_team_id: team,
        })
        .boxed()
}

fn card() -> BoxedStrategy<Card> {
    (
        any_team(),
        code(CardType::ALL),
        proptest::option::of(any_id()),
        proptest::option::of(any_id()),
    )
        .prop_map(|(team_id, type_id, player, coach)| Card {
            team_id,
            type_id,
            carded_player_id: player,
            carded_coach_id: coach,
        })
        .boxed()
}

fn turnover() -> BoxedStrategy<Turnover> {
    (
        any_team(),
        code(TurnoverType::ALL),
        proptest::option::of(any_id()),
        proptest::option::of(any_id()),
    )
        .prop_map(|(team_id, type_id, lost, won)| Turnover {
            team_id,
            type_id,
            lost_possesion_player_id: lost,
            won_possesion_player_id: won,
        })
        .boxed()
}

fn exclusion() -> BoxedStrategy<Exclusion> {
    (
        (
            any_team(),
            code(ExclusionType::ALL),
            proptest::option::of(any_id()),
            proptest::option::of(any_id()),
            proptest::option::of(any_id()),
        ),
        (
            any::<bool>(),
            any::<bool>(),
            proptest::option::of(any_coord()),
            proptest::option::of(any_coord()),
        ),
    )
        .prop_map(
            |((team_id, type_id, player, coach, fouled), (penalty, double, x, y))| Exclusion {
                team_id,
                type_id,
                excluded_player_id: player,
                excluded_coach_id: coach,
                fouled_player_id: fouled,
                is_penalty_exclusion: penalty,
                is_double_exclusion: double,
                location_x: x,
                location_y: y,
            },
        )
        .boxed()
}

fn shot() -> BoxedStrategy<Shot> {
    (
        (
            any_team(),
            code(ShotType::ALL),
            any_id(),
            proptest::option::of(any_id()),
            proptest::option::of(any_id()),
            proptest::option::of(any_id()),
        ),
        (any::<bool>(), any::<bool>(), any::<bool>()),
        proptest::collection::vec(proptest::option::of(any_coord()), 4),
    )
        .prop_map(
            |((team_id, type_id, taken, blocked, assisted, saved), (goal, fast, foul), at)| Shot {
                team_id,
                type_id,
                taken_by_id: taken,
                blocked_by_id: blocked,
                assisted_by_id: assisted,
                saved_by_id: saved,
                is_goal: goal,
                is_fast_break: fast,
                is_direct_from_foul: foul,
                location_x: at[0],
                location_y: at[1],
                target_x: at[2],
                target_y: at[3],
            },
        )
        .boxed()
}

/// Hexadecimal UUIDs in either case with spaces around, and text that is not one.
fn client_id() -> BoxedStrategy<String> {
    prop_oneof![
        3 => "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
        1 => " [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} ",
        1 => "[0-9a-g-]{0,40}",
        1 => ".{0,40}",
    ]
    .boxed()
}

/// A typed input: every member there or not, each sub-record there or not, whatever the type.
fn typed_input() -> BoxedStrategy<EventInput> {
    let header = (
        proptest::option::of(any::<u64>()),
        proptest::option::weighted(0.95, Just(MATCH_ID)),
        proptest::option::weighted(0.95, code(EventType::ALL)),
        proptest::option::weighted(0.95, code(Period::ALL)),
        proptest::option::weighted(0.95, prop_oneof![4 => 0u8..=9, 1 => any::<u8>()]),
        proptest::option::weighted(0.95, prop_oneof![4 => 0u8..=59, 1 => any::<u8>()]),
        proptest::option::of(client_id()),
        proptest::option::of(any::<u64>()),
    );
    let records = (
        (team_call(), swim_off(), card(), turnover()),
        (exclusion(), shot(), team_call()),
    );
    // Mostly the record the type names; sometimes none, sometimes others beside it.
    let present = (
        proptest::bool::weighted(0.9),
        proptest::collection::vec(proptest::bool::weighted(0.05), 7),
    );
    (header, records, present)
        .prop_map(
            |(
                (id, match_id, type_id, period_id, minute, seconds, client_id, paired),
                ((timeout, swimoff, card, turnover), (exclusion, shot, challenge)),
                (main, extra),
            )| {
                let named = type_id.map(|t| {
                    EventType::ALL
                        .iter()
                        .position(|e| *e == t)
                        .unwrap_or_default()
                });
                let has = |i: usize| extra[i] || (main && named == Some(i));
                EventInput {
                    id,
                    match_id,
                    type_id,
                    period_id,
                    minute,
                    seconds,
                    client_id,
                    paired_event_id: paired,
                    timeout: has(0).then_some(timeout),
                    swimoff: has(1).then_some(swimoff),
                    card: has(2).then_some(card),
                    turnover: has(3).then_some(turnover),
                    exclusion: has(4).then_some(exclusion),
                    shot: has(5).then_some(shot),
                    challenge: has(6).then_some(challenge),
                }
            },
        )
        .boxed()
}

/// A value of the wrong kind for a member: a negative or huge number, a fraction, text, a
/// list, an object, null.
fn wrong_value() -> BoxedStrategy<Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        (-3.0f64..3.0).prop_map(|f| json!(f)),
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        ".{0,8}".prop_map(Value::String),
        Just(json!([1, 2])),
        Just(json!({"id": 1})),
        Just(json!(1e300)),
        Just(json!(-1)),
        Just(json!(18_446_744_073_709_551_615u64)),
    ]
    .boxed()
}

/// Mostly `good`, sometimes a value of the wrong kind.
fn or_wrong(good: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop_oneof![30 => good, 1 => wrong_value()].boxed()
}

/// A number member: an id of the match's people or any other, small or huge.
fn wild_number() -> BoxedStrategy<Value> {
    or_wrong(
        prop_oneof![
            4 => any_id().prop_map(Value::from),
            1 => (0u64..2000).prop_map(Value::from),
        ]
        .boxed(),
    )
}

/// A clock member: minutes and seconds in and out of range.
fn wild_clock() -> BoxedStrategy<Value> {
    or_wrong(
        prop_oneof![
            4 => (0u64..=60).prop_map(Value::from),
            1 => (0u64..=300).prop_map(Value::from),
        ]
        .boxed(),
    )
}

/// A coordinate member: 0 to 1 mostly, out of range, huge, whole numbers.
fn wild_coord() -> BoxedStrategy<Value> {
    or_wrong(
        prop_oneof![
            4 => (0.0f64..=1.0).prop_map(|f| json!(f)),
            1 => (-5.0f64..5.0).prop_map(|f| json!(f)),
            1 => any::<i32>().prop_map(Value::from),
            1 => Just(Value::Null),
        ]
        .boxed(),
    )
}

/// Known codes of every list, numbers beside them, any number.
fn wild_code_of(codes: Vec<u64>) -> BoxedStrategy<Value> {
    or_wrong(
        prop_oneof![
            6 => proptest::sample::select(codes).prop_map(Value::from),
            1 => proptest::sample::select(vec![0u64, 699, 707, 799, 802, 1004, 1104, 1199, 1205])
                .prop_map(Value::from),
            1 => any::<u16>().prop_map(Value::from),
        ]
        .boxed(),
    )
}

fn ids<T: Copy>(all: &[T], id: fn(T) -> u16) -> Vec<u64> {
    all.iter().map(|c| u64::from(id(*c))).collect()
}

fn wild_flag() -> BoxedStrategy<Value> {
    or_wrong(any::<bool>().prop_map(Value::Bool).boxed())
}

/// An object with a random choice of `members` (each with its strategy), sometimes a member
/// no one knows.
fn wild_object(members: Vec<(&'static str, BoxedStrategy<Value>)>) -> BoxedStrategy<Value> {
    let parts: Vec<BoxedStrategy<Option<(String, Value)>>> = members
        .into_iter()
        .map(|(name, strategy)| {
            proptest::option::weighted(0.95, strategy.prop_map(move |v| (name.to_owned(), v)))
                .boxed()
        })
        .collect();
    (parts, proptest::option::weighted(0.03, "[a-z]{1,6}"))
        .prop_map(|(members, unknown)| {
            let mut map: Map<String, Value> = members.into_iter().flatten().collect();
            if let Some(name) = unknown {
                map.insert(name, Value::from(1));
            }
            Value::Object(map)
        })
        .boxed()
}

/// The JSON sub-record of one event type.
fn wild_record(event_type: EventType) -> BoxedStrategy<Value> {
    let n = wild_number;
    let f = wild_flag;
    let xy = wild_coord;
    let members: Vec<(&'static str, BoxedStrategy<Value>)> = match event_type {
        EventType::Timeout | EventType::Challenge => vec![("teamId", wild_team())],
        EventType::SwimOff => vec![
            ("homeTeamSwimmerId", n()),
            ("awayTeamSwimmerId", n()),
            ("winnerSwimmerId", n()),
            ("winnerTeamId", wild_team()),
        ],
        EventType::Card => vec![
            ("teamId", wild_team()),
            ("typeId", wild_code_of(ids(CardType::ALL, CardType::id))),
            ("cardedPlayerId", n()),
            ("cardedCoachId", n()),
        ],
        EventType::Turnover => vec![
            ("teamId", wild_team()),
            (
                "typeId",
                wild_code_of(ids(TurnoverType::ALL, TurnoverType::id)),
            ),
            ("lostPossesionPlayerId", n()),
            ("wonPossesionPlayerId", n()),
        ],
        EventType::Exclusion => vec![
            ("teamId", wild_team()),
            (
                "typeId",
                wild_code_of(ids(ExclusionType::ALL, ExclusionType::id)),
            ),
            ("excludedPlayerId", n()),
            ("excludedCoachId", n()),
            ("fouledPlayerId", n()),
            ("isPenaltyExclusion", f()),
            ("isDoubleExclusion", f()),
            ("locationX", xy()),
            ("locationY", xy()),
        ],
        EventType::Shot => vec![
            ("teamId", wild_team()),
            ("typeId", wild_code_of(ids(ShotType::ALL, ShotType::id))),
            ("takenById", n()),
            ("blockedById", n()),
            ("assistedById", n()),
            ("savedById", n()),
            ("isGoal", f()),
            ("isFastBreak", f()),
            ("isDirectFromFoul", f()),
            ("locationX", xy()),
            ("locationY", xy()),
            ("targetX", xy()),
            ("targetY", xy()),
        ],
    };
    or_wrong(wild_object(members))
}

/// A request body as any client might send it to `POST /api/Events`: mostly the common members
/// and the sub-record of its type, sometimes another record beside it or none; any member
/// missing, of the wrong kind or out of range.
fn wild_body() -> BoxedStrategy<Value> {
    let n = wild_number;
    let header = wild_object(vec![
        ("id", n()),
        ("matchId", n()),
        ("periodId", wild_code_of(ids(Period::ALL, Period::id))),
        ("minute", wild_clock()),
        ("seconds", wild_clock()),
        (
            "clientId",
            or_wrong(client_id().prop_map(Value::String).boxed()),
        ),
        ("pairedEventId", n()),
    ]);
    let record = code(EventType::ALL).prop_flat_map(|t| (Just(t), wild_record(t)));
    let extra = proptest::option::weighted(
        0.1,
        code(EventType::ALL).prop_flat_map(|t| (Just(t), wild_record(t))),
    );
    let type_id =
        proptest::option::weighted(0.95, wild_code_of(ids(EventType::ALL, EventType::id)));
    (header, record, extra, type_id, any::<bool>())
        .prop_map(|(mut body, (event_type, record), extra, type_id, typed)| {
            let map = body.as_object_mut().unwrap();
            map.insert(record_name(event_type).to_owned(), record);
            if let Some((other, record)) = extra {
                map.insert(record_name(other).to_owned(), record);
            }
            // Mostly the type of its record; otherwise any code.
            let type_id = if typed {
                Some(Value::from(event_type.id()))
            } else {
                type_id
            };
            if let Some(type_id) = type_id {
                map.insert("typeId".to_owned(), type_id);
            }
            body
        })
        .boxed()
}

fn record_name(event_type: EventType) -> &'static str {
    polodesk_domain::events::record_field(event_type)
}

// ---- Events made as the rules ask ------------------------------------------------------------

/// A player of a team's lineup.
fn lineup(team: u64) -> impl Strategy<Value = u64> {
    if team == HOME {
        HOME_PLAYERS
    } else {
        AWAY_PLAYERS
    }
}

fn coach_of(team: u64) -> u64 {
    if team == HOME { HOME_COACH } else { AWAY_COACH }
}

fn other(team: u64) -> u64 {
    if team == HOME { AWAY } else { HOME }
}

fn in_range() -> BoxedStrategy<Option<Coord>> {
    proptest::option::of((0i32..=1000).prop_map(Coord)).boxed()
}

/// A sub-record the rules accept for `team`, against the match of [`state`].
fn good_detail(team: u64) -> BoxedStrategy<EventDetail> {
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
fn good_event() -> BoxedStrategy<EventFields> {
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

fn is_uuid_text(text: &str) -> bool {
    let text = text.trim();
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, n)| g.len() == n && g.chars().all(|c| c.is_ascii_hexdigit()))
}

/// The form a client sends for `fields`.
fn input_of(fields: &EventFields) -> EventInput {
    let mut input = EventInput::from(EventView::from(Event {
        id: 0,
        fields: fields.clone(),
    }));
    input.id = None;
    input
}

// ---- What every answer must look like --------------------------------------------------------

const TOP_FIELDS: &[&str] = &[
    "matchId",
    "typeId",
    "periodId",
    "minute",
    "seconds",
    "clientId",
    "timeout",
    "swimoff",
    "card",
    "turnover",
    "exclusion",
    "shot",
    "challenge",
];

/// Messages are named by the body's fields, and none is empty.
fn well_formed(errors: &ValidationErrors) -> Result<(), TestCaseError> {
    prop_assert!(!errors.is_empty(), "an Err without messages");
    for (field, messages) in errors.fields() {
        let top = field.split('.').next().unwrap_or_default();
        prop_assert!(TOP_FIELDS.contains(&top), "unknown field {field:?}");
        prop_assert!(!messages.is_empty(), "{field} without messages");
        prop_assert!(messages.iter().all(|m| !m.trim().is_empty()), "{field}");
    }
    Ok(())
}

/// What an accepted input must have held.
fn accepted_as_sent(input: &EventInput, fields: &EventFields) -> Result<(), TestCaseError> {
    prop_assert_eq!(Some(fields.match_id), input.match_id);
    prop_assert_eq!(Some(fields.period_id), input.period_id);
    prop_assert_eq!(Some(fields.minute), input.minute);
    prop_assert_eq!(Some(fields.seconds), input.seconds);
    prop_assert!(fields.seconds <= 59);
    prop_assert_eq!(Some(fields.detail.event_type()), input.type_id);
    prop_assert_eq!(fields.paired_event_id, None);
    if let Some(client_id) = &fields.client_id {
        prop_assert!(is_uuid_text(client_id), "{client_id:?}");
        prop_assert_eq!(client_id, &client_id.to_ascii_lowercase());
    }
    let records = [
        input.timeout.is_some(),
        input.swimoff.is_some(),
        input.card.is_some(),
        input.turnover.is_some(),
        input.exclusion.is_some(),
        input.shot.is_some(),
        input.challenge.is_some(),
    ];
    prop_assert_eq!(records.iter().filter(|r| **r).count(), 1);
    let coords: Vec<Coord> = match &fields.detail {
        EventDetail::Exclusion(e) => [e.location_x, e.location_y].into_iter().flatten().collect(),
        EventDetail::Shot(s) => [s.location_x, s.location_y, s.target_x, s.target_y]
            .into_iter()
            .flatten()
            .collect(),
        _ => Vec::new(),
    };
    prop_assert!(
        coords.iter().all(|c| (0..=1000).contains(&c.0)),
        "{coords:?}"
    );
    Ok(())
}

/// What an event that passed its match must name: people of that match, each on the side of
/// their role, at a time inside the segment.
fn fits_the_match(fields: &EventFields, state: &MatchState) -> Result<(), TestCaseError> {
    let at = u32::from(fields.minute) * 60 + u32::from(fields.seconds);
    prop_assert!(at <= u32::from(SEGMENT) * 60);
    let team = match &fields.detail {
        EventDetail::SwimOff(_) => HOME,
        detail => detail.team_id(),
    };
    prop_assert!(state.side_of(team).is_some());
    for player in fields.detail.players() {
        prop_assert!(
            state.players.iter().any(|p| p.player_id == player),
            "{player} is not in a lineup"
        );
    }
    for coach in fields.detail.coaches() {
        prop_assert!(state.on_bench(team, coach), "{coach} is not on the bench");
    }
    Ok(())
}

/// The whole path of an event body: read, validated, checked in the match. `None` when it does
/// not read (the API's 400).
type Outcome = Option<Result<(EventFields, Result<(), ValidationErrors>), ValidationErrors>>;

fn run(body: &Value, state: &MatchState, other: &[Event]) -> Outcome {
    let input: EventInput = serde_json::from_value(body.clone()).ok()?;
    Some(input.validate().map(|fields| {
        let in_match = check_in_match(&fields, state, other);
        (fields, in_match)
    }))
}

proptest! {
    #![proptest_config(config())]

    /// Any JSON body either does not read (a 400) or gets an answer from the rules: the event,
    /// or messages under the body's fields. The same body always gets the same answer.
    #[test]
    fn any_body_reads_or_not_and_then_passes_or_gets_messages(body in wild_body(),
        with_history in any::<bool>()) {
        let state = state();
        let other = if with_history { history() } else { Vec::new() };
        let first = run(&body, &state, &other);
        prop_assert_eq!(&first, &run(&body, &state, &other), "not deterministic");
        let Some(validated) = first else {
            return Ok(());
        };
        let input: EventInput = serde_json::from_value(body).unwrap();
        match validated {
            Err(errors) => well_formed(&errors)?,
            Ok((fields, in_match)) => {
                accepted_as_sent(&input, &fields)?;
                match in_match {
                    Ok(()) => fits_the_match(&fields, &state)?,
                    Err(errors) => well_formed(&errors)?,
                }
            }
        }
    }

    /// Typed inputs of every shape: validation answers, the answer is the same twice, an
    /// accepted event holds what was sent, and the match check, the mirror and the score
    /// take whatever validation let through.
    #[test]
    fn any_typed_input_is_validated_deterministically(input in typed_input(),
        with_history in any::<bool>()) {
        let state = state();
        let other = if with_history { history() } else { Vec::new() };
        let first = input.clone().validate();
        prop_assert_eq!(&first, &input.clone().validate(), "validate is not deterministic");
        let fields = match first {
            Err(errors) => return well_formed(&errors),
            Ok(fields) => fields,
        };
        accepted_as_sent(&input, &fields)?;
        let in_match = check_in_match(&fields, &state, &other);
        prop_assert_eq!(&in_match, &check_in_match(&fields, &state, &other),
            "check_in_match is not deterministic");
        match &in_match {
            Ok(()) => fits_the_match(&fields, &state)?,
            Err(errors) => {
                well_formed(errors)?;
                let at = u32::from(fields.minute) * 60 + u32::from(fields.seconds);
                if at > u32::from(SEGMENT) * 60 {
                    prop_assert!(errors.fields().contains_key("minute"), "{errors:?}");
                }
            }
        }
        // The mirror and the score read any validated event without failing.
        let mirror = mirrored(&fields, &state);
        let double = matches!(&fields.detail, EventDetail::Exclusion(e) if e.is_double_exclusion);
        prop_assert_eq!(mirror.is_some(), double && state.side_of(fields.detail.team_id()).is_some());
        let mut events = other.clone();
        events.push(Event { id: 1000, fields: fields.clone() });
        let goals = events
            .iter()
            .filter(|e| matches!(&e.fields.detail, EventDetail::Shot(s) if s.is_goal))
            .count();
        let total = score(&state, &events);
        let counted: u32 = total.home.iter().chain(total.away.iter()).copied().sum();
        prop_assert!(counted as usize <= goals);
    }

    /// What validates comes back as it was through the API's view and JSON, and validates to
    /// the same event again; its match check answers the same both times.
    #[test]
    fn a_validated_event_round_trips_through_its_view(input in typed_input()) {
        let Ok(fields) = input.validate() else {
            return Ok(());
        };
        let json = serde_json::to_value(EventView::from(Event { id: 7, fields: fields.clone() }))
            .unwrap();
        let view: EventView = serde_json::from_value(json).unwrap();
        let again = EventInput::from(view).validate();
        prop_assert_eq!(again.as_ref(), Ok(&fields));
        let state = state();
        prop_assert_eq!(
            check_in_match(&fields, &state, &[]),
            check_in_match(again.as_ref().unwrap(), &state, &[])
        );
    }

    /// An event made as the rules ask passes validation and its match with an empty log, and
    /// a double exclusion's mirror passes too.
    #[test]
    fn an_event_made_by_the_rules_passes(fields in good_event()) {
        let state = state();
        let input = input_of(&fields);
        let validated = input.clone().validate();
        prop_assert_eq!(validated.as_ref(), Ok(&fields), "{:?}", input);
        let in_match = check_in_match(&fields, &state, &[]);
        prop_assert_eq!(in_match, Ok(()), "{:?}", fields);
        if let Some(mirror) = mirrored(&fields, &state) {
            let again = input_of(&mirror).validate();
            prop_assert_eq!(again.as_ref(), Ok(&mirror));
            prop_assert_eq!(check_in_match(&mirror, &state, &[]), Ok(()), "{:?}", mirror);
        }
    }

    /// Against a log, a good event is refused exactly by the limits it runs into: a second
    /// swim-off in a period, a third timeout or challenge, an exclusion of a player who has
    /// left the match.
    #[test]
    fn a_good_event_meets_only_the_limits_of_its_log(fields in good_event(),
        log in proptest::collection::vec(good_event(), 0..12)) {
        let state = state();
        let other: Vec<Event> = log
            .into_iter()
            .enumerate()
            .map(|(i, fields)| Event { id: i as u64 + 1, fields })
            .collect();
        let count = |same: &dyn Fn(&EventDetail) -> bool| {
            other.iter().filter(|e| same(&e.fields.detail)).count()
        };
        let expected: Option<&str> = match &fields.detail {
            EventDetail::SwimOff(_) => other
                .iter()
                .any(|e| {
                    e.fields.period_id == fields.period_id
                        && matches!(e.fields.detail, EventDetail::SwimOff(_))
                })
                .then_some("swimoff"),
            EventDetail::Timeout(t) => {
                (count(&|d| matches!(d, EventDetail::Timeout(o) if o.team_id == t.team_id)) >= 2)
                    .then_some("timeout.teamId")
            }
            EventDetail::Challenge(t) => {
                (count(&|d| matches!(d, EventDetail::Challenge(o) if o.team_id == t.team_id)) >= 2)
                    .then_some("challenge.teamId")
            }
            EventDetail::Exclusion(e) => e
                .excluded_player_id
                .filter(|p| excluded_for_good(*p, &other))
                .map(|_| "exclusion.excludedPlayerId"),
            _ => None,
        };
        let answer = check_in_match(&fields, &state, &other);
        prop_assert_eq!(&answer, &check_in_match(&fields, &state, &other));
        match (answer, expected) {
            (Ok(()), None) => {}
            (Err(errors), Some(field)) => {
                let keys: Vec<&String> = errors.fields().keys().collect();
                prop_assert_eq!(keys, vec![field]);
            }
            (answer, expected) => {
                prop_assert!(false, "expected {expected:?}, got {answer:?} for {fields:?}");
            }
        }
    }
}

/// The realistic log itself is a log the rules accept, one event at a time.
#[test]
fn the_history_is_a_valid_log() {
    let state = state();
    let history = history();
    for (i, event) in history.iter().enumerate() {
        let fields = input_of(&event.fields).validate().unwrap();
        assert_eq!(fields, event.fields);
        check_in_match(&fields, &state, &history[..i]).unwrap();
    }
    // And it has run into each limit once.
    let more = |detail| stored(99, Period::Fourth, 1, detail);
    let refused = |event: Event| {
        check_in_match(&event.fields, &state, &history)
            .unwrap_err()
            .fields()
            .keys()
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(
        refused(more(EventDetail::Timeout(TeamCall { team_id: AWAY }))),
        ["timeout.teamId"]
    );
    assert_eq!(
        refused(more(EventDetail::Challenge(TeamCall { team_id: AWAY }))),
        ["challenge.teamId"]
    );
    assert_eq!(
        refused(more(EventDetail::Exclusion(exclusion_of(
            HOME,
            11,
            ExclusionType::Exclusion
        )))),
        ["exclusion.excludedPlayerId"]
    );
}
