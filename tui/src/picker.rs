//! The match picker the console opens on without `--match`: live matches first, then today's,
//! then the others nearest in time, filtered by what the secretary types (a team or competition,
//! accents and case ignored). Pure, like the console's state.

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::dates::Instant;
use polodesk_domain::validation::fold;
use polodesk_domain::views::matches::MatchView;

use crate::grammar::Key;

#[derive(Debug, Clone, PartialEq)]
pub struct Picker {
    /// Every match offered, in the order shown before filtering.
    pub matches: Vec<MatchView>,
    pub filter: String,
    pub selected: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picked {
    Choosing,
    Match(u64),
    Quit,
}

pub fn is_live(game: &MatchView) -> bool {
    matches!(
        game.score.status_id,
        MatchStatus::FirstPeriod
            | MatchStatus::SecondPeriod
            | MatchStatus::ThirdPeriod
            | MatchStatus::FourthPeriod
            | MatchStatus::Overtime
    )
}

const DAY: i64 = 24 * 3600;

impl Picker {
    /// The matches in the order a secretary looks for them at `now`: live, today's (UTC),
    /// then by distance in time.
    pub fn new(mut matches: Vec<MatchView>, now: Instant) -> Picker {
        let today = now.0.div_euclid(DAY);
        matches.sort_by_key(|game| {
            let start = game.start_date.0;
            (
                !is_live(game),
                start.div_euclid(DAY) != today,
                (start - now.0).abs(),
            )
        });
        Picker {
            matches,
            filter: String::new(),
            selected: 0,
        }
    }

    /// The matches the filter lets through.
    pub fn shown(&self) -> Vec<&MatchView> {
        let words: Vec<String> = fold(&self.filter)
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        self.matches
            .iter()
            .filter(|game| {
                let text = fold(&format!(
                    "{} {} {}",
                    game.home_team_display_name,
                    game.away_team_display_name,
                    game.competition_display_name
                ));
                words.iter().all(|word| text.contains(word.as_str()))
            })
            .collect()
    }

    pub fn key(&mut self, key: Key) -> Picked {
        let count = self.shown().len();
        match key {
            Key::Escape if self.filter.is_empty() => return Picked::Quit,
            Key::Escape => self.filter.clear(),
            Key::Up => self.selected = self.selected.saturating_sub(1),
            Key::Down => self.selected = (self.selected + 1).min(count.saturating_sub(1)),
            Key::Backspace => {
                self.filter.pop();
            }
            Key::Enter => {
                return self
                    .shown()
                    .get(self.selected)
                    .map_or(Picked::Choosing, |game| Picked::Match(game.score.id));
            }
            Key::Char(c) if !c.is_control() => self.filter.push(c),
            _ => {}
        }
        self.selected = self.selected.min(self.shown().len().saturating_sub(1));
        Picked::Choosing
    }
}

/// The sample match as another fixture, for the picker's tests and its screen's.
#[cfg(test)]
pub(crate) fn fixture(id: u64, home: &str, start: &str, status: MatchStatus) -> MatchView {
    let mut game = crate::sample::game();
    game.score.id = id;
    game.home_team_display_name = home.to_owned();
    game.start_date = Instant::parse(start).expect("an instant");
    game.score.status_id = status;
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Instant {
        Instant::parse(text).expect("an instant")
    }

    #[test]
    fn live_matches_come_first_then_todays_then_the_nearest() {
        let picker = Picker::new(
            vec![
                fixture(1, "VK Šabac", "2026-11-20T18:00:00Z", MatchStatus::Finished),
                fixture(
                    2,
                    "VK Novi Beograd",
                    "2026-11-24T20:00:00Z",
                    MatchStatus::NotStarted,
                ),
                fixture(
                    3,
                    "VK Vojvodina",
                    "2026-11-24T17:00:00Z",
                    MatchStatus::SecondPeriod,
                ),
                fixture(
                    4,
                    "VK Radnički",
                    "2026-11-25T18:00:00Z",
                    MatchStatus::NotStarted,
                ),
            ],
            at("2026-11-24T17:30:00Z"),
        );
        let order: Vec<u64> = picker.shown().iter().map(|g| g.score.id).collect();
        assert_eq!(order, vec![3, 2, 4, 1]);
    }

    #[test]
    fn typing_filters_by_team_ignoring_accents_and_enter_picks() {
        let mut picker = Picker::new(
            vec![
                fixture(
                    1,
                    "VK Šabac",
                    "2026-11-24T18:00:00Z",
                    MatchStatus::NotStarted,
                ),
                fixture(
                    2,
                    "VK Novi Beograd",
                    "2026-11-24T20:00:00Z",
                    MatchStatus::NotStarted,
                ),
            ],
            at("2026-11-24T17:30:00Z"),
        );
        for c in "saba".chars() {
            picker.key(Key::Char(c));
        }
        assert_eq!(picker.shown().len(), 1);
        assert_eq!(picker.key(Key::Enter), Picked::Match(1));
        picker.key(Key::Escape);
        assert_eq!(picker.filter, "");
        picker.key(Key::Down);
        assert_eq!(picker.key(Key::Enter), Picked::Match(2));
        assert_eq!(picker.key(Key::Escape), Picked::Quit);
    }
}
