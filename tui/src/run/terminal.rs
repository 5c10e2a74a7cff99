//! The terminal: raw mode and the alternate screen while the console runs (given back on
//! exit and on a panic), and crossterm's key events as the grammar's keys.

use crossterm::event::{Event, EventStream, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use futures_util::StreamExt;
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::{Actions, now};
use crate::grammar::Key;
use crate::state::{Action, Console};

/// The console's screen; dropping it gives the terminal back as it was.
#[derive(Debug)]
pub struct Screen {
    terminal: Terminal<CrosstermBackend<std::io::Stdout>>,
}

impl Screen {
    pub fn open() -> std::io::Result<Screen> {
        enable_raw_mode()?;
        execute!(std::io::stdout(), EnterAlternateScreen)?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        Ok(Screen {
            terminal: Terminal::new(CrosstermBackend::new(std::io::stdout()))?,
        })
    }

    pub fn draw(&mut self, console: &Console) -> std::io::Result<()> {
        self.terminal
            .draw(|frame| crate::view::draw(frame, console))
            .map(|_| ())
    }

    /// Draws any screen of the console (the match picker).
    pub fn draw_with(&mut self, draw: impl FnOnce(&mut ratatui::Frame)) -> std::io::Result<()> {
        self.terminal.draw(draw).map(|_| ())
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(std::io::stdout(), LeaveAlternateScreen);
}

/// A key press as the grammar reads it; keys the console has no use for are `None`.
pub fn key_of(event: KeyEvent) -> Option<Key> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    if event.modifiers.contains(KeyModifiers::CONTROL) {
        // Ctrl+C quits like q (asking first while writes wait).
        return (event.code == KeyCode::Char('c')).then_some(Key::Char('q'));
    }
    Some(match event.code {
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Escape,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Delete => Key::Delete,
        _ => return None,
    })
}

/// Sends every key typed to the console, and a redraw when the terminal changes size.
pub async fn keys(actions: Actions) {
    let mut events = EventStream::new();
    while let Some(Ok(event)) = events.next().await {
        let action = match event {
            Event::Key(key) => match key_of(key) {
                Some(key) => Action::Key { key, at: now() },
                None => continue,
            },
            Event::Resize(_, _) => Action::Redraw,
            _ => continue,
        };
        if actions.send(action).is_err() {
            return;
        }
    }
}
