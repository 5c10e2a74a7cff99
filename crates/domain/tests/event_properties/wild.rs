//! Inputs as any client might send them: typed inputs with every member there or not, and JSON
//! bodies with members missing, of the wrong kind or out of range.

use super::*;

// ---- Strategies ------------------------------------------------------------------------------

/// Ids as a log holds them: mostly people of the match, sometimes anyone at all.
pub(crate) fn any_id() -> BoxedStrategy<u64> {
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
pub(crate) fn any_team() -> BoxedStrategy<u64> {
    prop_oneof![
        4 => Just(HOME),
        4 => Just(AWAY),
        1 => any_id(),
    ]
    .boxed()
}

pub(crate) fn wild_team() -> BoxedStrategy<Value> {
    or_wrong(any_team().prop_map(Value::from).boxed())
}

pub(crate) fn any_coord() -> BoxedStrategy<Coord> {
    prop_oneof![
        3 => (0i32..=1000).prop_map(Coord),
        1 => (-2000i32..3000).prop_map(Coord),
        1 => any::<i32>().prop_map(Coord),
    ]
    .boxed()
}

pub(crate) fn code<T: Copy + std::fmt::Debug + 'static>(
    all: &'static [T],
) -> impl Strategy<Value = T> {
    proptest::sample::select(all)
}

pub(crate) fn team_call() -> BoxedStrategy<TeamCall> {
    any_team().prop_map(|team_id| TeamCall { team_id }).boxed()
}

pub(crate) fn swim_off() -> BoxedStrategy<SwimOff> {
    (any_id(), any_id(), any_id(), any_team())
        .prop_map(|(home, away, winner, team)| SwimOff {
            home_team_swimmer_id: home,
            away_team_swimmer_id: away,
            winner_swimmer_id: winner,
            winner_team_id: team,
        })
        .boxed()
}

pub(crate) fn card() -> BoxedStrategy<Card> {
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

pub(crate) fn turnover() -> BoxedStrategy<Turnover> {
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

pub(crate) fn exclusion() -> BoxedStrategy<Exclusion> {
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

pub(crate) fn shot() -> BoxedStrategy<Shot> {
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
pub(crate) fn client_id() -> BoxedStrategy<String> {
    prop_oneof![
        3 => "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
        1 => " [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} ",
        1 => "[0-9a-g-]{0,40}",
        1 => ".{0,40}",
    ]
    .boxed()
}

/// A typed input: every member there or not, each sub-record there or not, whatever the type.
pub(crate) fn typed_input() -> BoxedStrategy<EventInput> {
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
pub(crate) fn wrong_value() -> BoxedStrategy<Value> {
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
pub(crate) fn or_wrong(good: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop_oneof![30 => good, 1 => wrong_value()].boxed()
}

/// A number member: an id of the match's people or any other, small or huge.
pub(crate) fn wild_number() -> BoxedStrategy<Value> {
    or_wrong(
        prop_oneof![
            4 => any_id().prop_map(Value::from),
            1 => (0u64..2000).prop_map(Value::from),
        ]
        .boxed(),
    )
}

/// A clock member: minutes and seconds in and out of range.
pub(crate) fn wild_clock() -> BoxedStrategy<Value> {
    or_wrong(
        prop_oneof![
            4 => (0u64..=60).prop_map(Value::from),
            1 => (0u64..=300).prop_map(Value::from),
        ]
        .boxed(),
    )
}

/// A coordinate member: 0 to 1 mostly, out of range, huge, whole numbers.
pub(crate) fn wild_coord() -> BoxedStrategy<Value> {
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
pub(crate) fn wild_code_of(codes: Vec<u64>) -> BoxedStrategy<Value> {
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

pub(crate) fn ids<T: Copy>(all: &[T], id: fn(T) -> u16) -> Vec<u64> {
    all.iter().map(|c| u64::from(id(*c))).collect()
}

pub(crate) fn wild_flag() -> BoxedStrategy<Value> {
    or_wrong(any::<bool>().prop_map(Value::Bool).boxed())
}

/// An object with a random choice of `members` (each with its strategy), sometimes a member
/// no one knows.
pub(crate) fn wild_object(
    members: Vec<(&'static str, BoxedStrategy<Value>)>,
) -> BoxedStrategy<Value> {
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
pub(crate) fn wild_record(event_type: EventType) -> BoxedStrategy<Value> {
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
pub(crate) fn wild_body() -> BoxedStrategy<Value> {
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

pub(crate) fn record_name(event_type: EventType) -> &'static str {
    polodesk_domain::events::record_field(event_type)
}
