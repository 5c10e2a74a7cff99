//! What the API tells the live hub (DESIGN §6): every event write, with the match's score, and
//! every change of a match's status, lineups or officials, to the viewers of that match.

use polodesk_domain::events::{Event, EventView};
pub use polodesk_domain::live::Action;
use polodesk_domain::live::{
    EventBody, EventMessage, GroupMessage, MatchChange, MatchMessage, RemovedEvent,
};
use polodesk_domain::matches::Match;
use polodesk_domain::views::score::score_of;
use polodesk_store::EventWrite;

use crate::AppState;

fn event_message(action: Action, event: EventBody, game: &Match) -> GroupMessage {
    GroupMessage::Event(EventMessage {
        action,
        event,
        score: score_of(game),
    })
}

fn whole(event: &Event) -> EventBody {
    EventBody::Whole(Box::new(EventView::from(event.clone())))
}

/// Publishes an event write: the event, and the other half of a double exclusion (made,
/// changed or removed with it). A replayed POST changed nothing and publishes nothing.
pub fn event_written(state: &AppState, action: Action, write: &EventWrite) {
    if write.replayed {
        return;
    }
    let match_id = write.game.id;
    let hub = &state.hub;
    hub.publish(
        match_id,
        event_message(action, whole(&write.event), &write.game),
    );
    if let Some(paired) = &write.paired {
        hub.publish(match_id, event_message(action, whole(paired), &write.game));
    }
    if let Some(id) = write.removed_pair {
        let removed = EventBody::Removed(RemovedEvent { id });
        hub.publish(
            match_id,
            event_message(Action::Deleted, removed, &write.game),
        );
    }
    // A correction cleared the confirmations: screens that show them read them again.
    if write.reopened {
        match_changed(state, &write.game);
    }
}

/// Tells a match's viewers that it was deleted.
pub fn match_deleted(state: &AppState, match_id: u64) {
    state
        .hub
        .publish(match_id, GroupMessage::Match(MatchMessage::deleted()));
}

/// Publishes a change of a match's fields, status, lineups or officials, with its score.
pub fn match_changed(state: &AppState, game: &Match) {
    let change = MatchChange {
        score: score_of(game),
        players: game.state.players.clone(),
        coaches: game.state.coaches.clone(),
        officials: game.state.officials.clone(),
    };
    state
        .hub
        .publish(game.id, GroupMessage::Match(MatchMessage::Changed(change)));
}
