//! The form driven by keys as a secretary types them: what each opening and keystrokes save
//! (`saving`), and how the keys move, refuse and cancel (`keys`).

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

mod keys;
mod saving;
