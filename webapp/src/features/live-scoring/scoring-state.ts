/**
 * The live scoring screen as a pure state machine: keys, clicks, the session's match and events
 * and the timer's ticks go in; the screen's state and the effects to run (save or delete an
 * event, publish the clock) come out. The clock is `lib/clock.ts`; the keys are
 * `key-grammar.ts`; the rules an event must keep are `lib/event-rules.ts`.
 */
import type { EventInput, LiveClock, LoggedEvent, Match } from '@/features/match-session/session-types';
import {
  applyClock,
  type ClockCommand,
  clockForSegmentMinutes,
  clockReading,
  continuedClock,
  liveClockOf,
  type Period,
  type PeriodClock,
  REFUSAL_MESSAGES,
  restoreClock,
} from '@/lib/clock';
import { CHALLENGES_PER_TEAM, excludedForGood, TIMEOUTS_PER_TEAM } from '@/lib/event-rules';
import { PERIODS } from '@/lib/match-codes';
import { eventMatch } from '@/features/live-scoring/editor/editor-sides';
import { checkEditor, type EditorAction, editorReducer, type EditorState } from '@/features/live-scoring/editor/editor-state';
import { correction, keepersByTeam, newEvent, SWIM_OFF, teamCall as teamCallEvent, teamOf, type Who } from '@/features/live-scoring/event-drafts';
import { type EventKind, type KeyCommand, readKey, type Side } from '@/features/live-scoring/key-grammar';

export const KEEPERS_PROMPT = 'Please confirm selected active goalkeepers';
export const DELETE_EVENT_QUESTION = 'Are you sure you want to delete this event?';
export const EVENT_DELETED = 'Event successfully deleted.';
export const PICK_FIRST = 'Pick a player first: w (white) or b (blue), then the cap.';
export const PERIOD_WHILE_PAUSED = 'Close the event form before changing the period.';
export const NOTHING_TO_UNDO = 'There is no event to undo in this period.';

/** The event open in the editor: its state, the logged event it corrects, and the React key of this opening. */
export interface OpenEvent {
  state: EditorState;
  target: { key: string } | null;
  opening: number;
}

export interface ScoringState {
  match: Match | null;
  /** The events as the session has them, writes still waiting included. */
  events: readonly LoggedEvent[];
  /** Null until the match has loaded and the clock was restored from its events. */
  clock: PeriodClock | null;
  /**
   * Whether the clock still goes on from the one published on the hub (`continuedClock`), as
   * that comes: from load until the secretary changes the clock here or the log holds a write
   * not yet sent (logged here, or offline before a reload: newer than any clock the hub heard).
   */
  followsPublished: boolean;
  /** The keys typed so far that wait for more. */
  sequence: string;
  /** The side and player picked last, by keys or a click (a side alone by `w` or `b` and an event key). */
  selection: Who | null;
  editor: OpenEvent | null;
  /** How many times an event was opened: each opening is a new editor that takes focus. */
  openings: number;
  /** The goalkeepers' prompt before a period's swim-off. */
  keepersPrompt: boolean;
  /** The selected active goalkeeper per side (the saver a shot on target sets). */
  keepers: Record<Side, number | null>;
  /** The event whose deletion waits for the secretary's answer. */
  deleting: string | null;
  /** The highlighted event of the period's list (arrow keys), which Enter edits. */
  cursor: string | null;
  help: boolean;
  /** The last refusal: a key that made no sense, a clock command refused, an event's rule. */
  message: string | null;
}

export type Effect =
  | { kind: 'saveEvent'; input: EventInput; target?: { key: string } }
  | { kind: 'deleteEvent'; key: string }
  | { kind: 'publishClock'; clock: LiveClock };

export type ScoringAction =
  | { type: 'session'; match: Match | null; events: readonly LoggedEvent[]; published: LiveClock | null; at: string }
  | { type: 'key'; key: string; at: string }
  | { type: 'tick'; at: string }
  | { type: 'startStop'; at: string }
  | { type: 'adjust'; seconds: number }
  | { type: 'period'; period: Period }
  | { type: 'pickPlayer'; pick: { side: Side; playerId: number } }
  | { type: 'openEvent'; event: EventKind }
  | { type: 'teamCall'; call: 'timeout' | 'challenge'; side: Side; at: string }
  | { type: 'cursor'; key: string }
  | { type: 'editEvent'; key: string }
  | { type: 'askDelete'; key: string }
  | { type: 'answerDelete'; confirmed: boolean }
  | { type: 'editor'; action: EditorAction }
  | { type: 'saved'; input: EventInput; at: string }
  | { type: 'save'; at: string }
  | { type: 'cancel'; at: string }
  | { type: 'keeper'; side: Side; playerId: number }
  | { type: 'confirmKeepers' }
  | { type: 'help'; open: boolean };

export interface Step {
  state: ScoringState;
  effects: Effect[];
}

export const initialScoring: ScoringState = {
  match: null,
  events: [],
  clock: null,
  followsPublished: true,
  sequence: '',
  selection: null,
  editor: null,
  openings: 0,
  keepersPrompt: false,
  keepers: { home: null, away: null },
  deleting: null,
  cursor: null,
  help: false,
  message: null,
};

/** The events that count: those whose deletion waits in the outbox are gone already. */
export const liveEvents = (events: readonly LoggedEvent[]) => events.filter((event) => event.pending?.kind !== 'delete');

export const periodEvents = (state: ScoringState) =>
  state.clock === null ? [] : liveEvents(state.events).filter((event) => event.periodId === state.clock!.period);

export const hasSwimOff = (events: readonly LoggedEvent[], period: Period) =>
  liveEvents(events).some((event) => event.periodId === period && event.swimoff);

/** Timeouts or challenges a side has left (2 each, spec 02 §9). */
export function callsLeft(state: ScoringState, call: 'timeout' | 'challenge', side: Side): number {
  if (state.match === null) return 0;
  const teamId = teamOf(state.match, side);
  const used = liveEvents(state.events).filter((event) => event[call]?.teamId === teamId).length;
  return Math.max((call === 'timeout' ? TIMEOUTS_PER_TEAM : CHALLENGES_PER_TEAM) - used, 0);
}

/** A player's exclusions, in log order (the three boxes of the column). */
export const exclusionsOf = (events: readonly LoggedEvent[], playerId: number) =>
  liveEvents(events).flatMap((event) => (event.exclusion?.excludedPlayerId === playerId ? [event.exclusion] : []));

/** Whether a player's button is disabled: more than 2 exclusions, or a suspension or brutality. */
export const isOut = (events: readonly LoggedEvent[], playerId: number) => excludedForGood(playerId, liveEvents(events));

export const lineupOf = (match: Match, side: Side) =>
  match.players.filter((player) => player.teamId === teamOf(match, side)).sort((a, b) => a.capNumber - b.capNumber);

/** The selected goalkeepers a freshly loaded match starts with: cap 1 of each side. */
function defaultKeeper(match: Match, side: Side): number | null {
  const lineup = lineupOf(match, side);
  return (lineup.find((player) => player.number === 1) ?? lineup.find((player) => player.capNumber === 1))?.playerId ?? null;
}

/** The clock after `command`; a refusal becomes the screen's message. */
function withClock(state: ScoringState, command: ClockCommand): ScoringState {
  if (state.clock === null) return state;
  const { clock, refused } = applyClock(state.clock, command);
  return { ...state, clock, message: refused ? REFUSAL_MESSAGES[refused] : state.message };
}

/** The first message of an event's errors, as the server would give it. */
const firstError = (errors: Record<string, string[]>) => Object.values(errors)[0]?.[0] ?? null;

/** What the event rules check an event of the editor against: the match and its log. */
const rulesOf = (state: ScoringState) => ({ match: eventMatch(state.match!), events: liveEvents(state.events) });

/** Sends a checked event and tells the clock; the editor, if open, closes. */
function saveEvent(state: ScoringState, input: EventInput, at: string): Step {
  const target = state.editor?.target ?? null;
  const clockEvent = {
    typeId: input.typeId!,
    isGoal: input.shot?.isGoal,
    exclusionTypeId: input.exclusion?.typeId ?? null,
    existing: target !== null,
  };
  const saved = withClock({ ...state, message: null }, { command: 'saveEvent', event: clockEvent, at });
  return {
    state: { ...closeEditor(saved, at), selection: null },
    effects: [{ kind: 'saveEvent', input, ...(target ? { target } : {}) }],
  };
}

/** The open event saved if the rules allow it; otherwise it stays open showing what is wrong. */
function saveOpen(state: ScoringState, at: string): Step {
  const open = state.editor!;
  const { match, events } = rulesOf(state);
  const check = checkEditor(open.state, match, events);
  if (check.input !== null) return saveEvent(state, check.input, at);
  const submitted = { ...open, state: editorReducer(open.state, { type: 'submitted' }) };
  return { state: { ...state, editor: submitted, message: firstError(check.errors) }, effects: [] };
}

function closeEditor(state: ScoringState, at: string): ScoringState {
  if (state.editor === null) return state;
  return withClock({ ...state, editor: null, selection: null }, { command: 'closeEventForm', at });
}

function context(state: ScoringState) {
  return { match: state.match!, events: liveEvents(state.events), reading: clockReading(state.clock!), keepers: state.keepers };
}

/** Opens `editor` (a new event or a correction), as a new editor that takes focus. */
function open(state: ScoringState, editor: EditorState, target: { key: string } | null): ScoringState {
  return { ...state, editor: { state: editor, target, opening: state.openings + 1 }, openings: state.openings + 1, message: null };
}

/**
 * Opens `kind` for the picked side and player (the swim-off needs neither); starting an event
 * pauses a running clock, and one opened over another keeps that one's time.
 */
function openEvent(state: ScoringState, kind: EventKind): ScoringState {
  if (state.match === null || state.clock === null) return state;
  if (kind !== 'swimOff' && state.selection === null) return { ...state, message: PICK_FIRST };
  if (state.editor === null) return open(withClock(state, { command: 'startEvent' }), newEvent(kind, state.selection, context(state)), null);
  const openSwimOff = kind === 'swimOff' && state.editor.state.typeId === SWIM_OFF ? state.editor : null;
  if (openSwimOff) return open(state, newEvent(kind, state.selection, context(state), openSwimOff.state), openSwimOff.target);
  const { periodId, minute, seconds } = state.editor.state;
  return open(state, { ...newEvent(kind, state.selection, context(state)), periodId, minute, seconds }, null);
}

function pickPlayer(state: ScoringState, pick: { side: Side; playerId: number }): ScoringState {
  if (state.match === null) return state;
  if (isOut(state.events, pick.playerId)) {
    const cap = state.match.players.find((player) => player.playerId === pick.playerId)?.capNumber;
    return { ...state, message: `Cap ${cap} of ${pick.side === 'home' ? 'white' : 'blue'} is out of the match.` };
  }
  return { ...state, selection: pick, message: null };
}

/** A timeout or challenge, saved at once when the rules allow it (no editor opens). */
function teamCall(state: ScoringState, call: 'timeout' | 'challenge', side: Side, at: string): Step {
  if (state.match === null || state.clock === null) return { state, effects: [] };
  const { match, events } = rulesOf(state);
  const check = checkEditor(teamCallEvent(call, side, context(state)), match, events);
  if (check.input === null) return { state: { ...state, message: firstError(check.errors) }, effects: [] };
  return saveEvent(state, check.input, at);
}

function startStop(state: ScoringState, at: string): ScoringState {
  if (state.clock === null) return state;
  if (state.clock.state === 'Running') return withClock(state, { command: 'stop' });
  if (!hasSwimOff(state.events, state.clock.period) && state.editor?.state.typeId !== SWIM_OFF) {
    return { ...state, keepersPrompt: true };
  }
  return withClock(state, { command: 'start', at });
}

function nextPeriod(state: ScoringState): ScoringState {
  if (state.clock === null) return state;
  const next = PERIODS.find((period) => period.id > state.clock!.period);
  if (next === undefined) return state;
  return changePeriod(state, next.id);
}

function changePeriod(state: ScoringState, period: Period): ScoringState {
  const changed = withClock(state, { command: 'changePeriod', period });
  if (changed.clock?.period !== period) return { ...changed, message: PERIOD_WHILE_PAUSED };
  return { ...changed, cursor: null, message: null };
}

function moveCursor(state: ScoringState, step: 1 | -1): ScoringState {
  const events = periodEvents(state);
  if (events.length === 0) return state;
  const at = events.findIndex((event) => event.key === state.cursor);
  const next = at === -1 ? (step === 1 ? 0 : events.length - 1) : Math.min(Math.max(at + step, 0), events.length - 1);
  return { ...state, cursor: events[next]!.key };
}

function editEvent(state: ScoringState, key: string): ScoringState {
  const event = state.events.find((candidate) => candidate.key === key);
  if (event === undefined || state.editor !== null || state.match === null || state.clock === null) return state;
  return { ...open(withClock(state, { command: 'editEvent' }), correction(event, context(state)), { key }), cursor: key };
}

function save(state: ScoringState, at: string): Step {
  if (state.editor === null) {
    return { state: state.cursor === null ? state : editEvent(state, state.cursor), effects: [] };
  }
  return saveOpen(state, at);
}

function cancel(state: ScoringState, at: string): ScoringState {
  if (state.help) return { ...state, help: false };
  if (state.keepersPrompt) return { ...state, keepersPrompt: false };
  if (state.deleting !== null) return { ...state, deleting: null };
  if (state.editor !== null) return { ...closeEditor(state, at), message: null };
  return { ...state, selection: null, cursor: null, message: null };
}

function undo(state: ScoringState): ScoringState {
  const last = periodEvents(state).at(-1);
  // The row to go is the one marked while the question is open, whatever was marked before.
  return last === undefined ? { ...state, message: NOTHING_TO_UNDO } : { ...state, deleting: last.key, cursor: last.key };
}

function command(state: ScoringState, next: KeyCommand, at: string): Step {
  switch (next.kind) {
    case 'side':
      return { state: { ...state, selection: { side: next.side, playerId: null } }, effects: [] };
    case 'player': {
      const player = state.match ? lineupOf(state.match, next.side).find((candidate) => candidate.capNumber === next.cap) : undefined;
      return { state: player ? pickPlayer(state, { side: next.side, playerId: player.playerId }) : state, effects: [] };
    }
    case 'event':
      return { state: openEvent(state, next.event), effects: [] };
    case 'timeout':
    case 'challenge':
      return teamCall(state, next.kind, next.side, at);
    case 'startStop':
      return { state: startStop(state, at), effects: [] };
    case 'adjust':
      return { state: withClock(state, { command: 'adjust', seconds: next.seconds }), effects: [] };
    case 'nextPeriod':
      return { state: nextPeriod(state), effects: [] };
    case 'undo':
      return { state: undo(state), effects: [] };
    case 'help':
      return { state: { ...state, help: !state.help }, effects: [] };
    case 'save':
      return save(state, at);
    case 'cancel':
      return { state: cancel(state, at), effects: [] };
    case 'cursor':
      return { state: moveCursor(state, next.step), effects: [] };
    case 'delete':
      return { state: state.cursor === null ? state : { ...state, deleting: state.cursor }, effects: [] };
  }
}

/** While a question is open (the keepers' prompt, a deletion), keys answer it and nothing else. */
function answerKey(state: ScoringState, key: string): Step | null {
  if (state.deleting !== null) {
    if (key === 'Enter') return answerDelete(state, true);
    if (key === 'Escape') return answerDelete(state, false);
    return { state, effects: [] };
  }
  if (state.keepersPrompt) {
    if (key === 'Enter') return { state: confirmKeepers(state), effects: [] };
    if (key === 'Escape') return { state: { ...state, keepersPrompt: false }, effects: [] };
    return { state, effects: [] };
  }
  if (state.help && (key === 'Escape' || key === '?')) return { state: { ...state, help: false }, effects: [] };
  return null;
}

function readKeys(state: ScoringState, key: string, at: string): Step {
  const answered = answerKey(state, key);
  if (answered !== null) return answered;
  const caps = state.match
    ? { home: lineupOf(state.match, 'home').map((p) => p.capNumber), away: lineupOf(state.match, 'away').map((p) => p.capNumber) }
    : { home: [], away: [] };
  const read = readKey(state.sequence, key, caps);
  let current: Step = { state: { ...state, sequence: read.sequence, message: read.error ?? state.message }, effects: [] };
  for (const next of read.commands) {
    const stepped = command(current.state, next, at);
    current = { state: stepped.state, effects: [...current.effects, ...stepped.effects] };
  }
  return current;
}

function answerDelete(state: ScoringState, confirmed: boolean): Step {
  if (state.deleting === null) return { state, effects: [] };
  const effects: Effect[] = confirmed ? [{ kind: 'deleteEvent', key: state.deleting }] : [];
  return { state: { ...state, deleting: null, cursor: confirmed ? null : state.cursor }, effects };
}

/** A side's active goalkeeper; an open shot hears of it (for the save its target implies). */
function withKeeper(state: ScoringState, side: Side, playerId: number): ScoringState {
  const keepers = { ...state.keepers, [side]: playerId };
  if (state.editor === null || state.match === null) return { ...state, keepers };
  const editor = editorReducer(state.editor.state, { type: 'keepers', keepers: keepersByTeam(state.match, keepers) });
  return { ...state, keepers, editor: { ...state.editor, state: editor } };
}

function confirmKeepers(state: ScoringState): ScoringState {
  return openEvent({ ...state, keepersPrompt: false, selection: null }, 'swimOff');
}

/**
 * The session's match, events and published clock. The first time the match is there the clock
 * is restored from its events; while `followsPublished`, it goes on from the published clock
 * when that is as recent (a reload, or another device taking over, keeps the running time).
 */
function fromSession(state: ScoringState, session: Extract<ScoringAction, { type: 'session' }>): ScoringState {
  const { match, events, published, at } = session;
  if (match === null) return { ...state, match, events };
  const first = state.match === null;
  const clock = state.clock ?? restoreClock(clockForSegmentMinutes(match.matchSegmentLength).segmentSeconds, liveEvents(events));
  const follows = state.followsPublished && events.every((event) => event.pending === null);
  return {
    ...state,
    match,
    events,
    clock: follows ? continuedClock(clock, published, at) : clock,
    followsPublished: follows,
    keepers: first ? { home: defaultKeeper(match, 'home'), away: defaultKeeper(match, 'away') } : state.keepers,
  };
}

function reduce(state: ScoringState, action: ScoringAction): Step {
  const only = (next: ScoringState): Step => ({ state: next, effects: [] });
  switch (action.type) {
    case 'session':
      return only(fromSession(state, action));
    case 'key':
      return readKeys(state, action.key, action.at);
    case 'tick':
      return only(withClock(state, { command: 'tick', at: action.at }));
    case 'startStop':
      return only(startStop(state, action.at));
    case 'adjust':
      return only(withClock(state, { command: 'adjust', seconds: action.seconds }));
    case 'period':
      return only(changePeriod(state, action.period));
    case 'pickPlayer':
      return only(pickPlayer(state, action.pick));
    case 'openEvent':
      return only(openEvent(state, action.event));
    case 'teamCall':
      return teamCall(state, action.call, action.side, action.at);
    case 'cursor':
      return only({ ...state, cursor: action.key });
    case 'editEvent':
      return only(editEvent(state, action.key));
    case 'askDelete':
      return only({ ...state, deleting: action.key, cursor: action.key });
    case 'answerDelete':
      return answerDelete(state, action.confirmed);
    case 'editor':
      return only(state.editor ? { ...state, editor: { ...state.editor, state: editorReducer(state.editor.state, action.action) } } : state);
    case 'saved':
      return saveEvent(state, action.input, action.at);
    case 'save':
      return save(state, action.at);
    case 'cancel':
      return only(closeEditor(state, action.at));
    case 'keeper':
      return only(withKeeper(state, action.side, action.playerId));
    case 'confirmKeepers':
      return only(confirmKeepers(state));
    case 'help':
      return only({ ...state, help: action.open });
  }
}

/**
 * Whether viewers must hear of the clock: any change but the seconds a running clock counts
 * down (a viewer counts those itself from `runningSince`), and but the published clock taken on.
 */
function clockNews(before: PeriodClock | null, after: PeriodClock | null, action: ScoringAction): boolean {
  if (after === null || before === null || before === after || action.type === 'session') return false;
  if (action.type === 'tick') return before.state !== after.state;
  return (
    before.state !== after.state ||
    before.period !== after.period ||
    before.remainingSeconds !== after.remainingSeconds ||
    before.runningSince !== after.runningSince
  );
}

/**
 * One action: the next state, and the effects the screen runs (the clock published when it
 * changed, and from then on this screen's clock is the match's).
 */
export function step(state: ScoringState, action: ScoringAction): Step {
  const next = reduce(state, action);
  if (!clockNews(state.clock, next.state.clock, action)) return next;
  return {
    state: { ...next.state, followsPublished: false },
    effects: [...next.effects, { kind: 'publishClock', clock: liveClockOf(next.state.clock!) }],
  };
}
