//! A side's lineup: cap, name, the exclusion boxes (three, filled in log order with the period
//! of each) and whether the player is out; the active goalkeeper and the picked player marked.

use polodesk_domain::matches::Side;
use polodesk_domain::views::matches::MatchPlayerView;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::{BLUE, DIM, WHITE};
use crate::state::Console;

/// What an empty side says: the console logs against lineups, which the web app sets.
pub const NO_LINEUP: &str = "No lineup yet: set it in the match log (web app) first.";

/// "7 Surname N." as rows and forms name a player.
pub fn player_label(player: &MatchPlayerView) -> String {
    match &player.player {
        Some(name) => format!(
            "{} {} {}.",
            player.cap_number,
            name.surname,
            name.name.chars().next().unwrap_or(' ')
        ),
        None => player.cap_number.to_string(),
    }
}

pub fn draw(frame: &mut Frame, area: Rect, console: &Console, side: Side) {
    let (title, style) = match side {
        Side::Home => (" White ", WHITE),
        Side::Away => (" Blue ", BLUE),
    };
    let keeper = match side {
        Side::Home => console.keepers.0,
        Side::Away => console.keepers.1,
    };
    let name_width = usize::from(area.width.saturating_sub(9));
    let lines: Vec<Line> = console
        .lineup(side)
        .into_iter()
        .map(|player| {
            let exclusions = console.log.exclusions_of(player.player_id);
            let boxes: String = (0..3)
                .map(|i| if i < exclusions.len() { '■' } else { '□' })
                .collect();
            let out = console.log.is_out(player.player_id);
            let name = match &player.player {
                Some(name) => format!("{} {}", name.surname, name.name),
                None => String::new(),
            };
            let name: String = name.chars().take(name_width.saturating_sub(1)).collect();
            let picked = console
                .pick
                .is_some_and(|p| p.side == side && p.player == Some(player.player_id));
            // The active goalkeeper's name is underlined.
            let name_style = if keeper == Some(player.player_id) {
                Style::new().underlined()
            } else {
                Style::new()
            };
            let line = Line::from(vec![
                Span::styled(format!("{:>2} ", player.cap_number), Style::new().bold()),
                Span::styled(format!("{name:<name_width$}"), name_style),
                Span::styled(boxes, Style::new().fg(Color::Red)),
            ]);
            if picked {
                line.reversed()
            } else if out {
                // Greyed, then struck through (a style set after would drop the strike).
                line.style(DIM).crossed_out()
            } else {
                line
            }
        })
        .collect();
    let empty = lines.is_empty();
    let lines = if empty {
        vec![Line::styled(NO_LINEUP, DIM)]
    } else {
        lines
    };
    let block = Block::new()
        .borders(Borders::TOP)
        .title(Span::styled(title, style.bold()));
    // Player rows fit the width as they are; only the empty side's sentence wraps.
    let paragraph = Paragraph::new(lines).block(block);
    let paragraph = if empty {
        paragraph.wrap(Wrap { trim: true })
    } else {
        paragraph
    };
    frame.render_widget(paragraph, area);
}
