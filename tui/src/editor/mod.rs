//! The console's event form: one event of any of the seven types being entered or corrected
//! from the keyboard, the terminal twin of the web's event editor
//! (`webapp/src/features/live-scoring/editor/`, docs/keyboard.md "In the event editor"). Pure:
//! keys go in, an [`EditorOutcome`] comes out, and the view draws the [`Editor`].
//!
//! Keys: digits type a cap into a player field (typed elsewhere, into the first player still
//! empty) or the time as mmss; Tab/Shift+Tab (and Up/Down) walk the fields; Left/Right and Space
//! change a choice or a switch and walk a player field's caps and coaches; on the location and
//! target pictures the arrows move a marker and Enter or Space sets the point there; Delete or
//! Backspace clears; a letter jumps to a field (`a` the assist, see [`Field::letter`]); Enter
//! saves once the domain's rules find nothing wrong, else shows their messages at their fields;
//! Escape cancels.

mod draft;
mod fields;
mod grid;
mod lineup;
#[cfg(test)]
pub(crate) mod test_match;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use polodesk_domain::codes::{EventType, Period};
use polodesk_domain::events::shot_target::ActiveKeepers;
use polodesk_domain::events::{
    self, Event, EventDetail, EventInput, EventView, Exclusion, PLAYER_OR_COACH_REQUIRED,
};
use polodesk_domain::matches::Side;
use polodesk_domain::views::matches::MatchView;

use crate::grammar::Key;
use draft::{Draft, NewEvent};
pub use draft::{Person, Point};
pub use fields::{Field, Kind};
pub use grid::{GOAL, Grid, POOL};

/// What the form reads of the match: the match with its lineups, its whole log, and the active
/// goalkeepers (player ids) of home and away.
#[derive(Debug, Clone, Copy)]
pub struct EditorContext<'a> {
    pub game: &'a MatchView,
    pub events: &'a [EventView],
    pub keepers: (Option<u64>, Option<u64>),
}

/// What the form opens with.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // one a form, built once: not worth a box at every call
pub enum Opening {
    /// A new event, as an event key starts it: for a side and its player when picked, a shot
    /// that is a goal (`g`), a 5m penalty exclusion (`p`).
    New {
        event_type: EventType,
        side: Option<Side>,
        player: Option<u64>,
        shot_is_goal: bool,
        exclusion_penalty: bool,
    },
    /// A logged event, to correct.
    Existing(EventView),
}

/// What a key did to the form.
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // one a key press: not worth a box at every call
pub enum EditorOutcome {
    Editing,
    /// The event to send, checked by the domain's rules; `client_id` is the caller's to add.
    Save(EventInput),
    Cancel,
}

/// Where the keys go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Field(Field),
    /// The save row, after the last field.
    Save,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editor {
    draft: Draft,
    focus: Focus,
    /// The digits of a cap (or of the time) typed into the focused field so far.
    typed: String,
    /// The marker on a point field's picture while it is moved; none while it sits on the point.
    marker: Option<Point>,
    /// A save was tried: the messages of empty fields show too.
    submitted: bool,
    errors: BTreeMap<Field, String>,
    /// The messages about the event as a whole (a second swim-off in a period).
    general: Vec<String>,
}

/// The messages of empty fields, kept back until a save is tried (as the web does).
const REQUIRED_MESSAGES: &[&str] = &[
    draft::TEAM_REQUIRED,
    draft::TAKEN_BY_REQUIRED,
    draft::HOME_SWIMMER_REQUIRED,
    draft::AWAY_SWIMMER_REQUIRED,
    draft::WINNER_REQUIRED,
    PLAYER_OR_COACH_REQUIRED,
];

/// The match's log as the rules read it, without the event corrected.
fn logged(ctx: &EditorContext, except: Option<u64>) -> Vec<Event> {
    ctx.events
        .iter()
        .filter(|view| Some(view.id) != except)
        .filter_map(|view| {
            let input = EventInput {
                client_id: None,
                ..EventInput::from(view.clone())
            };
            let fields = input.validate().ok()?;
            Some(Event {
                id: view.id,
                fields,
            })
        })
        .collect()
}

fn keepers(ctx: &EditorContext) -> ActiveKeepers {
    ActiveKeepers {
        home: ctx.keepers.0,
        away: ctx.keepers.1,
    }
}

impl Editor {
    /// Opens the form at the clock's period and time (a correction keeps its own), with focus
    /// on the first field still needed, or on the save row when nothing is missing.
    pub fn open(
        opening: Opening,
        period: Period,
        minute: u8,
        seconds: u8,
        ctx: &EditorContext,
    ) -> Editor {
        let draft = match opening {
            Opening::New {
                event_type,
                side,
                player,
                shot_is_goal,
                exclusion_penalty,
            } => {
                let last_swim_off = ctx.events.iter().rev().find_map(|e| e.swimoff.as_ref());
                let event = NewEvent {
                    event_type,
                    side,
                    player,
                    shot_is_goal,
                    exclusion_penalty,
                };
                let at = (period, minute, seconds);
                Draft::new(event, at, ctx.game, last_swim_off, keepers(ctx))
            }
            Opening::Existing(view) => Draft::existing(&view, ctx.game, keepers(ctx)),
        };
        let mut editor = Editor {
            draft,
            focus: Focus::Save,
            typed: String::new(),
            marker: None,
            submitted: false,
            errors: BTreeMap::new(),
            general: Vec::new(),
        };
        editor.focus = editor.first_needed();
        editor.refresh(ctx);
        editor
    }

    /// "Goal · 1st Period · 05:30": the event (a shot that scored is a Goal), its period and
    /// time, as the web's editor is titled.
    pub fn title(&self) -> String {
        let d = &self.draft;
        format!(
            "{} · {} · {:02}:{:02}",
            self.event_name(),
            d.period.label(),
            d.minute,
            d.seconds
        )
    }

    /// What the form calls its event: Goal for a shot that scored, else its type as the web
    /// names it.
    pub fn event_name(&self) -> &'static str {
        match self.draft.event_type {
            EventType::Shot if self.draft.switch(Field::Goal) => "Goal",
            EventType::SwimOff => "Swim-off",
            other => other.label(),
        }
    }

    /// Whether the form corrects a logged event (else it logs a new one).
    pub fn is_existing(&self) -> bool {
        self.draft.event_id.is_some()
    }

    pub fn event_type(&self) -> EventType {
        self.draft.event_type
    }

    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// The fields of the event's type, in order.
    pub fn fields(&self) -> &'static [Field] {
        fields::order(self.draft.event_type)
    }

    pub fn enabled(&self, field: Field) -> bool {
        self.draft.enabled(field)
    }

    pub fn team(&self) -> Option<Side> {
        self.draft.team
    }

    pub fn sub_type_label(&self) -> &'static str {
        self.draft.sub_type_label()
    }

    pub fn switch(&self, field: Field) -> bool {
        self.draft.switch(field)
    }

    pub fn person(&self, field: Field) -> Option<Person> {
        self.draft.player(field)
    }

    pub fn winner(&self) -> Option<u64> {
        self.draft.winner()
    }

    pub fn point(&self, field: Field) -> Option<Point> {
        self.draft.point(field)
    }

    /// The marker being moved over a point field's picture, when it is off the point.
    pub fn marker(&self) -> Option<Point> {
        self.marker
    }

    pub fn time(&self) -> (u8, u8) {
        (self.draft.minute, self.draft.seconds)
    }

    /// The digits typed into the focused field that still wait for more.
    pub fn typed(&self) -> &str {
        &self.typed
    }

    /// The other half of a double exclusion the server will log with this one (spec 02 §4),
    /// once the rules find nothing wrong with it.
    pub fn twin(&self, ctx: &EditorContext) -> Option<Exclusion> {
        let fields = self.check(ctx).ok()?.validate().ok()?;
        match events::mirrored(&fields, &ctx.game.state())?.detail {
            EventDetail::Exclusion(exclusion) => Some(exclusion),
            _ => None,
        }
    }

    /// The message shown under a field.
    pub fn error(&self, field: Field) -> Option<&str> {
        self.errors.get(&field).map(String::as_str)
    }

    pub fn general_errors(&self) -> &[String] {
        &self.general
    }

    pub fn key(&mut self, key: Key, ctx: &EditorContext) -> EditorOutcome {
        // The keepers may have been changed since the form opened.
        self.draft.keepers = keepers(ctx);
        let field = match self.focus {
            Focus::Field(field) => Some(field),
            Focus::Save => None,
        };
        let on_point = field.filter(|f| f.kind() == Kind::Point);
        match (key, on_point) {
            (Key::Up | Key::Down | Key::Left | Key::Right, Some(point)) => {
                self.move_marker(point, key);
            }
            (Key::Enter, Some(point)) if self.marker.is_some() => self.set_marker(point),
            _ => return self.key_on_field(key, field, ctx),
        }
        self.refresh(ctx);
        EditorOutcome::Editing
    }

    fn key_on_field(
        &mut self,
        key: Key,
        field: Option<Field>,
        ctx: &EditorContext,
    ) -> EditorOutcome {
        match key {
            Key::Escape => return EditorOutcome::Cancel,
            Key::Enter => return self.save(ctx),
            Key::Tab | Key::Down => self.step_focus(1),
            Key::BackTab | Key::Up => self.step_focus(-1),
            Key::Left => self.change(field, -1, ctx),
            Key::Right | Key::Char(' ') => self.change(field, 1, ctx),
            Key::Char(digit) if digit.is_ascii_digit() => self.digit(field, digit, ctx),
            Key::Char(letter) => {
                if let Some(target) = Field::of_letter(self.draft.event_type, letter)
                    && self.draft.enabled(target)
                {
                    self.focus_on(Focus::Field(target));
                }
            }
            Key::Delete | Key::Backspace => self.clear(field),
        }
        self.refresh(ctx);
        EditorOutcome::Editing
    }

    /// The first usable field still needed, or the save row.
    fn first_needed(&self) -> Focus {
        self.fields()
            .iter()
            .find(|&&f| self.draft.enabled(f) && self.draft.needed(f))
            .map_or(Focus::Save, |&f| Focus::Field(f))
    }

    fn focus_on(&mut self, focus: Focus) {
        if focus != self.focus {
            self.typed.clear();
            self.marker = None;
        }
        self.focus = focus;
    }

    /// Moves to the usable field `step` rows on, the save row closing the round.
    fn step_focus(&mut self, step: isize) {
        let mut stops: Vec<Focus> = self
            .fields()
            .iter()
            .filter(|&&f| self.draft.enabled(f))
            .map(|&f| Focus::Field(f))
            .collect();
        stops.push(Focus::Save);
        if let Some(next) = draft::cycle(&stops, Some(self.focus), step) {
            self.focus_on(next);
        }
    }

    /// A field was filled from the keyboard: on to the next usable one, with a digit meant for
    /// it when it takes a player.
    fn done(&mut self, field: Field, carry: Option<char>, ctx: &EditorContext) {
        let fields = self.fields();
        let at = fields.iter().position(|&f| f == field).unwrap_or(0);
        let next = fields[at + 1..]
            .iter()
            .find(|&&f| self.draft.enabled(f))
            .map_or(Focus::Save, |&f| Focus::Field(f));
        self.focus_on(next);
        if let (Some(digit), Focus::Field(next)) = (carry, next)
            && matches!(next.kind(), Kind::Player { .. })
        {
            self.type_cap(next, digit, ctx);
        }
    }

    /// Whom a player field may name.
    fn pickable(&self, field: Field, ctx: &EditorContext) -> Vec<Person> {
        let Kind::Player { team, coaches } = field.kind() else {
            return Vec::new();
        };
        let Some(side) = self.draft.side_of(team) else {
            return Vec::new();
        };
        let logged = logged(ctx, self.draft.event_id);
        let picked = self.draft.player(field);
        lineup::pickable(ctx.game, side, coaches, picked, &logged)
    }

    fn digit(&mut self, field: Option<Field>, digit: char, ctx: &EditorContext) {
        match field {
            Some(field) if field.kind() == Kind::Time => self.type_time(digit),
            Some(field) if matches!(field.kind(), Kind::Player { .. }) => {
                self.type_cap(field, digit, ctx);
            }
            _ => {
                // A cap typed outside a player field goes to the first player still empty (a
                // goal's scorer once its team is chosen, the assist after a goal's scorer).
                let mut empty = self.fields().iter().copied().find(|&f| {
                    matches!(f.kind(), Kind::Player { .. })
                        && self.draft.enabled(f)
                        && self.draft.player(f).is_none()
                });
                // A swim-off opens with the last one's swimmers: a cap typed names new ones.
                if empty.is_none() && self.draft.event_type == EventType::SwimOff {
                    self.draft.set_player(Field::HomeSwimmer, None);
                    self.draft.set_player(Field::AwaySwimmer, None);
                    empty = Some(Field::HomeSwimmer);
                }
                if let Some(empty) = empty {
                    self.focus_on(Focus::Field(empty));
                    self.type_cap(empty, digit, ctx);
                }
            }
        }
    }

    fn type_cap(&mut self, field: Field, digit: char, ctx: &EditorContext) {
        if !self.draft.enabled(field) {
            return;
        }
        let players: Vec<(u8, u64)> = self
            .pickable(field, ctx)
            .into_iter()
            .filter_map(|p| match p {
                Person::Player(id) => Some((lineup::cap_of(ctx.game, id)?, id)),
                Person::Coach(_) => None,
            })
            .collect();
        let caps: Vec<u8> = players.iter().map(|(cap, _)| *cap).collect();
        match lineup::cap_key(&self.typed, digit, &caps) {
            lineup::CapKey::Pick { cap, typed, done } => {
                let id = players.iter().find(|(c, _)| *c == cap).map(|(_, id)| *id);
                self.draft.set_player(field, id.map(Person::Player));
                self.typed = typed;
                if done {
                    self.done(field, None, ctx);
                }
            }
            lineup::CapKey::Wait { typed } => self.typed = typed,
            lineup::CapKey::Next => {
                self.typed.clear();
                self.done(field, Some(digit), ctx);
            }
            lineup::CapKey::Nothing => {}
        }
    }

    /// The time typed as mmss, the digits coming in from the right ("530" is 05:30).
    fn type_time(&mut self, digit: char) {
        if self.typed.len() == 4 {
            self.typed.remove(0);
        }
        self.typed.push(digit);
        self.set_time_from_typed();
    }

    fn set_time_from_typed(&mut self) {
        let value: u16 = self.typed.parse().unwrap_or(0);
        self.draft.minute = u8::try_from(value / 100).unwrap_or(u8::MAX);
        self.draft.seconds = u8::try_from(value % 100).unwrap_or(u8::MAX);
    }

    /// Left/Right and Space: a choice moves on, a switch turns over, a player field walks its
    /// caps (then the coaches, then nobody), a point is set where the marker is.
    fn change(&mut self, field: Option<Field>, step: isize, ctx: &EditorContext) {
        let Some(field) = field else {
            return;
        };
        match field.kind() {
            Kind::Choice => self.draft.cycle(field, step),
            Kind::Switch => self.draft.toggle(field),
            Kind::Player { .. } if self.draft.enabled(field) => {
                let options: Vec<Option<Person>> = std::iter::once(None)
                    .chain(self.pickable(field, ctx).into_iter().map(Some))
                    .collect();
                let current = self.draft.player(field);
                let next = draft::cycle(&options, Some(current), step).flatten();
                self.typed.clear();
                self.draft.set_player(field, next);
            }
            Kind::Point => self.set_marker(field),
            Kind::Player { .. } | Kind::Time => {}
        }
    }

    fn move_marker(&mut self, field: Field, key: Key) {
        let by = match key {
            Key::Left => (-1, 0),
            Key::Right => (1, 0),
            Key::Up => (0, -1),
            _ => (0, 1),
        };
        let grid = grid::of(field);
        let from = self
            .marker
            .or(self.draft.point(field))
            .unwrap_or(grid.centre());
        let to = grid.moved(from, by);
        self.marker = (Some(to) != self.draft.point(field)).then_some(to);
    }

    /// Sets the point where the marker is (on the picture's centre when it never moved).
    fn set_marker(&mut self, field: Field) {
        let point = self
            .marker
            .or(self.draft.point(field))
            .unwrap_or(grid::of(field).centre());
        self.draft.set_point(field, Some(point));
        self.marker = None;
    }

    fn clear(&mut self, field: Option<Field>) {
        let Some(field) = field else {
            return;
        };
        match field.kind() {
            Kind::Player { .. } => {
                self.typed.clear();
                self.draft.set_player(field, None);
            }
            Kind::Point => {
                self.marker = None;
                self.draft.set_point(field, None);
            }
            Kind::Time => {
                if self.typed.is_empty() {
                    self.typed = format!("{}{:02}", self.draft.minute, self.draft.seconds);
                }
                self.typed.pop();
                self.set_time_from_typed();
            }
            Kind::Choice | Kind::Switch => {}
        }
    }

    /// Everything wrong with the event before it is sent, in the server's words, by the API's
    /// paths: what is missing, then the event on its own, then against its match and log.
    fn check(&self, ctx: &EditorContext) -> Result<EventInput, Vec<(String, String)>> {
        let input = self.draft.input(ctx.game)?;
        let refused = |errors: polodesk_domain::validation::ValidationErrors| {
            let fields = errors.fields().iter();
            fields
                .flat_map(|(path, messages)| messages.iter().map(|m| (path.clone(), m.clone())))
                .collect::<Vec<_>>()
        };
        let fields = input.clone().validate().map_err(refused)?;
        let logged = logged(ctx, self.draft.event_id);
        events::check_in_match(&fields, &ctx.game.state(), &logged).map_err(refused)?;
        Ok(input)
    }

    /// Shows the messages that apply now: those of empty fields only once a save was tried.
    fn refresh(&mut self, ctx: &EditorContext) {
        self.errors.clear();
        self.general.clear();
        let Err(messages) = self.check(ctx) else {
            return;
        };
        for (path, message) in messages {
            if !self.submitted && REQUIRED_MESSAGES.contains(&message.as_str()) {
                continue;
            }
            match fields::of_path(&path) {
                Some(field) => {
                    let shown = self.errors.entry(field).or_default();
                    if !shown.is_empty() {
                        shown.push(' ');
                    }
                    shown.push_str(&message);
                }
                None => self.general.push(message),
            }
        }
    }

    /// Enter: the event when the rules find nothing wrong; else the messages, with focus on the
    /// first field that has one.
    fn save(&mut self, ctx: &EditorContext) -> EditorOutcome {
        self.submitted = true;
        match self.check(ctx) {
            Ok(input) => EditorOutcome::Save(input),
            Err(_) => {
                self.refresh(ctx);
                let first = self.fields().iter().find(|f| self.errors.contains_key(f));
                self.focus_on(first.map_or(Focus::Save, |&f| Focus::Field(f)));
                EditorOutcome::Editing
            }
        }
    }
}
