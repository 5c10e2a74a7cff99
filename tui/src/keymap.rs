//! The secretary's own keys: `console.toml` in the user's config folder may move any of the
//! grammar's single keys to another character, for example
//!
//! ```toml
//! [keys]
//! goal = "j"
//! start_stop = "s"
//! miss = "k"
//! ```
//!
//! A key typed on the main screen is turned into the grammar's own before the grammar reads it,
//! so the grammar, its messages and the web app stay one; the event form and the questions take
//! typed values and are not remapped. Digits, Enter, Escape, the arrows and Delete stay as they
//! are.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::grammar::Key;

/// Each action the map can move, with the grammar's key for it.
pub const ACTIONS: &[(&str, char)] = &[
    ("white", 'w'),
    ("blue", 'b'),
    ("goal", 'g'),
    ("miss", 's'),
    ("exclusion", 'x'),
    ("penalty", 'p'),
    ("card", 'c'),
    ("turnover", 'o'),
    ("swim_off", 'f'),
    ("timeout", 't'),
    ("challenge", 'h'),
    ("start_stop", ' '),
    ("minus_1", '['),
    ("plus_1", ']'),
    ("minus_10", '{'),
    ("plus_10", '}'),
    ("minus_60", '-'),
    ("plus_60", '='),
    ("next_period", 'n'),
    ("undo", 'u'),
    ("help", '?'),
    ("quit", 'q'),
    ("finish", 'F'),
    ("confirm_log", 'P'),
];

/// The file's name in the config folder.
pub const FILE_NAME: &str = "console.toml";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    /// The grammar's key → the key the secretary types for it.
    typed: BTreeMap<char, char>,
}

impl Default for Keymap {
    fn default() -> Self {
        Keymap {
            typed: ACTIONS.iter().map(|(_, key)| (*key, *key)).collect(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    keys: BTreeMap<String, String>,
}

impl Keymap {
    /// The map in `folder`'s `console.toml`; the built-in one when there is no such file.
    pub fn load(folder: &Path) -> Result<Keymap, String> {
        let path = folder.join(FILE_NAME);
        match std::fs::read_to_string(&path) {
            Ok(text) => Keymap::parse(&text).map_err(|e| format!("{}: {e}", path.display())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Keymap::default()),
            Err(error) => Err(format!("{}: {error}", path.display())),
        }
    }

    /// The map a `console.toml` gives, refused with a message naming what is wrong.
    pub fn parse(text: &str) -> Result<Keymap, String> {
        let file: File = toml::from_str(text).map_err(|e| e.message().to_owned())?;
        let mut map = Keymap::default();
        for (action, typed) in &file.keys {
            let Some((_, grammar)) = ACTIONS.iter().find(|(name, _)| name == action) else {
                let names: Vec<&str> = ACTIONS.iter().map(|(name, _)| *name).collect();
                return Err(format!(
                    "keys.{action} is not an action of the console; they are {}.",
                    names.join(", ")
                ));
            };
            let key = key_named(typed).ok_or_else(|| {
                format!(
                    "keys.{action} = \"{typed}\": a key is one character other than a digit, or \"Space\"."
                )
            })?;
            map.typed.insert(*grammar, key);
        }
        let mut seen: BTreeMap<char, &str> = BTreeMap::new();
        for (name, grammar) in ACTIONS {
            let key = map.typed[grammar];
            if let Some(other) = seen.insert(key, name) {
                return Err(format!(
                    "keys.{other} and keys.{name} are both \"{}\": each action needs its own key.",
                    shown(key)
                ));
            }
        }
        Ok(map)
    }

    /// The grammar's key for what the secretary typed; a character the map gives no action is
    /// refused with the message to show.
    pub fn translate(&self, key: Key) -> Result<Key, String> {
        let Key::Char(typed) = key else {
            return Ok(key);
        };
        if typed.is_ascii_digit() {
            return Ok(key);
        }
        self.typed
            .iter()
            .find(|(_, mine)| **mine == typed)
            .map(|(grammar, _)| Key::Char(*grammar))
            .ok_or_else(|| format!("{} is not a console key: ? shows them.", shown(typed)))
    }

    /// The key the secretary types for the grammar's `grammar` key, as the key map shows it.
    pub fn shown(&self, grammar: char) -> String {
        shown(self.typed.get(&grammar).copied().unwrap_or(grammar))
    }
}

fn key_named(name: &str) -> Option<char> {
    if name == "Space" {
        return Some(' ');
    }
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_ascii_digit() && !c.is_control() && c != ' ' => Some(c),
        _ => None,
    }
}

fn shown(key: char) -> String {
    if key == ' ' {
        "Space".to_owned()
    } else {
        key.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_file_every_key_is_its_own() {
        let map = Keymap::default();
        for (_, key) in ACTIONS {
            assert_eq!(map.translate(Key::Char(*key)), Ok(Key::Char(*key)));
        }
        assert_eq!(map.translate(Key::Char('7')), Ok(Key::Char('7')));
        assert_eq!(map.translate(Key::Enter), Ok(Key::Enter));
        assert_eq!(
            map.translate(Key::Char('j')),
            Err("j is not a console key: ? shows them.".to_owned())
        );
        let missing = tempfile::tempdir().expect("a folder");
        assert_eq!(Keymap::load(missing.path()), Ok(Keymap::default()));
    }

    #[test]
    fn a_moved_key_types_the_grammars_and_its_old_key_is_free() {
        let map = Keymap::parse("[keys]\ngoal = \"j\"\nstart_stop = \"s\"\nmiss = \"Space\"\n")
            .expect("a valid map");
        assert_eq!(map.translate(Key::Char('j')), Ok(Key::Char('g')));
        assert_eq!(map.translate(Key::Char('s')), Ok(Key::Char(' ')));
        assert_eq!(map.translate(Key::Char(' ')), Ok(Key::Char('s')));
        assert!(map.translate(Key::Char('g')).is_err());
        assert_eq!(map.shown('g'), "j");
        assert_eq!(map.shown('s'), "Space");
    }

    #[test]
    fn a_map_that_cannot_work_is_refused_with_what_is_wrong() {
        assert_eq!(
            Keymap::parse("[keys]\ngoal = \"x\"\n"),
            Err(
                "keys.goal and keys.exclusion are both \"x\": each action needs its own key."
                    .to_owned()
            )
        );
        assert_eq!(
            Keymap::parse("[keys]\ngoal = \"7\"\n"),
            Err(
                "keys.goal = \"7\": a key is one character other than a digit, or \"Space\"."
                    .to_owned()
            )
        );
        assert!(
            Keymap::parse("[keys]\nscore = \"j\"\n")
                .expect_err("an unknown action")
                .starts_with("keys.score is not an action of the console; they are white, blue,")
        );
        assert!(Keymap::parse("[keys\n").is_err());
        assert!(Keymap::parse("[colours]\n").is_err());
    }

    #[test]
    fn the_file_is_read_from_the_config_folder() {
        let folder = tempfile::tempdir().expect("a folder");
        std::fs::write(folder.path().join(FILE_NAME), "[keys]\nundo = \"z\"\n").expect("written");
        let map = Keymap::load(folder.path()).expect("a valid map");
        assert_eq!(map.translate(Key::Char('z')), Ok(Key::Char('u')));
        std::fs::write(folder.path().join(FILE_NAME), "[keys]\nundo = \"zz\"\n").expect("written");
        let refused = Keymap::load(folder.path()).expect_err("refused");
        assert!(refused.ends_with("console.toml: keys.undo = \"zz\": a key is one character other than a digit, or \"Space\"."), "{refused}");
    }
}
