import './embed.css';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Crest, PeriodClock } from '@/features/live/live-parts';
import { liveScore, matchTitle, phaseOf, stateText } from '@/features/live/live-scores';
import { NOT_AVAILABLE, useHubStatus, useLiveMatch } from '@/features/live/use-live';
import { useDocumentTitle } from '@/lib/document-title';

export const FOLLOW_LIVE = 'Follow live';

/**
 * /embed/match/:id, the score a club's website shows in an iframe: crests, names, score, the
 * period and clock, and a link to the live page; on the page's own (transparent) background.
 */
export default function EmbedMatchPage() {
  const { matchId } = useParams();
  const id = Number(matchId);
  const { status, match, events, clock } = useLiveMatch(id, { withStats: false });
  const online = useHubStatus() === 'online';

  useEffect(() => {
    const body = document.body.style;
    const before = body.background;
    body.background = 'transparent';
    return () => {
      body.background = before;
    };
  }, []);
  useDocumentTitle(match ? matchTitle(match) : null);

  if (status === 'missing') return <p className="pd-embed pd-embed-missing">{NOT_AVAILABLE}</p>;
  if (!match) return <div className="pd-embed" aria-busy="true" />;
  const begun = Boolean(clock) || events.length > 0;
  const phase = phaseOf(match, begun);
  const scored = phase === 'live' || phase === 'final';
  return (
    <div className="pd-embed" aria-label="Live score">
      <div className="pd-embed-team">
        <Crest teamId={match.homeTeamId} name={match.homeTeamDisplayName} className="pd-embed-crest" />
        <span className="pd-embed-name" title={match.homeTeamDisplayName}>
          {match.homeTeamDisplayName}
        </span>
      </div>
      <div className="pd-embed-centre">
        <div className="pd-embed-score" aria-label="Score">
          {scored ? liveScore(match) : '–:–'}
        </div>
        <div className="pd-embed-state">
          {phase === 'live' ? <PeriodClock clock={clock} statusId={match.statusId} /> : stateText(match, begun)}
          {phase === 'live' && <span className={`pd-embed-dot ${online ? 'pd-embed-online' : ''}`} title={online ? 'Live' : 'Reconnecting…'} />}
        </div>
        <a className="pd-embed-follow" href={`/live/${match.id}`} target="_blank" rel="noopener">
          {FOLLOW_LIVE}
        </a>
      </div>
      <div className="pd-embed-team">
        <Crest teamId={match.awayTeamId} name={match.awayTeamDisplayName} className="pd-embed-crest" />
        <span className="pd-embed-name" title={match.awayTeamDisplayName}>
          {match.awayTeamDisplayName}
        </span>
      </div>
    </div>
  );
}
