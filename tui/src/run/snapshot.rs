//! The match as last read from the server, kept beside its journal so the console opens it
//! when the server cannot be reached (a laptop at the pool before the venue's network is up).

use std::path::{Path, PathBuf};

use polodesk_client::{Client, ClientError};
use polodesk_domain::events::EventView;
use polodesk_domain::views::matches::MatchView;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Loaded {
    pub game: MatchView,
    pub events: Vec<EventView>,
}

pub async fn load(client: &Client, match_id: u64) -> Result<Loaded, ClientError> {
    let (game, events) =
        tokio::try_join!(client.get_match(match_id), client.match_events(match_id))?;
    Ok(Loaded { game, events })
}

fn path(folder: &Path, match_id: u64) -> PathBuf {
    folder.join(format!("match-{match_id}.copy.json"))
}

/// Keeps `loaded` as the match's copy: written aside, then renamed over the old one, so a
/// crash leaves one whole copy or the other. A copy that cannot be written is only a loss of
/// comfort (the journal holds the writes), so it is not an error.
pub fn keep(folder: &Path, match_id: u64, loaded: &Loaded) {
    let Ok(bytes) = serde_json::to_vec(loaded) else {
        return;
    };
    let target = path(folder, match_id);
    let aside = target.with_extension("tmp");
    if std::fs::create_dir_all(folder).is_ok() && std::fs::write(&aside, bytes).is_ok() {
        let _ = std::fs::rename(&aside, &target);
    }
}

/// The match's last copy, if this computer has one.
pub fn copy(folder: &Path, match_id: u64) -> Option<Loaded> {
    let bytes = std::fs::read(path(folder, match_id)).ok()?;
    serde_json::from_slice(&bytes).ok()
}
