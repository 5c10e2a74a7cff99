//! The keyboard-driven match-logging console (ratatui) that the `polodesk` binary runs.
//! Nothing here yet: it arrives with live match logging.
