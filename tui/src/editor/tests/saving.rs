//! A table of openings and keystrokes against the event each saves, for every type and field.

use super::*;

#[test]
fn goals_and_shots_save_what_was_typed() {
    let regular = |player| Shot::new(HOME, ShotType::RegularAttack, player);
    let (target_x, target_y) = point(500, 500);
    let table: Vec<(&str, Opening, &str, EventInput)> = vec![
        (
            "w7g a5: the assist by its letter",
            goal(Some(Side::Home), Some(home(7))),
            "a5<enter>",
            shot(Shot {
                is_goal: true,
                assisted_by_id: Some(home(5)),
                ..regular(home(7))
            }),
        ),
        (
            "wg 7 5: scorer then assist",
            goal(Some(Side::Home), None),
            "75<enter>",
            shot(Shot {
                is_goal: true,
                assisted_by_id: Some(home(5)),
                ..regular(home(7))
            }),
        ),
        (
            "wg 1 5: a cap no longer cap starts with gives the digit to the assist",
            goal(Some(Side::Home), None),
            "15<enter>",
            shot(Shot {
                is_goal: true,
                assisted_by_id: Some(home(5)),
                ..regular(home(1))
            }),
        ),
        (
            "w7s b3: blocked",
            new(EventType::Shot, Some(Side::Home), Some(home(7))),
            "b3<enter>",
            shot(Shot {
                blocked_by_id: Some(away(3)),
                ..regular(home(7))
            }),
        ),
        (
            "w7s: a target inside the goal is saved by the away keeper",
            new(EventType::Shot, Some(Side::Home), Some(home(7))),
            "r <enter>",
            shot(Shot {
                saved_by_id: Some(away(1)),
                target_x,
                target_y,
                ..regular(home(7))
            }),
        ),
        (
            "w7s: the keeper picked by cap",
            new(EventType::Shot, Some(Side::Home), Some(home(7))),
            "k13<enter>",
            shot(Shot {
                saved_by_id: Some(away(13)),
                ..regular(home(7))
            }),
        ),
    ];
    for (name, opening, text, expected) in table {
        assert_eq!(saved(opening, &[], text), expected, "{name}");
    }
}

#[test]
fn every_field_of_a_shot_is_typed_from_the_keyboard() {
    let (location_x, location_y) = point(450, 467);
    let (target_x, target_y) = point(500, 600);
    let input = saved(
        new(EventType::Shot, None, None),
        &[],
        // team, type Power Play, goal, scorer 9, assist 1, fast break, direct from foul,
        // location, target, time 06:12
        "<right><tab><right><right><tab> <tab>91<tab> <tab> <tab><left><up><enter><tab><down><enter><tab>612<enter>",
    );
    let expected = EventInput {
        shot: Some(Shot {
            assisted_by_id: Some(home(1)),
            is_goal: true,
            is_fast_break: true,
            is_direct_from_foul: true,
            location_x,
            location_y,
            target_x,
            target_y,
            ..Shot::new(HOME, ShotType::PowerPlay, home(9))
        }),
        ..event(EventType::Shot, 6, 12)
    };
    assert_eq!(input, expected);
}

#[test]
fn shot_rules_follow_each_change() {
    let base = |shot: Shot| EventView {
        shot: Some(shot),
        ..logged(9, EventType::Shot)
    };
    let fast = base(Shot {
        is_fast_break: true,
        is_direct_from_foul: true,
        ..Shot::new(HOME, ShotType::RegularAttack, home(7))
    });
    let assisted = base(Shot {
        is_goal: true,
        assisted_by_id: Some(home(5)),
        ..Shot::new(HOME, ShotType::RegularAttack, home(7))
    });
    let corrected = |view: &EventView, shot: Shot| EventInput {
        id: Some(view.id),
        shot: Some(shot),
        ..event(EventType::Shot, 7, 0)
    };
    // A penalty is no fast break nor direct from a foul.
    assert_eq!(
        saved(
            Opening::Existing(fast.clone()),
            std::slice::from_ref(&fast),
            "y<right><enter>"
        ),
        corrected(&fast, Shot::new(HOME, ShotType::Penalty, home(7)))
    );
    // Goal off: no assist any more.
    assert_eq!(
        saved(Opening::Existing(assisted.clone()), &[], "g <enter>"),
        corrected(&assisted, Shot::new(HOME, ShotType::RegularAttack, home(7)))
    );
    // Delete clears a player.
    assert_eq!(
        saved(Opening::Existing(assisted.clone()), &[], "a<del><enter>"),
        corrected(
            &assisted,
            Shot {
                is_goal: true,
                ..Shot::new(HOME, ShotType::RegularAttack, home(7))
            }
        )
    );
    // A target inside the goal is saved by the keeper; moved out, the save goes with it.
    let (target_x, target_y) = point(500, 300);
    assert_eq!(
        saved(
            new(EventType::Shot, Some(Side::Home), Some(home(7))),
            &[],
            "r <up><up><enter><enter>"
        ),
        shot(Shot {
            target_x,
            target_y,
            ..Shot::new(HOME, ShotType::RegularAttack, home(7))
        })
    );
}

#[test]
fn exclusions_save_what_was_typed() {
    let x = |penalty| Opening::New {
        event_type: EventType::Exclusion,
        side: Some(Side::Home),
        player: Some(home(5)),
        shot_is_goal: false,
        exclusion_penalty: penalty,
    };
    let (location_x, location_y) = point(550, 533);
    let table: Vec<(&str, Opening, &str, EventInput)> = vec![
        (
            "w5x 3: a cap typed goes to the fouled player",
            x(false),
            "3<enter>",
            exclusion(Exclusion {
                fouled_player_id: Some(away(3)),
                ..excluded(HOME, home(5))
            }),
        ),
        (
            "w5p: a Penalty (5m) exclusion marked as a penalty exclusion",
            x(true),
            "<enter>",
            exclusion(Exclusion {
                type_id: ExclusionType::Penalty,
                is_penalty_exclusion: true,
                ..excluded(HOME, home(5))
            }),
        ),
        (
            "w5x: a double exclusion with the fouled player",
            x(false),
            "d f2<enter>",
            exclusion(Exclusion {
                fouled_player_id: Some(away(2)),
                is_double_exclusion: true,
                ..excluded(HOME, home(5))
            }),
        ),
        (
            "bx: the coach, a brutality, at a location",
            new(EventType::Exclusion, Some(Side::Away), None),
            "<left>y<right><right>l<right><enter><enter>",
            exclusion(Exclusion {
                type_id: ExclusionType::Brutality,
                excluded_player_id: None,
                excluded_coach_id: Some(AWAY_COACH),
                location_x,
                location_y,
                ..excluded(AWAY, 0)
            }),
        ),
        (
            "w5p: the 5m type left takes the penalty exclusion with it",
            x(true),
            "y<right><enter>",
            exclusion(excluded(HOME, home(5))),
        ),
    ];
    for (name, opening, text, expected) in table {
        assert_eq!(saved(opening, &[], text), expected, "{name}");
    }
}

#[test]
fn cards_turnovers_and_team_calls_save_what_was_typed() {
    let timeout = logged(9, EventType::Timeout);
    let timeout = EventView {
        timeout: Some(TeamCall { team_id: HOME }),
        ..timeout
    };
    let table: Vec<(&str, Opening, &str, EventInput)> = vec![
        (
            "w5c: a yellow card",
            new(EventType::Card, Some(Side::Home), Some(home(5))),
            "<enter>",
            card(HOME, CardType::Yellow, Some(home(5)), None),
        ),
        (
            "wc: a red card to the head coach",
            new(EventType::Card, Some(Side::Home), None),
            "<left>y<right><enter>",
            card(HOME, CardType::Red, None, Some(HOME_COACH)),
        ),
        (
            "wc 5: the carded player by cap",
            new(EventType::Card, Some(Side::Home), None),
            "5<enter>",
            card(HOME, CardType::Yellow, Some(home(5)), None),
        ),
        (
            "wo 5 9: who lost the ball, then who won it",
            new(EventType::Turnover, Some(Side::Home), None),
            "59<enter>",
            turnover(TurnoverType::LostBall, home(5), Some(away(9))),
        ),
        (
            "w5o 9: lost ball, won by away 9",
            new(EventType::Turnover, Some(Side::Home), Some(home(5))),
            "9<enter>",
            turnover(TurnoverType::LostBall, home(5), Some(away(9))),
        ),
        (
            "w5o: a new turnover type clears who won the ball",
            new(EventType::Turnover, Some(Side::Home), Some(home(5))),
            "9y<right><enter>",
            turnover(TurnoverType::OffensiveFoul, home(5), None),
        ),
        (
            "tw: a timeout",
            new(EventType::Timeout, Some(Side::Home), None),
            "<enter>",
            EventInput {
                timeout: Some(TeamCall { team_id: HOME }),
                ..event(EventType::Timeout, 5, 30)
            },
        ),
        (
            "hb: a challenge",
            new(EventType::Challenge, Some(Side::Away), None),
            "<enter>",
            EventInput {
                challenge: Some(TeamCall { team_id: AWAY }),
                ..event(EventType::Challenge, 5, 30)
            },
        ),
        (
            "a logged timeout moved to the other team and to 03:45",
            Opening::Existing(timeout.clone()),
            "t<right>m345<enter>",
            EventInput {
                id: Some(9),
                timeout: Some(TeamCall { team_id: AWAY }),
                ..event(EventType::Timeout, 3, 45)
            },
        ),
        (
            "Backspace takes the time's last digit back",
            new(EventType::Timeout, Some(Side::Home), None),
            "m<bs><enter>",
            EventInput {
                timeout: Some(TeamCall { team_id: HOME }),
                ..event(EventType::Timeout, 0, 53)
            },
        ),
    ];
    for (name, opening, text, expected) in table {
        assert_eq!(
            saved(opening, std::slice::from_ref(&timeout), text),
            expected,
            "{name}"
        );
    }
}

#[test]
fn swim_offs_save_what_was_typed() {
    let f = |side, player| new(EventType::SwimOff, side, player);
    let last = [swim_off(1)];
    let second =
        |opening, events: &[EventView], text| match typed(opening, events, Period::Second, text) {
            (_, EditorOutcome::Save(input)) => input,
            (editor, outcome) => panic!("{text}: {outcome:?}, {editor:?}"),
        };
    assert_eq!(
        second(f(Some(Side::Home), Some(home(4))), &last, "<enter>"),
        swim(home(4), away(5), home(4), Period::Second),
        "w4f: won by home 4 against the last swim-off's away swimmer"
    );
    assert_eq!(
        second(f(Some(Side::Away), Some(away(6))), &last, "<enter>"),
        swim(home(4), away(6), away(6), Period::Second),
        "b6f: won by away 6, who swims instead of the last one"
    );
    assert_eq!(
        saved(f(None, None), &[], "37<right><right><enter>"),
        swim(home(3), away(7), away(7), Period::First),
        "home swimmer, away swimmer, then the winner"
    );
    assert_eq!(
        second(f(None, None), &last, "68<right><enter>"),
        swim(home(6), away(8), home(6), Period::Second),
        "caps typed name new swimmers in place of the last swim-off's"
    );
}

#[test]
fn a_logged_event_saved_unchanged_sends_what_was_logged() {
    let (location_x, location_y) = point(250, 750);
    let (target_x, target_y) = point(900, 100);
    let views = [
        EventView {
            shot: Some(Shot {
                assisted_by_id: Some(away(4)),
                is_goal: true,
                is_fast_break: true,
                is_direct_from_foul: true,
                location_x,
                location_y,
                target_x,
                target_y,
                ..Shot::new(AWAY, ShotType::PowerPlay, away(9))
            }),
            ..logged(11, EventType::Shot)
        },
        EventView {
            exclusion: Some(Exclusion {
                type_id: ExclusionType::Penalty,
                fouled_player_id: Some(away(2)),
                is_penalty_exclusion: true,
                location_x,
                location_y,
                ..excluded(HOME, home(3))
            }),
            ..logged(12, EventType::Exclusion)
        },
        EventView {
            exclusion: Some(Exclusion {
                excluded_player_id: None,
                excluded_coach_id: Some(AWAY_COACH),
                ..excluded(AWAY, 0)
            }),
            ..logged(13, EventType::Exclusion)
        },
        EventView {
            card: Some(Card {
                team_id: HOME,
                type_id: CardType::Red,
                carded_player_id: None,
                carded_coach_id: Some(HOME_COACH),
            }),
            ..logged(14, EventType::Card)
        },
        EventView {
            turnover: Some(Turnover {
                team_id: AWAY,
                type_id: TurnoverType::ClockExpired,
                lost_possesion_player_id: Some(away(8)),
                won_possesion_player_id: Some(home(2)),
            }),
            ..logged(15, EventType::Turnover)
        },
        swim_off(16),
        EventView {
            challenge: Some(TeamCall { team_id: AWAY }),
            ..logged(17, EventType::Challenge)
        },
    ];
    for view in views {
        let expected = EventInput {
            client_id: None,
            ..EventInput::from(view.clone())
        };
        assert_eq!(
            saved(
                Opening::Existing(view.clone()),
                std::slice::from_ref(&view),
                "<enter>"
            ),
            expected
        );
    }
}
