//! The key map (`?`): every key of the console by group, in the words the secretary reads.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

/// The groups of keys, each a list of (keys, action).
pub const KEY_HELP: &[(&str, &[(&str, &str)])] = &[
    (
        "Pick a player",
        &[
            ("w 7", "White (home) cap 7; 1 waits for a 2nd digit"),
            ("b 7", "Blue (away) cap 7"),
            ("Backspace", "Take back the last key"),
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
            ("w g", "Event for a team, player typed in the form"),
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
        "In the event form",
        &[
            ("digits", "The cap of the focused player"),
            ("Tab / S-Tab", "Next / previous field"),
            ("← → Space", "Choose, toggle"),
            ("Enter / Esc", "Save / cancel"),
        ],
    ),
    (
        "Clock",
        &[
            ("Space", "Start / stop (keepers first)"),
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
            ("Delete", "Delete it (asks first)"),
            ("u", "Undo the period's last event"),
        ],
    ),
    (
        "Match",
        &[
            ("F", "Finish Match"),
            ("P", "Confirm the log with a PIN"),
            ("?", "This key map"),
            ("q", "Quit (asks if writes wait)"),
        ],
    ),
];

pub fn draw(frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    let block = Block::bordered().title(" Keys · Esc or ? closes ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(inner);
    let split = 4;
    for (column, groups) in [(left, &KEY_HELP[..split]), (right, &KEY_HELP[split..])] {
        let mut lines = Vec::new();
        for (group, keys) in groups {
            lines.push(Line::from(Span::styled(
                *group,
                Style::new().add_modifier(Modifier::BOLD),
            )));
            for (key, action) in *keys {
                lines.push(Line::from(vec![
                    Span::styled(
                        format!(" {key:<11}"),
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(*action),
                ]));
            }
        }
        frame.render_widget(Paragraph::new(lines), column);
    }
}
