//! The questions the console asks before it acts: the keepers before a period's swim-off, a
//! deletion, quitting with writes unsent, finishing the match, and an official's PIN.

use polodesk_domain::views::matches::MatchView;

use super::Logged;
use crate::grammar::Key;

pub const PIN_LENGTH: usize = 4;
pub const OFFICIAL_REQUIRED: &str = "Official field is required!";

#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// "Please confirm selected active goalkeepers": `w`/`b` and a cap change them, Enter
    /// confirms and opens the swim-off.
    Keepers,
    Delete(Box<Logged>),
    /// Quitting while writes wait to be sent.
    Quit {
        waiting: usize,
    },
    Finish,
    Confirm(PinForm),
}

/// An official of the match, as the PIN form lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfficialChoice {
    pub match_official_id: u64,
    pub label: String,
    pub confirmed: bool,
}

/// Confirmation of the log by an official: who (Up/Down), then the PIN, shown masked, where
/// the competition asks for one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinForm {
    pub officials: Vec<OfficialChoice>,
    pub selected: usize,
    pub pin_required: bool,
    pub pin: String,
    pub error: Option<String>,
    /// Sent, waiting for the server's answer: keys wait too.
    pub sending: bool,
}

/// What the form says when the competition confirms logs without a PIN.
pub const NO_PIN_ASKED: &str =
    "This competition does not ask for a PIN: the log is confirmed in the chosen official's name.";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PinOutcome {
    Editing,
    Cancel,
    Send { match_official_id: u64, pin: String },
}

impl PinForm {
    pub fn new(game: &MatchView) -> PinForm {
        let officials = game
            .officials
            .iter()
            .map(|o| OfficialChoice {
                match_official_id: o.id,
                label: match &o.official {
                    Some(name) => format!("{} {} ({})", name.name, name.surname, o.role_id.label()),
                    None => o.role_id.label().to_owned(),
                },
                confirmed: o.confirmed,
            })
            .collect::<Vec<_>>();
        // Who confirmed already cannot confirm again: the form starts on, and moves only
        // between, those who have not.
        let selected = officials.iter().position(|o| !o.confirmed).unwrap_or(0);
        PinForm {
            officials,
            selected,
            pin_required: game.log_pin_required,
            pin: String::new(),
            error: None,
            sending: false,
        }
    }

    /// The PIN as the form shows it.
    pub fn masked(&self) -> String {
        "•".repeat(self.pin.chars().count())
    }

    /// The spec's PIN rules, checked before the PIN leaves the console (the server checks
    /// them again).
    fn check(&self) -> Result<u64, &'static str> {
        let official = self
            .officials
            .get(self.selected)
            .filter(|o| !o.confirmed)
            .ok_or(OFFICIAL_REQUIRED)?;
        if !self.pin_required {
            return Ok(official.match_official_id);
        }
        if self.pin.is_empty() {
            return Err("PIN is required!");
        }
        if !self.pin.chars().all(|c| c.is_ascii_digit()) {
            return Err("Only numbers are allowed!");
        }
        match self.pin.len() {
            n if n < PIN_LENGTH => Err("Too short PIN!"),
            n if n > PIN_LENGTH => Err("Too long PIN!"),
            _ => Ok(official.match_official_id),
        }
    }

    pub fn key(&mut self, key: Key) -> PinOutcome {
        if self.sending {
            return PinOutcome::Editing;
        }
        match key {
            Key::Escape => return PinOutcome::Cancel,
            Key::Up => {
                if let Some(i) = (0..self.selected)
                    .rev()
                    .find(|&i| !self.officials[i].confirmed)
                {
                    self.selected = i;
                }
            }
            Key::Down => {
                if let Some(i) = (self.selected + 1..self.officials.len())
                    .find(|&i| !self.officials[i].confirmed)
                {
                    self.selected = i;
                }
            }
            Key::Backspace | Key::Delete => {
                self.pin.pop();
            }
            Key::Char(c) if self.pin_required && !c.is_control() && self.pin.len() < 8 => {
                self.pin.push(c);
            }
            Key::Enter => match self.check() {
                Ok(match_official_id) => {
                    return PinOutcome::Send {
                        match_official_id,
                        pin: std::mem::take(&mut self.pin),
                    };
                }
                Err(message) => {
                    self.error = Some(message.to_owned());
                    return PinOutcome::Editing;
                }
            },
            _ => {}
        }
        self.error = None;
        PinOutcome::Editing
    }
}
