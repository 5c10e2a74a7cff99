//! The match log as the console shows it: the server's events with the journal's writes still
//! waiting on top (a new event shows at once, a correction replaces its row, a deletion hides
//! it), and what the screen reads from it: a period's rows, a player's exclusions, the calls a
//! team has left, the score. The rules are the domain's; this only gathers their inputs.

use polodesk_domain::codes::Period;
use polodesk_domain::events::{
    self, CHALLENGES_PER_TEAM, Event, EventDetail, EventInput, EventView, Exclusion,
    TIMEOUTS_PER_TEAM,
};
use polodesk_domain::matches::{MatchState, Score};

use crate::journal::{EventRef, Pending, Write};

/// One row of the log.
#[derive(Debug, Clone, PartialEq)]
pub struct Logged {
    /// The event as it will be once sent (id 0 until the server numbers it).
    pub view: EventView,
    /// How writes name it: its server id, or the client id of a create not yet sent.
    pub key: EventRef,
    /// The journal's write on this row still waiting to be sent, if any.
    pub waiting: Option<Waiting>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    pub seq: u64,
    /// The server's message when it refused the write.
    pub refused: Option<String>,
    /// The write is a deletion (the row shows only while it is refused).
    pub deleting: bool,
}

/// The log and what the rules read from it, kept together so each change computes them once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MatchLog {
    pub rows: Vec<Logged>,
    /// The rows as the domain's events (pending ones numbered 0), for the rules.
    pub events: Vec<Event>,
    pub score: Score,
}

impl MatchLog {
    pub fn new(state: &MatchState, server: &[EventView], pending: &[Pending]) -> MatchLog {
        let rows = merge(server, pending);
        let events: Vec<Event> = rows
            .iter()
            .filter(|row| row.waiting.as_ref().is_none_or(|w| !w.deleting))
            .filter_map(|row| {
                let fields = EventInput::from(row.view.clone()).validate().ok()?;
                Some(Event {
                    id: row.view.id,
                    fields,
                })
            })
            .collect();
        let score = events::score(state, &events);
        MatchLog {
            rows,
            events,
            score,
        }
    }

    /// The rows of one period, in log order.
    pub fn period(&self, period: Period) -> impl Iterator<Item = &Logged> {
        self.rows
            .iter()
            .filter(move |row| row.view.period_id == period)
    }

    /// The events that count, as the API shows them (the event form's context).
    pub fn views(&self) -> Vec<EventView> {
        self.events.iter().cloned().map(EventView::from).collect()
    }

    pub fn find(&self, key: &EventRef) -> Option<&Logged> {
        self.rows.iter().find(|row| &row.key == key)
    }

    /// A player's exclusions in log order (the three boxes of the lineup).
    pub fn exclusions_of(&self, player_id: u64) -> Vec<&Exclusion> {
        self.events
            .iter()
            .filter_map(|event| match &event.fields.detail {
                EventDetail::Exclusion(e) if e.excluded_player_id == Some(player_id) => Some(e),
                _ => None,
            })
            .collect()
    }

    /// Out of the match: three exclusions, or a suspension or brutality.
    pub fn is_out(&self, player_id: u64) -> bool {
        events::excluded_for_good(player_id, &self.events)
    }

    /// Timeouts (or challenges) `team_id` has left.
    pub fn calls_left(&self, team_id: u64, challenge: bool) -> usize {
        let used = self
            .events
            .iter()
            .filter(|event| match &event.fields.detail {
                EventDetail::Timeout(call) if !challenge => call.team_id == team_id,
                EventDetail::Challenge(call) if challenge => call.team_id == team_id,
                _ => false,
            })
            .count();
        let allowed = if challenge {
            CHALLENGES_PER_TEAM
        } else {
            TIMEOUTS_PER_TEAM
        };
        allowed.saturating_sub(used)
    }

    pub fn has_swim_off(&self, period: Period) -> bool {
        self.events.iter().any(|event| {
            event.fields.period_id == period
                && matches!(event.fields.detail, EventDetail::SwimOff(_))
        })
    }
}

fn view_of(event: &EventInput, id: u64) -> Option<EventView> {
    let fields = event.clone().validate().ok()?;
    Some(EventView::from(Event { id, fields }))
}

/// The server's events with the waiting writes applied in order. A create the server already
/// has (its client id is on a server event: sent, its acknowledgement not yet journaled) is not
/// shown twice.
fn merge(server: &[EventView], pending: &[Pending]) -> Vec<Logged> {
    let mut rows: Vec<Logged> = server
        .iter()
        .map(|view| Logged {
            view: view.clone(),
            key: EventRef::Id(view.id),
            waiting: None,
        })
        .collect();
    let server_id_of = |client_id: &str| {
        server
            .iter()
            .find(|view| view.client_id.as_deref() == Some(client_id))
            .map(|view| view.id)
    };
    // A write naming a create by its client id names the server's event once it has one.
    let resolve = |target: &EventRef| match target {
        EventRef::ClientId(client_id) => server_id_of(client_id)
            .map(EventRef::Id)
            .unwrap_or_else(|| target.clone()),
        EventRef::Id(_) => target.clone(),
    };
    for pending in pending {
        let waiting = |deleting| {
            Some(Waiting {
                seq: pending.seq,
                refused: pending.refused.clone(),
                deleting,
            })
        };
        match &pending.write {
            Write::Create { client_id, event } => {
                if server_id_of(client_id).is_some() {
                    continue;
                }
                if let Some(view) = view_of(event, 0) {
                    rows.push(Logged {
                        view,
                        key: EventRef::ClientId(client_id.clone()),
                        waiting: waiting(false),
                    });
                }
            }
            Write::Update { target, event } => {
                let target = resolve(target);
                if let Some(row) = rows.iter_mut().find(|row| row.key == target)
                    && let Some(mut view) = view_of(event, row.view.id)
                {
                    view.client_id = row.view.client_id.clone();
                    row.view = view;
                    row.waiting = waiting(false);
                }
            }
            Write::Delete { target } => {
                let target = resolve(target);
                if let Some(row) = rows.iter_mut().find(|row| row.key == target) {
                    row.waiting = waiting(true);
                }
            }
        }
    }
    // A deletion waiting to be sent hides its row; a refused one shows, to be dropped or fixed.
    rows.retain(|row| {
        row.waiting
            .as_ref()
            .is_none_or(|w| !w.deleting || w.refused.is_some())
    });
    rows.sort_by_key(|row| {
        (
            row.view.period_id,
            std::cmp::Reverse((row.view.minute, row.view.seconds)),
            // Unsent creates after the server's events of the same second, in the order typed.
            row.view.id == 0,
            row.view.id,
            row.waiting.as_ref().map(|w| w.seq),
        )
    });
    rows
}
