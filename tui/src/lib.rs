//! The keyboard-driven match-logging console (ratatui) that the `polodesk` binary runs: a
//! pure state (`state`) that keys (`grammar`), ticks and the hub's messages change, drawn by
//! `view`; writes go through a local journal (`journal`) before they are sent.

pub mod credentials;
pub mod editor;
pub mod grammar;
pub mod journal;
pub mod keymap;
pub mod outbox;
pub mod picker;
mod run;
#[doc(hidden)]
pub mod sample;
pub mod sign_in;
pub mod state;
pub mod view;

pub use keymap::Keymap;
pub use run::{ConsoleError, Folders, now};
pub use sign_in::{Identity, sign_in};

/// Runs the console on this terminal with the secretary's keys: the match picker unless
/// `match_id` is given, then the match until the secretary quits.
pub async fn console(
    identity: Identity,
    match_id: Option<u64>,
    folders: Folders,
    keymap: Keymap,
) -> Result<(), ConsoleError> {
    let mut screen = run::Screen::open()?;
    let match_id = match match_id {
        Some(id) => id,
        None => match run::pick(&identity.client, &mut screen).await? {
            Some(id) => id,
            None => return Ok(()),
        },
    };
    run::run(identity, match_id, folders, keymap, &mut screen).await
}
