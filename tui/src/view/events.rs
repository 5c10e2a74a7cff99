//! The period's events between the lineups: time, team, cap and what happened, newest at the
//! bottom, the selected row highlighted and kept in view; a write not yet sent is marked, a
//! refused one shows the server's message under it.

use polodesk_domain::codes::{ShotType, TurnoverType};
use polodesk_domain::events::EventView;
use polodesk_domain::views::matches::MatchView;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::{DIM, REFUSAL};
use crate::state::Console;

/// "W7" for a player of the match.
fn who(game: &MatchView, player_id: Option<u64>) -> String {
    let Some(id) = player_id else {
        return String::new();
    };
    match game.players.iter().find(|p| p.player_id == id) {
        Some(p) if p.team_id == game.home_team_id => format!("W{}", p.cap_number),
        Some(p) => format!("B{}", p.cap_number),
        None => "?".to_owned(),
    }
}

fn team_letter(game: &MatchView, team_id: u64) -> &'static str {
    if team_id == game.home_team_id {
        "W"
    } else {
        "B"
    }
}

/// One line saying what an event was: "W7 Goal (Power Play) a W5".
pub fn describe(event: &EventView, game: &MatchView) -> String {
    if let Some(shot) = &event.shot {
        let outcome = if shot.is_goal {
            "Goal"
        } else if shot.blocked_by_id.is_some() {
            "Shot blocked"
        } else if shot.saved_by_id.is_some() {
            "Shot saved"
        } else {
            "Shot missed"
        };
        let mut text = format!("{} {outcome}", who(game, Some(shot.taken_by_id)));
        if shot.type_id != ShotType::RegularAttack {
            text.push_str(&format!(" ({})", shot.type_id.label()));
        }
        if shot.is_fast_break {
            text.push_str(" fast break");
        }
        if shot.is_direct_from_foul {
            text.push_str(" from foul");
        }
        for (word, id) in [
            ("a", shot.assisted_by_id),
            ("by", shot.blocked_by_id),
            ("sv", shot.saved_by_id),
        ] {
            if id.is_some() {
                text.push_str(&format!(" {word} {}", who(game, id)));
            }
        }
        return text;
    }
    if let Some(e) = &event.exclusion {
        let excluded = match e.excluded_player_id {
            Some(_) => who(game, e.excluded_player_id),
            None => format!("{} coach", team_letter(game, e.team_id)),
        };
        let mut text = format!("{excluded} {}", e.type_id.label());
        if e.is_double_exclusion {
            text.push_str(" (double)");
        }
        if e.fouled_player_id.is_some() {
            text.push_str(&format!(" on {}", who(game, e.fouled_player_id)));
        }
        return text;
    }
    if let Some(c) = &event.card {
        let carded = match c.carded_player_id {
            Some(_) => who(game, c.carded_player_id),
            None => format!("{} coach", team_letter(game, c.team_id)),
        };
        return format!("{carded} {} card", c.type_id.label());
    }
    if let Some(t) = &event.turnover {
        let mut text = match t.lost_possesion_player_id {
            Some(_) => format!(
                "{} {}",
                who(game, t.lost_possesion_player_id),
                t.type_id.label()
            ),
            None => format!("{} {}", team_letter(game, t.team_id), t.type_id.label()),
        };
        if t.type_id == TurnoverType::LostBall && t.won_possesion_player_id.is_some() {
            text.push_str(&format!(" won by {}", who(game, t.won_possesion_player_id)));
        }
        return text;
    }
    if let Some(s) = &event.swimoff {
        return format!(
            "Swim-off won by {} ({} v {})",
            who(game, Some(s.winner_swimmer_id)),
            who(game, Some(s.home_team_swimmer_id)),
            who(game, Some(s.away_team_swimmer_id))
        );
    }
    if let Some(t) = &event.timeout {
        return format!("{} Timeout", team_letter(game, t.team_id));
    }
    if let Some(c) = &event.challenge {
        return format!("{} Challenge", team_letter(game, c.team_id));
    }
    event.type_id.label().to_owned()
}

pub fn draw(frame: &mut Frame, area: Rect, console: &Console) {
    let rows = console.period_rows();
    let mut lines: Vec<Line> = Vec::new();
    let mut selected_line = None;
    for row in &rows {
        let view = &row.view;
        let mark = match &row.waiting {
            Some(w) if w.refused.is_some() => Span::styled("! ", REFUSAL),
            Some(_) => Span::styled("… ", Style::new().fg(Color::Yellow)),
            None => Span::raw("  "),
        };
        let mut line = Line::from(vec![
            mark,
            Span::styled(
                format!("{:02}:{:02} ", view.minute, view.seconds),
                Style::new().bold(),
            ),
            Span::raw(describe(view, &console.game)),
        ]);
        if console.cursor.as_ref() == Some(&row.key) {
            selected_line = Some(lines.len());
            line = line.reversed();
        }
        lines.push(line);
        if let Some(message) = row.waiting.as_ref().and_then(|w| w.refused.as_ref()) {
            lines.push(Line::styled(
                format!("    {message} (Enter fixes, Delete drops)"),
                REFUSAL,
            ));
        }
    }
    let period = console.clock.clock.period.label();
    if lines.is_empty() {
        lines.push(Line::styled("No events in this period yet.", DIM));
    }
    let height = usize::from(area.height.saturating_sub(1)).max(1);
    // Newest at the bottom; the selected row stays in view.
    let last = selected_line.unwrap_or(lines.len().saturating_sub(1));
    let top = (last + 1).saturating_sub(height);
    let top = u16::try_from(top).unwrap_or(0);
    let block = Block::new()
        .borders(Borders::TOP)
        .title(format!(" Events · {period} ({}) ", rows.len()));
    frame.render_widget(Paragraph::new(lines).scroll((top, 0)).block(block), area);
}
