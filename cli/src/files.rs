//! Files the commands write.

use std::path::{Path, PathBuf};

use crate::failure::CliError;

/// Writes `bytes` to `path` through a temporary file beside it, so a failed write leaves no
/// half a file under the final name.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            CliError::Rejected(format!("cannot write {}: {e}", path.display()))
        })
}
