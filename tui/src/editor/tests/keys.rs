//! Focus, the title, refusals with the domain's messages at their fields, and Escape.

use super::*;

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

#[test]
fn tab_and_the_arrows_walk_the_usable_fields_and_letters_jump() {
    let walk = |text: &str| {
        typed(
            goal(Some(Side::Home), Some(home(7))),
            &[],
            Period::First,
            text,
        )
        .0
        .focus()
    };
    // A goal: blocked by and saved by are not usable; Save closes the round.
    assert_eq!(
        walk("t<tab><tab><tab><tab>"),
        Focus::Field(Field::AssistedBy)
    );
    assert_eq!(walk("a<tab>"), Focus::Field(Field::FastBreak));
    assert_eq!(walk("a<btab>"), Focus::Field(Field::TakenBy));
    assert_eq!(walk("m<down>"), Focus::Save);
    assert_eq!(walk("m<down><down>"), Focus::Field(Field::Team));
    assert_eq!(walk("<up>"), Focus::Field(Field::Time));
    // A letter of a field not usable now, or of no field, stays where it is.
    assert_eq!(walk("b"), Focus::Save);
    assert_eq!(walk("z"), Focus::Save);
}

#[test]
fn the_keepers_of_the_moment_save_a_shot_on_target() {
    let game = game();
    let ctx = |keepers| EditorContext {
        game: &game,
        events: &[],
        keepers,
    };
    let opening = new(EventType::Shot, Some(Side::Home), Some(home(7)));
    let mut editor = Editor::open(opening, Period::First, 5, 30, &ctx((None, None)));
    editor.key(Key::Char('r'), &ctx((None, None)));
    editor.key(Key::Char(' '), &ctx((None, Some(away(13)))));
    assert_eq!(
        editor.person(Field::SavedBy),
        Some(Person::Player(away(13)))
    );
}

#[test]
fn left_and_right_walk_a_player_fields_caps_then_coaches() {
    let (editor, _) = typed(
        new(EventType::Card, Some(Side::Away), None),
        &[],
        Period::First,
        "<right><right>",
    );
    assert_eq!(editor.person(Field::Carded), Some(Person::Player(away(2))));
    let (editor, _) = typed(
        new(EventType::Card, Some(Side::Away), None),
        &[],
        Period::First,
        "<left><left>",
    );
    assert_eq!(editor.person(Field::Carded), Some(Person::Player(away(13))));
    let (editor, _) = typed(
        new(EventType::Card, Some(Side::Away), None),
        &[],
        Period::First,
        "<left><right>",
    );
    assert_eq!(editor.person(Field::Carded), None);
}

#[test]
fn a_double_exclusion_shows_the_half_logged_for_the_other_team() {
    let game = game();
    let ctx = EditorContext {
        game: &game,
        events: &[],
        keepers: (None, None),
    };
    let opening = new(EventType::Exclusion, Some(Side::Home), Some(home(5)));
    let mut editor = Editor::open(opening, Period::First, 5, 30, &ctx);
    assert_eq!(editor.twin(&ctx), None);
    for key in keys("d f2") {
        editor.key(key, &ctx);
    }
    let twin = editor
        .twin(&ctx)
        .map(|e| (e.team_id, e.excluded_player_id, e.fouled_player_id));
    assert_eq!(twin, Some((AWAY, Some(away(2)), Some(home(5)))));
}
