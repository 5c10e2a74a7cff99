//! Events in their own table, with the match's event list and the logging clients' ids; each
//! write rescores the match.

use polodesk_domain::events::{self, Event, EventFields, EventView};
use polodesk_domain::matches::{Match, MatchState};
use redb::{ReadableMultimapTable, ReadableTable};

use super::{
    Actor, EventRecord, EventWrite, MatchRecord, MatchesOf, Tx, conflict, invalid, json,
    match_must_exist,
};
use crate::codec::{self, Stored, record_v1};
use crate::tables::{self, EVENT_CLIENT_IDS, EVENTS_BY_MATCH, MATCHES_BY};
use crate::txn::WriteTx;
use crate::{Result, Store, StoreError};

record_v1!(Stored<EventFields>, "Event", EVENTS);

/// Writes an event with its entries in the match's event list and client-id index.
pub(crate) fn put_event(tx: &WriteTx<'_>, id: u64, fields: &EventFields) -> Result<()> {
    codec::put(tx, id, &Stored(fields.clone()))?;
    tx.open_multimap_table(EVENTS_BY_MATCH)?
        .insert(fields.match_id, id)?;
    if let Some(client_id) = &fields.client_id {
        tx.open_table(EVENT_CLIENT_IDS)?
            .insert((fields.match_id, client_id.as_str()), id)?;
    }
    Ok(())
}

/// Writes an event of an export with its index entries, after checking its match exists and
/// its client id is new.
pub(crate) fn restore_event(tx: &WriteTx<'_>, id: u64, fields: &EventFields) -> Result<()> {
    codec::get::<MatchRecord>(&tx.open_table(tables::MATCHES)?, fields.match_id)?;
    if let Some(client_id) = &fields.client_id
        && tx
            .open_table(EVENT_CLIENT_IDS)?
            .get((fields.match_id, client_id.as_str()))?
            .is_some()
    {
        return Err(conflict(format!(
            "Its client id {client_id} is taken by another event of its match."
        )));
    }
    put_event(tx, id, fields)
}

impl Tx<'_> {
    pub(super) fn events(&self, match_id: u64) -> Result<Vec<Event>> {
        let table = self.tx.open_table(tables::EVENTS)?;
        let ids: Vec<u64> = self
            .tx
            .open_multimap_table(EVENTS_BY_MATCH)?
            .get(match_id)?
            .map(|id| Ok(id?.value()))
            .collect::<Result<_>>()?;
        ids.into_iter()
            .map(|id| {
                let record: EventRecord = codec::get(&table, id)?;
                Ok(Event {
                    id,
                    fields: record.0,
                })
            })
            .collect()
    }

    pub(super) fn put_event(&self, id: u64, fields: &EventFields) -> Result<()> {
        put_event(self.tx, id, fields)
    }

    /// What a replayed call answers: the event and its other half as they are, and the match,
    /// with nothing written.
    fn replayed(&self, event: Event) -> Result<EventWrite> {
        let table = self.tx.open_table(tables::EVENTS)?;
        let paired = match event.fields.paired_event_id {
            Some(pair) => Some(Event {
                id: pair,
                fields: codec::get::<EventRecord>(&table, pair)?.0,
            }),
            None => None,
        };
        let game = Match {
            id: event.fields.match_id,
            state: self.load(event.fields.match_id)?,
        };
        Ok(EventWrite {
            event,
            paired,
            removed_pair: None,
            game,
            replayed: true,
            reopened: false,
        })
    }

    /// The other half of a double exclusion for `event` (none for any other event), checked
    /// against the log with `event` in it; `log` is left as it was.
    fn checked_mirror(
        &self,
        event: &Event,
        state: &MatchState,
        log: &mut Vec<Event>,
    ) -> Result<Option<EventFields>> {
        let Some(mirror) = events::mirrored(&event.fields, state) else {
            return Ok(None);
        };
        log.push(event.clone());
        let checked = events::check_in_match(&mirror, state, log);
        log.pop();
        checked.map_err(StoreError::Invalid)?;
        Ok(Some(mirror))
    }

    /// Writes a new event and, for a double exclusion, its mirror for the other team, each
    /// checked against the log so far and noted in the history; `log` gains both, with their
    /// final ids. The one path by which a new event and its mirror are written.
    pub(super) fn insert_with_mirror(
        &self,
        state: &MatchState,
        log: &mut Vec<Event>,
        fields: EventFields,
        actor: &Actor,
    ) -> Result<(Event, Option<Event>)> {
        events::check_in_match(&fields, state, log).map_err(StoreError::Invalid)?;
        let id = codec::next_id::<EventRecord>(self.tx)?;
        let mut event = Event { id, fields };
        let pair = match self.checked_mirror(&event, state, log)? {
            Some(mirror) => {
                let pair_id = codec::next_id::<EventRecord>(self.tx)?;
                event.fields.paired_event_id = Some(pair_id);
                Some(Event {
                    id: pair_id,
                    fields: EventFields {
                        paired_event_id: Some(id),
                        ..mirror
                    },
                })
            }
            None => None,
        };
        for written in std::iter::once(&event).chain(&pair) {
            self.put_event(written.id, &written.fields)?;
            let after = json(&EventView::from(written.clone()));
            self.history(event.fields.match_id, actor, "Event created", None, after)?;
        }
        log.push(event.clone());
        log.extend(pair.clone());
        Ok((event, pair))
    }

    pub(super) fn remove_event(&self, id: u64) -> Result<EventFields> {
        let old: EventRecord = codec::remove(self.tx, id)?;
        self.tx
            .open_multimap_table(EVENTS_BY_MATCH)?
            .remove(old.0.match_id, id)?;
        if let Some(client_id) = &old.0.client_id {
            self.tx
                .open_table(EVENT_CLIENT_IDS)?
                .remove((old.0.match_id, client_id.as_str()))?;
        }
        Ok(old.0)
    }

    /// Recomputes the score from `all` the match's events and saves the match.
    pub(super) fn rescore(
        &self,
        match_id: u64,
        before: &MatchState,
        mut state: MatchState,
        all: &[Event],
    ) -> Result<Match> {
        state.score = events::score(&state, all);
        self.save(match_id, Some(before), &mut state)?;
        Ok(Match {
            id: match_id,
            state,
        })
    }
}

impl Store {
    pub fn events_of(&self, match_id: u64) -> Result<Vec<Event>> {
        let tx = self.read()?;
        match_must_exist(&tx, match_id)?;
        let ids: Vec<u64> = tx
            .open_multimap_table(EVENTS_BY_MATCH)?
            .get(match_id)?
            .map(|id| Ok(id?.value()))
            .collect::<Result<_>>()?;
        let table = tx.open_table(tables::EVENTS)?;
        let mut events: Vec<Event> = ids
            .into_iter()
            .map(|id| {
                let record: EventRecord = codec::get(&table, id)?;
                Ok(Event {
                    id,
                    fields: record.0,
                })
            })
            .collect::<Result<_>>()?;
        events.sort_by_key(|e| (e.fields.clock_key(), e.id));
        Ok(events)
    }

    pub fn event(&self, id: u64) -> Result<Event> {
        let tx = self.read()?;
        let record: EventRecord = codec::get(&tx.open_table(tables::EVENTS)?, id)?;
        Ok(Event {
            id,
            fields: record.0,
        })
    }

    /// Records an event (and the other half of a double exclusion) and rescores the match. A
    /// retried POST with a known client id returns the first event and changes nothing.
    pub async fn create_event(&self, fields: EventFields, actor: Actor) -> Result<EventWrite> {
        self.repeatable_match_write(move |t| {
            let fields = fields.clone();
            let match_id = fields.match_id;
            let before = match t.load(match_id) {
                Err(StoreError::NotFound { .. }) => {
                    return Err(invalid("matchId", "The chosen match does not exist."));
                }
                other => other?,
            };
            if let Some(client_id) = &fields.client_id {
                let known =
                    t.tx.open_table(EVENT_CLIENT_IDS)?
                        .get((match_id, client_id.as_str()))?
                        .map(|v| v.value());
                if let Some(id) = known {
                    let record: EventRecord = codec::get(&t.tx.open_table(tables::EVENTS)?, id)?;
                    return t.replayed(Event {
                        id,
                        fields: record.0,
                    });
                }
            }
            let mut state = before.clone();
            t.open_log(match_id, &mut state, &actor)?;
            let mut log = t.events(match_id)?;
            let (event, paired) = t.insert_with_mirror(&state, &mut log, fields, &actor)?;
            let game = t.rescore(match_id, &before, state, &log)?;
            Ok(EventWrite {
                event,
                paired,
                removed_pair: None,
                game,
                replayed: false,
                reopened: before.log_confirmed_by_any(),
            })
        })
        .await
    }

    /// Replaces an event; the other half of a double exclusion follows (made, changed or
    /// removed).
    pub async fn update_event(
        &self,
        id: u64,
        fields: EventFields,
        actor: Actor,
    ) -> Result<EventWrite> {
        self.repeatable_match_write(move |t| {
            let mut fields = fields.clone();
            let old: EventRecord = codec::get(&t.tx.open_table(tables::EVENTS)?, id)?;
            let old = old.0;
            if fields.match_id != old.match_id {
                return Err(invalid("matchId", "An event cannot move to another match."));
            }
            // The client id and the pairing are the store's to keep, not the sender's.
            fields.client_id = old.client_id.clone();
            fields.paired_event_id = old.paired_event_id;
            // A replayed edit (an offline client sending it again) finds the event as it sent
            // it: nothing is written, even on a log confirmed since.
            if fields == old {
                return t.replayed(Event { id, fields: old });
            }
            let match_id = old.match_id;
            let (before, state) = t.opened(match_id, &actor)?;
            let mut others: Vec<Event> = t
                .events(match_id)?
                .into_iter()
                .filter(|e| e.id != id && Some(e.id) != old.paired_event_id)
                .collect();
            events::check_in_match(&fields, &state, &others).map_err(StoreError::Invalid)?;
            let mut removed_pair = None;
            let mut pair_before = None;
            let updated = Event {
                id,
                fields: fields.clone(),
            };
            let mirror = t.checked_mirror(&updated, &state, &mut others)?;
            let paired = match (mirror, old.paired_event_id) {
                (Some(mirror), pair) => {
                    // A replaced half keeps its client id, so its retried POST still finds it.
                    let (pair_id, client_id) = match pair {
                        Some(pair_id) => {
                            let replaced = t.remove_event(pair_id)?;
                            let client_id = replaced.client_id.clone();
                            pair_before = Some(Event {
                                id: pair_id,
                                fields: replaced,
                            });
                            (pair_id, client_id)
                        }
                        None => (codec::next_id::<EventRecord>(t.tx)?, None),
                    };
                    let pair = Event {
                        id: pair_id,
                        fields: EventFields {
                            paired_event_id: Some(id),
                            client_id,
                            ..mirror
                        },
                    };
                    t.put_event(pair_id, &pair.fields)?;
                    fields.paired_event_id = Some(pair_id);
                    Some(pair)
                }
                (None, Some(pair_id)) => {
                    pair_before = Some(Event {
                        id: pair_id,
                        fields: t.remove_event(pair_id)?,
                    });
                    removed_pair = Some(pair_id);
                    fields.paired_event_id = None;
                    None
                }
                (None, None) => None,
            };
            t.remove_event(id)?;
            t.put_event(id, &fields)?;
            let event = Event { id, fields };
            t.history(
                match_id,
                &actor,
                "Event updated",
                json(&EventView::from(Event { id, fields: old })),
                json(&EventView::from(event.clone())),
            )?;
            if pair_before.is_some() || paired.is_some() {
                let view = |e: &Option<Event>| e.clone().map(EventView::from);
                let action = match (&pair_before, &paired) {
                    (None, Some(_)) => "Event created",
                    (Some(_), None) => "Event deleted",
                    _ => "Event updated",
                };
                t.history(
                    match_id,
                    &actor,
                    action,
                    json(&view(&pair_before)),
                    json(&view(&paired)),
                )?;
            }
            others.push(event.clone());
            others.extend(paired.clone());
            let game = t.rescore(match_id, &before, state, &others)?;
            Ok(EventWrite {
                event,
                paired,
                removed_pair,
                game,
                replayed: false,
                reopened: before.log_confirmed_by_any(),
            })
        })
        .await
    }

    /// Removes an event and the other half of a double exclusion.
    pub async fn delete_event(&self, id: u64, actor: Actor) -> Result<EventWrite> {
        self.repeatable_match_write(move |t| {
            let old = t.remove_event(id)?;
            let match_id = old.match_id;
            let (before, state) = t.opened(match_id, &actor)?;
            let removed_pair = match old.paired_event_id {
                Some(pair) if t.tx.open_table(tables::EVENTS)?.get(pair)?.is_some() => {
                    Some(Event {
                        id: pair,
                        fields: t.remove_event(pair)?,
                    })
                }
                _ => None,
            };
            let event = Event { id, fields: old };
            for removed in std::iter::once(&event).chain(&removed_pair) {
                let before_write = json(&EventView::from(removed.clone()));
                t.history(match_id, &actor, "Event deleted", before_write, None)?;
            }
            let all = t.events(match_id)?;
            let game = t.rescore(match_id, &before, state, &all)?;
            let removed_pair = removed_pair.map(|pair| pair.id);
            Ok(EventWrite {
                event,
                paired: None,
                removed_pair,
                game,
                replayed: false,
                reopened: before.log_confirmed_by_any(),
            })
        })
        .await
    }

    /// Recomputes from their events the scores of a competition's matches (the standings'
    /// "from scratch"); returns how many changed.
    pub async fn rescore_competition(&self, competition_id: u64) -> Result<usize> {
        self.match_write(move |t| {
            let ids: Vec<u64> =
                t.tx.open_multimap_table(MATCHES_BY)?
                    .get(MatchesOf::Competition(competition_id).key())?
                    .map(|id| Ok(id?.value()))
                    .collect::<Result<_>>()?;
            let mut changed = 0;
            for id in ids {
                let before = t.load(id)?;
                let score = events::score(&before, &t.events(id)?);
                if score != before.score {
                    let mut state = MatchState {
                        score,
                        ..before.clone()
                    };
                    t.save(id, Some(&before), &mut state)?;
                    changed += 1;
                }
            }
            Ok(changed)
        })
        .await
    }
}
