//! The secretary's own keys: `console.toml` in the user's config folder may give any action of
//! the main screen another key (`[keys]` then `goal = "j"`), and the console turns each typed
//! key into the grammar's built-in one before the grammar reads it, so the grammar (and the web
//! app's, which it mirrors) stays the same. Digits are cap numbers and keep their meaning; the
//! event form, the PIN form and the prompts read typed values and are not remapped.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::grammar::Key;

/// The file in the user's `polodesk` config folder.
pub const FILE_NAME: &str = "console.toml";

/// Every action of the main screen: its name in the file and the grammar's key for it.
pub const ACTIONS: &[(&str, Key)] = &[
    ("white", Key::Char('w')),
    ("blue", Key::Char('b')),
    ("goal", Key::Char('g')),
    ("miss", Key::Char('s')),
    ("exclusion", Key::Char('x')),
    ("penalty", Key::Char('p')),
    ("card", Key::Char('c')),
    ("turnover", Key::Char('o')),
    ("swim_off", Key::Char('f')),
    ("timeout", Key::Char('t')),
    ("challenge", Key::Char('h')),
    ("start_stop", Key::Char(' ')),
    ("clock_minus_1s", Key::Char('[')),
    ("clock_plus_1s", Key::Char(']')),
    ("clock_minus_10s", Key::Char('{')),
    ("clock_plus_10s", Key::Char('}')),
    ("clock_minus_60s", Key::Char('-')),
    ("clock_plus_60s", Key::Char('=')),
    ("next_period", Key::Char('n')),
    ("undo", Key::Char('u')),
    ("select_up", Key::Up),
    ("select_down", Key::Down),
    ("edit_event", Key::Enter),
    ("delete_event", Key::Delete),
    ("cancel", Key::Escape),
    ("take_back", Key::Backspace),
    ("finish_match", Key::Char('F')),
    ("confirm_log", Key::Char('P')),
    ("key_map", Key::Char('?')),
    ("quit", Key::Char('q')),
];

/// The keys with a name in the file; any other key is written as its one character.
const NAMED: &[(&str, Key)] = &[
    ("Space", Key::Char(' ')),
    ("Enter", Key::Enter),
    ("Esc", Key::Escape),
    ("Escape", Key::Escape),
    ("Backspace", Key::Backspace),
    ("Delete", Key::Delete),
    ("Up", Key::Up),
    ("Down", Key::Down),
    ("Left", Key::Left),
    ("Right", Key::Right),
    ("Tab", Key::Tab),
    ("BackTab", Key::BackTab),
];

/// Why the key map in the config file was refused; the console does not start with it.
#[derive(Debug, thiserror::Error)]
pub enum KeymapError {
    #[error("the key map {}: {error}", path.display())]
    Unreadable { path: PathBuf, error: io::Error },
    #[error("the key map {}, line {line}: {message}", path.display())]
    Refused {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

/// The key typed for each action, in the order of `ACTIONS`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    typed: Vec<Key>,
}

impl Default for Keymap {
    /// The built-in keys, the web app's.
    fn default() -> Keymap {
        Keymap {
            typed: ACTIONS.iter().map(|(_, key)| *key).collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    #[serde(default)]
    keys: BTreeMap<Spanned<String>, Spanned<String>>,
}

impl Keymap {
    /// The map of the user's config folder (`$XDG_CONFIG_HOME/polodesk/console.toml` or
    /// `~/.config/polodesk/console.toml`); the built-in keys when there is none.
    pub fn in_config_folder() -> Result<Keymap, KeymapError> {
        match crate::credentials::user_config_folder() {
            Some(folder) => Keymap::load(&folder.join(FILE_NAME)),
            None => Ok(Keymap::default()),
        }
    }

    /// The map in `path`; the built-in keys when the file does not exist.
    pub fn load(path: &Path) -> Result<Keymap, KeymapError> {
        match fs::read_to_string(path) {
            Ok(text) => Keymap::parse(&text).map_err(|(line, message)| KeymapError::Refused {
                path: path.to_owned(),
                line,
                message,
            }),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(Keymap::default()),
            Err(error) => Err(KeymapError::Unreadable {
                path: path.to_owned(),
                error,
            }),
        }
    }

    /// The map a config file's text gives, or the line it is wrong on and why.
    pub fn parse(text: &str) -> Result<Keymap, (usize, String)> {
        let line_at = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let file: ConfigFile = toml::from_str(text).map_err(|error| {
            let line = error.span().map_or(1, |span| line_at(span.start));
            (line, error.message().to_owned())
        })?;
        let mut entries: Vec<_> = file.keys.into_iter().collect();
        entries.sort_by_key(|(name, _)| name.span().start);
        let mut map = Keymap::default();
        // The actions the file gives a key, with their line, in the file's order.
        let mut given: Vec<(usize, usize)> = Vec::new();
        for (name, key) in &entries {
            let line = line_at(name.span().start);
            let (name, key) = (name.get_ref(), key.get_ref());
            let action = ACTIONS
                .iter()
                .position(|(known, _)| known == name)
                .ok_or_else(|| (line, unknown_action(name)))?;
            let typed = key_named(key).ok_or_else(|| (line, unknown_key(key)))?;
            if matches!(typed, Key::Char('0'..='9')) {
                let message =
                    format!("{name} = \"{key}\": digits are cap numbers and cannot be remapped.");
                return Err((line, message));
            }
            map.typed[action] = typed;
            given.push((line, action));
        }
        for &(line, action) in &given {
            let key = map.typed[action];
            let name = ACTIONS[action].0;
            let shared_with = |other: usize| other != action && map.typed[other] == key;
            let written = format!("{name} = \"{}\"", name_of(key));
            if let Some(other) = (0..ACTIONS.len())
                .find(|other| shared_with(*other) && given.iter().all(|(_, a)| a != other))
            {
                let other = ACTIONS[other].0;
                let message = format!(
                    "{written}: {} is already the key of {other}; give {other} another key too.",
                    name_of(key)
                );
                return Err((line, message));
            }
            if let Some((other_line, other)) = given
                .iter()
                .find(|(other_line, other)| *other_line < line && shared_with(*other))
            {
                let message = format!(
                    "{written}: {} is already the key of {} (line {other_line}).",
                    name_of(key),
                    ACTIONS[*other].0
                );
                return Err((line, message));
            }
        }
        Ok(map)
    }

    /// The grammar's key for a typed one: digits and keys no action has stay as they are (the
    /// grammar says what is wrong with them); a built-in key whose action was given another key
    /// is refused with the message to show.
    pub fn translate(&self, typed: Key) -> Result<Key, String> {
        if matches!(typed, Key::Char('0'..='9')) {
            return Ok(typed);
        }
        if let Some(action) = self.typed.iter().position(|key| *key == typed) {
            return Ok(ACTIONS[action].1);
        }
        match ACTIONS.iter().any(|(_, builtin)| *builtin == typed) {
            true => Err(format!(
                "{} is not a console key: {} shows them.",
                label(typed),
                self.shown(Key::Char('?'))
            )),
            false => Ok(typed),
        }
    }

    /// The key the secretary types for the grammar's `builtin` key.
    pub fn key_for(&self, builtin: Key) -> Key {
        ACTIONS
            .iter()
            .position(|(_, key)| *key == builtin)
            .map_or(builtin, |action| self.typed[action])
    }

    /// The key for the grammar's `builtin` one as the screen shows it.
    pub fn shown(&self, builtin: Key) -> String {
        label(self.key_for(builtin))
    }
}

/// A key as the screen shows it.
pub fn label(key: Key) -> String {
    match key {
        Key::Char(' ') => "Space".into(),
        Key::Char(c) => c.to_string(),
        Key::Enter => "Enter".into(),
        Key::Escape => "Esc".into(),
        Key::Backspace => "Backspace".into(),
        Key::Delete => "Delete".into(),
        Key::Up => "↑".into(),
        Key::Down => "↓".into(),
        Key::Left => "←".into(),
        Key::Right => "→".into(),
        Key::Tab => "Tab".into(),
        Key::BackTab => "S-Tab".into(),
    }
}

/// A key as the file names it.
fn name_of(key: Key) -> String {
    match NAMED.iter().find(|(_, named)| *named == key) {
        Some((name, _)) => (*name).to_owned(),
        None => label(key),
    }
}

fn key_named(name: &str) -> Option<Key> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && !c.is_control()
    {
        return Some(Key::Char(c));
    }
    NAMED
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .map(|(_, key)| *key)
}

fn unknown_action(name: &str) -> String {
    let names: Vec<&str> = ACTIONS.iter().map(|(name, _)| *name).collect();
    format!(
        "{name} is not an action of the console; the actions are {}.",
        names.join(", ")
    )
}

fn unknown_key(name: &str) -> String {
    let names: Vec<&str> = NAMED.iter().map(|(name, _)| *name).collect();
    format!(
        "\"{name}\" is not a key: write one character, or one of {}.",
        names.join(", ")
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn refusal(text: &str) -> (usize, String) {
        Keymap::parse(text).unwrap_err()
    }

    #[test]
    fn the_built_in_map_changes_no_key() {
        let map = Keymap::default();
        for key in [
            Key::Char('w'),
            Key::Char('7'),
            Key::Char(' '),
            Key::Char('z'),
            Key::Enter,
            Key::Left,
            Key::Tab,
        ] {
            assert_eq!(map.translate(key), Ok(key));
        }
        assert_eq!(Keymap::parse("").unwrap(), map);
        assert_eq!(Keymap::parse("[keys]\n").unwrap(), map);
    }

    #[test]
    fn a_remapped_key_reads_as_the_built_in_one() {
        let map = Keymap::parse(
            "# my keys\n[keys]\ngoal = \"j\"\nstart_stop = \"Enter\"\nedit_event = \"e\"\nquit = \"Q\"\n",
        )
        .unwrap();
        assert_eq!(map.translate(Key::Char('j')), Ok(Key::Char('g')));
        assert_eq!(map.translate(Key::Enter), Ok(Key::Char(' ')));
        assert_eq!(map.translate(Key::Char('e')), Ok(Key::Enter));
        assert_eq!(map.translate(Key::Char('Q')), Ok(Key::Char('q')));
        // The keys the actions had before now do nothing; digits and other keys stay.
        for shadowed in [Key::Char('g'), Key::Char(' '), Key::Char('q')] {
            assert!(map.translate(shadowed).is_err(), "{shadowed:?}");
        }
        assert_eq!(map.translate(Key::Char('1')), Ok(Key::Char('1')));
        assert_eq!(map.translate(Key::Char('w')), Ok(Key::Char('w')));
        assert_eq!(map.translate(Key::Char('z')), Ok(Key::Char('z')));
        assert_eq!(map.key_for(Key::Char('g')), Key::Char('j'));
        assert_eq!(map.key_for(Key::Char('7')), Key::Char('7'));
        assert_eq!(
            map.translate(Key::Char(' ')),
            Err("Space is not a console key: ? shows them.".to_owned())
        );
    }

    #[test]
    fn key_names_are_one_character_or_a_named_key() {
        let map = Keymap::parse(
            "[keys]\nselect_up = \"k\"\nselect_down = \"DOWN\"\nkey_map = \"Tab\"\ncancel = \"Escape\"\nstart_stop = \" \"\n",
        )
        .unwrap();
        assert_eq!(map.translate(Key::Char('k')), Ok(Key::Up));
        assert_eq!(map.translate(Key::Tab), Ok(Key::Char('?')));
        assert_eq!(map.translate(Key::Escape), Ok(Key::Escape));
        assert_eq!(map.translate(Key::Char(' ')), Ok(Key::Char(' ')));
    }

    #[test]
    fn a_wrong_map_is_refused_naming_the_line() {
        assert_eq!(
            refusal("[keys]\ngoal = \"j\"\nmiss = \"j\"\n"),
            (
                3,
                "miss = \"j\": j is already the key of goal (line 2).".to_owned()
            )
        );
        assert_eq!(
            refusal("[keys]\n\nmiss = \"g\"\n"),
            (
                3,
                "miss = \"g\": g is already the key of goal; give goal another key too.".to_owned()
            )
        );
        assert_eq!(
            refusal("[keys]\nstart_stop = \"Enter\"\n"),
            (
                2,
                "start_stop = \"Enter\": Enter is already the key of edit_event; give edit_event another key too."
                    .to_owned()
            )
        );
        assert_eq!(
            refusal("[keys]\ngoal = \"7\"\n"),
            (
                2,
                "goal = \"7\": digits are cap numbers and cannot be remapped.".to_owned()
            )
        );
        let (line, message) = refusal("[keys]\ngoal = \"j\"\nscore = \"k\"\n");
        assert_eq!(line, 3);
        assert!(
            message.starts_with(
                "score is not an action of the console; the actions are white, blue, goal,"
            ),
            "{message}"
        );
        let (line, message) = refusal("[keys]\n\ngoal = \"Ctrl+g\"\n");
        assert_eq!(line, 3);
        assert!(
            message.starts_with("\"Ctrl+g\" is not a key: write one character, or one of Space,"),
            "{message}"
        );
        // The file's own mistakes come with their line too.
        assert_eq!(refusal("[keys]\ngoal = \n").0, 2);
        assert_eq!(refusal("[keys]\ngoal = \"j\"\ngoal = \"k\"\n").0, 3);
        assert_eq!(refusal("[kyes]\ngoal = \"j\"\n").0, 1);
    }

    #[test]
    fn a_missing_file_is_the_built_in_map_and_a_wrong_one_names_the_file() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join(FILE_NAME);
        assert_eq!(Keymap::load(&path).unwrap(), Keymap::default());
        fs::write(&path, "[keys]\nmiss = \"g\"\n").unwrap();
        let error = Keymap::load(&path).unwrap_err().to_string();
        assert_eq!(
            error,
            format!(
                "the key map {}, line 2: miss = \"g\": g is already the key of goal; give goal another key too.",
                path.display()
            )
        );
    }

    #[test]
    fn the_main_screen_reads_the_map_and_the_event_form_its_own_keys() {
        use crate::state::{Action, Console};
        let mut console = Console::new(crate::sample::game(), Vec::new(), Vec::new());
        console.keymap =
            Keymap::parse("[keys]\nwhite = \"W\"\ngoal = \"j\"\ncancel = \"z\"\n").unwrap();
        let press = |console: &mut Console, key: Key| {
            console.step(Action::Key {
                key,
                at: "2026-11-24T18:30:00.000Z".to_owned(),
            });
        };
        for c in "W7j".chars() {
            press(&mut console, Key::Char(c));
        }
        let open = console.editor.as_ref().map(|open| open.editor.event_name());
        assert_eq!(open, Some("Goal"));
        // The form reads its own keys: Esc cancels there, whatever the map says.
        press(&mut console, Key::Escape);
        assert!(console.editor.is_none());
        // On the main screen Esc is free, and z cancels.
        press(&mut console, Key::Escape);
        let notice = console.notice.as_ref().map(|n| n.text.as_str());
        assert_eq!(notice, Some("Esc is not a console key: ? shows them."));
        press(&mut console, Key::Char('z'));
        assert_eq!(console.notice, None);
    }
}
