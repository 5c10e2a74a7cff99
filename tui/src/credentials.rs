//! The console's refresh token for each server, kept in the user's config folder
//! (`$XDG_CONFIG_HOME/polodesk/` or `~/.config/polodesk/`) so the secretary signs in once.
//! The folder is made readable by the user only (0700), and so is each file (0600), from the
//! moment it exists.

use std::ffi::OsString;
use std::fs::{self, DirBuilder, File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

/// The refresh tokens in one folder, a file per server origin.
#[derive(Debug, Clone)]
pub struct Credentials {
    dir: PathBuf,
}

impl Credentials {
    /// The user's `polodesk` config folder, as the environment names it; none without a home.
    pub fn in_config_folder() -> Option<Credentials> {
        let dir = config_folder(
            std::env::var_os("XDG_CONFIG_HOME"),
            std::env::var_os("HOME"),
        )?;
        Some(Credentials::at(dir))
    }

    /// The tokens kept in `dir`.
    pub fn at(dir: PathBuf) -> Credentials {
        Credentials { dir }
    }

    /// The refresh token kept for `server`, if one is.
    pub fn load(&self, server: &str) -> Option<String> {
        let token = fs::read_to_string(self.file(server)).ok()?;
        let token = token.trim();
        (!token.is_empty()).then(|| token.to_owned())
    }

    /// Keeps `token` for `server`, replacing the one kept before as a whole: a crash leaves
    /// either.
    pub fn store(&self, server: &str, token: &str) -> io::Result<()> {
        private_dir(&self.dir)?;
        let file = self.file(server);
        let mut temporary = file.clone().into_os_string();
        temporary.push(".new");
        let temporary = PathBuf::from(temporary);
        let _ = fs::remove_file(&temporary);
        let mut written = private_file(&temporary)?;
        written.write_all(token.as_bytes())?;
        written.sync_all()?;
        fs::rename(&temporary, &file)?;
        File::open(&self.dir)?.sync_all()
    }

    /// Forgets the token of `server` (signed out, or refused by the server).
    pub fn forget(&self, server: &str) -> io::Result<()> {
        match fs::remove_file(self.file(server)) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }

    /// `http://127.0.0.1:8080` keeps its token in `http_3a_2f_2f127.0.0.1_3a8080.token`: every
    /// byte but letters, digits, `.` and `-` escaped, so two origins never share a file.
    fn file(&self, server: &str) -> PathBuf {
        let origin = server.trim_end_matches('/').to_ascii_lowercase();
        let mut name = String::new();
        for byte in origin.bytes() {
            match byte {
                b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' => name.push(char::from(byte)),
                _ => name.push_str(&format!("_{byte:02x}")),
            }
        }
        self.dir.join(format!("{name}.token"))
    }
}

/// `$XDG_CONFIG_HOME/polodesk` when it is an absolute path (the XDG rule), else
/// `$HOME/.config/polodesk`.
pub fn config_folder(xdg_config_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let base = match xdg_config_home.map(PathBuf::from) {
        Some(xdg) if xdg.is_absolute() => xdg,
        _ => PathBuf::from(home.filter(|h| !h.is_empty())?).join(".config"),
    };
    Some(base.join("polodesk"))
}

#[cfg(unix)]
fn private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    DirBuilder::new().recursive(true).mode(0o700).create(dir)
}

#[cfg(not(unix))]
fn private_dir(dir: &Path) -> io::Result<()> {
    DirBuilder::new().recursive(true).create(dir)
}

#[cfg(unix)]
fn private_file(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

#[cfg(not(unix))]
fn private_file(path: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).create_new(true).open(path)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn tokens_round_trip_per_server() {
        let home = tempfile::tempdir().unwrap();
        let credentials = Credentials::at(home.path().join("config/polodesk"));
        let local = "http://127.0.0.1:8080";
        let public = "https://polodesk.example/";
        assert_eq!(credentials.load(local), None);
        credentials.store(local, "first").unwrap();
        credentials.store(public, "other").unwrap();
        assert_eq!(credentials.load(local).as_deref(), Some("first"));
        // A rotated token replaces the one kept; a trailing slash names the same origin.
        credentials.store(local, "second").unwrap();
        assert_eq!(credentials.load(local).as_deref(), Some("second"));
        assert_eq!(
            credentials.load("https://polodesk.example").as_deref(),
            Some("other")
        );
        credentials.forget(local).unwrap();
        credentials.forget(local).unwrap();
        assert_eq!(credentials.load(local), None);
        assert_eq!(credentials.load(public).as_deref(), Some("other"));
    }

    #[test]
    fn origins_that_differ_only_in_punctuation_keep_their_own_files() {
        let home = tempfile::tempdir().unwrap();
        let credentials = Credentials::at(home.path().to_owned());
        credentials.store("http://a-b:1", "dash").unwrap();
        credentials.store("http://a_b:1", "underscore").unwrap();
        assert_eq!(credentials.load("http://a-b:1").as_deref(), Some("dash"));
        assert_eq!(
            credentials.load("http://a_b:1").as_deref(),
            Some("underscore")
        );
    }

    #[cfg(unix)]
    #[test]
    fn only_the_user_may_read_them() {
        use std::os::unix::fs::PermissionsExt;
        let home = tempfile::tempdir().unwrap();
        let dir = home.path().join(".config/polodesk");
        let credentials = Credentials::at(dir.clone());
        credentials
            .store("http://127.0.0.1:8080", "secret")
            .unwrap();
        let mode = |path: &Path| fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&home.path().join(".config")), 0o700);
        let files: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1, "no temporary file is left: {files:?}");
        assert_eq!(mode(&files[0]), 0o600);
    }

    #[test]
    fn the_folder_follows_xdg_then_home() {
        let folder = |xdg: Option<&str>, home: Option<&str>| {
            config_folder(xdg.map(OsString::from), home.map(OsString::from))
        };
        assert_eq!(
            folder(Some("/xdg"), Some("/home/ana")),
            Some(PathBuf::from("/xdg/polodesk"))
        );
        // A relative XDG_CONFIG_HOME is ignored, as the XDG rule says.
        assert_eq!(
            folder(Some("rel"), Some("/home/ana")),
            Some(PathBuf::from("/home/ana/.config/polodesk"))
        );
        assert_eq!(
            folder(None, Some("/home/ana")),
            Some(PathBuf::from("/home/ana/.config/polodesk"))
        );
        assert_eq!(folder(None, None), None);
    }
}
