// A failed unwrap is how a test reports a broken expectation.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};

use super::*;
use crate::codes::{CoachRole, MatchStatus, OfficialRole, Position};
use crate::dates::Instant;

fn score() -> MatchScore {
    MatchScore {
        id: 4,
        status_id: MatchStatus::SecondPeriod,
        status: "Second_Period".into(),
        home_q1: 2,
        home_q2: 1,
        home_q3: 0,
        home_q4: 0,
        home_ot: 0,
        away_q1: 1,
        away_q2: 0,
        away_q3: 0,
        away_q4: 0,
        away_ot: 0,
        home_team_goals_total: 3,
        away_team_goals_total: 1,
        decided_by_shootout: false,
        log_closed: false,
        revision: 17,
    }
}

fn score_json() -> Value {
    json!({"id": 4, "statusId": 202, "status": "Second_Period",
        "homeTeamGoalsQ1": 2, "homeTeamGoalsQ2": 1, "homeTeamGoalsQ3": 0, "homeTeamGoalsQ4": 0,
        "homeTeamGoalsOT": 0, "awayTeamGoalsQ1": 1, "awayTeamGoalsQ2": 0, "awayTeamGoalsQ3": 0,
        "awayTeamGoalsQ4": 0, "awayTeamGoalsOT": 0, "homeTeamGoalsTotal": 3,
        "awayTeamGoalsTotal": 1, "decidedByShootout": false, "logClosed": false, "revision": 17})
}

/// A timeout as the events API writes it (its shape is the events' contract, pinned there).
fn timeout_event() -> Value {
    json!({"id": 31, "matchId": 4, "typeId": 700, "periodId": 1201, "minute": 5, "seconds": 12,
        "clientId": "7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f", "pairedEventId": null,
        "timeout": {"teamId": 8}, "swimoff": null, "card": null, "turnover": null,
        "exclusion": null, "shot": null, "challenge": null})
}

fn sequenced(seq: u64, message: GroupMessage) -> ServerMessage {
    ServerMessage::Group(Sequenced {
        match_id: 4,
        seq,
        message,
    })
}

/// The message serializes to exactly `wire`, and `wire` parses back to the message.
fn pins<T>(message: &T, wire: Value)
where
    T: Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_value(message).unwrap(), wire);
    assert_eq!(&serde_json::from_value::<T>(wire).unwrap(), message);
}

#[test]
fn event_messages_carry_the_event_and_the_score_after_it() {
    let created = sequenced(
        7,
        GroupMessage::Event(EventMessage {
            action: Action::Created,
            event: EventBody::Whole(serde_json::from_value(timeout_event()).unwrap()),
            score: score(),
        }),
    );
    pins(
        &created,
        json!({"type": "Event", "matchId": 4, "seq": 7, "action": "created",
            "event": timeout_event(), "match": score_json()}),
    );
    // The other half of a double exclusion, removed with its pair, is named by its id alone.
    let removed = sequenced(
        8,
        GroupMessage::Event(EventMessage {
            action: Action::Deleted,
            event: EventBody::Removed(RemovedEvent { id: 32 }),
            score: score(),
        }),
    );
    pins(
        &removed,
        json!({"type": "Event", "matchId": 4, "seq": 8, "action": "deleted",
            "event": {"id": 32}, "match": score_json()}),
    );
    assert_eq!(
        serde_json::to_value([Action::Created, Action::Updated, Action::Deleted]).unwrap(),
        json!(["created", "updated", "deleted"])
    );
}

#[test]
fn match_messages_carry_the_score_lineups_and_officials_or_the_deletion() {
    let changed = sequenced(
        2,
        GroupMessage::Match(MatchMessage::Changed(MatchChange {
            score: score(),
            players: vec![MatchPlayer {
                id: 1,
                team_id: 8,
                player_id: 50,
                position_id: Position::Goalkeeper,
                number: 1,
                cap_number: 1,
            }],
            coaches: vec![MatchCoach {
                id: 2,
                team_id: 8,
                coach_id: 60,
                role_id: CoachRole::HeadCoach,
            }],
            officials: vec![MatchOfficial {
                id: 3,
                official_id: 70,
                role_id: OfficialRole::Referee,
                confirmed: true,
                confirmed_at: Some(Instant(1_790_000_000)),
            }],
        })),
    );
    pins(
        &changed,
        json!({"type": "Match", "matchId": 4, "seq": 2, "match": score_json(),
            "players": [{"id": 1, "teamId": 8, "playerId": 50, "positionId": 400, "number": 1,
                "capNumber": 1}],
            "coaches": [{"id": 2, "teamId": 8, "coachId": 60, "roleId": 500}],
            "officials": [{"id": 3, "officialId": 70, "roleId": 600, "confirmed": true,
                "confirmedAt": "2026-09-21T14:13:20Z"}]}),
    );
    pins(
        &sequenced(3, GroupMessage::Match(MatchMessage::deleted())),
        json!({"type": "Match", "matchId": 4, "seq": 3, "deleted": true}),
    );
}

#[test]
fn clock_messages_relay_the_checked_clock() {
    let clock = Clock {
        period: Period::Second,
        remaining_seconds: 312,
        state: ClockState::Running,
        running_since: Some("2026-11-24T18:30:05Z".into()),
    };
    pins(
        &sequenced(1, GroupMessage::Clock(clock.clone())),
        json!({"type": "Clock", "matchId": 4, "seq": 1, "period": 1201, "remainingSeconds": 312,
            "state": "Running", "runningSince": "2026-11-24T18:30:05Z"}),
    );
    let paused = Clock {
        state: ClockState::Paused,
        running_since: None,
        ..clock
    };
    pins(
        &sequenced(2, GroupMessage::Clock(paused)),
        json!({"type": "Clock", "matchId": 4, "seq": 2, "period": 1201, "remainingSeconds": 312,
            "state": "Paused", "runningSince": null}),
    );
}

#[test]
fn direct_messages_answer_one_connection() {
    let cases = [
        (
            DirectMessage::Joined {
                match_id: 4,
                seq: 0,
            },
            json!({"type": "Joined", "matchId": 4, "seq": 0}),
        ),
        (
            DirectMessage::Left { match_id: 4 },
            json!({"type": "Left", "matchId": 4}),
        ),
        (
            DirectMessage::Resync {
                match_id: 9,
                seq: 1000,
            },
            json!({"type": "Resync", "matchId": 9, "seq": 1000}),
        ),
        (
            DirectMessage::error(BINARY),
            json!({"type": "Error", "message": "Send JSON text, not binary frames."}),
        ),
    ];
    for (message, wire) in cases {
        pins(&ServerMessage::Direct(message.clone()), wire.clone());
        pins(&message, wire);
    }
}

fn parse(wire: Value) -> Result<ClientMessage, String> {
    serde_json::from_value(wire).map_err(|e| e.to_string())
}

#[test]
fn client_messages_as_clients_send_them() {
    pins(
        &ClientMessage::JoinGroup { match_id: 42 },
        json!({"type": "JoinGroup", "matchId": 42}),
    );
    pins(
        &ClientMessage::LeaveGroup { match_id: 42 },
        json!({"type": "LeaveGroup", "matchId": 42}),
    );
    pins(
        &ClientMessage::Clock {
            match_id: 4,
            clock: Clock {
                period: Period::Overtime,
                remaining_seconds: 0,
                state: ClockState::Stopped,
                running_since: None,
            },
        },
        json!({"type": "Clock", "matchId": 4, "period": 1204, "remainingSeconds": 0,
            "state": "Stopped", "runningSince": null}),
    );
    // Members the hub does not read are dropped; a missing runningSince is null.
    assert_eq!(
        parse(
            json!({"type": "Clock", "matchId": 4, "period": 1201, "remainingSeconds": 312,
            "state": "Paused", "note": "not relayed"})
        ),
        Ok(ClientMessage::Clock {
            match_id: 4,
            clock: Clock {
                period: Period::Second,
                remaining_seconds: 312,
                state: ClockState::Paused,
                running_since: None,
            },
        })
    );
}

/// The check a client message fails, as the hub says it.
fn refusal(wire: Value) -> &'static str {
    let unchecked: UncheckedClientMessage = serde_json::from_value(wire.clone()).unwrap();
    match ClientMessage::try_from(unchecked) {
        Ok(message) => panic!("{wire} was accepted as {message:?}"),
        Err(text) => text,
    }
}

#[test]
fn client_messages_that_fail_a_check_get_the_hubs_text() {
    let cases = [
        (json!({"type": "Shout", "matchId": 1}), UNKNOWN_TYPE),
        (json!({"matchId": 1}), UNKNOWN_TYPE),
        (json!({"type": 5}), UNKNOWN_TYPE),
        (json!({"type": "JoinGroup"}), MATCH_ID_REQUIRED),
        (
            json!({"type": "JoinGroup", "matchId": -3}),
            MATCH_ID_REQUIRED,
        ),
        (
            json!({"type": "JoinGroup", "matchId": 0}),
            MATCH_ID_REQUIRED,
        ),
        (
            json!({"type": "LeaveGroup", "matchId": "1"}),
            MATCH_ID_REQUIRED,
        ),
        (json!({"type": "Clock", "matchId": 1.5}), MATCH_ID_REQUIRED),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1199, "remainingSeconds": 1, "state": "Paused"}),
            PERIOD_RANGE,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": "1200", "remainingSeconds": 1, "state": "Paused"}),
            PERIOD_RANGE,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1200, "remainingSeconds": 3601, "state": "Paused"}),
            REMAINING_RANGE,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1200, "remainingSeconds": -1, "state": "Paused"}),
            REMAINING_RANGE,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1200, "remainingSeconds": 1, "state": "Halted"}),
            STATE_VALUES,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1200, "remainingSeconds": 1, "state": "Running"}),
            RUNNING_SINCE_FORMAT,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1200, "remainingSeconds": 1, "state": "Running", "runningSince": null}),
            RUNNING_SINCE_FORMAT,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1200, "remainingSeconds": 1, "state": "Paused", "runningSince": 5}),
            RUNNING_SINCE_FORMAT,
        ),
        (
            json!({"type": "Clock", "matchId": 1, "period": 1200, "remainingSeconds": 1, "state": "Paused", "runningSince": "18:30"}),
            RUNNING_SINCE_FORMAT,
        ),
    ];
    for (wire, text) in cases {
        assert_eq!(refusal(wire.clone()), text, "{wire}");
    }
    // Parsing a ClientMessage applies the same checks.
    assert!(parse(json!({"type": "JoinGroup"})).is_err_and(|e| e.contains(MATCH_ID_REQUIRED)));
}

#[test]
fn utc_timestamps_as_browsers_write_them() {
    assert!(is_utc_timestamp("2026-11-24T18:30:05Z"));
    assert!(is_utc_timestamp("2026-11-24T18:30:05.123Z"));
    assert!(!is_utc_timestamp("2026-11-24T18:30:05"));
    assert!(!is_utc_timestamp("2026-11-24T24:30:05Z"));
    assert!(!is_utc_timestamp("2026-02-30T18:30:05Z"));
    assert!(!is_utc_timestamp("2026-11-24 18:30:05Z"));
    assert!(!is_utc_timestamp("2026-11-24T18:30:05.Z"));
    assert!(!is_utc_timestamp("2026-11-24T18:30:05+01:00"));
    assert!(!is_utc_timestamp("ž026-11-24T18:30:05Z"));
    assert!(!is_utc_timestamp(""));
}

#[test]
fn a_clock_names_its_match_before_its_members_are_checked() {
    let unchecked = |wire: Value| serde_json::from_value::<UncheckedClientMessage>(wire).unwrap();
    assert_eq!(
        unchecked(json!({"type": "Clock", "matchId": 5, "period": "bad"})).clock_match(),
        Some(5)
    );
    assert_eq!(
        unchecked(json!({"type": "Clock", "matchId": 0})).clock_match(),
        None
    );
    assert_eq!(
        unchecked(json!({"type": "JoinGroup", "matchId": 5})).clock_match(),
        None
    );
}
