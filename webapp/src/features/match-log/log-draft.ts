/**
 * The match log's lineups, benches and officials while the secretary edits them (spec 02 §2,
 * §5): the lineups follow `lineup-draft`, a team's bench has a head and an assistant coach, and
 * the officials are rows of an official and a role. A coach or official chosen once is not
 * offered elsewhere; a coach an event names stays. Only `logReducer` changes a draft.
 */
import type { Schemas } from '@/api/types';
import {
  type Lineups,
  lineupInput,
  lineupsOf,
  personName,
  sameLineups,
  setSlot,
  type Side,
  SIDES,
  type SlotPlayer,
  teamOf,
} from '@/lib/lineup-draft';
import type { DescribedEvent } from '@/lib/match-events';
import type { FormErrors } from '@/lib/form-errors';

type Match = Schemas['Match'];
export type CoachRole = Schemas['CoachRole'];
export type OfficialRole = Schemas['OfficialRole'];

export const COACH_ROLES: readonly CoachRole[] = [500, 501];
export const OFFICIAL_ROLES: readonly OfficialRole[] = [600, 601, 602, 603, 604, 605, 606];

export const OFFICIAL_REQUIRED = 'Official field is required!';
export const ROLE_REQUIRED = 'Role field is required!';

/** A coach or an official as a picker offers them. */
export interface Person {
  id: number;
  name: string;
}

export type Bench = Readonly<Record<Side, Readonly<Record<CoachRole, Person | null>>>>;

export interface OfficialRow {
  /** Names the row on screen, also before it is saved. */
  key: string;
  official: Person | null;
  roleId: OfficialRole | null;
  /** Whether this official confirmed the log (changing the official takes it back). */
  confirmed: boolean;
}

export interface LogDraft {
  lineups: Lineups;
  bench: Bench;
  officials: readonly OfficialRow[];
}

export const coachReferencedMessage = (side: Side) =>
  `This ${side} team coach cannot be deleted because he is referenced by an event!`;

/** The draft of the match as saved. */
export function logDraftOf(match: Match): LogDraft {
  const coach = (side: Side, role: CoachRole): Person | null => {
    const entry = match.coaches.find((row) => row.teamId === teamOf(match, side) && row.roleId === role);
    return entry ? { id: entry.coachId, name: personName(entry.coach, `Coach ${entry.coachId}`) } : null;
  };
  const bench = (side: Side) => ({ 500: coach(side, 500), 501: coach(side, 501) });
  return {
    lineups: lineupsOf(match),
    bench: { home: bench('home'), away: bench('away') },
    officials: match.officials.map((row) => ({
      key: `official-${row.id}`,
      official: { id: row.officialId, name: personName(row.official, `Official ${row.officialId}`) },
      roleId: row.roleId,
      confirmed: row.confirmed,
    })),
  };
}

/** The coaches an event names (a card or an exclusion of a coach). */
export function namedCoaches(events: readonly DescribedEvent[]): ReadonlySet<number> {
  const ids = events.flatMap((event) => [event.card?.cardedCoachId, event.exclusion?.excludedCoachId]);
  return new Set(ids.filter((id): id is number => id !== null && id !== undefined));
}

/** What the events name: players and coaches who may not leave. */
export interface Named {
  players: ReadonlySet<number>;
  coaches: ReadonlySet<number>;
}

export type LogAction =
  | { type: 'slot'; side: Side; slot: number; player: SlotPlayer | null }
  | { type: 'coach'; side: Side; role: CoachRole; coach: Person | null }
  | { type: 'official'; key: string; official: Person }
  | { type: 'officialRole'; key: string; roleId: OfficialRole }
  | { type: 'addOfficial'; key: string }
  | { type: 'removeOfficial'; key: string };

export type LogChange = { draft: LogDraft } | { refused: string };

const changeRow = (draft: LogDraft, key: string, patch: Partial<OfficialRow>): LogDraft => ({
  ...draft,
  officials: draft.officials.map((row) => (row.key === key ? { ...row, ...patch } : row)),
});

/** Applies one change of the secretary's to the draft, or refuses it with the spec's message. */
export function logReducer(draft: LogDraft, action: LogAction, named: Named): LogChange {
  switch (action.type) {
    case 'slot': {
      const changed = setSlot(draft.lineups, action.side, action.slot, action.player, named.players);
      return 'refused' in changed ? changed : { draft: { ...draft, lineups: changed.lineups } };
    }
    case 'coach': {
      const leaving = draft.bench[action.side][action.role];
      if (leaving !== null && leaving.id !== action.coach?.id && named.coaches.has(leaving.id)) {
        return { refused: coachReferencedMessage(action.side) };
      }
      if (action.coach !== null && chosenCoaches(draft, action.side, action.role).has(action.coach.id)) return { draft };
      return { draft: { ...draft, bench: { ...draft.bench, [action.side]: { ...draft.bench[action.side], [action.role]: action.coach } } } };
    }
    case 'official': {
      const row = draft.officials.find((official) => official.key === action.key);
      if (row === undefined || chosenOfficials(draft, action.key).has(action.official.id)) return { draft };
      const confirmed = row.confirmed && row.official?.id === action.official.id;
      return { draft: changeRow(draft, action.key, { official: action.official, confirmed }) };
    }
    case 'officialRole':
      return { draft: changeRow(draft, action.key, { roleId: action.roleId }) };
    case 'addOfficial':
      return { draft: { ...draft, officials: [...draft.officials, { key: action.key, official: null, roleId: null, confirmed: false }] } };
    case 'removeOfficial':
      return { draft: { ...draft, officials: draft.officials.filter((row) => row.key !== action.key) } };
  }
}

/** The coaches chosen in the match's other bench places: each coach once. */
export function chosenCoaches(draft: LogDraft, side: Side, role: CoachRole): ReadonlySet<number> {
  const ids = SIDES.flatMap((other) =>
    COACH_ROLES.flatMap((otherRole) => {
      const coach = draft.bench[other][otherRole];
      return coach !== null && (other !== side || otherRole !== role) ? [coach.id] : [];
    }),
  );
  return new Set(ids);
}

/** The officials chosen in the other rows: each official once. */
export function chosenOfficials(draft: LogDraft, key: string): ReadonlySet<number> {
  return new Set(draft.officials.flatMap((row) => (row.key !== key && row.official ? [row.official.id] : [])));
}

/** The officials rows' messages, by `officials[key].officialId` and `.roleId`. */
export function validateOfficials(draft: LogDraft): FormErrors {
  const errors: Record<string, string> = {};
  for (const row of draft.officials) {
    if (row.official === null) errors[`officials[${row.key}].officialId`] = OFFICIAL_REQUIRED;
    if (row.roleId === null) errors[`officials[${row.key}].roleId`] = ROLE_REQUIRED;
  }
  return errors;
}

/** Whether the draft differs from the match as saved. */
export function logChanged(draft: LogDraft, saved: LogDraft): boolean {
  const bench = (value: Bench) => SIDES.flatMap((side) => COACH_ROLES.map((role) => value[side][role]?.id ?? null)).join();
  const officials = (rows: readonly OfficialRow[]) => rows.map((row) => `${row.official?.id}:${row.roleId}`).join();
  return (
    !sameLineups(draft.lineups, saved.lineups) ||
    bench(draft.bench) !== bench(saved.bench) ||
    officials(draft.officials) !== officials(saved.officials)
  );
}

/**
 * The body of `PUT /api/Matches/{id}/log`. Lineups and benches go only while they may change
 * (before the match starts): the server refuses them afterwards even unchanged.
 */
export function logInput(match: Match, draft: LogDraft, lineupsOpen: boolean): Schemas['MatchLogInput'] {
  const coaches = SIDES.flatMap((side) =>
    COACH_ROLES.flatMap((roleId) => {
      const coach = draft.bench[side][roleId];
      return coach === null ? [] : [{ teamId: teamOf(match, side), coachId: coach.id, roleId }];
    }),
  );
  return {
    matchId: match.id,
    matchPlayers: lineupsOpen ? lineupInput(match, draft.lineups) : null,
    matchCoaches: lineupsOpen ? coaches : null,
    matchOfficials: draft.officials.map((row) => ({ matchId: match.id, officialId: row.official?.id, roleId: row.roleId })),
  };
}
