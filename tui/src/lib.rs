//! The keyboard-driven match-logging console (ratatui) that the `polodesk` binary runs. So far
//! its key grammar; the screen arrives with the console.

pub mod credentials;
pub mod grammar;
pub mod journal;
pub mod outbox;
