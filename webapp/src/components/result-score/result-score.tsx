import { matchResult, type ResultFigures, scoreText, shootoutText } from '@/lib/match-result';

interface ResultScoreProps {
  match: ResultFigures;
  /** Between the goals: an en dash, or ":" on the scoreboard-like headers. */
  separator?: string;
}

/**
 * A result as a headline shows it: the score, and after a shootout ", 4–3 pen." beside it in
 * smaller type, so it reads as `resultText` writes it ("9–9, 4–3 pen."), never "13–12".
 */
export function ResultScore({ match, separator = '–' }: ResultScoreProps) {
  const { score, shootout } = matchResult(match);
  return (
    <>
      {scoreText(score, separator)}
      {shootout && (
        <small className="pd-result-shootout" title={`Penalty shootout ${scoreText(shootout)}`}>
          , {shootoutText(shootout)}
        </small>
      )}
    </>
  );
}
