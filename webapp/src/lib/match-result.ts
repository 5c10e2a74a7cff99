/**
 * A match's result as every page writes it (the lists, the details, the headers, the report, the
 * public pages): the score, and for a match a penalty shootout decided, the score after regular
 * time with the shootout beside it, "9–9, 4–3 pen.", never the two added up ("13–12").
 */
import type { Schemas } from '@/api/types';

/** The figures a result needs; every match the API gives (list rows, details, live scores) has them. */
export type ResultFigures = Pick<
  Schemas['MatchScore'],
  'homeTeamGoalsTotal' | 'awayTeamGoalsTotal' | 'homeTeamGoalsOT' | 'awayTeamGoalsOT' | 'decidedByShootout'
>;

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
export function matchResult(figures: ResultFigures): MatchResult {
  if (!figures.decidedByShootout) return { score: [figures.homeTeamGoalsTotal, figures.awayTeamGoalsTotal], shootout: null };
  return {
    score: [figures.homeTeamGoalsTotal - figures.homeTeamGoalsOT, figures.awayTeamGoalsTotal - figures.awayTeamGoalsOT],
    shootout: [figures.homeTeamGoalsOT, figures.awayTeamGoalsOT],
  };
}

/** Two figures as a score, e.g. "9–9" (en dash), or "9:9" on the scoreboard-like displays. */
export const scoreText = ([home, away]: readonly [number, number], separator = '–') => `${home}${separator}${away}`;

/** A shootout's goals as the result writes them: "4–3 pen.". */
export const shootoutText = (shootout: readonly [number, number]) => `${scoreText(shootout)} pen.`;

/** The result in one line: "12–9", or "9–9, 4–3 pen." (the shootout always with an en dash). */
export function resultText(figures: ResultFigures, separator = '–'): string {
  const { score, shootout } = matchResult(figures);
  return shootout ? `${scoreText(score, separator)}, ${shootoutText(shootout)}` : scoreText(score, separator);
}

/**
 * The result in a list of matches: a dash for a match that has not started, which has no score
 * yet (as `polodesk matches list` writes it), otherwise `resultText`.
 */
export function listedResult(match: ResultFigures & { status: string }): string {
  return match.status === 'Not_Started' ? '—' : resultText(match);
}
