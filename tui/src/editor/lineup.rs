//! The two teams as the form offers them (the web's `editor/editor-sides.ts` and
//! `editor/cap-keys.ts`): each side's lineup by cap and its bench, who may still be picked
//! (spec 02 §4: not after three exclusions, a suspension or a brutality), and a cap typed digit
//! by digit.

use polodesk_domain::events::{Event, excluded_for_good};
use polodesk_domain::matches::Side;
use polodesk_domain::views::matches::{MatchCoachView, MatchPlayerView, MatchView};

use super::draft::Person;

pub fn team_id(game: &MatchView, side: Side) -> u64 {
    match side {
        Side::Home => game.home_team_id,
        Side::Away => game.away_team_id,
    }
}

/// A side's lineup, by cap.
pub fn players(game: &MatchView, side: Side) -> Vec<&MatchPlayerView> {
    let team = team_id(game, side);
    let mut players: Vec<_> = game.players.iter().filter(|p| p.team_id == team).collect();
    players.sort_by_key(|p| p.cap_number);
    players
}

pub fn coaches(game: &MatchView, side: Side) -> Vec<&MatchCoachView> {
    let team = team_id(game, side);
    game.coaches.iter().filter(|c| c.team_id == team).collect()
}

/// Whom a player field may name, in the order Left/Right walk them: the players still in the
/// match by cap (and `picked`, so a correction keeps its player), then the bench's coaches
/// when the field takes them.
pub fn pickable(
    game: &MatchView,
    side: Side,
    with_coaches: bool,
    picked: Option<Person>,
    logged: &[Event],
) -> Vec<Person> {
    let players = players(game, side)
        .into_iter()
        .map(|p| Person::Player(p.player_id))
        .filter(|&p| {
            Some(p) == picked || matches!(p, Person::Player(id) if !excluded_for_good(id, logged))
        });
    let coaches = coaches(game, side)
        .into_iter()
        .filter(|_| with_coaches)
        .map(|c| Person::Coach(c.coach_id));
    players.chain(coaches).collect()
}

/// The cap of a lineup player.
pub fn cap_of(game: &MatchView, player_id: u64) -> Option<u8> {
    game.players
        .iter()
        .find(|p| p.player_id == player_id)
        .map(|p| p.cap_number)
}

/// What a digit typed into a player field does. A cap that no other cap extends is picked at
/// once and the field is done ("7"); one that a longer cap extends is picked but waits for
/// another digit ("1" with caps 10 to 13); a digit that extends nothing after a cap finishes
/// the field and belongs to the next one, so caps 1 then 5 typed as "15" pick 1 here and 5 in
/// the next field when there is no cap 15.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CapKey {
    /// `cap` picked; `typed` is what stays typed (empty when done); `done` moves on.
    Pick { cap: u8, typed: String, done: bool },
    /// Only longer caps start with what is typed: wait for more.
    Wait { typed: String },
    /// The digit starts no cap after the one typed: finish the field, give the digit on.
    Next,
    /// The digit matches nothing: nothing changes.
    Nothing,
}

pub fn cap_key(typed: &str, digit: char, caps: &[u8]) -> CapKey {
    let candidate = format!("{typed}{digit}");
    let extending: Vec<u8> = caps
        .iter()
        .copied()
        .filter(|cap| cap.to_string().starts_with(&candidate))
        .collect();
    let exact = extending.iter().find(|cap| cap.to_string() == candidate);
    match (extending.as_slice(), exact) {
        ([], _) if typed.is_empty() => CapKey::Nothing,
        ([], _) => CapKey::Next,
        ([only], None) => CapKey::Pick {
            cap: *only,
            typed: String::new(),
            done: true,
        },
        (_, None) => CapKey::Wait { typed: candidate },
        ([_], Some(&cap)) => CapKey::Pick {
            cap,
            typed: String::new(),
            done: true,
        },
        (_, Some(&cap)) => CapKey::Pick {
            cap,
            typed: candidate,
            done: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pick(cap: u8, typed: &str, done: bool) -> CapKey {
        CapKey::Pick {
            cap,
            typed: typed.to_owned(),
            done,
        }
    }

    #[test]
    fn a_cap_is_picked_as_soon_as_it_is_clear() {
        let caps: Vec<u8> = (1..=13).collect();
        assert_eq!(cap_key("", '7', &caps), pick(7, "", true));
        assert_eq!(cap_key("", '1', &caps), pick(1, "1", false));
        assert_eq!(cap_key("1", '2', &caps), pick(12, "", true));
        assert_eq!(cap_key("1", '5', &caps), CapKey::Next);
        assert_eq!(cap_key("", '0', &caps), CapKey::Nothing);
        assert_eq!(
            cap_key("", '2', &[20, 21]),
            CapKey::Wait {
                typed: "2".to_owned()
            }
        );
        assert_eq!(cap_key("", '2', &[1, 21]), pick(21, "", true));
    }
}
