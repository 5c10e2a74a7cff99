//! The key map (`?`): every key of the console by group, in the words the secretary reads,
//! the main screen's keys as the secretary's key map has them.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::grammar::Key;
use crate::keymap::Keymap;

/// A piece of a key column: a main screen key (the grammar's, shown as the map has it) or text
/// that no map changes (cap numbers, the event form's keys, which are typed values).
#[derive(Debug, Clone, Copy)]
enum Shown {
    Mapped(Key),
    Fixed(&'static str),
}

use Shown::{Fixed, Mapped};

const fn ch(c: char) -> Shown {
    Mapped(Key::Char(c))
}

type Group = (&'static str, &'static [(&'static [Shown], &'static str)]);

/// The groups of keys, each a list of (keys, action).
const KEY_HELP: &[Group] = &[
    (
        "Pick a player",
        &[
            (&[ch('w'), Fixed("7")], "White (home) cap 7"),
            (&[ch('b'), Fixed("7")], "Blue (away) cap 7"),
            (&[Mapped(Key::Backspace)], "Take back a key"),
        ],
    ),
    (
        "Then the event",
        &[
            (&[ch('g')], "Goal"),
            (&[ch('s')], "Shot missed"),
            (&[ch('x')], "Exclusion"),
            (&[ch('p')], "Penalty (5m) foul"),
            (&[ch('c')], "Card (yellow)"),
            (&[ch('o')], "Turnover (lost ball)"),
            (&[ch('f')], "Swim-off won"),
            (&[ch('w'), ch('g')], "Team event; cap in form"),
        ],
    ),
    (
        "Team calls, saved at once",
        &[
            (
                &[ch('t'), ch('w'), Fixed("/"), ch('t'), ch('b')],
                "Timeout white / blue",
            ),
            (
                &[ch('h'), ch('w'), Fixed("/"), ch('h'), ch('b')],
                "Challenge white / blue",
            ),
        ],
    ),
    (
        "Clock",
        &[
            (&[ch(' ')], "Start / stop the clock"),
            (
                &[ch('['), ch(']'), Fixed("/"), ch('{'), ch('}')],
                "−/+ 1 s, −/+ 10 s",
            ),
            (&[ch('-'), ch('=')], "−/+ 60 s"),
            (&[ch('n')], "Next period"),
        ],
    ),
    (
        "Event list",
        &[
            (&[Mapped(Key::Up), Mapped(Key::Down)], "Select an event"),
            (&[Mapped(Key::Enter)], "Edit the selected event"),
            (&[Mapped(Key::Delete)], "Delete it"),
            (&[ch('u')], "Undo the last event"),
        ],
    ),
    (
        "Match",
        &[
            (&[ch('F')], "Finish Match"),
            (&[ch('P')], "Confirm log with a PIN"),
            (&[ch('?')], "This key map"),
            (&[ch('q')], "Quit"),
        ],
    ),
    (
        "In the event form",
        &[
            (&[Fixed("digits")], "A cap for the field"),
            (&[Fixed("Tab / S-Tab")], "Next / previous field"),
            (&[Fixed("← → Space")], "Choose, toggle"),
            (&[Fixed("Enter / Esc")], "Save / cancel"),
        ],
    ),
];

/// A key column as the secretary types it.
fn keys_text(shown: &[Shown], keymap: &Keymap) -> String {
    let parts: Vec<String> = shown
        .iter()
        .map(|part| match part {
            Mapped(key) => keymap.shown(*key),
            Fixed(text) => (*text).to_owned(),
        })
        .collect();
    parts.join(" ")
}

pub fn draw(frame: &mut Frame, area: Rect, keymap: &Keymap) {
    frame.render_widget(Clear, area);
    let title = format!(
        " Keys · {} or {} closes ",
        keymap.shown(Key::Escape),
        keymap.shown(Key::Char('?'))
    );
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(inner);
    // The player, event and team call groups left; the clock, list, match and form right.
    let split = 3;
    let key_width = KEY_HELP
        .iter()
        .flat_map(|(_, entries)| entries.iter())
        .map(|(keys, _)| keys_text(keys, keymap).chars().count())
        .max()
        .unwrap_or(0);
    for (column, groups) in [(left, &KEY_HELP[..split]), (right, &KEY_HELP[split..])] {
        let mut lines = Vec::new();
        for (group, entries) in groups {
            lines.push(Line::from(Span::styled(
                *group,
                Style::new().add_modifier(Modifier::BOLD),
            )));
            for (keys, action) in *entries {
                lines.push(Line::from(vec![
                    Span::styled(
                        format!(" {:<key_width$} ", keys_text(keys, keymap)),
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(*action),
                ]));
            }
        }
        frame.render_widget(Paragraph::new(lines), column);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_of_the_key_map_is_shown() {
        let shown: Vec<Key> = KEY_HELP
            .iter()
            .flat_map(|(_, entries)| entries.iter())
            .flat_map(|(keys, _)| keys.iter())
            .filter_map(|part| match part {
                Mapped(key) => Some(*key),
                Fixed(_) => None,
            })
            .collect();
        for (name, key) in crate::keymap::ACTIONS {
            // Escape closes the map: its title shows it.
            if *key != Key::Escape {
                assert!(shown.contains(key), "{name} is not in the key map");
            }
        }
    }
}
