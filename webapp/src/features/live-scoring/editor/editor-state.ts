/**
 * One event being entered or corrected on the live scoring screen, as a pure reducer (spec 02
 * §3 sub-records, §4 Event form behaviour, §9 bounds).
 *
 * API (stable; the live scoring screen builds on it):
 * - `openEditor(args)` → `EditorState`: a new event of `typeId` at the clock's period and time,
 *   with the team, the type's main player (scorer, excluded, carded, lost possession, swimmer),
 *   the sub-type and the goal flag pre-filled when given; or a correction of `existing`.
 * - `editorReducer(state, action)`: every `EditorAction` changes one field and applies the form
 *   rules that follow from it (goal / blocked / assisted / saved interplay, penalty toggles,
 *   the turnover winner, the save the goal-target bounds imply, by `lib/shot-target`).
 * - `missingFields(state)`: the fields the API needs that are still empty, with their messages.
 * - `toEventInput(state)`: the `EventInput` to send, or null while a needed field is empty.
 * - `checkEditor(state, match, events)`: everything wrong with the event before it is sent, in
 *   the server's words (`validateEvent` and `checkInMatch` of `lib/event-rules`), by field path
 *   (`shot.takenById`, `exclusion.fouledPlayerId`…), with the input when nothing is wrong and the
 *   double exclusion's mirrored twin. `events` is the whole log: the event corrected is left out
 *   (`isEdited`: by id, or by clientId while its creation waits in the outbox).
 * - `editorEventLabel(state)`: the event's name in the editor's title (Goal for a shot that scored).
 * - `shownErrors(state, errors)`: what the form shows: "required" messages only once a save
 *   was tried, the rest as soon as they apply.
 */
import type { Schemas } from '@/api/types';
import {
  checkInMatch,
  type EventErrors,
  type EventFields,
  type EventInput,
  type EventMatch,
  type EventView,
  mirrored,
  PLAYER_OR_COACH_REQUIRED,
  validateEvent,
} from '@/lib/event-rules';
import { type EventType, eventTypeLabel, type Period } from '@/lib/match-codes';
import { type ActiveKeepers, impliedSave, savedBy, type ShooterSide } from '@/lib/shot-target';

export type ShotType = Schemas['ShotType'];
export type ExclusionType = Schemas['ExclusionType'];
export type CardType = Schemas['CardType'];
export type TurnoverType = Schemas['TurnoverType'];

export const TIMEOUT = 700;
export const SWIM_OFF = 701;
export const CARD = 702;
export const TURNOVER = 703;
export const EXCLUSION = 704;
export const SHOT = 705;
export const CHALLENGE = 706;

const SHOT_PENALTY = 1101;
const SHOT_PENALTY_SHOOTOUT = 1103;
export const EXCLUSION_PENALTY = 1003;

export const TEAM_REQUIRED = 'Team field is required!';
export const TAKEN_BY_REQUIRED = 'Taken by field is required!';
export const HOME_SWIMMER_REQUIRED = 'Home swimmer field is required!';
export const AWAY_SWIMMER_REQUIRED = 'Away swimmer field is required!';
export const WINNER_REQUIRED = 'Winner field is required!';

/** The messages of empty fields: the form keeps them back until a save is tried. */
const REQUIRED_MESSAGES = new Set([
  TEAM_REQUIRED,
  TAKEN_BY_REQUIRED,
  HOME_SWIMMER_REQUIRED,
  AWAY_SWIMMER_REQUIRED,
  WINNER_REQUIRED,
  PLAYER_OR_COACH_REQUIRED,
]);

/** A point on the pool or goal picture, each coordinate 0..1. */
export interface Point {
  x: number;
  y: number;
}

/** A coordinate as the server keeps it: within 0..1, to three decimals. */
export const toCoordinate = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000;

/** The match as the editor needs it: which teams play, to know each side's opponent. */
export interface EditorMatch {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
}

/** The selected active goalkeeper (player id) of each team, by team id. */
export type Keepers = Readonly<Record<number, number | null>>;

/** A player or a coach: who a card or an exclusion is given to. */
export type Person = { playerId: number } | { coachId: number } | null;

export interface ShotDraft {
  typeId: ShotType;
  takenById: number | null;
  assistedById: number | null;
  blockedById: number | null;
  savedById: number | null;
  isGoal: boolean;
  isFastBreak: boolean;
  isDirectFromFoul: boolean;
  location: Point | null;
  target: Point | null;
}

export interface ExclusionDraft {
  typeId: ExclusionType;
  excluded: Person;
  fouledPlayerId: number | null;
  isPenaltyExclusion: boolean;
  isDoubleExclusion: boolean;
  location: Point | null;
}

export interface CardDraft {
  typeId: CardType;
  carded: Person;
}

export interface TurnoverDraft {
  typeId: TurnoverType;
  lostPossesionPlayerId: number | null;
  wonPossesionPlayerId: number | null;
}

export interface SwimOffDraft {
  homeTeamSwimmerId: number | null;
  awayTeamSwimmerId: number | null;
  winnerSwimmerId: number | null;
}

export interface EditorState {
  match: EditorMatch;
  keepers: Keepers;
  /** The event corrected (null while new, or while its creation still waits in the outbox). */
  eventId: number | null;
  clientId: string | null;
  typeId: EventType;
  periodId: Period;
  minute: number;
  seconds: number;
  /** The team the event is for; unused by a swim-off, which names both teams' swimmers. */
  teamId: number | null;
  shot: ShotDraft;
  exclusion: ExclusionDraft;
  card: CardDraft;
  turnover: TurnoverDraft;
  swimoff: SwimOffDraft;
  /** A save was tried: the form now shows what is still missing too. */
  submitted: boolean;
}

/** An event of the log to correct: an `EventView`, whose id is null while its creation waits. */
export type ExistingEvent = Omit<EventView, 'id'> & { id: number | null };

export interface OpenEditorArgs {
  match: EditorMatch;
  keepers: Keepers;
  typeId: EventType;
  period: Period;
  minute: number;
  seconds: number;
  teamId?: number | null;
  /** The type's main player: the shooter, the excluded, the carded, who lost the ball, a swimmer. */
  playerId?: number | null;
  /** The shot, exclusion, card or turnover type to start with (else the first of its list). */
  subTypeId?: number;
  /** A shot that starts as a goal. */
  isGoal?: boolean;
  existing?: ExistingEvent;
}

const EMPTY_SHOT: ShotDraft = {
  typeId: 1100,
  takenById: null,
  assistedById: null,
  blockedById: null,
  savedById: null,
  isGoal: false,
  isFastBreak: false,
  isDirectFromFoul: false,
  location: null,
  target: null,
};
const EMPTY_EXCLUSION: ExclusionDraft = {
  typeId: 1000,
  excluded: null,
  fouledPlayerId: null,
  isPenaltyExclusion: false,
  isDoubleExclusion: false,
  location: null,
};
const EMPTY_CARD: CardDraft = { typeId: 800, carded: null };
const EMPTY_TURNOVER: TurnoverDraft = { typeId: 900, lostPossesionPlayerId: null, wonPossesionPlayerId: null };
const EMPTY_SWIMOFF: SwimOffDraft = { homeTeamSwimmerId: null, awayTeamSwimmerId: null, winnerSwimmerId: null };

const pointOf = (x: number | null | undefined, y: number | null | undefined): Point | null =>
  x === null || x === undefined || y === null || y === undefined ? null : { x, y };

const personOf = (playerId: number | null | undefined, coachId: number | null | undefined): Person =>
  playerId != null ? { playerId } : coachId != null ? { coachId } : null;

/** The team an existing event is for. */
function teamOfEvent(event: ExistingEvent): number | null {
  const record = event.timeout ?? event.challenge ?? event.card ?? event.turnover ?? event.exclusion ?? event.shot;
  return record?.teamId ?? null;
}

/** The drafts of an existing event: its own sub-record, the others empty. */
function draftsOf(event: ExistingEvent) {
  const { shot, exclusion, card, turnover, swimoff } = event;
  return {
    shot: shot
      ? {
          typeId: shot.typeId,
          takenById: shot.takenById,
          assistedById: shot.assistedById ?? null,
          blockedById: shot.blockedById ?? null,
          savedById: shot.savedById ?? null,
          isGoal: shot.isGoal ?? false,
          isFastBreak: shot.isFastBreak ?? false,
          isDirectFromFoul: shot.isDirectFromFoul ?? false,
          location: pointOf(shot.locationX, shot.locationY),
          target: pointOf(shot.targetX, shot.targetY),
        }
      : EMPTY_SHOT,
    exclusion: exclusion
      ? {
          typeId: exclusion.typeId,
          excluded: personOf(exclusion.excludedPlayerId, exclusion.excludedCoachId),
          fouledPlayerId: exclusion.fouledPlayerId ?? null,
          isPenaltyExclusion: exclusion.isPenaltyExclusion ?? false,
          isDoubleExclusion: exclusion.isDoubleExclusion ?? false,
          location: pointOf(exclusion.locationX, exclusion.locationY),
        }
      : EMPTY_EXCLUSION,
    card: card ? { typeId: card.typeId, carded: personOf(card.cardedPlayerId, card.cardedCoachId) } : EMPTY_CARD,
    turnover: turnover
      ? {
          typeId: turnover.typeId,
          lostPossesionPlayerId: turnover.lostPossesionPlayerId ?? null,
          wonPossesionPlayerId: turnover.wonPossesionPlayerId ?? null,
        }
      : EMPTY_TURNOVER,
    swimoff: swimoff ?? EMPTY_SWIMOFF,
  };
}

/** The drafts of a new event, with its main player, sub-type and goal flag when given. */
function newDrafts(args: OpenEditorArgs) {
  const player = args.playerId ?? null;
  const drafts = {
    shot: { ...EMPTY_SHOT, takenById: player, isGoal: args.isGoal ?? false },
    exclusion: { ...EMPTY_EXCLUSION, excluded: player === null ? null : { playerId: player } },
    card: { ...EMPTY_CARD, carded: player === null ? null : { playerId: player } },
    turnover: { ...EMPTY_TURNOVER, lostPossesionPlayerId: player },
    swimoff: {
      ...EMPTY_SWIMOFF,
      homeTeamSwimmerId: args.teamId === args.match.homeTeamId ? player : null,
      awayTeamSwimmerId: args.teamId === args.match.awayTeamId ? player : null,
    },
  };
  const sub = args.subTypeId;
  if (sub === undefined) return drafts;
  if (args.typeId === SHOT) drafts.shot.typeId = sub as ShotType;
  if (args.typeId === EXCLUSION) drafts.exclusion.typeId = sub as ExclusionType;
  if (args.typeId === CARD) drafts.card.typeId = sub as CardType;
  if (args.typeId === TURNOVER) drafts.turnover.typeId = sub as TurnoverType;
  return drafts;
}

export function openEditor(args: OpenEditorArgs): EditorState {
  const { existing } = args;
  return {
    match: args.match,
    keepers: args.keepers,
    eventId: existing?.id ?? null,
    clientId: existing?.clientId ?? null,
    typeId: existing?.typeId ?? args.typeId,
    periodId: existing?.periodId ?? args.period,
    minute: existing?.minute ?? args.minute,
    seconds: existing?.seconds ?? args.seconds,
    teamId: existing ? teamOfEvent(existing) : (args.teamId ?? null),
    ...(existing ? draftsOf(existing) : newDrafts(args)),
    submitted: false,
  };
}

export type EditorAction =
  | { type: 'team'; teamId: number }
  | { type: 'time'; minute: number; seconds: number }
  | { type: 'keepers'; keepers: Keepers }
  | { type: 'submitted' }
  // shot
  | { type: 'shotType'; typeId: ShotType }
  | { type: 'goal'; isGoal: boolean }
  | { type: 'takenBy'; playerId: number | null }
  | { type: 'assistedBy'; playerId: number | null }
  | { type: 'blockedBy'; playerId: number | null }
  | { type: 'savedBy'; playerId: number | null }
  | { type: 'fastBreak'; on: boolean }
  | { type: 'directFromFoul'; on: boolean }
  | { type: 'target'; point: Point | null }
  // shot or exclusion: where it happened
  | { type: 'location'; point: Point | null }
  // exclusion
  | { type: 'exclusionType'; typeId: ExclusionType }
  | { type: 'excluded'; person: Person }
  | { type: 'fouledBy'; playerId: number | null }
  | { type: 'penaltyExclusion'; on: boolean }
  | { type: 'doubleExclusion'; on: boolean }
  // card
  | { type: 'cardType'; typeId: CardType }
  | { type: 'carded'; person: Person }
  // turnover
  | { type: 'turnoverType'; typeId: TurnoverType }
  | { type: 'lostBy'; playerId: number | null }
  | { type: 'wonBy'; playerId: number | null }
  // swim-off
  | { type: 'homeSwimmer'; playerId: number | null }
  | { type: 'awaySwimmer'; playerId: number | null }
  | { type: 'swimOffWinner'; playerId: number | null };

/**
 * What the editor calls its event: a shot marked as a goal is a Goal (the score sheet's G, spec
 * 02 §9), so a secretary logging a goal reads Goal; any other event its type.
 */
export const editorEventLabel = (state: EditorState) => (state.typeId === SHOT && state.shot.isGoal ? 'Goal' : eventTypeLabel(state.typeId));

export const isPenaltyShot = (typeId: number) => typeId === SHOT_PENALTY || typeId === SHOT_PENALTY_SHOOTOUT;

/** The other team of the match. */
export const opponentOf = (match: EditorMatch, teamId: number) =>
  teamId === match.homeTeamId ? match.awayTeamId : match.homeTeamId;

const pointed = (point: Point | null): Point | null =>
  point === null ? null : { x: toCoordinate(point.x), y: toCoordinate(point.y) };

/**
 * The shooting side and the active keepers by side, as the goal-target rule reads them; before
 * the team is chosen no keeper is faced, so the target implies no save.
 */
function shooterOf(state: EditorState): { shooter: ShooterSide; keepers: ActiveKeepers } {
  const { homeTeamId, awayTeamId } = state.match;
  if (state.teamId === null) return { shooter: 'home', keepers: { home: null, away: null } };
  return {
    shooter: state.teamId === homeTeamId ? 'home' : 'away',
    keepers: { home: state.keepers[homeTeamId] ?? null, away: state.keepers[awayTeamId] ?? null },
  };
}

/** The changed shot with the save the goal-target rule leaves it (lib/shot-target). */
function withTargetSave(state: EditorState, shot: ShotDraft): ShotDraft {
  const { shooter, keepers } = shooterOf(state);
  return { ...shot, savedById: savedBy(state.shot, shot, shooter, keepers) };
}

function shotAction(state: EditorState, action: EditorAction): ShotDraft | null {
  const shot = state.shot;
  switch (action.type) {
    case 'shotType':
      return isPenaltyShot(action.typeId)
        ? { ...shot, typeId: action.typeId, isFastBreak: false, isDirectFromFoul: false }
        : { ...shot, typeId: action.typeId };
    case 'goal':
      // A goal is not blocked (nor saved: the target rule's part); a shot that misses was not assisted.
      return { ...shot, isGoal: action.isGoal, blockedById: null, assistedById: null };
    case 'takenBy':
      return { ...shot, takenById: action.playerId };
    case 'assistedBy':
      if (!shot.isGoal) return shot;
      return { ...shot, assistedById: action.playerId, blockedById: action.playerId === null ? shot.blockedById : null };
    case 'blockedBy':
      if (shot.isGoal) return shot;
      return { ...shot, blockedById: action.playerId, assistedById: action.playerId === null ? shot.assistedById : null };
    case 'savedBy':
      return { ...shot, savedById: action.playerId };
    case 'fastBreak':
      return isPenaltyShot(shot.typeId) ? shot : { ...shot, isFastBreak: action.on };
    case 'directFromFoul':
      return isPenaltyShot(shot.typeId) ? shot : { ...shot, isDirectFromFoul: action.on };
    case 'target':
      return { ...shot, target: pointed(action.point) };
    default:
      return null;
  }
}

function exclusionAction(state: EditorState, action: EditorAction): ExclusionDraft | null {
  const exclusion = state.exclusion;
  switch (action.type) {
    case 'exclusionType':
      return {
        ...exclusion,
        typeId: action.typeId,
        isPenaltyExclusion: action.typeId === EXCLUSION_PENALTY && exclusion.isPenaltyExclusion,
      };
    case 'excluded':
      return { ...exclusion, excluded: action.person };
    case 'fouledBy':
      return { ...exclusion, fouledPlayerId: action.playerId };
    case 'penaltyExclusion':
      return exclusion.typeId === EXCLUSION_PENALTY ? { ...exclusion, isPenaltyExclusion: action.on } : exclusion;
    case 'doubleExclusion':
      return { ...exclusion, isDoubleExclusion: action.on };
    default:
      return null;
  }
}

/** Changing team: everyone picked belonged to one side or the other, so the picks go. */
function withTeam(state: EditorState, teamId: number): EditorState {
  if (teamId === state.teamId) return state;
  const changed = {
    ...state,
    teamId,
    shot: { ...state.shot, takenById: null, assistedById: null, blockedById: null, savedById: null },
    exclusion: { ...state.exclusion, excluded: null, fouledPlayerId: null },
    card: { ...state.card, carded: null },
    turnover: { ...state.turnover, lostPossesionPlayerId: null, wonPossesionPlayerId: null },
  };
  const { shooter, keepers } = shooterOf(changed);
  return { ...changed, shot: { ...changed.shot, savedById: impliedSave(changed.shot, shooter, keepers) } };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'team':
      return withTeam(state, action.teamId);
    case 'time':
      return { ...state, minute: action.minute, seconds: action.seconds };
    case 'keepers':
      return { ...state, keepers: action.keepers };
    case 'submitted':
      return { ...state, submitted: true };
    case 'location':
      return state.typeId === EXCLUSION
        ? { ...state, exclusion: { ...state.exclusion, location: pointed(action.point) } }
        : { ...state, shot: { ...state.shot, location: pointed(action.point) } };
    case 'cardType':
      return { ...state, card: { ...state.card, typeId: action.typeId } };
    case 'carded':
      return { ...state, card: { ...state.card, carded: action.person } };
    case 'turnoverType':
      // The winner of possession depends on how the ball was lost.
      return { ...state, turnover: { ...state.turnover, typeId: action.typeId, wonPossesionPlayerId: null } };
    case 'lostBy':
      return { ...state, turnover: { ...state.turnover, lostPossesionPlayerId: action.playerId } };
    case 'wonBy':
      return { ...state, turnover: { ...state.turnover, wonPossesionPlayerId: action.playerId } };
    case 'homeSwimmer':
    case 'awaySwimmer': {
      const side = action.type === 'homeSwimmer' ? 'homeTeamSwimmerId' : 'awayTeamSwimmerId';
      const before = state.swimoff[side];
      const winner = state.swimoff.winnerSwimmerId === before ? null : state.swimoff.winnerSwimmerId;
      return { ...state, swimoff: { ...state.swimoff, [side]: action.playerId, winnerSwimmerId: winner } };
    }
    case 'swimOffWinner':
      return { ...state, swimoff: { ...state.swimoff, winnerSwimmerId: action.playerId } };
    default: {
      const shot = shotAction(state, action);
      if (shot) return { ...state, shot: withTargetSave(state, shot) };
      const exclusion = exclusionAction(state, action);
      return exclusion ? { ...state, exclusion } : state;
    }
  }
}

const errorsOf = (entries: readonly [string, string | false][]): EventErrors =>
  Object.fromEntries(entries.flatMap(([field, message]) => (message ? [[field, [message]]] : [])));

/** The fields the API needs that are still empty, by field path, with their messages. */
export function missingFields(state: EditorState): EventErrors {
  const teamField = `${recordField(state.typeId)}.teamId`;
  if (state.typeId === SWIM_OFF) {
    const s = state.swimoff;
    return errorsOf([
      ['swimoff.homeTeamSwimmerId', s.homeTeamSwimmerId === null && HOME_SWIMMER_REQUIRED],
      ['swimoff.awayTeamSwimmerId', s.awayTeamSwimmerId === null && AWAY_SWIMMER_REQUIRED],
      ['swimoff.winnerSwimmerId', s.winnerSwimmerId === null && WINNER_REQUIRED],
    ]);
  }
  return errorsOf([
    [teamField, state.teamId === null && TEAM_REQUIRED],
    ['shot.takenById', state.typeId === SHOT && state.shot.takenById === null && TAKEN_BY_REQUIRED],
  ]);
}

const RECORD_FIELDS = {
  700: 'timeout',
  701: 'swimoff',
  702: 'card',
  703: 'turnover',
  704: 'exclusion',
  705: 'shot',
  706: 'challenge',
} as const;

/** The sub-record an event type carries, as the API names it. */
const recordField = (typeId: EventType) => RECORD_FIELDS[typeId];

const playerOf = (person: Person) => (person && 'playerId' in person ? person.playerId : null);
const coachOf = (person: Person) => (person && 'coachId' in person ? person.coachId : null);

/** The record of the state's type, built from its draft; the team is known. */
function recordOf(state: EditorState, teamId: number): Partial<EventInput> {
  const { shot, exclusion, card, turnover, swimoff } = state;
  switch (state.typeId) {
    case TIMEOUT:
      return { timeout: { teamId } };
    case CHALLENGE:
      return { challenge: { teamId } };
    case CARD:
      return { card: { teamId, typeId: card.typeId, cardedPlayerId: playerOf(card.carded), cardedCoachId: coachOf(card.carded) } };
    case TURNOVER:
      return { turnover: { teamId, ...turnover } };
    case EXCLUSION:
      return {
        exclusion: {
          teamId,
          typeId: exclusion.typeId,
          excludedPlayerId: playerOf(exclusion.excluded),
          excludedCoachId: coachOf(exclusion.excluded),
          fouledPlayerId: exclusion.fouledPlayerId,
          isPenaltyExclusion: exclusion.isPenaltyExclusion,
          isDoubleExclusion: exclusion.isDoubleExclusion,
          locationX: exclusion.location?.x ?? null,
          locationY: exclusion.location?.y ?? null,
        },
      };
    case SHOT:
      return {
        shot: {
          teamId,
          typeId: shot.typeId,
          takenById: shot.takenById!,
          assistedById: shot.assistedById,
          blockedById: shot.blockedById,
          savedById: shot.savedById,
          isGoal: shot.isGoal,
          isFastBreak: shot.isFastBreak,
          isDirectFromFoul: shot.isDirectFromFoul,
          locationX: shot.location?.x ?? null,
          locationY: shot.location?.y ?? null,
          targetX: shot.target?.x ?? null,
          targetY: shot.target?.y ?? null,
        },
      };
    case SWIM_OFF: {
      const winnerTeamId =
        swimoff.winnerSwimmerId === swimoff.homeTeamSwimmerId ? state.match.homeTeamId : state.match.awayTeamId;
      return {
        swimoff: {
          homeTeamSwimmerId: swimoff.homeTeamSwimmerId!,
          awayTeamSwimmerId: swimoff.awayTeamSwimmerId!,
          winnerSwimmerId: swimoff.winnerSwimmerId!,
          winnerTeamId,
        },
      };
    }
  }
}

/** The event to send (with its id when it corrects one), or null while a needed field is empty. */
export function toEventInput(state: EditorState): EventInput | null {
  if (Object.keys(missingFields(state)).length > 0) return null;
  return {
    ...(state.eventId === null ? {} : { id: state.eventId }),
    ...(state.clientId === null ? {} : { clientId: state.clientId }),
    matchId: state.match.id,
    typeId: state.typeId,
    periodId: state.periodId,
    minute: state.minute,
    seconds: state.seconds,
    ...recordOf(state, state.teamId ?? state.match.homeTeamId),
  };
}

/** Whether a logged event is the one the editor corrects: by its id, or while its creation waits, its clientId. */
export function isEdited(state: EditorState, event: { id?: number | null; clientId?: string | null }): boolean {
  if (state.eventId !== null) return event.id === state.eventId;
  return state.clientId !== null && event.clientId === state.clientId;
}

export type EditorCheck =
  | { input: EventInput; errors: null; twin: EventFields | null }
  | { input: null; errors: EventErrors; twin: EventFields | null };

/**
 * Everything wrong with the event before it is sent, in the server's words: what is missing,
 * then the event on its own, then against its match and the match's `events` (the event being
 * corrected is left out here). `twin` is the double exclusion's other half the server will log.
 */
export function checkEditor(
  state: EditorState,
  match: EventMatch,
  events: readonly (EventFields & { id?: number | null })[],
): EditorCheck {
  const missing = missingFields(state);
  const input = toEventInput(state);
  if (input === null) return { input: null, errors: missing, twin: null };
  const checked = validateEvent(input);
  if ('errors' in checked) return { input: null, errors: checked.errors, twin: null };
  const others = events.filter((event) => !isEdited(state, event));
  const twin = mirrored(checked.fields, match);
  const errors = checkInMatch(checked.fields, match, others);
  return errors ? { input: null, errors, twin } : { input, errors: null, twin };
}

/** The messages the form shows: the "required" ones wait until a save was tried. */
export function shownErrors(state: EditorState, errors: EventErrors | null): EventErrors {
  if (errors === null) return {};
  if (state.submitted) return errors;
  const shown = Object.entries(errors)
    .map(([field, messages]) => [field, messages.filter((message) => !REQUIRED_MESSAGES.has(message))] as const)
    .filter(([, messages]) => messages.length > 0);
  return Object.fromEntries(shown);
}
