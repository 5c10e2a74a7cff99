import './match-header.css';
import { Card, Classes, Intent, Tag } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { PublishedClock } from '@/components/live-clock/live-clock';
import { logoSrc } from '@/components/logo-upload/png';
import { MatchHeadline } from '@/components/match-header/match-headline';
import { MatchScoreTable } from '@/components/match-header/match-score-table';
import { formatDateTime } from '@/lib/dates';
import { codeLabel } from '@/lib/match-codes';

type Match = Schemas['Match'];
type LiveClock = Schemas['Clock'];

/** A status's colour: playing is green, finished plain, cancelled red, not started muted. */
function statusIntent(statusId: number): Intent {
  if (statusId >= 201 && statusId <= 205) return Intent.SUCCESS;
  if (statusId === 207) return Intent.DANGER;
  return Intent.NONE;
}

/**
 * The head of a match's screens (spec 02 §2 "Match log screen"): the competition with its logo
 * when the match gives one, the home and away teams around the score, the goals of each period
 * (1st Period to Overtime, which shows as the shootout when the log holds one), the venue, the
 * city, the start and the status, and beside it the match clock when one is published (`clock`).
 */
export function MatchHeader({ match, clock = null }: { match: Match; clock?: LiveClock | null }) {
  const logo = match.competitionLogo || match.federationLogo;
  return (
    <Card className="pd-match-header" aria-label="Match">
      <div className="pd-match-header-top">
        <span className={Classes.TEXT_MUTED}>
          {logo && <img className="pd-match-header-logo" src={logoSrc(logo)} alt={`${match.competitionDisplayName} logo`} />}
          {match.competitionDisplayName}
          {match.round ? ` · Round ${match.round}` : ''}
        </span>
        <span className="pd-match-header-now">
          <PublishedClock clock={clock} statusId={match.statusId} />
          <Tag large multiline minimal={match.statusId === 200} intent={statusIntent(match.statusId)} aria-label="Status">
            {codeLabel(match.status)}
          </Tag>
        </span>
      </div>
      <MatchHeadline match={match} scoreLabel="Score" separator=":" />
      <div className="pd-match-header-bottom">
        <MatchScoreTable score={match} homeName={match.homeTeamDisplayName} awayName={match.awayTeamDisplayName} />
        <dl className="pd-match-header-facts">
          <dt className={Classes.TEXT_MUTED}>Venue</dt>
          <dd>{match.venue || '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>City</dt>
          <dd>{match.city?.name || '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>Start</dt>
          <dd>{formatDateTime(match.startDate)}</dd>
        </dl>
      </div>
    </Card>
  );
}
