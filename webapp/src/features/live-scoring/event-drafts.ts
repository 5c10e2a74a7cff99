/**
 * The event editor's state for what a key or a click starts: an event of a kind for a picked
 * player (or only a team, the player then typed in the editor), a team call, a swim-off with the
 * last swimmers, or a correction of a logged event.
 */
import type { LoggedEvent, Match } from '@/features/match-session/session-types';
import type { ClockReading } from '@/lib/clock';
import { type EditorState, editorReducer, type Keepers, openEditor, type OpenEditorArgs } from '@/features/live-scoring/editor/editor-state';
import type { EventKind, Side } from '@/features/live-scoring/key-grammar';

/** Who an event is for: a side, and its player when one was picked. */
export interface Who {
  side: Side;
  playerId: number | null;
}

const KINDS: Readonly<Record<EventKind, Pick<OpenEditorArgs, 'typeId' | 'subTypeId' | 'isGoal'>>> = {
  goal: { typeId: 705, isGoal: true },
  miss: { typeId: 705, isGoal: false },
  exclusion: { typeId: 704, subTypeId: 1000 },
  penalty: { typeId: 704, subTypeId: 1003 },
  card: { typeId: 702 },
  turnover: { typeId: 703 },
  swimOff: { typeId: 701 },
};

export const SWIM_OFF = 701;

export const teamOf = (match: Match, side: Side) => (side === 'home' ? match.homeTeamId : match.awayTeamId);

/** The selected goalkeepers by team, as the editor takes them. */
export const keepersByTeam = (match: Match, keepers: Readonly<Record<Side, number | null>>): Keepers => ({
  [match.homeTeamId]: keepers.home,
  [match.awayTeamId]: keepers.away,
});

interface Context {
  match: Match;
  events: readonly LoggedEvent[];
  reading: ClockReading;
  keepers: Readonly<Record<Side, number | null>>;
}

const common = ({ match, reading, keepers }: Context) => ({
  match: { id: match.id, homeTeamId: match.homeTeamId, awayTeamId: match.awayTeamId },
  keepers: keepersByTeam(match, keepers),
  period: reading.periodId,
  minute: reading.minute,
  seconds: reading.seconds,
});

/** A new swim-off between the swimmers of the match's last one. */
function swimOff(context: Context): EditorState {
  const last = context.events.findLast((event) => event.swimoff)?.swimoff;
  const state = openEditor({ ...common(context), typeId: SWIM_OFF });
  if (!last) return state;
  const withHome = editorReducer(state, { type: 'homeSwimmer', playerId: last.homeTeamSwimmerId });
  return editorReducer(withHome, { type: 'awaySwimmer', playerId: last.awayTeamSwimmerId });
}

/** The swim-off won by `pick`'s player, who swam for his side. */
function wonBy(state: EditorState, pick: Who | null): EditorState {
  if (pick?.playerId == null) return state;
  const swam = editorReducer(state, { type: pick.side === 'home' ? 'homeSwimmer' : 'awaySwimmer', playerId: pick.playerId });
  return editorReducer(swam, { type: 'swimOffWinner', playerId: pick.playerId });
}

/**
 * A new `kind` event at the clock's reading for `pick`. A swim-off already open (`openSwimOff`)
 * keeps its swimmers and takes the picked player as its winner.
 */
export function newEvent(kind: EventKind, pick: Who | null, context: Context, openSwimOff: EditorState | null = null): EditorState {
  if (kind === 'swimOff') return wonBy(openSwimOff ?? swimOff(context), pick);
  return openEditor({
    ...common(context),
    ...KINDS[kind],
    teamId: pick ? teamOf(context.match, pick.side) : null,
    playerId: pick?.playerId ?? null,
  });
}

/** A timeout or a challenge of `side`. */
export const teamCall = (call: 'timeout' | 'challenge', side: Side, context: Context): EditorState =>
  openEditor({ ...common(context), typeId: call === 'timeout' ? 700 : 706, teamId: teamOf(context.match, side) });

/** A logged event, to correct. */
export const correction = (event: LoggedEvent, context: Context): EditorState =>
  openEditor({ ...common(context), typeId: event.typeId, existing: event });
