import './live.css';
import '@/features/matches/report/report.css';
import { AnchorButton, Card, Classes, H1, H3, NonIdealState } from '@blueprintjs/core';
import { Link, useParams } from 'react-router';
import { Loading } from '@/components/loading/loading';
import { logoSrc } from '@/components/logo-upload/png';
import { MatchScoreTable } from '@/components/match-header/match-score-table';
import { formatDateTime } from '@/lib/dates';
import { matchResult, shootoutText } from '@/lib/match-result';
import { teamComparison, timeouts } from '@/features/matches/report/team-comparison';
import { TeamComparisonTable } from '@/features/matches/report/team-comparison-table';
import { TeamShotMaps } from '@/features/matches/report/team-shot-maps';
import { playByPlay, timeoutsLeft } from '@/features/live/live-match';
import { Crest, HubIndicator, NotAvailable, PeriodClock } from '@/features/live/live-parts';
import { liveScore, matchTitle, phaseOf, stateText } from '@/features/live/live-scores';
import { Lineups, Officials, PlayByPlay, TimeoutsRow } from '@/features/live/match-sections';
import type { MatchStats } from '@/features/live/public-api';
import { LOAD_FAILED, useLiveMatch } from '@/features/live/use-live';
import { useDocumentTitle } from '@/lib/document-title';

const shotsIn = (stats: MatchStats | null) => (stats ? stats.home.shots.totalShots + stats.away.shots.totalShots : 0);

/**
 * /live/:matchId for visitors: the teams with their crests and the score, the period and running
 * clock, the timeouts left, the score by period, the play-by-play newest first, the shot maps
 * once there are shots, the lineups and the officials, all live from the hub.
 */
export default function LiveMatchPage() {
  const { matchId } = useParams();
  const id = Number(matchId);
  const { status, match, events, clock, stats } = useLiveMatch(id);

  useDocumentTitle(match ? matchTitle(match) : null);

  if (status === 'missing') return <NotAvailable />;
  if (match === null) return status === 'failed' ? <NonIdealState icon="offline" description={LOAD_FAILED} /> : <Loading />;

  const begun = Boolean(clock) || events.length > 0;
  const phase = phaseOf(match, begun);
  // The big score is the regular time's after a shootout: the state says the shootout when final, this line while it is shot.
  const { shootout } = matchResult(match);
  const logo = match.competitionLogo ?? null;
  return (
    <div className="pd-live-page">
      <div className="pd-live-head">
        <Link to={`/live/competition/${match.competitionId}`} className="pd-live-competition-link">
          {logo && <img src={logoSrc(logo)} alt="" className="pd-live-competition-logo" />}
          {match.competitionDisplayName}
          {match.round ? ` · Round ${match.round}` : ''}
        </Link>
        {/* Whether updates arrive matters while a match is to come or in play; "Live" beside a final score would mislead. */}
        {(phase === 'upcoming' || phase === 'live') && <HubIndicator />}
        <AnchorButton icon="desktop" text="Scoreboard" variant="minimal" href={`/live/${match.id}/scoreboard`} target="_blank" rel="noopener" />
      </div>

      <Card className="pd-live-match-head">
        <div className="pd-live-team">
          <Crest teamId={match.homeTeamId} name={match.homeTeamDisplayName} className="pd-crest-large" />
          <H3>{match.homeTeamDisplayName}</H3>
        </div>
        <div className="pd-live-centre">
          <H1 className="pd-live-big-score" aria-label="Score">
            {liveScore(match)}
          </H1>
          <div className="pd-live-state" aria-label="Match state">
            {phase === 'live' ? <PeriodClock clock={clock} statusId={match.statusId} /> : stateText(match, begun)}
          </div>
          {phase === 'live' && shootout && <div className={Classes.TEXT_MUTED}>{shootoutText(shootout)}</div>}
          {phase === 'upcoming' && <div className={Classes.TEXT_MUTED}>{formatDateTime(match.startDate)}</div>}
          <TimeoutsRow match={match} left={timeoutsLeft(match, events)} />
        </div>
        <div className="pd-live-team">
          <Crest teamId={match.awayTeamId} name={match.awayTeamDisplayName} className="pd-crest-large" />
          <H3>{match.awayTeamDisplayName}</H3>
        </div>
      </Card>

      <div className="pd-live-scroll">
        <MatchScoreTable score={match} homeName={match.homeTeamDisplayName} awayName={match.awayTeamDisplayName} />
      </div>
      {match.venue && (
        <p className={Classes.TEXT_MUTED}>
          {match.venue}
          {match.city?.name ? `, ${match.city.name}` : ''}
        </p>
      )}

      <H3 className="pd-live-section">Play-by-play</H3>
      <PlayByPlay rows={playByPlay(match, events)} />

      {stats && shotsIn(stats) > 0 && (
        <>
          <H3 className="pd-live-section">Shots</H3>
          <div className="pd-shot-maps-grid">
            <TeamShotMaps teamId={match.homeTeamId} teamName={match.homeTeamDisplayName} events={events} lineup={match.players} />
            <TeamShotMaps teamId={match.awayTeamId} teamName={match.awayTeamDisplayName} events={events} lineup={match.players} />
          </div>
          <H3 className="pd-live-section">Team comparison</H3>
          <div className="pd-live-scroll">
            <TeamComparisonTable
              homeName={match.homeTeamDisplayName}
              awayName={match.awayTeamDisplayName}
              rows={teamComparison(stats.home, stats.away, timeouts(events, match.homeTeamId, match.awayTeamId))}
            />
          </div>
        </>
      )}

      <H3 className="pd-live-section">Lineups</H3>
      <Lineups match={match} />
      <div className="pd-live-section">
        <Officials match={match} />
      </div>
    </div>
  );
}
