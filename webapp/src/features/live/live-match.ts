/**
 * What the live match page draws of a match and its log: the play-by-play (newest first, the
 * running score on goals), the timeouts each team has left, whether there are shots to map.
 * The match and its events are kept by the match session's reducer (`sessionReducer`), fed by
 * the public API and the hub; this only reads them.
 */
import { describeEvent, type EventRow } from '@/lib/match-events';
import { scoreText, shootoutText } from '@/lib/match-result';
import { timeouts } from '@/features/matches/report/team-comparison';
import { shortPeriod } from '@/lib/match-codes';
import type { EventView, Match } from '@/features/live/public-api';

/** Each team may call this many timeouts in a match. */
export const TIMEOUTS_PER_MATCH = 2;

export interface TimeoutsLeft {
  home: number;
  away: number;
}

/** The timeouts each team may still call: two a match, less those in the log. */
export function timeoutsLeft(match: Pick<Match, 'homeTeamId' | 'awayTeamId'>, events: readonly EventView[]): TimeoutsLeft {
  const called = timeouts(events, match.homeTeamId, match.awayTeamId);
  return {
    home: Math.max(TIMEOUTS_PER_MATCH - called.home, 0),
    away: Math.max(TIMEOUTS_PER_MATCH - called.away, 0),
  };
}

export interface PlayRow extends EventRow {
  id: number;
  /** The score after a goal, e.g. "3–2"; null for other events. */
  score: string | null;
  /** Whose event it is, for the row's colour. */
  side: 'home' | 'away' | null;
}

const eventTeamId = (event: EventView): number | null =>
  event.shot?.teamId ??
  event.exclusion?.teamId ??
  event.card?.teamId ??
  event.turnover?.teamId ??
  event.swimoff?.winnerTeamId ??
  event.timeout?.teamId ??
  event.challenge?.teamId ??
  null;

const PENALTY_SHOOTOUT = 1103;

/**
 * The log newest first (`events` in log order), each goal with the score it made: "3–2", and in
 * a shootout the regular time's score with the shootout's so far, "9–9, 2–1 pen." (as
 * `resultText` writes the result), never the two added up.
 */
export function playByPlay(match: Match, events: readonly EventView[]): PlayRow[] {
  const goals: [number, number] = [0, 0];
  const shootout: [number, number] = [0, 0];
  const rows = events.map((event): PlayRow => {
    const teamId = eventTeamId(event);
    const side = teamId === match.homeTeamId ? 'home' : teamId === match.awayTeamId ? 'away' : null;
    let score: string | null = null;
    if (event.shot?.isGoal) {
      const shot = event.shot.typeId === PENALTY_SHOOTOUT;
      const tally = shot ? shootout : goals;
      if (side === 'home') tally[0] += 1;
      if (side === 'away') tally[1] += 1;
      score = shot ? `${scoreText(goals)}, ${shootoutText(shootout)}` : scoreText(goals);
    }
    // The short period (Q1 to Q4, OT) keeps the table narrow on a phone.
    return { ...describeEvent(event, match), period: shortPeriod(event.periodId), id: event.id, score, side };
  });
  return rows.reverse();
}

/** Whether the log holds a shot, so the shot maps have something to show. */
export const hasShots = (events: readonly EventView[]) => events.some((event) => event.shot);

/** A lineup as the page lists it: cap and name, by cap. */
export function lineup(match: Match, teamId: number): { cap: number; name: string }[] {
  return match.players
    .filter((entry) => entry.teamId === teamId)
    .sort((a, b) => a.capNumber - b.capNumber || a.number - b.number)
    .map((entry) => ({
      cap: entry.capNumber,
      name: entry.player ? `${entry.player.name} ${entry.player.surname}` : '',
    }));
}
