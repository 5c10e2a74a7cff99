//! PLACEHOLDER until the event form lands: the API the console state calls.
#![allow(dead_code, unused_variables)]

use polodesk_domain::codes::{EventType, Period};
use polodesk_domain::events::{EventInput, EventView};
use polodesk_domain::matches::Side;
use polodesk_domain::views::matches::MatchView;

use crate::grammar::Key;

#[derive(Debug, Clone, Copy)]
pub struct EditorContext<'a> {
    pub game: &'a MatchView,
    pub events: &'a [EventView],
    pub keepers: (Option<u64>, Option<u64>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Opening {
    New {
        event_type: EventType,
        side: Option<Side>,
        player: Option<u64>,
        shot_is_goal: bool,
        exclusion_penalty: bool,
    },
    Existing(EventView),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Editor {
    title: String,
    existing: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum EditorOutcome {
    Editing,
    Save(EventInput),
    Cancel,
}

impl Editor {
    pub fn open(
        opening: Opening,
        period: Period,
        minute: u8,
        seconds: u8,
        ctx: &EditorContext,
    ) -> Editor {
        Editor {
            title: "Event".into(),
            existing: matches!(opening, Opening::Existing(_)),
        }
    }
    pub fn key(&mut self, key: Key, ctx: &EditorContext) -> EditorOutcome {
        match key {
            Key::Escape => EditorOutcome::Cancel,
            _ => EditorOutcome::Editing,
        }
    }
    pub fn title(&self) -> String {
        self.title.clone()
    }
    pub fn is_existing(&self) -> bool {
        self.existing
    }
}
