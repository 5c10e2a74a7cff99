/**
 * The two teams as the event editor offers them: each lineup player's cap, name and whether he
 * may still be picked (spec 02 §4: not after three exclusions, a suspension or a brutality), and
 * the coaches on the bench. `editorSides(match, events, editingId)` builds them from the match
 * and its log; `eventMatch(match)` is the match as the event rules of `lib/event-rules` see it.
 */
import type { Schemas } from '@/api/types';
import { type EventFields, type EventMatch, excludedForGood } from '@/lib/event-rules';
import { coachRoleLabel } from '@/lib/match-codes';

type Match = Pick<Schemas['Match'], 'homeTeamId' | 'awayTeamId' | 'homeTeamDisplayName' | 'awayTeamDisplayName' | 'players' | 'coaches' | 'matchSegmentLength'>;

export interface EditorPlayer {
  playerId: number;
  cap: number;
  name: string;
  /** Out of the match for good: the player cannot be picked. */
  disabled: boolean;
}

export interface EditorCoach {
  coachId: number;
  name: string;
  /** Head Coach or Assistant Coach. */
  role: string;
}

export interface EditorSide {
  teamId: number;
  name: string;
  /** By cap number. */
  players: EditorPlayer[];
  coaches: EditorCoach[];
}

export interface EditorSides {
  home: EditorSide;
  away: EditorSide;
}

const fullName = (person: Schemas['PersonName'] | null | undefined, fallback: string) =>
  person ? `${person.name} ${person.surname}` : fallback;

/**
 * The sides of `match` given its logged `events`. The editor keeps a disabled player pickable
 * where he is already picked, so correcting his third exclusion keeps him.
 */
export function editorSides(match: Match, events: readonly EventFields[]): EditorSides {
  const side = (teamId: number, name: string): EditorSide => ({
    teamId,
    name,
    players: match.players
      .filter((entry) => entry.teamId === teamId)
      .map((entry) => ({
        playerId: entry.playerId,
        cap: entry.capNumber,
        name: fullName(entry.player, `player ${entry.playerId}`),
        disabled: excludedForGood(entry.playerId, events),
      }))
      .sort((a, b) => a.cap - b.cap),
    coaches: match.coaches
      .filter((entry) => entry.teamId === teamId)
      .map((entry) => ({ coachId: entry.coachId, name: fullName(entry.coach, `coach ${entry.coachId}`), role: coachRoleLabel(entry.roleId) })),
  });
  return {
    home: side(match.homeTeamId, match.homeTeamDisplayName),
    away: side(match.awayTeamId, match.awayTeamDisplayName),
  };
}

/** The match as the event rules check an event against it. */
export function eventMatch(match: Match): EventMatch {
  return {
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    segmentLength: match.matchSegmentLength,
    players: match.players.map(({ teamId, playerId }) => ({ teamId, playerId })),
    coaches: match.coaches.map(({ teamId, coachId }) => ({ teamId, coachId })),
  };
}
