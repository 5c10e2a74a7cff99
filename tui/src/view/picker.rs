//! The match picker's screen.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::picker::{Picker, is_live};

pub fn draw(frame: &mut Frame, picker: &Picker) {
    let [filter, list, hint] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    frame.render_widget(
        Paragraph::new(format!("{}▏", picker.filter))
            .block(Block::bordered().title(" PoloDesk console · find a match by team ")),
        filter,
    );
    let shown = picker.shown();
    let mut lines: Vec<Line> = shown
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let when = game.start_date.utc_minute();
            let status = if is_live(game) {
                Span::styled(
                    format!("{:<14}", game.score.status_id.label()),
                    Style::new().fg(Color::Green),
                )
            } else {
                Span::raw(format!("{:<14}", game.score.status_id.label()))
            };
            let line = Line::from(vec![
                Span::raw(format!("{when:<17}")),
                status,
                Span::styled(
                    format!(
                        "{} – {}",
                        game.home_team_display_name, game.away_team_display_name
                    ),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(format!("  {}", game.competition_display_name)),
            ]);
            if i == picker.selected {
                line.style(Style::new().add_modifier(Modifier::REVERSED))
            } else {
                line
            }
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled(
            "No match has this team.",
            Style::new().fg(Color::DarkGray),
        ));
    }
    let top = picker
        .selected
        .saturating_sub(usize::from(list.height.saturating_sub(1)));
    frame.render_widget(
        Paragraph::new(lines).scroll((u16::try_from(top).unwrap_or(0), 0)),
        list,
    );
    frame.render_widget(
        Line::styled(
            "type to filter · ↑↓ choose · Enter opens · Esc clears, then quits",
            Style::new().fg(Color::DarkGray),
        ),
        hint,
    );
}
