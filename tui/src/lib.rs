//! The keyboard-driven match-logging console (ratatui) that the `polodesk` binary runs: a
//! pure state (`state`) that keys (`grammar`), ticks and the hub's messages change, drawn by
//! `view`; writes go through a local journal (`journal`) before they are sent.

pub mod editor;
pub mod grammar;
pub mod journal;
pub mod state;
pub mod view;

#[cfg(test)]
mod test_match;
