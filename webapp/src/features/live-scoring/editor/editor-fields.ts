/**
 * The editor's fields as the keyboard walks them: which fields an event type shows, in order,
 * which of them are usable now (§4: assisted-by only for goals, blocked-by only for misses, the
 * fast break and direct-from-foul not for penalties, the penalty exclusion only with the 5m
 * type), the first one still needed (where focus goes), the first player still empty (where a
 * cap typed elsewhere goes), and which field a message of the rules
 * belongs to (by its path, `shot.takenById` → `takenBy`).
 */
import type { EventErrors } from '@/lib/event-rules';
import { CARD, type EditorState, EXCLUSION, EXCLUSION_PENALTY, isPenaltyShot, SHOT, SWIM_OFF, TURNOVER } from './editor-state';

export type FieldId =
  | 'team'
  | 'subType'
  | 'goal'
  | 'takenBy'
  | 'assistedBy'
  | 'blockedBy'
  | 'savedBy'
  | 'fastBreak'
  | 'directFromFoul'
  | 'excluded'
  | 'fouled'
  | 'penaltyExclusion'
  | 'doubleExclusion'
  | 'carded'
  | 'lostBy'
  | 'wonBy'
  | 'homeSwimmer'
  | 'awaySwimmer'
  | 'winner'
  | 'location'
  | 'target'
  | 'time';

const ORDER: Readonly<Record<number, readonly FieldId[]>> = {
  [SHOT]: ['team', 'subType', 'goal', 'takenBy', 'assistedBy', 'blockedBy', 'savedBy', 'fastBreak', 'directFromFoul', 'location', 'target'],
  [EXCLUSION]: ['team', 'subType', 'excluded', 'fouled', 'penaltyExclusion', 'doubleExclusion', 'location'],
  [CARD]: ['team', 'subType', 'carded'],
  [TURNOVER]: ['team', 'subType', 'lostBy', 'wonBy'],
  [SWIM_OFF]: ['homeSwimmer', 'awaySwimmer', 'winner'],
};
const TEAM_ONLY: readonly FieldId[] = ['team'];

/** The fields of the state's event type, in the order they show; the time comes last. */
export const fieldOrder = (state: EditorState): readonly FieldId[] => [...(ORDER[state.typeId] ?? TEAM_ONLY), 'time'];

/** Whether a field can be used now; a field that needs the team waits for it. */
export function fieldEnabled(state: EditorState, field: FieldId): boolean {
  const { shot, exclusion } = state;
  switch (field) {
    case 'assistedBy':
      return state.teamId !== null && shot.isGoal;
    case 'blockedBy':
      return state.teamId !== null && !shot.isGoal;
    case 'savedBy':
      return state.teamId !== null && !shot.isGoal && shot.blockedById === null;
    case 'fastBreak':
    case 'directFromFoul':
      return !isPenaltyShot(shot.typeId);
    case 'penaltyExclusion':
      return exclusion.typeId === EXCLUSION_PENALTY;
    case 'takenBy':
    case 'excluded':
    case 'fouled':
    case 'carded':
    case 'lostBy':
    case 'wonBy':
      return state.teamId !== null;
    case 'winner':
      return state.swimoff.homeTeamSwimmerId !== null && state.swimoff.awayTeamSwimmerId !== null;
    default:
      return true;
  }
}

/** Whether the event cannot be saved until the field is filled. */
function needed(state: EditorState, field: FieldId): boolean {
  const { shot, exclusion, card, swimoff } = state;
  switch (field) {
    case 'team':
      return state.teamId === null;
    case 'takenBy':
      return shot.takenById === null;
    case 'excluded':
      return exclusion.excluded === null;
    case 'fouled':
      return exclusion.isDoubleExclusion && exclusion.fouledPlayerId === null;
    case 'carded':
      return card.carded === null;
    case 'homeSwimmer':
      return swimoff.homeTeamSwimmerId === null;
    case 'awaySwimmer':
      return swimoff.awayTeamSwimmerId === null;
    case 'winner':
      return swimoff.winnerSwimmerId === null;
    default:
      return false;
  }
}

/** Where focus goes: the first field still needed, or null when the event can be saved as it is. */
export function firstNeeded(state: EditorState): FieldId | null {
  return fieldOrder(state).find((field) => fieldEnabled(state, field) && needed(state, field)) ?? null;
}

/** The player picked in a player field (null when empty), or undefined for other fields. */
function playerPicked(state: EditorState, field: FieldId): object | number | null | undefined {
  const { shot, exclusion, card, turnover, swimoff } = state;
  const picked: Partial<Record<FieldId, object | number | null>> = {
    takenBy: shot.takenById,
    assistedBy: shot.assistedById,
    blockedBy: shot.blockedById,
    savedBy: shot.savedById,
    excluded: exclusion.excluded,
    fouled: exclusion.fouledPlayerId,
    carded: card.carded,
    lostBy: turnover.lostPossesionPlayerId,
    wonBy: turnover.wonPossesionPlayerId,
    homeSwimmer: swimoff.homeTeamSwimmerId,
    awaySwimmer: swimoff.awayTeamSwimmerId,
  };
  return picked[field];
}

/** The first usable player field still empty: where a cap typed elsewhere in the editor goes. */
export function firstEmptyPlayer(state: EditorState): FieldId | null {
  return fieldOrder(state).find((field) => fieldEnabled(state, field) && playerPicked(state, field) === null) ?? null;
}

/** The usable field after `field`, or null after the last. */
export function nextField(state: EditorState, field: FieldId): FieldId | null {
  const order = fieldOrder(state);
  return order.slice(order.indexOf(field) + 1).find((next) => fieldEnabled(state, next)) ?? null;
}

/** The field a message belongs to by the last part of its path; null for the event as a whole. */
const BY_NAME: Readonly<Record<string, FieldId>> = {
  teamId: 'team',
  typeId: 'subType',
  isGoal: 'goal',
  takenById: 'takenBy',
  assistedById: 'assistedBy',
  blockedById: 'blockedBy',
  savedById: 'savedBy',
  isFastBreak: 'fastBreak',
  isDirectFromFoul: 'directFromFoul',
  excludedPlayerId: 'excluded',
  excludedCoachId: 'excluded',
  fouledPlayerId: 'fouled',
  isPenaltyExclusion: 'penaltyExclusion',
  isDoubleExclusion: 'doubleExclusion',
  cardedPlayerId: 'carded',
  cardedCoachId: 'carded',
  lostPossesionPlayerId: 'lostBy',
  wonPossesionPlayerId: 'wonBy',
  homeTeamSwimmerId: 'homeSwimmer',
  awayTeamSwimmerId: 'awaySwimmer',
  winnerSwimmerId: 'winner',
  winnerTeamId: 'winner',
  locationX: 'location',
  locationY: 'location',
  targetX: 'target',
  targetY: 'target',
  minute: 'time',
  seconds: 'time',
};

export function fieldOfPath(path: string): FieldId | null {
  const name = path.slice(path.lastIndexOf('.') + 1);
  return path.includes('.') || name === 'minute' || name === 'seconds' ? (BY_NAME[name] ?? null) : null;
}

/** The messages by field, and those of the event as a whole (a second swim-off in a period). */
export function errorsByField(errors: EventErrors): { fields: Partial<Record<FieldId, string>>; general: string[] } {
  const fields: Partial<Record<FieldId, string>> = {};
  const general: string[] = [];
  for (const [path, messages] of Object.entries(errors)) {
    const field = fieldOfPath(path);
    if (field === null) general.push(...messages);
    else fields[field] = [fields[field], ...messages].filter(Boolean).join(' ');
  }
  return { fields, general };
}

/** The first field with a message, in the order they show: where focus goes after a refused save. */
export function firstWithError(state: EditorState, errors: EventErrors): FieldId | null {
  const { fields } = errorsByField(errors);
  return fieldOrder(state).find((field) => fields[field] !== undefined) ?? null;
}
