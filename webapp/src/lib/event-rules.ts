/**
 * The match-log event rules of the domain (`crates/domain/src/events.rs`, spec 02 §3, §4, §9),
 * with its exact messages, so the log can check an event before it is sent. The shared vectors
 * in `fixtures/vectors/events/` hold both sides to the same answers.
 */
import type { Schemas } from '@/api/types';

export type EventInput = Schemas['EventInput'];
export type EventView = Schemas['EventView'];
/** An accepted event: the view without the id the server assigns. */
export type EventFields = Omit<EventView, 'id'>;
/** Messages by field path, in the order they were added. */
export type EventErrors = Record<string, string[]>;

/** The match an event plays in: its teams, segment length (minutes), lineups and benches. */
export interface EventMatch {
  homeTeamId: number;
  awayTeamId: number;
  segmentLength: number;
  players: readonly { teamId: number; playerId: number }[];
  coaches: readonly { teamId: number; coachId: number }[];
}

/** Goals per period (Q1–Q4, overtime) and side; overtime doubles as the shootout column. */
export interface EventScore {
  home: number[];
  away: number[];
  shootout: boolean;
}

export const MATCH_REQUIRED = 'Match field is required!';
export const TYPE_REQUIRED = 'Type field is required!';
export const PERIOD_REQUIRED = 'Period field is required!';
export const TIME_REQUIRED = 'Time field is required!';
export const SECONDS_RANGE = 'Seconds must be between 0 and 59.';
export const COORDINATE_RANGE = 'Coordinates must be between 0 and 1.';
export const GOAL_BLOCKED = 'A goal cannot be blocked or saved.';
export const BLOCKED_AND_SAVED = 'A blocked shot cannot also be saved.';
export const ASSIST_NOT_GOAL = 'Only a goal can be assisted.';
export const PENALTY_FAST_BREAK = 'A penalty cannot be a fast break or direct from a foul.';
export const PENALTY_EXCLUSION_TYPE = 'Only a Penalty (5m) exclusion can be marked as a penalty exclusion.';
export const DOUBLE_NEEDS_FOULED = 'A double exclusion needs a fouled player.';
export const DOUBLE_NEEDS_PLAYER = 'A double exclusion is between two players, not a coach.';
export const PLAYER_OR_COACH = 'Choose a player or a coach, not both.';
export const PLAYER_OR_COACH_REQUIRED = 'A player or a coach is required!';
export const SWIMMER_WINNER = 'The winner must be one of the two swimmers.';
export const WINNER_TEAM = "The winner's team must be the team the winner swims for.";
export const NOT_A_MATCH_TEAM = 'The team must be the home or the away team of this match.';
export const SWIM_OFF_TWICE = 'This period already has a swim-off.';
export const NO_TIMEOUTS_LEFT = 'This team has used both its timeouts.';
export const NO_CHALLENGES_LEFT = 'This team has used both its challenges.';
export const CLIENT_ID_FORMAT = 'clientId must be a UUID such as 7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f.';
export const EXCLUDED_FOR_GOOD = 'This player is already excluded for the rest of the match.';
export const COACH_NOT_ON_BENCH = "This coach is not on the team's bench for this match.";

/** The score sheet holds 2 timeouts and 2 challenges a team, 3 exclusions a player (spec 02 §9). */
export const TIMEOUTS_PER_TEAM = 2;
export const CHALLENGES_PER_TEAM = 2;
export const EXCLUSIONS_PER_PLAYER = 3;

const SHOT_PENALTY = 1101;
const SHOT_PENALTY_SHOOTOUT = 1103;
const EXCLUSION_SUSPENSION = 1001;
const EXCLUSION_BRUTALITY = 1002;
const EXCLUSION_PENALTY = 1003;
const PERIOD_FIRST = 1200;

/** The sub-record each event type needs, as the API names it, and the type's label. */
const RECORDS = {
  700: { field: 'timeout', label: 'Timeout' },
  701: { field: 'swimoff', label: 'Swim Off' },
  702: { field: 'card', label: 'Card' },
  703: { field: 'turnover', label: 'Turnover' },
  704: { field: 'exclusion', label: 'Exclusion' },
  705: { field: 'shot', label: 'Shot' },
  706: { field: 'challenge', label: 'Challenge' },
} as const;

type RecordField = (typeof RECORDS)[keyof typeof RECORDS]['field'];
const RECORD_FIELDS: readonly RecordField[] = Object.values(RECORDS).map((record) => record.field);

function add(errors: EventErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

const isEmpty = (errors: EventErrors) => Object.keys(errors).length === 0;
const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/**
 * A coordinate kept to three decimals, as the server stores it; the thousandths decide the
 * range, so 1.0004 is 1. Rounds halves away from zero like the server.
 */
function thousandths(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value * 1000));
}

function coord(value: number | null | undefined): number | null {
  return given(value) ? thousandths(value) / 1000 : null;
}

function checkCoords(errors: EventErrors, field: string, coords: Record<string, number | null | undefined>) {
  for (const [name, value] of Object.entries(coords)) {
    if (given(value) && (thousandths(value) < 0 || thousandths(value) > 1000)) {
      add(errors, `${field}.${name}`, COORDINATE_RANGE);
    }
  }
}

/** `8-4-4-4-12` hexadecimal digits, as clients make UUIDs. */
const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** The rules inside the one sub-record; returns it as stored (flags false when left out, coordinates rounded). */
function checkRecord(errors: EventErrors, input: EventInput, field: RecordField): Partial<EventFields> {
  switch (field) {
    case 'timeout':
    case 'challenge':
    case 'turnover':
      return { [field]: input[field] };
    case 'swimoff': {
      const s = input.swimoff!;
      if (s.winnerSwimmerId !== s.homeTeamSwimmerId && s.winnerSwimmerId !== s.awayTeamSwimmerId) {
        add(errors, 'swimoff.winnerSwimmerId', SWIMMER_WINNER);
      }
      return { swimoff: s };
    }
    case 'card': {
      const c = input.card!;
      checkPlayerOrCoach(errors, 'card.cardedPlayerId', c.cardedPlayerId, c.cardedCoachId);
      return { card: c };
    }
    case 'exclusion': {
      const e = input.exclusion!;
      checkPlayerOrCoach(errors, 'exclusion.excludedPlayerId', e.excludedPlayerId, e.excludedCoachId);
      if (e.isPenaltyExclusion && e.typeId !== EXCLUSION_PENALTY) {
        add(errors, 'exclusion.isPenaltyExclusion', PENALTY_EXCLUSION_TYPE);
      }
      if (e.isDoubleExclusion) {
        if (!given(e.fouledPlayerId)) add(errors, 'exclusion.fouledPlayerId', DOUBLE_NEEDS_FOULED);
        if (given(e.excludedCoachId)) add(errors, 'exclusion.excludedCoachId', DOUBLE_NEEDS_PLAYER);
      }
      checkCoords(errors, 'exclusion', { locationX: e.locationX, locationY: e.locationY });
      return {
        exclusion: {
          ...e,
          isPenaltyExclusion: e.isPenaltyExclusion ?? false,
          isDoubleExclusion: e.isDoubleExclusion ?? false,
          locationX: coord(e.locationX),
          locationY: coord(e.locationY),
        },
      };
    }
    case 'shot': {
      const s = input.shot!;
      if (s.isGoal && (given(s.blockedById) || given(s.savedById))) add(errors, 'shot.isGoal', GOAL_BLOCKED);
      if (given(s.blockedById) && given(s.savedById)) add(errors, 'shot.savedById', BLOCKED_AND_SAVED);
      if (!s.isGoal && given(s.assistedById)) add(errors, 'shot.assistedById', ASSIST_NOT_GOAL);
      const penalty = s.typeId === SHOT_PENALTY || s.typeId === SHOT_PENALTY_SHOOTOUT;
      if (penalty && (s.isFastBreak || s.isDirectFromFoul)) add(errors, 'shot.isFastBreak', PENALTY_FAST_BREAK);
      checkCoords(errors, 'shot', {
        locationX: s.locationX,
        locationY: s.locationY,
        targetX: s.targetX,
        targetY: s.targetY,
      });
      return {
        shot: {
          ...s,
          isGoal: s.isGoal ?? false,
          isFastBreak: s.isFastBreak ?? false,
          isDirectFromFoul: s.isDirectFromFoul ?? false,
          locationX: coord(s.locationX),
          locationY: coord(s.locationY),
          targetX: coord(s.targetX),
          targetY: coord(s.targetY),
        },
      };
    }
  }
}

function checkPlayerOrCoach(errors: EventErrors, field: string, player?: number | null, coach?: number | null) {
  if (given(player) && given(coach)) add(errors, field, PLAYER_OR_COACH);
  if (!given(player) && !given(coach)) add(errors, field, PLAYER_OR_COACH_REQUIRED);
}

/**
 * The event on its own: the required fields, exactly one sub-record and the one its type
 * names, and the rules inside that sub-record. A sent `id` and `pairedEventId` are not kept.
 */
export function validateEvent(input: EventInput): { fields: EventFields } | { errors: EventErrors } {
  const errors: EventErrors = {};
  if (!given(input.matchId)) add(errors, 'matchId', MATCH_REQUIRED);
  if (!given(input.periodId)) add(errors, 'periodId', PERIOD_REQUIRED);
  if (!given(input.minute)) add(errors, 'minute', TIME_REQUIRED);
  if (!given(input.seconds)) add(errors, 'seconds', TIME_REQUIRED);
  else if (input.seconds > 59) add(errors, 'seconds', SECONDS_RANGE);
  const clientId = input.clientId?.trim().toLowerCase() || null;
  if (clientId !== null && !isUuid(clientId)) add(errors, 'clientId', CLIENT_ID_FORMAT);
  let record: Partial<EventFields> | null = null;
  if (!given(input.typeId)) {
    add(errors, 'typeId', TYPE_REQUIRED);
  } else {
    const { field, label } = RECORDS[input.typeId];
    const sent = RECORD_FIELDS.filter((name) => given(input[name]));
    if (sent.length === 1 && sent[0] === field) {
      record = checkRecord(errors, input, field);
    } else {
      add(errors, field, `An event of type ${label} needs its ${field} record and no other.`);
    }
  }
  if (record === null || !isEmpty(errors)) return { errors };
  return {
    fields: {
      matchId: input.matchId!,
      typeId: input.typeId!,
      periodId: input.periodId!,
      minute: input.minute!,
      seconds: input.seconds!,
      clientId,
      pairedEventId: null,
      ...record,
    },
  };
}

/** The team the event is recorded for (the swim-off's winner's). */
function teamOf(event: EventFields): number {
  const record = event[RECORDS[event.typeId].field];
  return record && 'winnerTeamId' in record ? record.winnerTeamId : record!.teamId;
}

const inLineup = (match: EventMatch, teamId: number, playerId: number) =>
  match.players.some((p) => p.teamId === teamId && p.playerId === playerId);

/** Whether a player has left the match for good: three exclusions, or one suspension or brutality. */
export function excludedForGood(playerId: number, events: readonly EventFields[]): boolean {
  const exclusions = events.flatMap((e) => (e.exclusion?.excludedPlayerId === playerId ? [e.exclusion] : []));
  return (
    exclusions.some((e) => e.typeId === EXCLUSION_SUSPENSION || e.typeId === EXCLUSION_BRUTALITY) ||
    exclusions.length >= EXCLUSIONS_PER_PLAYER
  );
}

/**
 * The event against its match: the time fits the segment, the team plays in the match,
 * everyone named is in the lineup (or on the bench) of the side the role belongs to, and the
 * limits hold given the match's `other` events (the event itself left out on update).
 * Returns the errors, or null when there are none.
 */
export function checkInMatch(event: EventFields, match: EventMatch, other: readonly EventFields[]): EventErrors | null {
  const errors: EventErrors = {};
  if (event.minute * 60 + event.seconds > match.segmentLength * 60) {
    add(errors, 'minute', `The time must fit the segment length of ${match.segmentLength} minutes.`);
  }
  const teamId = event.swimoff ? match.homeTeamId : teamOf(event);
  if (teamId !== match.homeTeamId && teamId !== match.awayTeamId) {
    add(errors, `${RECORDS[event.typeId].field}.teamId`, NOT_A_MATCH_TEAM);
    return errors;
  }
  const own = teamId;
  const opponent = teamId === match.homeTeamId ? match.awayTeamId : match.homeTeamId;
  const player = (field: string, id: number | null | undefined, team: number) => {
    if (given(id) && !inLineup(match, team, id)) {
      const which = team === match.homeTeamId ? 'home' : 'away';
      add(errors, field, `This player is not in the ${which} team's lineup.`);
    }
  };
  const { swimoff, card, turnover, exclusion, shot } = event;
  if (swimoff) {
    player('swimoff.homeTeamSwimmerId', swimoff.homeTeamSwimmerId, own);
    player('swimoff.awayTeamSwimmerId', swimoff.awayTeamSwimmerId, opponent);
  } else if (card) {
    player('card.cardedPlayerId', card.cardedPlayerId, own);
  } else if (turnover) {
    player('turnover.lostPossesionPlayerId', turnover.lostPossesionPlayerId, own);
    player('turnover.wonPossesionPlayerId', turnover.wonPossesionPlayerId, opponent);
  } else if (exclusion) {
    player('exclusion.excludedPlayerId', exclusion.excludedPlayerId, own);
    player('exclusion.fouledPlayerId', exclusion.fouledPlayerId, opponent);
  } else if (shot) {
    player('shot.takenById', shot.takenById, own);
    player('shot.assistedById', shot.assistedById, own);
    player('shot.blockedById', shot.blockedById, opponent);
    player('shot.savedById', shot.savedById, opponent);
  }
  const coach = card
    ? (['card.cardedCoachId', card.cardedCoachId] as const)
    : (['exclusion.excludedCoachId', exclusion?.excludedCoachId] as const);
  if (given(coach[1]) && !match.coaches.some((c) => c.teamId === own && c.coachId === coach[1])) {
    add(errors, coach[0], COACH_NOT_ON_BENCH);
  }
  if (swimoff) {
    const winnerTeam = swimoff.winnerSwimmerId === swimoff.homeTeamSwimmerId ? own : opponent;
    if (swimoff.winnerTeamId !== winnerTeam) add(errors, 'swimoff.winnerTeamId', WINNER_TEAM);
  }
  checkLimits(errors, event, other);
  return isEmpty(errors) ? null : errors;
}

/** One swim-off a period; two timeouts and two challenges a team; no exclusion after leaving for good. */
function checkLimits(errors: EventErrors, event: EventFields, other: readonly EventFields[]) {
  const { swimoff, timeout, challenge, exclusion } = event;
  if (swimoff && other.some((e) => e.periodId === event.periodId && e.swimoff)) {
    add(errors, 'swimoff', SWIM_OFF_TWICE);
  }
  if (timeout && other.filter((e) => e.timeout?.teamId === timeout.teamId).length >= TIMEOUTS_PER_TEAM) {
    add(errors, 'timeout.teamId', NO_TIMEOUTS_LEFT);
  }
  if (challenge && other.filter((e) => e.challenge?.teamId === challenge.teamId).length >= CHALLENGES_PER_TEAM) {
    add(errors, 'challenge.teamId', NO_CHALLENGES_LEFT);
  }
  if (given(exclusion?.excludedPlayerId) && excludedForGood(exclusion.excludedPlayerId, other)) {
    add(errors, 'exclusion.excludedPlayerId', EXCLUDED_FOR_GOOD);
  }
}

/**
 * The other team's half of a double exclusion: the fouled player is excluded too, and the first
 * excluded player is the one fouled. Null for any other event.
 */
export function mirrored(event: EventFields, match: EventMatch): EventFields | null {
  const e = event.exclusion;
  if (!e?.isDoubleExclusion) return null;
  if (e.teamId !== match.homeTeamId && e.teamId !== match.awayTeamId) return null;
  return {
    ...event,
    clientId: null,
    pairedEventId: null,
    exclusion: {
      ...e,
      teamId: e.teamId === match.homeTeamId ? match.awayTeamId : match.homeTeamId,
      excludedPlayerId: e.fouledPlayerId,
      fouledPlayerId: e.excludedPlayerId,
      excludedCoachId: null,
    },
  };
}

/** The score the goals give; a penalty shootout shot in the log means a shootout decided the match. */
export function score(match: EventMatch, events: readonly EventFields[]): EventScore {
  const result: EventScore = { home: [0, 0, 0, 0, 0], away: [0, 0, 0, 0, 0], shootout: false };
  for (const { shot, periodId } of events) {
    if (!shot) continue;
    if (shot.typeId === SHOT_PENALTY_SHOOTOUT) result.shootout = true;
    const column = periodId - PERIOD_FIRST;
    if (shot.isGoal && shot.teamId === match.homeTeamId) result.home[column]! += 1;
    else if (shot.isGoal && shot.teamId === match.awayTeamId) result.away[column]! += 1;
  }
  return result;
}
