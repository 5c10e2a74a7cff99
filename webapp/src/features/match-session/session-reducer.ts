/**
 * The match session as a pure state machine: what the server said (its load, the hub's messages,
 * the answers to our writes) and the outbox's writes on top. `sessionState` derives what the
 * screens draw. The score is always the server's: a write still waiting does not move it.
 */
import type { Schemas } from '@/api/types';
import { liveClockOf } from '@/lib/clock';
import { type EventFields, type EventMatch, mirrored } from '@/lib/event-rules';
import type { MatchMessage } from '@/lib/hub';
import type { MatchSnapshot } from '@/lib/match-snapshots';
import type { EventWithScore, OpTarget, OutboxNews, OutboxOp } from '@/lib/outbox';
import type {
  Connection,
  EventInput,
  EventView,
  LiveClock,
  LoggedEvent,
  Match,
  MatchScore,
  MatchSessionState,
} from '@/features/match-session/session-types';

/** What the server told us about an event (a hub message or the answer to our write). */
type EventFact = { action: Schemas['Action']; event: EventView | { id: number }; score: MatchScore | null };

export interface SessionModel {
  matchId: number;
  status: MatchSessionState['status'];
  error: string | null;
  match: Match | null;
  /** The events as the server has them, in no particular order. */
  events: EventView[];
  ops: OutboxOp[];
  connection: Connection;
  clock: LiveClock | null;
  /** When the match shown is this device's copy (the server could not be reached): when it was taken. */
  savedAt: string | null;
  /** Counts the loads asked for; the hook loads the match again when it grows. */
  reloads: number;
  /** Facts heard while a load is under way, applied again on top of its result. */
  heard: EventFact[] | null;
}

export type SessionAction =
  | { type: 'loaded'; match: Match; events: EventView[] }
  | { type: 'loadFailed'; error: string }
  /** The server could not be reached: the device's last copy of the match stands in. */
  | { type: 'restored'; snapshot: MatchSnapshot }
  | { type: 'hub'; message: MatchMessage }
  | { type: 'resync' }
  | { type: 'outbox'; news: OutboxNews }
  | { type: 'connection'; connection: Connection }
  /** The screen moved to another match. */
  | { type: 'start'; matchId: number };

export const MATCH_DELETED = 'This match was deleted.';

export function initialModel(matchId: number): SessionModel {
  return {
    matchId,
    status: 'loading',
    error: null,
    match: null,
    events: [],
    ops: [],
    connection: 'connecting',
    clock: null,
    savedAt: null,
    reloads: 0,
    heard: [],
  };
}

/** A newer score only: `revision` counts the match's writes, and answers may cross messages. */
export function withScore(match: Match | null, score: MatchScore | null): Match | null {
  if (!match || !score || score.revision < match.revision) return match;
  return { ...match, ...score };
}

function applyFact(model: SessionModel, fact: EventFact): SessionModel {
  const others = model.events.filter((event) => event.id !== fact.event.id);
  const events = fact.action === 'deleted' || !('typeId' in fact.event) ? others : [...others, fact.event];
  return { ...model, events, match: withScore(model.match, fact.score) };
}

/** The facts an answer to our write holds: the event, and the other half of a double exclusion. */
function answerFacts(op: OutboxOp, result: EventWithScore | null): EventFact[] {
  if (!result) {
    return 'eventId' in op.target ? [{ action: 'deleted', event: { id: op.target.eventId }, score: null }] : [];
  }
  const { match: score, pairedEvent, removedPairedEventId, ...event } = result;
  const action = op.kind === 'create' ? 'created' : op.kind === 'update' ? 'updated' : 'deleted';
  const facts: EventFact[] = [{ action, event, score }];
  if (pairedEvent) facts.push({ action, event: pairedEvent, score });
  if (removedPairedEventId != null) facts.push({ action: 'deleted', event: { id: removedPairedEventId }, score });
  return facts;
}

/** Applies facts now and, while a load is under way, keeps them to apply on its result. */
function hear(model: SessionModel, facts: readonly EventFact[]): SessionModel {
  const applied = facts.reduce(applyFact, model);
  return model.heard ? { ...applied, heard: [...model.heard, ...facts] } : applied;
}

const reload = (model: SessionModel): SessionModel => ({ ...model, reloads: model.reloads + 1, heard: model.heard ?? [] });

export function sessionReducer(model: SessionModel, action: SessionAction): SessionModel {
  switch (action.type) {
    case 'loaded': {
      const loaded: SessionModel = { ...model, status: 'ready', error: null, match: action.match, events: action.events, savedAt: null, heard: null };
      return (model.heard ?? []).reduce(applyFact, loaded);
    }
    case 'restored': {
      // A copy never replaces what the server said in this tab.
      if (model.status === 'ready') return { ...model, heard: null };
      const { match, events, clock, savedAt } = action.snapshot;
      return { ...model, status: 'ready', error: null, match, events, clock: model.clock ?? clock, savedAt, heard: null };
    }
    case 'loadFailed':
      // A failed reload keeps what was shown; the next Resync tries again.
      return model.status === 'ready' ? { ...model, heard: null } : { ...model, status: 'failed', error: action.error, heard: null };
    case 'resync':
      return reload(model);
    case 'start':
      // The reload count goes on, so the hook's load for the new match is the only one.
      return { ...initialModel(action.matchId), reloads: model.reloads };
    case 'connection': {
      const next = { ...model, connection: action.connection };
      // Back in touch with the server while showing the device's copy: load the real thing.
      return action.connection === 'online' && model.savedAt !== null ? reload(next) : next;
    }
    case 'outbox': {
      const { ops, answered } = action.news;
      const next = { ...model, ops };
      return answered ? hear(next, answerFacts(answered.op, answered.result)) : next;
    }
    case 'hub': {
      const { message } = action;
      if (message.type === 'Clock') return { ...model, clock: liveClockOf(message) };
      if (message.type === 'Event') return hear(model, [{ action: message.action, event: message.event, score: message.match }]);
      if ('deleted' in message) return { ...model, status: 'failed', error: MATCH_DELETED, heard: null };
      // The lineups come without the names the screens show: load the match again.
      return reload({ ...model, match: withScore(model.match, message.match) });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What the screens see

/** An event's stable key: the clientId it was created with, else its id. */
export const eventKey = (event: { id: number; clientId?: string | null }) => event.clientId ?? `#${event.id}`;

/** The key of the mirrored twin shown for a double exclusion whose create waits. */
const twinKey = (clientId: string) => `${clientId}~pair`;

/** The original's key for the key of a waiting twin, else null. */
export const twinOf = (key: string) => (key.endsWith('~pair') ? key.slice(0, -'~pair'.length) : null);

export const eventMatch = (match: Match): EventMatch => ({
  homeTeamId: match.homeTeamId,
  awayTeamId: match.awayTeamId,
  segmentLength: match.matchSegmentLength,
  players: match.players,
  coaches: match.coaches,
});

/** The event a write describes. */
export const fieldsOf = (input: EventInput, matchId: number): EventFields =>
  ({ ...input, matchId: input.matchId ?? matchId, minute: input.minute ?? 0, seconds: input.seconds ?? 0 }) as EventFields;

interface Row {
  event: LoggedEvent;
  /** Log order among events at the same time: saved ones by id, then waiting ones as made. */
  order: readonly [number, number];
}

/** A saved event with nothing waiting as one object for as long as the server's stays the same: lists redraw only what changed. */
const settled = new WeakMap<EventView, LoggedEvent>();
function settledEvent(event: EventView): LoggedEvent {
  let logged = settled.get(event);
  if (!logged) settled.set(event, (logged = { ...event, key: eventKey(event), pending: null }));
  return logged;
}

/** The events in log order: the server's, with the outbox's writes applied on top. */
export function loggedEvents(model: SessionModel): LoggedEvent[] {
  const rows: Row[] = model.events.map((event) => ({ event: settledEvent(event), order: [0, event.id] }));
  const saved = new Set(model.events.flatMap((event) => (event.clientId ? [event.clientId] : [])));
  const find = (target: OpTarget) =>
    rows.find(({ event }) => ('eventId' in target ? event.id === target.eventId : event.key === target.clientId));
  for (const op of model.ops) {
    const pending = { kind: op.kind, state: op.state, message: op.message };
    // A create the server already has (the hub was faster than its answer) shows as saved.
    if (op.kind === 'create' && 'clientId' in op.target && saved.has(op.target.clientId)) continue;
    const row = find(op.target);
    if (op.kind === 'delete') {
      if (row) row.event = { ...row.event, pending };
      continue;
    }
    const fields = fieldsOf(op.input!, model.matchId);
    const key = 'clientId' in op.target ? op.target.clientId : `#${op.target.eventId}`;
    if (row && op.kind === 'update') {
      row.event = { ...row.event, ...fields, id: row.event.id, key: row.event.key, pending };
      continue;
    }
    const id = 'eventId' in op.target ? op.target.eventId : null;
    rows.push({ event: { ...fields, id, key, pending }, order: [1, op.seq] });
    const twin = op.kind === 'create' && model.match ? mirrored(fields, eventMatch(model.match)) : null;
    if (twin) rows.push({ event: { ...twin, id: null, key: twinKey(key), pending }, order: [1, op.seq] });
  }
  const clock = (event: LoggedEvent) => event.minute * 60 + event.seconds;
  return rows
    .sort(
      (a, b) =>
        a.event.periodId - b.event.periodId ||
        clock(b.event) - clock(a.event) ||
        a.order[0] - b.order[0] ||
        a.order[1] - b.order[1],
    )
    .map((row) => row.event);
}

export function sessionState(model: SessionModel): MatchSessionState {
  return {
    status: model.status,
    error: model.error,
    match: model.match,
    events: loggedEvents(model),
    waiting: model.ops.filter((op) => op.state === 'waiting').length,
    refused: model.ops.filter((op) => op.state === 'refused').length,
    connection: model.connection,
    clock: model.clock,
    savedAt: model.savedAt,
  };
}
