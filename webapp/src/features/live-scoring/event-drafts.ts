/**
 * The event a key or a click starts for a picked player, and the second player a later pick
 * fills in (the assist, the fouled player, the winner of possession, the other swimmer), so a
 * whole event can be typed without leaving the keyboard.
 */
import type { Schemas } from '@/api/types';
import type { EventInput, LoggedEvent, Match } from '@/features/match-session/session-types';
import type { ClockReading } from '@/lib/clock';
import type { EventKind, Side } from '@/features/live-scoring/key-grammar';

type SwimOff = Schemas['SwimOff'];

/** The event as the form holds it: a swim-off's swimmers and winner may still be missing. */
export type DraftInput = Omit<EventInput, 'swimoff'> & { swimoff?: Partial<SwimOff> | null };

export interface Draft {
  input: DraftInput;
  /** The logged event it corrects, or null for a new one. */
  target: { key: string } | null;
}

export interface Pick {
  side: Side;
  playerId: number;
}

const GOALKEEPER = 400;
const REGULAR_ATTACK = 1100;
const EXCLUSION = 1000;
const PENALTY_5M = 1003;
const YELLOW = 800;
const LOST_BALL = 900;

export const EVENT_TYPE_OF: Readonly<Record<EventKind, Schemas['EventType']>> = {
  goal: 705,
  miss: 705,
  exclusion: 704,
  penalty: 704,
  card: 702,
  turnover: 703,
  swimOff: 701,
};

export const teamOf = (match: Match, side: Side) => (side === 'home' ? match.homeTeamId : match.awayTeamId);

export const sideOf = (match: Match, teamId: number | null | undefined): Side | null =>
  teamId === match.homeTeamId ? 'home' : teamId === match.awayTeamId ? 'away' : null;

/** The swimmers of the match's latest swim-off, the usual pair for the next one. */
function lastSwimmers(events: readonly LoggedEvent[]): Partial<SwimOff> {
  const last = events.findLast((event) => event.swimoff);
  return last?.swimoff
    ? { homeTeamSwimmerId: last.swimoff.homeTeamSwimmerId, awayTeamSwimmerId: last.swimoff.awayTeamSwimmerId }
    : {};
}

/** A swim-off won by `pick` (when given), against the swimmers of the last one. */
function swimOffRecord(match: Match, events: readonly LoggedEvent[], pick: Pick | null, open: Partial<SwimOff> | null) {
  const swimoff: Partial<SwimOff> = { ...lastSwimmers(events), ...open };
  if (pick === null) return swimoff;
  return {
    ...swimoff,
    [pick.side === 'home' ? 'homeTeamSwimmerId' : 'awayTeamSwimmerId']: pick.playerId,
    winnerSwimmerId: pick.playerId,
    winnerTeamId: teamOf(match, pick.side),
  };
}

/** The sub-record of a new `kind` event by the picked player. */
function record(kind: Exclude<EventKind, 'swimOff'>, teamId: number, playerId: number): Partial<DraftInput> {
  switch (kind) {
    case 'goal':
    case 'miss':
      return {
        shot: { teamId, typeId: REGULAR_ATTACK, takenById: playerId, isGoal: kind === 'goal', isFastBreak: false, isDirectFromFoul: false },
      };
    case 'exclusion':
    case 'penalty':
      return {
        exclusion: {
          teamId,
          typeId: kind === 'penalty' ? PENALTY_5M : EXCLUSION,
          excludedPlayerId: playerId,
          isPenaltyExclusion: false,
          isDoubleExclusion: false,
        },
      };
    case 'card':
      return { card: { teamId, typeId: YELLOW, cardedPlayerId: playerId } };
    case 'turnover':
      return { turnover: { teamId, typeId: LOST_BALL, lostPossesionPlayerId: playerId } };
  }
}

/**
 * A new `kind` event at `reading` for the picked player. A swim-off may start without one (the
 * goalkeepers' prompt opens it), and one already open keeps its swimmers when a winner is typed.
 */
export function newDraft(
  kind: EventKind,
  pick: Pick | null,
  context: { match: Match; events: readonly LoggedEvent[]; reading: ClockReading; open: Draft | null },
): Draft | null {
  const { match, events, reading, open } = context;
  const common = { matchId: match.id, typeId: EVENT_TYPE_OF[kind], ...reading };
  if (kind === 'swimOff') {
    const swimoff = swimOffRecord(match, events, pick, open?.input.swimoff ?? null);
    return { input: { ...common, swimoff }, target: open?.input.swimoff ? open.target : null };
  }
  if (pick === null) return null;
  return { input: { ...common, ...record(kind, teamOf(match, pick.side), pick.playerId) }, target: null };
}

const isKeeper = (match: Match, playerId: number) =>
  match.players.some((player) => player.playerId === playerId && player.positionId === GOALKEEPER);

/**
 * The open event with `pick` as its second player, or null when the event has no role for a
 * player of that side: the assist of a goal; the blocker (or, for a goalkeeper, the saver) of a
 * missed shot; the fouled player of an exclusion; the winner of possession of a turnover; the
 * side's swimmer of a swim-off.
 */
export function withSecondPlayer(draft: Draft, pick: Pick, match: Match): Draft | null {
  const { input } = draft;
  const own = (teamId: number) => sideOf(match, teamId) === pick.side;
  const changed = (part: Partial<DraftInput>): Draft => ({ ...draft, input: { ...input, ...part } });
  if (input.shot) {
    const shot = input.shot;
    if (shot.isGoal) return own(shot.teamId) && pick.playerId !== shot.takenById ? changed({ shot: { ...shot, assistedById: pick.playerId } }) : null;
    if (own(shot.teamId)) return null;
    return isKeeper(match, pick.playerId)
      ? changed({ shot: { ...shot, savedById: pick.playerId, blockedById: null } })
      : changed({ shot: { ...shot, blockedById: pick.playerId, savedById: null, assistedById: null } });
  }
  if (input.exclusion && !own(input.exclusion.teamId)) return changed({ exclusion: { ...input.exclusion, fouledPlayerId: pick.playerId } });
  if (input.turnover && !own(input.turnover.teamId)) return changed({ turnover: { ...input.turnover, wonPossesionPlayerId: pick.playerId } });
  if (input.swimoff) {
    const swimmer = pick.side === 'home' ? 'homeTeamSwimmerId' : 'awayTeamSwimmerId';
    return changed({ swimoff: { ...input.swimoff, [swimmer]: pick.playerId } });
  }
  return null;
}

export const SWIM_OFF_INCOMPLETE = 'Pick both swimmers and the winner of the swim-off (w or b, the cap, then f for the winner).';

/** The draft as the API takes it, or why it cannot be sent yet. */
export function draftEvent(draft: Draft): EventInput | string {
  const { swimoff, ...rest } = draft.input;
  if (!swimoff) return rest;
  const { homeTeamSwimmerId, awayTeamSwimmerId, winnerSwimmerId, winnerTeamId } = swimoff;
  if (homeTeamSwimmerId === undefined || awayTeamSwimmerId === undefined || winnerSwimmerId === undefined || winnerTeamId === undefined) {
    return SWIM_OFF_INCOMPLETE;
  }
  return { ...rest, swimoff: { homeTeamSwimmerId, awayTeamSwimmerId, winnerSwimmerId, winnerTeamId } };
}

/** A logged event as the form edits it. */
export function draftOf(event: LoggedEvent): Draft {
  const { id, matchId, typeId, periodId, minute, seconds, clientId } = event;
  const { timeout, swimoff, card, turnover, exclusion, shot, challenge } = event;
  return {
    input: { id, matchId, typeId, periodId, minute, seconds, clientId, timeout, swimoff, card, turnover, exclusion, shot, challenge },
    target: { key: event.key },
  };
}
