//! The form driven by keys as a secretary types them: what each opening and keystrokes save,
//! and the domain's messages at the fields they concern when the rules refuse.

use polodesk_domain::codes::{CardType, EventType, ExclusionType, Period, ShotType, TurnoverType};
use polodesk_domain::events::{
    Card, Coord, DOUBLE_NEEDS_FOULED, EXCLUDED_FOR_GOOD, EventInput, EventView, Exclusion,
    NO_TIMEOUTS_LEFT, PLAYER_OR_COACH_REQUIRED, SECONDS_RANGE, SWIM_OFF_TWICE, Shot, SwimOff,
    TeamCall, Turnover,
};
use polodesk_domain::matches::Side;

use super::test_match::{
    AWAY, AWAY_COACH, HOME, HOME_COACH, MATCH_ID, away, game, home, home_exclusion, logged,
    swim_off,
};
use super::*;
use crate::grammar::Key;

/// Keys as typed: characters, and `<tab>`, `<btab>`, `<left>`, `<right>`, `<up>`, `<down>`,
/// `<del>`, `<bs>`, `<enter>`, `<esc>`.
fn keys(typed: &str) -> Vec<Key> {
    let mut keys = Vec::new();
    let mut rest = typed;
    while let Some(c) = rest.chars().next() {
        if c == '<'
            && let Some(end) = rest.find('>')
        {
            keys.push(match &rest[1..end] {
                "tab" => Key::Tab,
                "btab" => Key::BackTab,
                "left" => Key::Left,
                "right" => Key::Right,
                "up" => Key::Up,
                "down" => Key::Down,
                "del" => Key::Delete,
                "bs" => Key::Backspace,
                "enter" => Key::Enter,
                "esc" => Key::Escape,
                other => panic!("unknown key <{other}>"),
            });
            rest = &rest[end + 1..];
        } else {
            keys.push(Key::Char(c));
            rest = &rest[c.len_utf8()..];
        }
    }
    keys
}

fn new(event_type: EventType, side: Option<Side>, player: Option<u64>) -> Opening {
    Opening::New {
        event_type,
        side,
        player,
        shot_is_goal: false,
        exclusion_penalty: false,
    }
}

fn goal(side: Option<Side>, player: Option<u64>) -> Opening {
    Opening::New {
        event_type: EventType::Shot,
        side,
        player,
        shot_is_goal: true,
        exclusion_penalty: false,
    }
}

/// Opens the form at 1st Period 05:30 (home keeper cap 1, away keeper cap 1) and types.
fn typed(
    opening: Opening,
    events: &[EventView],
    period: Period,
    text: &str,
) -> (Editor, EditorOutcome) {
    let game = game();
    let ctx = EditorContext {
        game: &game,
        events,
        keepers: (Some(home(1)), Some(away(1))),
    };
    let mut editor = Editor::open(opening, period, 5, 30, &ctx);
    let mut outcome = EditorOutcome::Editing;
    for key in keys(text) {
        outcome = editor.key(key, &ctx);
        if outcome != EditorOutcome::Editing {
            break;
        }
    }
    (editor, outcome)
}

fn saved(opening: Opening, events: &[EventView], text: &str) -> EventInput {
    match typed(opening, events, Period::First, text) {
        (_, EditorOutcome::Save(input)) => input,
        (editor, outcome) => panic!("{text}: {outcome:?}, {editor:?}"),
    }
}

fn event(event_type: EventType, minute: u8, seconds: u8) -> EventInput {
    EventInput {
        match_id: Some(MATCH_ID),
        type_id: Some(event_type),
        period_id: Some(Period::First),
        minute: Some(minute),
        seconds: Some(seconds),
        ..EventInput::default()
    }
}

fn shot(shot: Shot) -> EventInput {
    EventInput {
        shot: Some(shot),
        ..event(EventType::Shot, 5, 30)
    }
}

fn exclusion(exclusion: Exclusion) -> EventInput {
    EventInput {
        exclusion: Some(exclusion),
        ..event(EventType::Exclusion, 5, 30)
    }
}

fn excluded(team_id: u64, player_id: u64) -> Exclusion {
    Exclusion {
        team_id,
        type_id: ExclusionType::Exclusion,
        excluded_player_id: Some(player_id),
        excluded_coach_id: None,
        fouled_player_id: None,
        is_penalty_exclusion: false,
        is_double_exclusion: false,
        location_x: None,
        location_y: None,
    }
}

fn card(team_id: u64, type_id: CardType, player: Option<u64>, coach: Option<u64>) -> EventInput {
    EventInput {
        card: Some(Card {
            team_id,
            type_id,
            carded_player_id: player,
            carded_coach_id: coach,
        }),
        ..event(EventType::Card, 5, 30)
    }
}

fn turnover(type_id: TurnoverType, lost: u64, won: Option<u64>) -> EventInput {
    EventInput {
        turnover: Some(Turnover {
            team_id: HOME,
            type_id,
            lost_possesion_player_id: Some(lost),
            won_possesion_player_id: won,
        }),
        ..event(EventType::Turnover, 5, 30)
    }
}

fn swim(home_swimmer: u64, away_swimmer: u64, winner: u64, period: Period) -> EventInput {
    EventInput {
        swimoff: Some(SwimOff {
            home_team_swimmer_id: home_swimmer,
            away_team_swimmer_id: away_swimmer,
            winner_swimmer_id: winner,
            winner_team_id: if winner == home_swimmer { HOME } else { AWAY },
        }),
        period_id: Some(period),
        ..event(EventType::SwimOff, 5, 30)
    }
}

fn point(x: i32, y: i32) -> (Option<Coord>, Option<Coord>) {
    (Some(Coord(x)), Some(Coord(y)))
}

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
}

#[test]
fn focus_opens_on_the_first_field_still_needed() {
    let cases = [
        (goal(Some(Side::Home), None), Focus::Field(Field::TakenBy)),
        (goal(None, None), Focus::Field(Field::Team)),
        (goal(Some(Side::Home), Some(home(7))), Focus::Save),
        (
            new(EventType::SwimOff, None, None),
            Focus::Field(Field::HomeSwimmer),
        ),
        (
            new(EventType::Card, Some(Side::Away), None),
            Focus::Field(Field::Carded),
        ),
    ];
    for (opening, focus) in cases {
        let (editor, _) = typed(opening.clone(), &[], Period::First, "");
        assert_eq!(editor.focus(), focus, "{opening:?}");
    }
}

#[test]
fn the_title_names_the_event_its_period_and_time() {
    let (editor, _) = typed(
        goal(Some(Side::Home), Some(home(7))),
        &[],
        Period::First,
        "",
    );
    assert_eq!(editor.title(), "Goal · 1st Period · 05:30");
    assert!(!editor.is_existing());
    let (editor, _) = typed(
        goal(Some(Side::Home), Some(home(7))),
        &[],
        Period::First,
        "g ",
    );
    assert_eq!(editor.title(), "Shot · 1st Period · 05:30");
    let (editor, _) = typed(new(EventType::SwimOff, None, None), &[], Period::Third, "");
    assert_eq!(editor.title(), "Swim-off · 3rd Period · 05:30");
    let (editor, _) = typed(Opening::Existing(swim_off(1)), &[], Period::Third, "");
    assert_eq!(editor.title(), "Swim-off · 1st Period · 08:00");
    assert!(editor.is_existing());
}

/// The form after `text`, still editing.
fn refused(opening: Opening, events: &[EventView], text: &str) -> Editor {
    let (editor, outcome) = typed(opening, events, Period::First, text);
    assert_eq!(outcome, EditorOutcome::Editing, "{text}");
    editor
}

#[test]
fn refusals_show_the_domains_messages_at_their_fields() {
    let out = [
        home_exclusion(1, home(5)),
        home_exclusion(2, home(5)),
        home_exclusion(3, home(5)),
    ];
    let editor = refused(
        new(EventType::Exclusion, Some(Side::Home), Some(home(5))),
        &out,
        "<enter>",
    );
    assert_eq!(editor.error(Field::Excluded), Some(EXCLUDED_FOR_GOOD));
    assert_eq!(editor.focus(), Focus::Field(Field::Excluded));

    let editor = refused(
        new(EventType::Exclusion, Some(Side::Home), Some(home(6))),
        &[],
        "d <enter>",
    );
    assert_eq!(editor.error(Field::Fouled), Some(DOUBLE_NEEDS_FOULED));
    assert_eq!(editor.focus(), Focus::Field(Field::Fouled));

    let editor = refused(goal(Some(Side::Home), Some(home(7))), &[], "m900<enter>");
    assert_eq!(
        editor.error(Field::Time),
        Some("The time must fit the segment length of 8 minutes.")
    );
    let editor = refused(goal(Some(Side::Home), Some(home(7))), &[], "m575<enter>");
    assert_eq!(editor.error(Field::Time), Some(SECONDS_RANGE));

    let timeouts = [1, 2].map(|id| EventView {
        timeout: Some(TeamCall { team_id: HOME }),
        ..logged(id, EventType::Timeout)
    });
    let editor = refused(
        new(EventType::Timeout, Some(Side::Home), None),
        &timeouts,
        "<enter>",
    );
    assert_eq!(editor.error(Field::Team), Some(NO_TIMEOUTS_LEFT));

    let editor = refused(
        new(EventType::SwimOff, Some(Side::Home), Some(home(4))),
        &[swim_off(1)],
        "<enter>",
    );
    assert_eq!(editor.general_errors(), [SWIM_OFF_TWICE.to_owned()]);
    assert_eq!(editor.focus(), Focus::Save);
}

#[test]
fn messages_of_empty_fields_wait_for_a_save() {
    let editor = refused(new(EventType::Card, Some(Side::Home), None), &[], "");
    assert_eq!(editor.error(Field::Carded), None);
    let editor = refused(new(EventType::Card, Some(Side::Home), None), &[], "<enter>");
    assert_eq!(editor.error(Field::Carded), Some(PLAYER_OR_COACH_REQUIRED));

    let editor = refused(new(EventType::Shot, None, None), &[], "<enter>");
    assert_eq!(editor.error(Field::Team), Some("Team field is required!"));
    assert_eq!(
        editor.error(Field::TakenBy),
        Some("Taken by field is required!")
    );
    assert_eq!(editor.focus(), Focus::Field(Field::Team));
}

#[test]
fn a_player_out_of_the_match_cannot_be_picked_by_cap() {
    let out = [
        home_exclusion(1, home(5)),
        home_exclusion(2, home(5)),
        home_exclusion(3, home(5)),
    ];
    let editor = refused(new(EventType::Card, Some(Side::Home), None), &out, "5");
    assert_eq!(editor.person(Field::Carded), None);
    let editor = refused(new(EventType::Card, Some(Side::Home), None), &out, "6");
    assert_eq!(editor.person(Field::Carded), Some(Person::Player(home(6))));
}

#[test]
fn escape_cancels() {
    let (_, outcome) = typed(
        goal(Some(Side::Home), Some(home(7))),
        &[],
        Period::First,
        "a5<esc>",
    );
    assert_eq!(outcome, EditorOutcome::Cancel);
}
