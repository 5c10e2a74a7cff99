//! The key map (`?`): every key of the console by group, in the words the secretary reads, with
//! the keys of the secretary's own map (`console.toml`) where they moved one.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::keymap::{ACTIONS, Keymap};

/// The groups of keys, each a list of (keys, action).
pub const KEY_HELP: &[(&str, &[(&str, &str)])] = &[
    (
        "Pick a player",
        &[
            ("w 7", "White (home) cap 7"),
            ("b 7", "Blue (away) cap 7"),
            ("Backspace", "Take back a key"),
        ],
    ),
    (
        "Then the event",
        &[
            ("g", "Goal"),
            ("s", "Shot missed"),
            ("x", "Exclusion"),
            ("p", "Penalty (5m) foul"),
            ("c", "Card (yellow)"),
            ("o", "Turnover (lost ball)"),
            ("f", "Swim-off won"),
            ("w g", "Team event; cap in form"),
        ],
    ),
    (
        "Team calls, saved at once",
        &[
            ("t w / t b", "Timeout white / blue"),
            ("h w / h b", "Challenge white / blue"),
        ],
    ),
    (
        "Clock",
        &[
            ("Space", "Start / stop the clock"),
            ("[ ] / { }", "−/+ 1 s, −/+ 10 s"),
            ("- =", "−/+ 60 s"),
            ("n", "Next period"),
        ],
    ),
    (
        "Event list",
        &[
            ("↑ ↓", "Select an event"),
            ("Enter", "Edit the selected event"),
            ("Delete", "Delete it"),
            ("u", "Undo the last event"),
        ],
    ),
    (
        "Match",
        &[
            ("F", "Finish Match"),
            ("P", "Confirm log with a PIN"),
            ("?", "This key map"),
            ("q", "Quit"),
        ],
    ),
    (
        "In the event form",
        &[
            ("digits", "A cap for the field"),
            ("Tab / S-Tab", "Next / previous field"),
            ("← → Space", "Choose, toggle"),
            ("Enter / Esc", "Save / cancel"),
        ],
    ),
];

/// The groups whose keys are typed values, never remapped.
const TYPED_VALUES: &str = "In the event form";

/// `keys` as the secretary types them: each of the grammar's own keys through the map.
fn typed(keys: &str, keymap: &Keymap) -> String {
    keys.split(' ')
        .map(|token| {
            let mut chars = token.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if ACTIONS.iter().any(|(_, key)| *key == c) => keymap.shown(c),
                _ if token == "Space" => keymap.shown(' '),
                _ => token.to_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn draw(frame: &mut Frame, area: Rect, keymap: &Keymap) {
    frame.render_widget(Clear, area);
    let block = Block::bordered().title(" Keys · Esc or ? closes ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(inner);
    let split = 3;
    for (column, groups) in [(left, &KEY_HELP[..split]), (right, &KEY_HELP[split..])] {
        let mut lines = Vec::new();
        for (group, keys) in groups {
            lines.push(Line::from(Span::styled(
                *group,
                Style::new().add_modifier(Modifier::BOLD),
            )));
            for (key, action) in *keys {
                let key = if *group == TYPED_VALUES {
                    (*key).to_owned()
                } else {
                    typed(key, keymap)
                };
                lines.push(Line::from(vec![
                    Span::styled(
                        format!(" {key:<12}"),
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(*action),
                ]));
            }
        }
        frame.render_widget(Paragraph::new(lines), column);
    }
}
