//! The console as a pure state machine, the terminal twin of the web app's live scoring
//! (`webapp/src/features/live-scoring/scoring-state.ts`): keys, the timer's ticks, the hub's
//! messages and the journal's writes go in; the state the screen draws and the effects to run
//! (journal and send a write, publish the clock, finish the match, confirm the log) come out.
//! The clock is the domain's `PeriodClock`, the keys `grammar.rs`, the event form `editor`.

use polodesk_domain::clock::{ClockCommand, PeriodClock};
use polodesk_domain::codes::{ClockState, EventType, MatchStatus, Period};
use polodesk_domain::events::EventView;
use polodesk_domain::live::{Action as WriteAction, Clock, EventBody, GroupMessage};
use polodesk_domain::matches::Side;
use polodesk_domain::views::matches::{MatchPlayerView, MatchView};

use crate::editor::{Editor, EditorContext, EditorOutcome, Opening};
use crate::grammar::{self, Caps, EventKey, Intent, Key};
use crate::journal::{EventRef, Pending, Write};
use crate::keymap::Keymap;

mod log;
mod prompt;
#[cfg(test)]
mod tests;
mod writes;

pub use log::{Logged, MatchLog, Waiting};
pub use prompt::{NO_PIN_ASKED, PinForm, Prompt};

pub const KEEPERS_PROMPT: &str = "Please confirm selected active goalkeepers";
pub const FINISH_QUESTION: &str = "Are you sure you want to finish the match?";
pub const DELETE_EVENT_QUESTION: &str = "Are you sure you want to delete this event?";
pub const PICK_FIRST: &str = "Pick a player first: w (white) or b (blue), then the cap.";
pub const PERIOD_WHILE_PAUSED: &str = "Close the event form before changing the period.";
pub const NOTHING_TO_UNDO: &str = "There is no event to undo in this period.";
pub const ALREADY_FINISHED: &str = "The match is finished.";
pub const LOG_CONFIRMED: &str = "Match log successfully confirmed!";
/// Said under the question when the event is half of a double exclusion.
pub const PAIR_GOES_TOO: &str = "Its other half, on the other team, is deleted with it.";
pub const LAST_PERIOD: &str = "Overtime is the last period.";

/// The link to the server, as the status line shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Online,
    /// The server cannot be reached; writes wait in the journal.
    Offline(String),
}

/// A line of news under the header: a refusal, or what a finished action did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub refusal: bool,
}

/// The event open in the form, and the logged row it corrects.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenEditor {
    pub editor: Editor,
    pub target: Option<Logged>,
}

/// Who the next event is for: a side, and its player when one was picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    pub side: Side,
    pub player: Option<u64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Console {
    pub game: MatchView,
    /// The server's events, as loaded and as the hub tells of them.
    pub server_events: Vec<EventView>,
    /// The journal's writes not yet acknowledged.
    pub pending: Vec<Pending>,
    pub log: MatchLog,
    pub clock: PeriodClock,
    /// Whether the clock still goes on from the one published on the hub: until this console
    /// changes it, or holds a write not yet sent.
    pub follows_published: bool,
    /// The keys typed so far that wait for more.
    pub keys: String,
    pub pick: Option<Pick>,
    pub editor: Option<OpenEditor>,
    pub prompt: Option<Prompt>,
    /// The active goalkeeper (player id) of home and away.
    pub keepers: (Option<u64>, Option<u64>),
    /// The selected row of the period's list, which Enter edits.
    pub cursor: Option<EventRef>,
    pub help: bool,
    /// The secretary's own keys (`console.toml`), turned into the grammar's.
    pub keymap: Keymap,
    pub notice: Option<Notice>,
    pub link: Link,
}

/// What happens to the console.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A key, at an instant (RFC 3339) the clock may need.
    Key {
        key: Key,
        at: String,
    },
    /// One second of the timer.
    Tick {
        at: String,
    },
    /// The match and its events as the server has them (on load and after a resync), with the
    /// hub's last clock.
    Loaded {
        game: Box<MatchView>,
        events: Vec<EventView>,
        published: Option<Clock>,
        at: String,
    },
    /// The journal's waiting writes changed (a write journaled, sent, refused or dropped).
    Journal(Vec<Pending>),
    /// A message the hub published to the match, read at an instant (RFC 3339): a running
    /// clock it carries has run on since its start.
    Hub {
        message: GroupMessage,
        at: String,
    },
    Link(Link),
    /// What a finished request did (finish, confirm), for the notice line.
    Told(Notice),
    /// The server's answer to a confirmation of the log: the form closes when it is taken,
    /// and stays with the server's message (a wrong PIN) when it is not.
    Confirmed(Result<(), String>),
    /// Nothing changed but the terminal's size.
    Redraw,
}

/// What the runtime does for the console.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Journal the write, then send it.
    Write(Box<Write>),
    /// Drop a write the server refused.
    Drop(u64),
    PublishClock(Clock),
    /// Load the match and its events again.
    Reload,
    FinishMatch,
    ConfirmLog {
        match_official_id: u64,
        pin: String,
    },
    Quit,
}

/// One action's result.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Step {
    pub effects: Vec<Effect>,
}

impl Console {
    /// The console on a loaded match: the clock restored from its events, then carried on from
    /// the hub's published clock when that is as recent; the keepers are cap 1 of each side.
    pub fn new(game: MatchView, events: Vec<EventView>, pending: Vec<Pending>) -> Console {
        let segment = PeriodClock::for_segment_minutes(game.match_segment_length).segment_seconds;
        let log = MatchLog::new(&game.state(), &events, &pending);
        let clock = PeriodClock::restore(segment, log.rows.iter().map(|row| (&row.view).into()));
        let keepers = (
            default_keeper(&game, Side::Home),
            default_keeper(&game, Side::Away),
        );
        Console {
            follows_published: pending.is_empty(),
            game,
            server_events: events,
            pending,
            log,
            clock,
            keys: String::new(),
            pick: None,
            editor: None,
            prompt: None,
            keepers,
            cursor: None,
            help: false,
            keymap: Keymap::default(),
            notice: None,
            link: Link::Connecting,
        }
    }

    pub fn team_of(&self, side: Side) -> u64 {
        match side {
            Side::Home => self.game.home_team_id,
            Side::Away => self.game.away_team_id,
        }
    }

    /// A side's lineup by cap.
    pub fn lineup(&self, side: Side) -> Vec<&MatchPlayerView> {
        lineup_of(&self.game, side)
    }

    /// The rows of the clock's period.
    pub fn period_rows(&self) -> Vec<&Logged> {
        self.log.period(self.clock.clock.period).collect()
    }

    /// Applies one action; the effects are for the runtime to run.
    pub fn step(&mut self, action: Action) -> Step {
        let before = self.clock.clock.clone();
        let is_tick = matches!(action, Action::Tick { .. });
        let took_published = matches!(action, Action::Loaded { .. } | Action::Hub { .. });
        let mut step = self.apply(action);
        let after = &self.clock.clock;
        let news = if is_tick {
            before.state != after.state
        } else {
            !took_published && &before != after
        };
        if news {
            self.follows_published = false;
            step.effects.push(Effect::PublishClock(after.clone()));
        }
        step
    }

    fn apply(&mut self, action: Action) -> Step {
        match action {
            Action::Key { key, at } => self.key(key, &at),
            Action::Tick { at } => {
                self.clock_command(&ClockCommand::Tick { at });
                Step::default()
            }
            Action::Loaded {
                game,
                events,
                published,
                at,
            } => {
                self.game = *game;
                self.server_events = events;
                self.relog();
                if self.follows_published {
                    self.clock = self.clock.continued(published.as_ref(), &at);
                }
                Step::default()
            }
            Action::Journal(pending) => {
                if !pending.is_empty() {
                    self.follows_published = false;
                }
                self.pending = pending;
                self.relog();
                Step::default()
            }
            Action::Hub { message, at } => self.hub(message, &at),
            Action::Link(link) => {
                self.link = link;
                Step::default()
            }
            Action::Told(notice) => {
                self.notice = Some(notice);
                Step::default()
            }
            Action::Confirmed(answer) => {
                self.confirmed(answer);
                Step::default()
            }
            Action::Redraw => Step::default(),
        }
    }

    fn relog(&mut self) {
        self.log = MatchLog::new(&self.game.state(), &self.server_events, &self.pending);
    }

    fn hub(&mut self, message: GroupMessage, at: &str) -> Step {
        match message {
            GroupMessage::Event(news) => {
                match (news.action, news.event) {
                    (WriteAction::Deleted, body) => {
                        let id = match body {
                            EventBody::Whole(view) => view.id,
                            EventBody::Removed(removed) => removed.id,
                        };
                        self.server_events.retain(|event| event.id != id);
                    }
                    (_, EventBody::Whole(view)) => {
                        match self.server_events.iter_mut().find(|e| e.id == view.id) {
                            Some(known) => *known = *view,
                            None => self.server_events.push(*view),
                        }
                    }
                    (_, EventBody::Removed(_)) => {}
                }
                if news.score.revision >= self.game.score.revision {
                    self.game.score = news.score;
                }
                self.relog();
                Step::default()
            }
            // Lineups, officials or status changed: the names come with the match itself.
            GroupMessage::Match(_) => Step {
                effects: vec![Effect::Reload],
            },
            GroupMessage::Clock(clock) => {
                if self.follows_published && self.editor.is_none() {
                    self.clock = self.clock.continued(Some(&clock), at);
                }
                Step::default()
            }
        }
    }

    fn clock_command(&mut self, command: &ClockCommand) {
        if let Err(refusal) = self.clock.apply(command) {
            self.refuse(refusal.message());
        }
    }

    fn refuse(&mut self, text: &str) {
        self.notice = Some(Notice {
            text: text.to_owned(),
            refusal: true,
        });
    }

    fn key(&mut self, key: Key, at: &str) -> Step {
        if let Some(prompt) = self.prompt.take() {
            return self.answer(prompt, key);
        }
        if let Some(mut open) = self.editor.take() {
            let events = self.log.views();
            let ctx = EditorContext {
                game: &self.game,
                events: &events,
                keepers: self.keepers,
            };
            return match open.editor.key(key, &ctx) {
                EditorOutcome::Editing => {
                    self.editor = Some(open);
                    Step::default()
                }
                EditorOutcome::Cancel => {
                    self.close_editor(at);
                    Step::default()
                }
                EditorOutcome::Save(input) => self.save(input, open.target, at),
            };
        }
        let Some(key) = self.mapped(key) else {
            return Step::default();
        };
        if self.help && matches!(key, Key::Escape | Key::Char('?')) {
            self.help = false;
            return Step::default();
        }
        let outcome = self.read_key(key);
        if let Some(refusal) = outcome.refusal {
            self.refuse(&refusal);
        }
        let mut step = Step::default();
        for intent in outcome.intents {
            step.effects.extend(self.intent(intent, at).effects);
        }
        step
    }

    fn intent(&mut self, intent: Intent, at: &str) -> Step {
        match intent {
            Intent::Team(side) => self.pick = Some(Pick { side, player: None }),
            Intent::Player { side, cap } => self.pick_player(side, cap),
            Intent::Event(event) => self.open_event(event),
            Intent::Timeout(side) => return self.team_call(EventType::Timeout, side, at),
            Intent::Challenge(side) => return self.team_call(EventType::Challenge, side, at),
            Intent::StartStop => self.start_stop(at),
            Intent::Adjust(seconds) => self.clock_command(&ClockCommand::Adjust { seconds }),
            Intent::NextPeriod => self.next_period(),
            Intent::Undo => self.undo(),
            Intent::Help => self.help = !self.help,
            Intent::Save => self.edit_selected(),
            Intent::Cancel => {
                self.pick = None;
                self.cursor = None;
                self.notice = None;
            }
            Intent::Cursor(step) => self.move_cursor(step),
            Intent::Delete => self.delete_selected(),
            // The web app hides Finish Match once finished and enables Confirm Log only then
            // (spec 02 §2, §4); the console says why the key does nothing.
            Intent::Finish if self.finished() => self.refuse(ALREADY_FINISHED),
            Intent::Finish => self.prompt = Some(Prompt::Finish),
            Intent::ConfirmLog if !self.finished() => {
                self.refuse(polodesk_domain::matches::NOT_FINISHED);
            }
            Intent::ConfirmLog => self.prompt = Some(Prompt::Confirm(PinForm::new(&self.game))),
            Intent::Quit => {
                let waiting = self.pending.len();
                if waiting == 0 {
                    return Step {
                        effects: vec![Effect::Quit],
                    };
                }
                self.prompt = Some(Prompt::Quit { waiting });
            }
        }
        Step::default()
    }

    fn pick_player(&mut self, side: Side, cap: u8) {
        let Some(player) = self
            .lineup(side)
            .into_iter()
            .find(|p| p.cap_number == cap)
            .map(|p| p.player_id)
        else {
            return;
        };
        if self.log.is_out(player) {
            self.refuse(&format!(
                "Cap {cap} of {} is out of the match.",
                side_name(side)
            ));
            return;
        }
        self.pick = Some(Pick {
            side,
            player: Some(player),
        });
        self.notice = None;
    }

    fn start_stop(&mut self, at: &str) {
        if self.clock.state() == ClockState::Running {
            self.clock_command(&ClockCommand::Stop);
            return;
        }
        if !self.log.has_swim_off(self.clock.clock.period) {
            self.prompt = Some(Prompt::Keepers);
            return;
        }
        self.clock_command(&ClockCommand::Start { at: at.to_owned() });
    }

    fn next_period(&mut self) {
        let period = self.clock.clock.period;
        let Some(next) = Period::ALL.iter().copied().find(|p| *p > period) else {
            self.refuse(LAST_PERIOD);
            return;
        };
        self.clock_command(&ClockCommand::ChangePeriod { period: next });
        if self.clock.clock.period != next {
            self.refuse(PERIOD_WHILE_PAUSED);
            return;
        }
        self.cursor = None;
        self.notice = None;
    }

    fn move_cursor(&mut self, step: i8) {
        let rows = self.period_rows();
        if rows.is_empty() {
            return;
        }
        let at = self
            .cursor
            .as_ref()
            .and_then(|key| rows.iter().position(|row| &row.key == key));
        let last = rows.len() - 1;
        let next = match (at, step) {
            (None, s) if s > 0 => 0,
            (None, _) => last,
            (Some(i), s) if s > 0 => (i + 1).min(last),
            (Some(i), _) => i.saturating_sub(1),
        };
        self.cursor = Some(rows[next].key.clone());
    }

    fn selected(&self) -> Option<Logged> {
        let key = self.cursor.as_ref()?;
        self.period_rows()
            .into_iter()
            .find(|row| &row.key == key)
            .cloned()
    }

    fn edit_selected(&mut self) {
        let Some(row) = self.selected() else {
            return;
        };
        self.clock_command(&ClockCommand::EditEvent);
        self.open(Opening::Existing(row.view.clone()), Some(row));
    }

    fn delete_selected(&mut self) {
        if let Some(row) = self.selected() {
            self.prompt = Some(Prompt::Delete(Box::new(row)));
        }
    }

    fn confirmed(&mut self, answer: Result<(), String>) {
        match (answer, self.prompt.take()) {
            (Ok(()), _) => {
                self.notice = Some(Notice {
                    text: LOG_CONFIRMED.to_owned(),
                    refusal: false,
                });
            }
            (Err(message), Some(Prompt::Confirm(mut form))) => {
                form.sending = false;
                form.error = Some(message);
                self.prompt = Some(Prompt::Confirm(form));
            }
            (Err(message), other) => {
                self.prompt = other;
                self.refuse(&message);
            }
        }
    }

    fn finished(&self) -> bool {
        self.game.score.status_id == MatchStatus::Finished
    }

    fn undo(&mut self) {
        match self.period_rows().last() {
            Some(row) => self.prompt = Some(Prompt::Delete(Box::new((*row).clone()))),
            None => self.refuse(NOTHING_TO_UNDO),
        }
    }

    /// While a question is open, keys answer it and nothing else.
    fn answer(&mut self, prompt: Prompt, key: Key) -> Step {
        let yes = matches!(key, Key::Enter | Key::Char('y'));
        let no = matches!(key, Key::Escape | Key::Char('n'));
        match prompt {
            Prompt::Delete(row) if yes => {
                self.cursor = None;
                let effect = match &row.waiting {
                    Some(waiting) if waiting.refused.is_some() || row.view.id == 0 => {
                        Effect::Drop(waiting.seq)
                    }
                    _ => Effect::Write(Box::new(Write::Delete { target: row.key })),
                };
                return Step {
                    effects: vec![effect],
                };
            }
            Prompt::Quit { .. } if yes => {
                return Step {
                    effects: vec![Effect::Quit],
                };
            }
            Prompt::Finish if yes => {
                return Step {
                    effects: vec![Effect::FinishMatch],
                };
            }
            Prompt::Keepers if key == Key::Enter => {
                self.pick = None;
                self.open_event(EventKey::SwimOff);
            }
            Prompt::Keepers if key == Key::Escape => {}
            Prompt::Keepers => {
                self.keeper_key(key);
                self.prompt = Some(Prompt::Keepers);
            }
            Prompt::Confirm(mut form) => match form.key(key) {
                prompt::PinOutcome::Editing => self.prompt = Some(Prompt::Confirm(form)),
                prompt::PinOutcome::Cancel => {}
                prompt::PinOutcome::Send {
                    match_official_id,
                    pin,
                } => {
                    form.sending = true;
                    self.prompt = Some(Prompt::Confirm(form));
                    return Step {
                        effects: vec![Effect::ConfirmLog {
                            match_official_id,
                            pin,
                        }],
                    };
                }
            },
            other if no => drop(other),
            other => self.prompt = Some(other),
        }
        Step::default()
    }

    /// The grammar's key for what the secretary typed, or `None` (and why, on the status line)
    /// when their key map gives the key no action.
    fn mapped(&mut self, key: Key) -> Option<Key> {
        match self.keymap.translate(key) {
            Ok(key) => Some(key),
            Err(refusal) => {
                self.refuse(&refusal);
                None
            }
        }
    }

    /// The grammar's reading of `key` after the keys typed so far, for this match's lineups;
    /// the keys still waiting are kept.
    fn read_key(&mut self, key: Key) -> grammar::Outcome {
        let caps = |side| -> Vec<u8> { self.lineup(side).iter().map(|p| p.cap_number).collect() };
        let (home, away) = (caps(Side::Home), caps(Side::Away));
        let outcome = grammar::read_key(
            &self.keys,
            key,
            Caps {
                home: &home,
                away: &away,
            },
        );
        self.keys.clone_from(&outcome.pending);
        outcome
    }

    /// `w` or `b` and a cap choose that side's active goalkeeper in the keepers' prompt.
    fn keeper_key(&mut self, key: Key) {
        let Some(key) = self.mapped(key) else {
            return;
        };
        let outcome = self.read_key(key);
        for intent in outcome.intents {
            if let Intent::Player { side, cap } = intent
                && let Some(player) = self.lineup(side).iter().find(|p| p.cap_number == cap)
            {
                match side {
                    Side::Home => self.keepers.0 = Some(player.player_id),
                    Side::Away => self.keepers.1 = Some(player.player_id),
                }
            }
        }
    }
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Home => "white",
        Side::Away => "blue",
    }
}

fn lineup_of(game: &MatchView, side: Side) -> Vec<&MatchPlayerView> {
    let team = match side {
        Side::Home => game.home_team_id,
        Side::Away => game.away_team_id,
    };
    let mut lineup: Vec<_> = game.players.iter().filter(|p| p.team_id == team).collect();
    lineup.sort_by_key(|p| p.cap_number);
    lineup
}

/// The goalkeeper a freshly loaded match starts with: slot 1 (or cap 1) of the side.
fn default_keeper(game: &MatchView, side: Side) -> Option<u64> {
    let lineup = lineup_of(game, side);
    lineup
        .iter()
        .find(|p| p.number == 1)
        .or_else(|| lineup.iter().find(|p| p.cap_number == 1))
        .map(|p| p.player_id)
}
