//! A whole match log written at once inside a batch (the demo season, imports).

use polodesk_domain::codes::MatchStatus;
use polodesk_domain::dates::Instant;
use polodesk_domain::events::{self, Event, EventFields};
use polodesk_domain::matches::{
    self as rules, CoachRow, Match, MatchFields, MatchState, OfficialRow, PlayerRow,
};

use super::{Actor, MatchRecord, Tx, conflict, invalid, json};
use crate::Result;
use crate::codec;

/// A whole match log, written at once inside a [`crate::Batch`] (the demo season, imports): the
/// fixture, its lineups, bench and officials, its events in order, the status it ends in and the
/// officials' confirmations.
#[derive(Debug, Clone)]
pub struct MatchLog {
    pub fields: MatchFields,
    pub players: Vec<PlayerRow>,
    pub coaches: Vec<CoachRow>,
    pub officials: Vec<OfficialRow>,
    /// In log order; each one's `match_id` is set to the new match's.
    pub events: Vec<EventFields>,
    pub status: MatchStatus,
    /// The officials (by official id) who confirmed the log, and when; only on a finished match.
    pub confirmations: Vec<(u64, Instant)>,
}

impl crate::Batch<'_> {
    /// Writes a whole match log in the batch's transaction, through the same checks and in the
    /// same order as the API's calls (fixture, lineups from the rosters, officials, every event
    /// against the log so far with its double-exclusion mirror, status, confirmations), with a
    /// history entry for each step.
    pub fn write_match_log(&self, log: MatchLog, actor: &Actor) -> Result<Match> {
        let t = Tx { tx: self.tx };
        t.check_fixture(&log.fields)?;
        let id = codec::next_id::<MatchRecord>(t.tx)?;
        let mut state = MatchState::new(log.fields);
        t.save(id, None, &mut state)?;
        t.history(id, actor, "Match created", None, json(&state.fields))?;
        let created = state.clone();
        state.players = t.squad(&state.players, log.players)?;
        t.history(id, actor, "Lineups changed", None, json(&state.players))?;
        state.coaches = t.squad(&state.coaches, log.coaches)?;
        t.history(id, actor, "Coaches changed", None, json(&state.coaches))?;
        state.officials = t.officials(id, &state, log.officials)?;
        t.history(id, actor, "Officials changed", None, json(&state.officials))?;
        if log.status != MatchStatus::NotStarted {
            if !MatchStatus::NotStarted.can_move_to(log.status) {
                return Err(conflict(MatchStatus::NotStarted.refusal(log.status)));
            }
            state.status_id = log.status;
            t.history(
                id,
                actor,
                "Status changed",
                json(&MatchStatus::NotStarted),
                json(&log.status),
            )?;
        }
        let mut all: Vec<Event> = Vec::with_capacity(log.events.len());
        for mut fields in log.events {
            fields.match_id = id;
            t.insert_with_mirror(&state, &mut all, fields, actor)?;
        }
        state.score = events::score(&state, &all);
        for (official_id, at) in log.confirmations {
            if state.status_id != MatchStatus::Finished {
                return Err(conflict(rules::NOT_FINISHED));
            }
            let entry = state
                .officials
                .iter_mut()
                .find(|o| o.official_id == official_id)
                .ok_or_else(|| {
                    invalid(
                        "matchOfficials",
                        "Only an official of the match can confirm its log.",
                    )
                })?;
            entry.confirmed = true;
            entry.confirmed_at = Some(at);
            let confirmed = entry.clone();
            let who = Actor {
                at,
                ..actor.clone()
            };
            t.history(id, &who, "Log confirmed", None, json(&confirmed))?;
        }
        t.save(id, Some(&created), &mut state)?;
        Ok(Match { id, state })
    }
}
