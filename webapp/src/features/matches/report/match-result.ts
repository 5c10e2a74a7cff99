/**
 * The result as the report's header writes it: the score, and for a match a penalty shootout
 * decided, the score after regular time with the shootout apart, e.g. "9–9 (4–3 pen.)".
 */
import type { Schemas } from '@/api/types';

type Score = Schemas['MatchScore'];

export interface MatchResult {
  /** Goals before the shootout (all of them when there was none): home, away. */
  score: readonly [number, number];
  /** The shootout's goals, home and away, when a shootout decided the match. */
  shootout: readonly [number, number] | null;
}

/**
 * The score and the shootout. The overtime column doubles as the shootout column (as the server
 * counts it for the standings), so the score before the shootout is the total less that column.
 */
export function matchResult(score: Score): MatchResult {
  if (!score.decidedByShootout) return { score: [score.homeTeamGoalsTotal, score.awayTeamGoalsTotal], shootout: null };
  return {
    score: [score.homeTeamGoalsTotal - score.homeTeamGoalsOT, score.awayTeamGoalsTotal - score.awayTeamGoalsOT],
    shootout: [score.homeTeamGoalsOT, score.awayTeamGoalsOT],
  };
}

/** Two figures as a score, e.g. "9–9". */
export const scoreText = ([home, away]: readonly [number, number]) => `${home}–${away}`;

/** The result in one line: "12–9", or "9–9 (4–3 pen.)". */
export function resultText(score: Score): string {
  const result = matchResult(score);
  return result.shootout ? `${scoreText(result.score)} (${scoreText(result.shootout)} pen.)` : scoreText(result.score);
}
