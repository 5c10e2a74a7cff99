//! An event as the API shows it (`EventView`: the common fields and the one sub-record its type
//! names), and the way back to the form a client sends.

use serde::{Deserialize, Serialize};

use super::{Card, Event, EventDetail, EventInput, Exclusion, Shot, SwimOff, TeamCall, Turnover};
use crate::codes::{EventType, Period};

/// An event on the wire: the common fields and the one sub-record its type names, the others
/// null (spec 02 §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    pub id: u64,
    pub match_id: u64,
    pub type_id: EventType,
    pub period_id: Period,
    pub minute: u8,
    pub seconds: u8,
    pub client_id: Option<String>,
    pub paired_event_id: Option<u64>,
    pub timeout: Option<TeamCall>,
    pub swimoff: Option<SwimOff>,
    pub card: Option<Card>,
    pub turnover: Option<Turnover>,
    pub exclusion: Option<Exclusion>,
    pub shot: Option<Shot>,
    pub challenge: Option<TeamCall>,
}

impl From<Event> for EventView {
    fn from(event: Event) -> Self {
        let f = event.fields;
        let mut view = EventView {
            id: event.id,
            match_id: f.match_id,
            type_id: f.detail.event_type(),
            period_id: f.period_id,
            minute: f.minute,
            seconds: f.seconds,
            client_id: f.client_id,
            paired_event_id: f.paired_event_id,
            timeout: None,
            swimoff: None,
            card: None,
            turnover: None,
            exclusion: None,
            shot: None,
            challenge: None,
        };
        match f.detail {
            EventDetail::Timeout(t) => view.timeout = Some(t),
            EventDetail::SwimOff(s) => view.swimoff = Some(s),
            EventDetail::Card(c) => view.card = Some(c),
            EventDetail::Turnover(t) => view.turnover = Some(t),
            EventDetail::Exclusion(e) => view.exclusion = Some(e),
            EventDetail::Shot(s) => view.shot = Some(s),
            EventDetail::Challenge(c) => view.challenge = Some(c),
        }
        view
    }
}

/// An event as read, sent back as it is (an update, or a replay of what was logged).
impl From<EventView> for EventInput {
    fn from(view: EventView) -> Self {
        EventInput {
            id: Some(view.id),
            match_id: Some(view.match_id),
            type_id: Some(view.type_id),
            period_id: Some(view.period_id),
            minute: Some(view.minute),
            seconds: Some(view.seconds),
            client_id: view.client_id,
            paired_event_id: view.paired_event_id,
            timeout: view.timeout,
            swimoff: view.swimoff,
            card: view.card,
            turnover: view.turnover,
            exclusion: view.exclusion,
            shot: view.shot,
            challenge: view.challenge,
        }
    }
}
