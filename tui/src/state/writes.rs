//! Opening the event form, and turning what it saves (or a team call) into a journal write:
//! checked first with the server's rules and messages, a new event with a fresh client id, a
//! correction of a logged one, or a fix of a write the server refused.

use polodesk_domain::clock::{ClockCommand, SavedEvent};
use polodesk_domain::codes::{ClockState, EventType};
use polodesk_domain::events::{EventInput, TeamCall};
use polodesk_domain::matches::Side;

use super::{Console, Effect, Logged, OpenEditor, PICK_FIRST, Step};
use crate::editor::{Editor, EditorContext, Opening};
use crate::grammar::EventKey;
use crate::journal::{EventRef, Write};

impl Console {
    pub(super) fn open(&mut self, opening: Opening, target: Option<Logged>) {
        let reading = self.clock.reading();
        let events = self.log.views();
        let ctx = EditorContext {
            game: &self.game,
            events: &events,
            keepers: self.keepers,
        };
        let (period, minute, seconds) = match &opening {
            Opening::Existing(view) => (view.period_id, view.minute, view.seconds),
            Opening::New { .. } => (reading.period_id, reading.minute, reading.seconds),
        };
        let editor = Editor::open(opening, period, minute, seconds, &ctx);
        self.editor = Some(OpenEditor { editor, target });
        self.notice = None;
    }

    pub(super) fn open_event(&mut self, event: EventKey) {
        let pick = self.pick;
        if event != EventKey::SwimOff && pick.is_none() {
            self.refuse(PICK_FIRST);
            return;
        }
        self.clock_command(&ClockCommand::StartEvent);
        self.open(
            Opening::New {
                event_type: event.event_type(),
                side: pick.map(|p| p.side),
                player: pick.and_then(|p| p.player),
                shot_is_goal: event == EventKey::Goal,
                exclusion_penalty: event == EventKey::Penalty,
            },
            None,
        );
    }

    /// A timeout or challenge, saved at once when the rules allow it (no form opens).
    pub(super) fn team_call(&mut self, event_type: EventType, side: Side, at: &str) -> Step {
        let reading = self.clock.reading();
        let call = Some(TeamCall {
            team_id: self.team_of(side),
        });
        let input = EventInput {
            match_id: Some(self.game.score.id),
            type_id: Some(event_type),
            period_id: Some(reading.period_id),
            minute: Some(reading.minute),
            seconds: Some(reading.seconds),
            timeout: call.clone().filter(|_| event_type == EventType::Timeout),
            challenge: call.filter(|_| event_type == EventType::Challenge),
            ..EventInput::default()
        };
        if let Err(message) = self.check(&input, None) {
            self.refuse(&message);
            return Step::default();
        }
        self.save(input, None, at)
    }

    /// The server's first message for `input`, checked as the server will.
    pub(super) fn check(&self, input: &EventInput, target: Option<&Logged>) -> Result<(), String> {
        let fields = input
            .clone()
            .validate()
            .map_err(|errors| first_message(&errors))?;
        let others: Vec<_> = self
            .log
            .events
            .iter()
            .filter(|event| target.is_none_or(|t| t.view.id == 0 || event.id != t.view.id))
            .cloned()
            .collect();
        polodesk_domain::events::check_in_match(&fields, &self.game.state(), &others)
            .map_err(|errors| first_message(&errors))
    }

    /// Journals a checked event (a new one, or the correction of `target`) and tells the clock.
    pub(super) fn save(&mut self, input: EventInput, target: Option<Logged>, at: &str) -> Step {
        let saved = SavedEvent {
            existing: target.is_some(),
            ..input
                .clone()
                .validate()
                .map(|fields| SavedEvent::from(&fields))
                .unwrap_or(SavedEvent {
                    type_id: input.type_id.unwrap_or(EventType::Timeout),
                    is_goal: false,
                    exclusion_type_id: None,
                    existing: false,
                })
        };
        self.clock_command(&ClockCommand::SaveEvent {
            event: saved,
            at: at.to_owned(),
        });
        if self.editor.is_none() && self.clock.state() == ClockState::Paused {
            self.clock_command(&ClockCommand::CloseEventForm { at: at.to_owned() });
        }
        self.pick = None;
        self.notice = None;
        let mut effects = Vec::new();
        let write = match target {
            // A refused write is fixed by a new one in its place.
            Some(row) if row.waiting.as_ref().is_some_and(|w| w.refused.is_some()) => {
                if let Some(waiting) = &row.waiting {
                    effects.push(Effect::Drop(waiting.seq));
                }
                match row.key {
                    EventRef::Id(id) => Write::Update {
                        target: EventRef::Id(id),
                        event: input,
                    },
                    EventRef::ClientId(_) => new_create(input),
                }
            }
            Some(row) => Write::Update {
                target: row.key,
                event: EventInput {
                    client_id: row.view.client_id,
                    ..input
                },
            },
            None => new_create(input),
        };
        effects.push(Effect::Write(Box::new(write)));
        Step { effects }
    }

    pub(super) fn close_editor(&mut self, at: &str) {
        self.editor = None;
        self.pick = None;
        self.clock_command(&ClockCommand::CloseEventForm { at: at.to_owned() });
    }
}

/// The first message of an event's errors, as the server would give it.
fn first_message(errors: &polodesk_domain::validation::ValidationErrors) -> String {
    errors
        .fields()
        .values()
        .flatten()
        .next()
        .cloned()
        .unwrap_or_default()
}

fn new_create(event: EventInput) -> Write {
    let client_id = uuid::Uuid::new_v4().to_string();
    Write::Create {
        event: EventInput {
            client_id: Some(client_id.clone()),
            ..event
        },
        client_id,
    }
}
