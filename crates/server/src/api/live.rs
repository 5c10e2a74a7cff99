//! What the API tells the live hub (DESIGN §6): every event write, with the match's score, and
//! every change of a match's status, lineups or officials, to the viewers of that match.

use polodesk_domain::events::{Event, EventView};
use polodesk_domain::matches::Match;
use polodesk_domain::views::score::score_of;
use polodesk_store::EventWrite;
use serde_json::json;

use crate::AppState;
use crate::hub::Hub;

/// What an event write did, as the hub names it.
#[derive(Debug, Clone, Copy)]
pub enum Action {
    Created,
    Updated,
    Deleted,
}

impl Action {
    fn word(self) -> &'static str {
        match self {
            Action::Created => "created",
            Action::Updated => "updated",
            Action::Deleted => "deleted",
        }
    }
}

fn event_message(action: Action, event: &Event, game: &Match) -> serde_json::Value {
    json!({
        "type": "Event",
        "action": action.word(),
        "event": EventView::from(event.clone()),
        "match": score_of(game),
    })
}

/// Publishes an event write: the event, and the other half of a double exclusion (made,
/// changed or removed with it). A replayed POST changed nothing and publishes nothing.
pub fn event_written(state: &AppState, action: Action, write: &EventWrite) {
    if write.replayed {
        return;
    }
    let match_id = write.game.id;
    state
        .hub
        .publish(match_id, event_message(action, &write.event, &write.game));
    if let Some(paired) = &write.paired {
        state
            .hub
            .publish(match_id, event_message(action, paired, &write.game));
    }
    if let Some(removed) = write.removed_pair {
        state.hub.publish(
            match_id,
            json!({"type": "Event", "action": "deleted", "event": {"id": removed}, "match": score_of(&write.game)}),
        );
    }
}

/// Tells a match's viewers that it was deleted.
pub fn match_deleted(state: &AppState, match_id: u64) {
    state
        .hub
        .publish(match_id, json!({"type": "Match", "deleted": true}));
}

/// Publishes a change of a match's fields, status, lineups or officials, with its score.
pub fn match_changed(state: &AppState, game: &Match) {
    state.hub.publish(
        game.id,
        json!({
            "type": "Match",
            "match": score_of(game),
            "players": game.state.players,
            "coaches": game.state.coaches,
            "officials": game.state.officials,
        }),
    );
}
