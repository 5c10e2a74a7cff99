//! The console's keyboard grammar, the web app's live scoring one
//! (`webapp/src/features/live-scoring/key-grammar.ts`, docs/keyboard.md) with the same keys, so
//! a secretary moving between the two types the same thing: the keys typed so far and the next
//! key go in, the keys still waiting and the intents they make come out. `w`/`b` and a cap pick
//! a player; an event key then opens that event for the picked player; `t`/`h` and a side log a
//! timeout or challenge; the rest are single keys. Pure: no terminal, no I/O.

use polodesk_domain::codes::EventType;
use polodesk_domain::matches::Side;

/// A key press as the grammar reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Escape,
    Backspace,
    Up,
    Down,
    Left,
    Right,
    Tab,
    BackTab,
    Delete,
}

/// The events a picked player's key opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKey {
    Goal,
    Miss,
    Exclusion,
    /// A 5m penalty exclusion of the player who fouled.
    Penalty,
    Card,
    Turnover,
    SwimOff,
}

impl EventKey {
    /// The event type the key opens.
    pub fn event_type(self) -> EventType {
        match self {
            EventKey::Goal | EventKey::Miss => EventType::Shot,
            EventKey::Exclusion | EventKey::Penalty => EventType::Exclusion,
            EventKey::Card => EventType::Card,
            EventKey::Turnover => EventType::Turnover,
            EventKey::SwimOff => EventType::SwimOff,
        }
    }

    fn of(key: char) -> Option<EventKey> {
        Some(match key {
            'g' => EventKey::Goal,
            's' => EventKey::Miss,
            'x' => EventKey::Exclusion,
            'p' => EventKey::Penalty,
            'c' => EventKey::Card,
            'o' => EventKey::Turnover,
            'f' => EventKey::SwimOff,
            _ => return None,
        })
    }
}

/// What the keys ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// The team of the event that follows, its player still to type.
    Team(Side),
    Player {
        side: Side,
        cap: u8,
    },
    Event(EventKey),
    Timeout(Side),
    Challenge(Side),
    StartStop,
    /// Seconds added to the clock: ±1, ±10, ±60.
    Adjust(i16),
    NextPeriod,
    Undo,
    Help,
    Save,
    Cancel,
    /// Moves the selection in the event list by one, down (1) or up (-1).
    Cursor(i8),
    Delete,
    /// Finish Match (asks first).
    Finish,
    /// An official confirms the log with a PIN.
    ConfirmLog,
    Quit,
}

/// The caps of both lineups, which decide when a cap is complete.
#[derive(Debug, Clone, Copy)]
pub struct Caps<'a> {
    pub home: &'a [u8],
    pub away: &'a [u8],
}

impl Caps<'_> {
    fn of(&self, side: Side) -> &[u8] {
        match side {
            Side::Home => self.home,
            Side::Away => self.away,
        }
    }
}

/// What a key did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    /// The keys still waiting for more (the command line's hint).
    pub pending: String,
    pub intents: Vec<Intent>,
    /// Why the keys were dropped, when they made no sense.
    pub refusal: Option<String>,
}

fn side_of(key: char) -> Option<Side> {
    match key {
        'w' => Some(Side::Home),
        'b' => Some(Side::Away),
        _ => None,
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "white",
        Side::Away => "blue",
    }
}

fn single(key: Key) -> Option<Intent> {
    Some(match key {
        Key::Char(' ') => Intent::StartStop,
        Key::Char('[') => Intent::Adjust(-1),
        Key::Char(']') => Intent::Adjust(1),
        Key::Char('{') => Intent::Adjust(-10),
        Key::Char('}') => Intent::Adjust(10),
        Key::Char('-') => Intent::Adjust(-60),
        Key::Char('=') => Intent::Adjust(60),
        Key::Char('n') => Intent::NextPeriod,
        Key::Char('u') => Intent::Undo,
        Key::Char('?') => Intent::Help,
        Key::Char('q') => Intent::Quit,
        Key::Char('F') => Intent::Finish,
        Key::Char('P') => Intent::ConfirmLog,
        Key::Enter => Intent::Save,
        Key::Escape => Intent::Cancel,
        Key::Down => Intent::Cursor(1),
        Key::Up => Intent::Cursor(-1),
        Key::Delete => Intent::Delete,
        _ => return None,
    })
}

fn done(intents: Vec<Intent>) -> Outcome {
    Outcome {
        intents,
        ..Outcome::default()
    }
}

fn refused(message: String) -> Outcome {
    Outcome {
        refusal: Some(message),
        ..Outcome::default()
    }
}

#[derive(PartialEq)]
enum CapStatus {
    /// No longer cap starts with the digits: the cap commits at once (2–9 in 1–16).
    Complete,
    /// The digits are a cap and a longer one starts with them (1 waits for a second digit).
    Open,
    /// Only longer caps start with the digits.
    Prefix,
    None,
}

fn cap_status(digits: &str, caps: &[u8]) -> CapStatus {
    let exact = caps.iter().any(|cap| cap.to_string() == digits);
    let longer = caps.iter().any(|cap| {
        let cap = cap.to_string();
        cap.len() > digits.len() && cap.starts_with(digits)
    });
    match (exact, longer) {
        (true, true) => CapStatus::Open,
        (true, false) => CapStatus::Complete,
        (false, true) => CapStatus::Prefix,
        (false, false) => CapStatus::None,
    }
}

/// The next key after `pending`, for lineups whose caps are `caps`. A cap still waiting for its
/// second digit commits when another key comes, which is then read on its own.
pub fn read_key(pending: &str, key: Key, caps: Caps<'_>) -> Outcome {
    if key == Key::Backspace {
        let mut rest = pending.to_owned();
        rest.pop();
        return Outcome {
            pending: rest,
            ..Outcome::default()
        };
    }
    if key == Key::Escape && !pending.is_empty() {
        return done(Vec::new());
    }
    let mut chars = pending.chars();
    let first = chars.next();
    let digits = chars.as_str();
    if let Some(first) = first
        && let Some(side) = side_of(first)
    {
        if let Key::Char(digit @ '0'..='9') = key {
            let typed = format!("{digits}{digit}");
            return match cap_status(&typed, caps.of(side)) {
                CapStatus::Complete => done(vec![Intent::Player {
                    side,
                    cap: typed.parse().unwrap_or_default(),
                }]),
                CapStatus::None => refused(format!(
                    "There is no cap {typed} in the {} lineup.",
                    side_name(side)
                )),
                CapStatus::Open | CapStatus::Prefix => Outcome {
                    pending: format!("{pending}{digit}"),
                    ..Outcome::default()
                },
            };
        }
        if digits.is_empty() {
            // A side and an event key: the event for that team, its player typed in the form.
            return match key {
                Key::Char(c) if let Some(event) = EventKey::of(c) => {
                    done(vec![Intent::Team(side), Intent::Event(event)])
                }
                _ => refused(format!("Type a cap number or an event key after {first}.")),
            };
        }
        if cap_status(digits, caps.of(side)) != CapStatus::Open {
            return refused(format!(
                "There is no cap {digits} in the {} lineup.",
                side_name(side)
            ));
        }
        let mut rest = read_key("", key, caps);
        rest.intents.insert(
            0,
            Intent::Player {
                side,
                cap: digits.parse().unwrap_or_default(),
            },
        );
        return rest;
    }
    if let Some(call @ ('t' | 'h')) = first {
        return match key {
            Key::Char(c) => match side_of(c) {
                Some(side) if call == 't' => done(vec![Intent::Timeout(side)]),
                Some(side) => done(vec![Intent::Challenge(side)]),
                None => refused(format!("Type w or b after {call} for the team.")),
            },
            _ => refused(format!("Type w or b after {call} for the team.")),
        };
    }
    match key {
        Key::Char(c @ ('w' | 'b' | 't' | 'h')) => Outcome {
            pending: c.to_string(),
            ..Outcome::default()
        },
        Key::Char(c) if let Some(event) = EventKey::of(c) => done(vec![Intent::Event(event)]),
        Key::Char('0'..='9') => refused("Type w (white) or b (blue) before the cap number.".into()),
        Key::Char(c) if single(key).is_none() => {
            refused(format!("{c} is not a console key: ? shows them."))
        }
        _ => done(single(key).into_iter().collect()),
    }
}

/// Reads `keys` one after the other from nothing typed, as the console does.
pub fn read_keys(keys: impl IntoIterator<Item = Key>, caps: Caps<'_>) -> Outcome {
    let mut pending = String::new();
    let mut intents = Vec::new();
    let mut refusal = None;
    for key in keys {
        let outcome = read_key(&pending, key, caps);
        pending = outcome.pending;
        intents.extend(outcome.intents);
        refusal = outcome.refusal;
    }
    Outcome {
        pending,
        intents,
        refusal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINEUP: [u8; 14] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
    const CAPS: Caps<'static> = Caps {
        home: &LINEUP,
        away: &LINEUP,
    };

    /// Typed text as keys: `⏎` Enter, `⎋` Escape, `⌫` Backspace.
    fn keys(typed: &str) -> Vec<Key> {
        typed
            .chars()
            .map(|c| match c {
                '⏎' => Key::Enter,
                '⎋' => Key::Escape,
                '⌫' => Key::Backspace,
                c => Key::Char(c),
            })
            .collect()
    }

    fn player(side: Side, cap: u8) -> Intent {
        Intent::Player { side, cap }
    }

    #[test]
    fn keystrokes_make_the_intended_events() {
        use EventKey::*;
        use Intent::*;
        use Side::*;
        let table: Vec<(&str, Vec<Intent>, &str)> = vec![
            ("w7g", vec![player(Home, 7), Event(Goal)], ""),
            ("b3x", vec![player(Away, 3), Event(Exclusion)], ""),
            (
                "w7g5",
                vec![player(Home, 7), Event(Goal)],
                "Type w (white) or b (blue) before the cap number.",
            ),
            ("b12p", vec![player(Away, 12), Event(Penalty)], ""),
            ("w1g", vec![player(Home, 1), Event(Goal)], ""),
            ("w1", vec![], "w1"),
            ("w14", vec![player(Home, 14)], ""),
            ("w1⌫⌫", vec![], ""),
            ("w1⎋", vec![], ""),
            ("wg", vec![Team(Home), Event(Goal)], ""),
            ("b5s", vec![player(Away, 5), Event(Miss)], ""),
            ("w2c", vec![player(Home, 2), Event(Card)], ""),
            ("w2o", vec![player(Home, 2), Event(Turnover)], ""),
            ("b4f", vec![player(Away, 4), Event(SwimOff)], ""),
            ("tw", vec![Timeout(Home)], ""),
            ("tb", vec![Timeout(Away)], ""),
            ("hw", vec![Challenge(Home)], ""),
            ("hb", vec![Challenge(Away)], ""),
            (" ", vec![StartStop], ""),
            (
                "[]{}-=",
                vec![
                    Adjust(-1),
                    Adjust(1),
                    Adjust(-10),
                    Adjust(10),
                    Adjust(-60),
                    Adjust(60),
                ],
                "",
            ),
            ("nu?q", vec![NextPeriod, Undo, Help, Quit], ""),
            ("⏎⎋", vec![Save, Cancel], ""),
        ];
        for (typed, intents, pending) in table {
            let outcome = read_keys(keys(typed), CAPS);
            assert_eq!(outcome.intents, intents, "{typed:?}");
            if outcome.refusal.is_none() {
                assert_eq!(outcome.pending, pending, "{typed:?}");
            } else {
                assert_eq!(outcome.refusal.as_deref(), Some(pending), "{typed:?}");
            }
        }
    }

    #[test]
    fn an_impossible_key_is_refused_with_the_reason() {
        let refusal = |typed: &str| read_keys(keys(typed), CAPS).refusal;
        let says = |typed: &str, message: &str| {
            assert_eq!(refusal(typed).as_deref(), Some(message), "{typed:?}")
        };
        says("w0", "There is no cap 0 in the white lineup.");
        says("b15", "There is no cap 15 in the blue lineup.");
        says("wz", "Type a cap number or an event key after w.");
        says("tx", "Type w or b after t for the team.");
        says("h⏎", "Type w or b after h for the team.");
        says("7", "Type w (white) or b (blue) before the cap number.");
        says("z", "z is not a console key: ? shows them.");
        // A refused sequence is dropped: the next key starts afresh.
        assert_eq!(read_key("", Key::Char('t'), CAPS).pending, "t");
        assert_eq!(
            read_keys(keys("w0tw"), CAPS).intents,
            vec![Intent::Timeout(Side::Home)]
        );
    }

    #[test]
    fn a_cap_completes_by_the_lineup() {
        // Where no cap starts with 1 but 1, it commits at once; 16 takes two digits.
        let short = Caps {
            home: &[1, 2, 3],
            away: &[1, 16],
        };
        assert_eq!(
            read_keys(keys("w1"), short).intents,
            vec![player(Side::Home, 1)]
        );
        assert_eq!(read_keys(keys("b1"), short).pending, "b1");
        assert_eq!(
            read_keys(keys("b16"), short).intents,
            vec![player(Side::Away, 16)]
        );
    }

    #[test]
    fn event_keys_name_the_domain_event_types() {
        assert_eq!(EventKey::Goal.event_type(), EventType::Shot);
        assert_eq!(EventKey::Miss.event_type(), EventType::Shot);
        assert_eq!(EventKey::Penalty.event_type(), EventType::Exclusion);
        assert_eq!(EventKey::SwimOff.event_type(), EventType::SwimOff);
    }
}
