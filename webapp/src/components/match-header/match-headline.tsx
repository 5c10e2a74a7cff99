import './match-header.css';
import { H2 } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { ResultScore } from '@/components/result-score/result-score';

/**
 * The names on either side of the score: the headline of a match's screens and of its report.
 * `scoreLabel` names the score for screen readers ("Score", "Final score").
 */
export function MatchHeadline({ match, scoreLabel, separator }: { match: Schemas['Match']; scoreLabel: string; separator?: string }) {
  return (
    <H2 className="pd-match-header-teams">
      <span className="pd-match-header-home">{match.homeTeamDisplayName}</span>
      <span className="pd-match-header-score" aria-label={scoreLabel}>
        <ResultScore match={match} separator={separator} />
      </span>
      <span className="pd-match-header-away">{match.awayTeamDisplayName}</span>
    </H2>
  );
}
