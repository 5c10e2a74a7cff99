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

mod fixture;
mod rules;
mod wild;

use fixture::*;
use rules::*;
use wild::*;

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
