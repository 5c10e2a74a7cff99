//! The screen in each of its states at the two sizes a secretary's terminal has: 80×24 (the
//! smallest it supports) and 160×48.

use polodesk_domain::events::EventInput;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::json;

use crate::grammar::Key;
use crate::journal::{EventRef, Pending, Write};
use crate::sample::{event, game};
use crate::state::{Action, Console, Link};

const AT: &str = "2026-11-24T18:30:00.000Z";

fn screen(console: &Console, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| super::draw(frame, console))
        .expect("the screen draws");
    terminal.backend().to_string()
}

fn keys(console: &mut Console, keys: &str) {
    for c in keys.chars() {
        let key = match c {
            '⏎' => Key::Enter,
            '↓' => Key::Down,
            '⌦' => Key::Delete,
            '\u{1b}' => Key::Escape,
            c => Key::Char(c),
        };
        console.step(Action::Key {
            key,
            at: AT.to_owned(),
        });
    }
}

/// A first period under way: the swim-off, goals both ways, exclusions (one player with two),
/// a timeout and a card; a goal and a refused write still waiting.
fn mid_period() -> Console {
    let events = vec![
        event(
            1,
            json!({ "typeId": 701, "periodId": 1200, "minute": 8, "seconds": 0, "swimoff": {
            "homeTeamSwimmerId": 107, "awayTeamSwimmerId": 207, "winnerSwimmerId": 107, "winnerTeamId": 1 } }),
        ),
        event(
            2,
            json!({ "typeId": 705, "periodId": 1200, "minute": 7, "seconds": 12, "shot": {
            "teamId": 1, "typeId": 1100, "takenById": 107, "assistedById": 105, "isGoal": true } }),
        ),
        event(
            3,
            json!({ "typeId": 704, "periodId": 1200, "minute": 6, "seconds": 40, "exclusion": {
            "teamId": 2, "typeId": 1000, "excludedPlayerId": 203, "fouledPlayerId": 110 } }),
        ),
        event(
            4,
            json!({ "typeId": 705, "periodId": 1200, "minute": 6, "seconds": 21, "shot": {
            "teamId": 1, "typeId": 1102, "takenById": 110, "savedById": 201 } }),
        ),
        event(
            5,
            json!({ "typeId": 704, "periodId": 1200, "minute": 5, "seconds": 2, "exclusion": {
            "teamId": 2, "typeId": 1000, "excludedPlayerId": 203 } }),
        ),
        event(
            6,
            json!({ "typeId": 700, "periodId": 1200, "minute": 4, "seconds": 30, "timeout": { "teamId": 2 } }),
        ),
        event(
            7,
            json!({ "typeId": 702, "periodId": 1200, "minute": 4, "seconds": 30, "card": {
            "teamId": 2, "typeId": 800, "cardedPlayerId": 212 } }),
        ),
    ];
    let goal: EventInput = serde_json::from_value(json!({
        "matchId": 7, "typeId": 705, "periodId": 1200, "minute": 3, "seconds": 55,
        "clientId": "7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f",
        "shot": { "teamId": 2, "typeId": 1100, "takenById": 209, "isGoal": true } }))
    .expect("a goal");
    let pending = vec![
        Pending {
            seq: 3,
            write: Write::Delete {
                target: EventRef::Id(7),
            },
            refused: Some("You do not have permission to do this.".into()),
        },
        Pending {
            seq: 4,
            write: Write::Create {
                client_id: "7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f".into(),
                event: goal,
            },
            refused: None,
        },
    ];
    let mut console = Console::new(game(), events, pending);
    console.step(Action::Link(Link::Offline("connection refused".into())));
    keys(&mut console, "b9");
    console
}

macro_rules! both_sizes {
    ($name:ident, $console:expr) => {
        #[test]
        fn $name() {
            let console = $console;
            insta::assert_snapshot!(
                concat!(stringify!($name), "_80x24"),
                screen(&console, 80, 24)
            );
            insta::assert_snapshot!(
                concat!(stringify!($name), "_160x48"),
                screen(&console, 160, 48)
            );
        }
    };
}

both_sizes!(a_new_match, {
    let mut console = Console::new(game(), Vec::new(), Vec::new());
    console.step(Action::Link(Link::Online));
    console
});

both_sizes!(mid_period_offline_with_writes_waiting, mid_period());

both_sizes!(a_selected_event, {
    let mut console = mid_period();
    keys(&mut console, "\u{1b}↓↓↓");
    console
});

both_sizes!(the_keepers_prompt, {
    let mut console = Console::new(game(), Vec::new(), Vec::new());
    keys(&mut console, " ");
    console
});

both_sizes!(the_key_map, {
    let mut console = Console::new(game(), Vec::new(), Vec::new());
    keys(&mut console, "?");
    console
});

both_sizes!(the_key_map_with_the_secretarys_keys, {
    let mut console = Console::new(game(), Vec::new(), Vec::new());
    console.keymap = crate::keymap::Keymap::parse(
        "[keys]\ngoal = \"j\"\nstart_stop = \"Enter\"\nedit_event = \"e\"\nkey_map = \"K\"\n",
    )
    .expect("a valid key map");
    keys(&mut console, "K");
    console
});

both_sizes!(a_match_without_lineups, {
    let mut game = game();
    game.players.clear();
    Console::new(game, Vec::new(), Vec::new())
});

#[test]
fn undoing_half_of_a_double_exclusion_says_the_other_half_goes_too() {
    let double = |id, team, player, fouled, paired| {
        let mut half = event(
            id,
            json!({ "typeId": 704, "periodId": 1200, "minute": 7, "seconds": 0,
                "exclusion": { "teamId": team, "typeId": 1000, "excludedPlayerId": player,
                    "fouledPlayerId": fouled, "isDoubleExclusion": true } }),
        );
        // The server pairs the halves.
        half.paired_event_id = Some(paired);
        half
    };
    let mut console = Console::new(
        game(),
        vec![double(1, 1, 104, 202, 2), double(2, 2, 202, 104, 1)],
        Vec::new(),
    );
    keys(&mut console, "u");
    assert!(
        screen(&console, 160, 48).contains(crate::state::PAIR_GOES_TOO),
        "{}",
        screen(&console, 160, 48)
    );
}

#[test]
fn a_player_out_of_the_match_is_struck_through() {
    use ratatui::style::Modifier;
    // Home 4 excluded three times: out.
    let exclusion = |id| {
        event(
            id,
            json!({ "typeId": 704, "periodId": 1200, "minute": 7, "seconds": id,
                "exclusion": { "teamId": 1, "typeId": 1000, "excludedPlayerId": 104 } }),
        )
    };
    let console = Console::new(
        game(),
        vec![exclusion(1), exclusion(2), exclusion(3)],
        Vec::new(),
    );
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).expect("a test terminal");
    terminal
        .draw(|frame| super::draw(frame, &console))
        .expect("the screen draws");
    let buffer = terminal.backend().buffer();
    let row = (0..48)
        .find(|&y| {
            (0..20)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .starts_with(" 4 ")
        })
        .expect("home cap 4's row");
    assert!(buffer[(4, row)].modifier.contains(Modifier::CROSSED_OUT));
}

both_sizes!(the_pin_form, {
    let mut game = game();
    game.score.status_id = polodesk_domain::codes::MatchStatus::Finished;
    let mut console = Console::new(game, Vec::new(), Vec::new());
    keys(&mut console, "P14⏎");
    console
});

both_sizes!(the_confirmation_without_a_pin, {
    let mut game = game();
    game.score.status_id = polodesk_domain::codes::MatchStatus::Finished;
    game.log_pin_required = false;
    let mut console = Console::new(game, Vec::new(), Vec::new());
    keys(&mut console, "P");
    console
});

both_sizes!(quitting_with_writes_waiting, {
    let mut console = mid_period();
    keys(&mut console, "\u{1b}q");
    console
});

both_sizes!(the_finish_question, {
    let mut console = mid_period();
    keys(&mut console, "\u{1b}F");
    console
});

both_sizes!(deleting_the_selected_event, {
    let mut console = mid_period();
    keys(&mut console, "\u{1b}↓↓⌦");
    console
});

both_sizes!(a_goal_in_the_form_over_the_screen, {
    let mut console = mid_period();
    keys(&mut console, "\u{1b}w7g5");
    console
});

fn picker_screen(width: u16, height: u16) -> String {
    use crate::picker::fixture;
    use polodesk_domain::codes::MatchStatus;
    use polodesk_domain::dates::Instant;
    let mut picker = crate::picker::Picker::new(
        vec![
            fixture(1, "VK Šabac", "2026-11-20T18:00:00Z", MatchStatus::Finished),
            fixture(
                2,
                "VK Novi Beograd",
                "2026-11-24T20:00:00Z",
                MatchStatus::NotStarted,
            ),
            fixture(
                3,
                "VK Vojvodina",
                "2026-11-24T17:00:00Z",
                MatchStatus::SecondPeriod,
            ),
        ],
        Instant::parse("2026-11-24T17:30:00Z").expect("an instant"),
    );
    picker.key(Key::Char('v'));
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|frame| super::picker::draw(frame, &picker))
        .expect("the picker draws");
    terminal.backend().to_string()
}

#[test]
fn the_match_picker() {
    insta::assert_snapshot!("the_match_picker_80x24", picker_screen(80, 24));
    insta::assert_snapshot!("the_match_picker_160x48", picker_screen(160, 48));
}

/// A terminal too small for the layout still draws (what fits), in every state.
#[test]
fn any_terminal_size_draws_without_a_panic() {
    let states = [
        mid_period(),
        {
            let mut console = mid_period();
            keys(&mut console, "\u{1b}w7g5");
            console
        },
        {
            let mut console = mid_period();
            keys(&mut console, "\u{1b}P12");
            console
        },
        {
            let mut console = mid_period();
            keys(&mut console, "\u{1b}?");
            console
        },
    ];
    for console in &states {
        for (width, height) in [(1, 1), (20, 5), (40, 12), (79, 23), (300, 100)] {
            let drawn = screen(console, width, height);
            assert_eq!(drawn.lines().count(), usize::from(height));
        }
    }
}
