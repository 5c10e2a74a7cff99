//! Focused checks of the event rules; the shared cases are the JSON vectors in
//! `fixtures/vectors/events/`.

use super::*;
use crate::codes::{MatchStatus, Position};
use crate::dates::Instant;
use crate::matches::{MatchFields, MatchPlayer};
use crate::test_events::{event, shot};

fn state() -> MatchState {
    let mut state = MatchState::new(MatchFields::new(1, 2, 3, Instant(0)));
    state.status_id = MatchStatus::FirstPeriod;
    for (id, team, player, number) in [(1, 1, 10, 1), (2, 1, 11, 2), (3, 2, 20, 1), (4, 2, 21, 2)] {
        state.players.push(MatchPlayer {
            id,
            team_id: team,
            player_id: player,
            position_id: Position::Driver,
            number,
            cap_number: number,
        });
    }
    state
}

#[test]
fn an_event_needs_exactly_the_sub_record_its_type_names() {
    let input = EventInput {
        match_id: Some(9),
        type_id: Some(EventType::Shot),
        period_id: Some(Period::First),
        minute: Some(7),
        seconds: Some(30),
        timeout: Some(TeamCall { team_id: 1 }),
        ..EventInput::default()
    };
    let errors = input.clone().validate().unwrap_err();
    assert_eq!(
        errors.fields()["shot"],
        ["An event of type Shot needs its shot record and no other."]
    );
    let fields = EventInput {
        timeout: None,
        shot: Some(shot(1, 10, true)),
        ..input
    }
    .validate()
    .unwrap();
    assert_eq!(fields.detail.event_type(), EventType::Shot);
}

#[test]
fn goals_score_per_period_and_the_shootout_is_marked() {
    let state = state();
    let mut penalty = shot(2, 20, true);
    penalty.type_id = ShotType::PenaltyShootout;
    let events = vec![
        event(9, 1, Period::First, EventDetail::Shot(shot(1, 10, true))),
        event(9, 2, Period::Second, EventDetail::Shot(shot(1, 11, false))),
        event(9, 3, Period::Fourth, EventDetail::Shot(shot(2, 21, true))),
        event(9, 4, Period::Overtime, EventDetail::Shot(penalty)),
    ];
    let score = score(&state, &events);
    assert_eq!(score.home, [1, 0, 0, 0, 0]);
    assert_eq!(score.away, [0, 0, 0, 1, 1]);
    assert!(score.shootout);
    assert_eq!(score.regulation(), (1, 1));
}

#[test]
fn players_must_be_in_the_lineup_of_their_side() {
    let state = state();
    let mut wrong = shot(1, 20, false);
    wrong.saved_by_id = Some(11);
    let fields = event(9, 1, Period::First, EventDetail::Shot(wrong)).fields;
    let errors = check_in_match(&fields, &state, &[]).unwrap_err();
    assert_eq!(
        errors.fields()["shot.takenById"],
        ["This player is not in the home team's lineup."]
    );
    assert_eq!(
        errors.fields()["shot.savedById"],
        ["This player is not in the away team's lineup."]
    );
    let mut late = event(9, 2, Period::First, EventDetail::Shot(shot(1, 10, true))).fields;
    late.minute = 8;
    late.seconds = 1;
    assert!(
        check_in_match(&late, &state, &[])
            .unwrap_err()
            .fields()
            .contains_key("minute")
    );
}

#[test]
fn a_double_exclusion_mirrors_to_the_other_team() {
    let state = state();
    let fields = event(
        9,
        1,
        Period::Second,
        EventDetail::Exclusion(Exclusion {
            team_id: 1,
            type_id: ExclusionType::Exclusion,
            excluded_player_id: Some(11),
            excluded_coach_id: None,
            fouled_player_id: Some(21),
            is_penalty_exclusion: false,
            is_double_exclusion: true,
            location_x: Some(Coord(250)),
            location_y: None,
        }),
    )
    .fields;
    let mirror = mirrored(&fields, &state).unwrap();
    let EventDetail::Exclusion(m) = &mirror.detail else {
        panic!("a mirror is an exclusion")
    };
    assert_eq!(
        (m.team_id, m.excluded_player_id, m.fouled_player_id),
        (2, Some(21), Some(11))
    );
    assert!(m.is_double_exclusion);
    assert_eq!((mirror.period_id, mirror.minute), (Period::Second, 5));
    assert!(check_in_match(&mirror, &state, &[]).is_ok());
}

#[test]
fn limits_on_exclusions_timeouts_and_swim_offs() {
    let state = state();
    let exclusion = |id, kind| {
        event(
            9,
            id,
            Period::First,
            EventDetail::Exclusion(Exclusion {
                team_id: 1,
                type_id: kind,
                excluded_player_id: Some(10),
                excluded_coach_id: None,
                fouled_player_id: None,
                is_penalty_exclusion: false,
                is_double_exclusion: false,
                location_x: None,
                location_y: None,
            }),
        )
    };
    let two = vec![
        exclusion(1, ExclusionType::Exclusion),
        exclusion(2, ExclusionType::Exclusion),
    ];
    let third = exclusion(3, ExclusionType::Exclusion).fields;
    assert!(check_in_match(&third, &state, &two).is_ok());
    let three = [two.clone(), vec![exclusion(3, ExclusionType::Penalty)]].concat();
    let errors = check_in_match(
        &exclusion(4, ExclusionType::Exclusion).fields,
        &state,
        &three,
    );
    assert_eq!(
        errors.unwrap_err().fields()["exclusion.excludedPlayerId"],
        [EXCLUDED_FOR_GOOD]
    );
    let brutality = vec![exclusion(1, ExclusionType::Brutality)];
    assert!(check_in_match(&third, &state, &brutality).is_err());

    let timeout = |id| {
        event(
            9,
            id,
            Period::Third,
            EventDetail::Timeout(TeamCall { team_id: 2 }),
        )
    };
    let used = vec![timeout(1), timeout(2)];
    let errors = check_in_match(&timeout(3).fields, &state, &used).unwrap_err();
    assert_eq!(errors.fields()["timeout.teamId"], [NO_TIMEOUTS_LEFT]);
    assert!(check_in_match(&timeout(3).fields, &state, &used[..1]).is_ok());
}

#[test]
fn a_double_exclusion_of_a_coach_is_refused_with_its_own_message() {
    let input = |coach: Option<u64>, player: Option<u64>| EventInput {
        match_id: Some(9),
        type_id: Some(EventType::Exclusion),
        period_id: Some(Period::First),
        minute: Some(3),
        seconds: Some(0),
        exclusion: Some(Exclusion {
            team_id: 1,
            type_id: ExclusionType::Exclusion,
            excluded_player_id: player,
            excluded_coach_id: coach,
            fouled_player_id: Some(21),
            is_penalty_exclusion: false,
            is_double_exclusion: true,
            location_x: None,
            location_y: None,
        }),
        ..EventInput::default()
    };
    // The fouled player is there: the fouled-player message would be wrong.
    let errors = input(Some(5), None).validate().unwrap_err();
    assert_eq!(
        errors.fields().keys().collect::<Vec<_>>(),
        ["exclusion.excludedCoachId"]
    );
    assert_eq!(
        errors.fields()["exclusion.excludedCoachId"],
        [DOUBLE_NEEDS_PLAYER]
    );
    let errors = input(None, None).validate().unwrap_err();
    assert_eq!(
        errors.fields().keys().collect::<Vec<_>>(),
        ["exclusion.excludedPlayerId"]
    );
    assert!(input(None, Some(11)).validate().is_ok());
}
