/** The matches of a competition as rows of the live lists: teams, score and state, each a link to its live page. */
import { Card, H4 } from '@blueprintjs/core';
import { Link } from 'react-router';
import { logoSrc } from '@/components/logo-upload/png';
import { type LiveClock, liveScore, phaseOf, stateText } from '@/features/live/live-scores';
import { Crest, PeriodClock } from '@/features/live/live-parts';
import type { Match } from '@/features/live/public-api';

/** A row's state with its parenthesis on one line: a narrow row breaks "Final (4–3 pen.)" after "Final" only. */
function StateText({ text }: { text: string }) {
  const at = text.indexOf(' (');
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)} <span className="pd-live-row-nowrap">{text.slice(at + 1)}</span>
    </>
  );
}

export function MatchRow({ match, clock }: { match: Match; clock: LiveClock | undefined }) {
  const begun = clock !== undefined;
  const phase = phaseOf(match, begun);
  const text = stateText(match, begun);
  const scored = phase === 'live' || phase === 'final';
  return (
    <li>
      <Link to={`/live/${match.id}`} className={`pd-live-row pd-live-${phase}`} aria-label={`${match.homeTeamDisplayName} – ${match.awayTeamDisplayName}`}>
        <span className="pd-live-row-state">{text === null ? <PeriodClock clock={clock} statusId={match.statusId} /> : <StateText text={text} />}</span>
        <span className="pd-live-row-team pd-live-row-home">
          <span>{match.homeTeamDisplayName}</span>
          <Crest teamId={match.homeTeamId} name={match.homeTeamDisplayName} className="pd-crest-small" />
        </span>
        <span className="pd-live-row-score" aria-label="Score">
          {scored ? liveScore(match) : '–:–'}
        </span>
        <span className="pd-live-row-team pd-live-row-away">
          <Crest teamId={match.awayTeamId} name={match.awayTeamDisplayName} className="pd-crest-small" />
          <span>{match.awayTeamDisplayName}</span>
        </span>
      </Link>
    </li>
  );
}

interface MatchListProps {
  matches: readonly Match[];
  clocks: Readonly<Record<number, LiveClock>>;
  label: string;
}

export function MatchList({ matches, clocks, label }: MatchListProps) {
  return (
    <ul className="pd-live-rows" aria-label={label}>
      {matches.map((match) => (
        <MatchRow key={match.id} match={match} clock={clocks[match.id]} />
      ))}
    </ul>
  );
}

interface CompetitionCardProps {
  competitionId: number;
  name: string;
  logo: string | null;
  matches: readonly Match[];
  clocks: Readonly<Record<number, LiveClock>>;
}

/** A competition's matches under its name and logo, the name a link to its page. */
export function CompetitionCard({ competitionId, name, logo, matches, clocks }: CompetitionCardProps) {
  return (
    <Card className="pd-live-competition" role="region" aria-label={name}>
      <H4 className="pd-live-competition-name">
        {logo && <img src={logoSrc(logo)} alt="" className="pd-live-competition-logo" />}
        <Link to={`/live/competition/${competitionId}`}>{name}</Link>
      </H4>
      <MatchList matches={matches} clocks={clocks} label={`${name} matches`} />
    </Card>
  );
}
