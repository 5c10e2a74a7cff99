//! Events for the unit tests of the rules that read them (event checks, statistics).

use crate::codes::{Period, ShotType};
use crate::events::{Event, EventDetail, EventFields, Shot};

/// A regular attack shot with nothing recorded but who took it and whether it went in.
pub fn shot(team_id: u64, taken_by_id: u64, is_goal: bool) -> Shot {
    Shot {
        is_goal,
        ..Shot::new(team_id, ShotType::RegularAttack, taken_by_id)
    }
}

/// A stored event in the fifth minute of `period`.
pub fn event(match_id: u64, id: u64, period: Period, detail: EventDetail) -> Event {
    Event {
        id,
        fields: EventFields {
            match_id,
            period_id: period,
            minute: 5,
            seconds: 0,
            client_id: None,
            paired_event_id: None,
            detail,
        },
    }
}
