//! The event logs of the matches written lately, decoded, for the writer: an event write checks
//! the new event against its match's whole log and rescores it, and reading that log from the
//! file (one B-tree lookup and one decode an event) was most of the writer's time in a live
//! match (docs/benchmarks.md, "The durable write: a write-ahead log").
//!
//! A log is kept with the match revision it belongs to. A write that finds its match at that
//! revision in its transaction takes the log from here; any other finds it in the file. Every
//! event put or removed forgets its match's log, and a rescore then keeps the new one with the
//! new revision, so the file stays the truth: only a log a committed write left can be here.

use std::collections::HashMap;

use polodesk_domain::events::Event;

/// The most logs kept: far more than the matches logged live at once.
const KEPT: usize = 256;

#[derive(Debug, Default)]
pub(crate) struct EventLogs {
    logs: HashMap<u64, Kept>,
    /// Counts the logs kept, so the one kept longest ago goes first.
    kept: u64,
}

#[derive(Debug)]
struct Kept {
    revision: u64,
    events: Vec<Event>,
    at: u64,
}

impl EventLogs {
    /// The events of `match_id` at `revision`, in id order, if they are here.
    pub(crate) fn get(&self, match_id: u64, revision: u64) -> Option<Vec<Event>> {
        self.logs
            .get(&match_id)
            .filter(|kept| kept.revision == revision)
            .map(|kept| kept.events.clone())
    }

    /// Keeps a match's log at `revision`, or forgets it (`None`).
    pub(crate) fn set(&mut self, match_id: u64, log: Option<(u64, Vec<Event>)>) {
        let Some((revision, events)) = log else {
            self.logs.remove(&match_id);
            return;
        };
        if self.logs.len() >= KEPT && !self.logs.contains_key(&match_id) {
            let oldest = self.logs.iter().min_by_key(|(_, kept)| kept.at);
            if let Some(&oldest) = oldest.map(|(id, _)| id) {
                self.logs.remove(&oldest);
            }
        }
        self.kept += 1;
        let at = self.kept;
        self.logs.insert(
            match_id,
            Kept {
                revision,
                events,
                at,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{EventLogs, KEPT};

    #[test]
    fn a_log_is_found_only_at_its_revision_and_the_oldest_goes_first() {
        let mut logs = EventLogs::default();
        logs.set(1, Some((4, Vec::new())));
        assert!(logs.get(1, 4).is_some());
        assert!(logs.get(1, 5).is_none(), "a later revision reads the file");
        logs.set(1, None);
        assert!(logs.get(1, 4).is_none());

        for id in 0..KEPT as u64 + 1 {
            logs.set(id, Some((1, Vec::new())));
        }
        assert!(logs.get(0, 1).is_none(), "the log kept longest ago went");
        assert!(logs.get(KEPT as u64, 1).is_some());
        assert!(logs.get(1, 1).is_some());
    }
}
