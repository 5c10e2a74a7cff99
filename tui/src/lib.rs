//! The keyboard-driven match-logging console (ratatui) that the `polodesk` binary runs. So far
//! its key grammar; the screen arrives with the console.

pub mod editor;
pub mod grammar;
