import { AnchorButton, Button, Card, Classes, H3, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useParams } from 'react-router';
import { PublishedClock } from '@/components/live-clock/live-clock';
import { usePublishedClock } from '@/components/live-clock/use-published-clock';
import { Loading } from '@/components/loading/loading';
import { matchStatusLabel } from '@/components/match-table/match-table';
import { matchScreenTitle, useDocumentTitle } from '@/lib/document-title';
import { formatDateTime } from '@/lib/dates';
import { useDetail } from '@/lib/use-detail';
import { useRouteLink } from '@/lib/route-link';
import { describeEvent } from '@/lib/match-events';
import { useMatchLive } from '@/features/match-session/match-live';
import { MatchOfficialsTable } from '@/features/matches/match-officials-table';
import { MatchHeadline } from '@/components/match-header/match-headline';
import { MatchScoreTable } from '@/components/match-header/match-score-table';
import { TableFrame } from '@/components/table-frame/table-frame';
import { ExportScoresheetButton } from '@/features/scoresheet/export-controls';
import { teamComparison, timeouts } from '@/features/matches/report/team-comparison';
import { TeamComparisonTable } from '@/features/matches/report/team-comparison-table';
import { TeamShotMaps } from '@/features/matches/report/team-shot-maps';
import { useMatchStats } from '@/features/matches/report/use-match-stats';
import '@/features/matches/report/report.css';
import '@/features/matches/report/report-print.css';
import { type PlayerStatsRow, TeamStatsTable } from '@/features/matches/match-stats-table';
import {
  getEvents,
  getMatch,
  type Match,
  type MatchEvent,
  type MatchStats,
  type Stats,
} from '@/features/matches/matches-api';

export const NO_EVENTS = 'No events were logged for this match.';
export const NO_MATCH_OFFICIALS = 'No officials are assigned to this match.';
export const STATS_FAILED = 'The statistics could not be loaded.';

/** A match with its events in log order. */
const loadReport = (id: number): Promise<{ match: Match; events: MatchEvent[] }> =>
  Promise.all([getMatch(id), getEvents(id)]).then(([match, events]) => ({ match, events }));

/** Each lineup player's statistics by player id. */
const playerStats = (stats: MatchStats | null): ReadonlyMap<number, Stats> =>
  new Map((stats?.players ?? []).map((row) => [row.playerId, row.stats]));

function lineupRows(match: Match, teamId: number, stats: ReadonlyMap<number, Stats>): PlayerStatsRow[] {
  return match.players
    .filter((entry) => entry.teamId === teamId)
    .sort((a, b) => a.number - b.number)
    .map((entry) => ({
      playerId: entry.playerId,
      cap: entry.capNumber,
      name: entry.player ? `${entry.player.name} ${entry.player.surname}` : `#${entry.playerId}`,
      stats: stats.get(entry.playerId) ?? null,
    }));
}

/**
 * The match report at /match-report/:matchId, shown without the main sidebar and printable on A4
 * (report-print.css): the teams with the result (a shootout apart) and the score by period,
 * venue, city and status; the teams compared; each team's shots on the pool and the goal; the
 * event log in order; each player's and team's statistics (one call for the whole match); the
 * officials and their confirmations.
 */
export default function MatchReportPage() {
  const { matchId } = useParams();
  const id = Number(matchId);
  const link = useRouteLink();
  const { state: loaded, reload } = useDetail(id, loadReport);
  useMatchLive(id, reload);
  const clock = usePublishedClock(id);
  const report = loaded?.detail ?? null;
  const { stats, failed: statsFailed } = useMatchStats(report?.match ?? null);
  useDocumentTitle(matchScreenTitle('Match report', report?.match ?? null));

  if (loaded === null) return <Loading />;
  if (report === null) {
    return <NonIdealState icon="error" title="The match report could not be loaded" description={loaded.error ?? ''} />;
  }
  const { match, events } = report;
  const players = playerStats(stats);

  return (
    <div className="pd-match-report">
      <div className="pd-page-actions" style={{ marginBottom: 12 }}>
        <AnchorButton icon="arrow-left" text="Back to App" variant="minimal" {...link('/')} />
        <AnchorButton icon="info-sign" text="Match details" variant="minimal" {...link(`/matches/${match.id}`)} />
        <Button icon="refresh" text="Resync" variant="minimal" onClick={reload} />
        <ExportScoresheetButton matchId={match.id} />
      </div>
      <Card className="pd-report-header">
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
          <span className={Classes.TEXT_MUTED}>{match.competitionDisplayName}</span>
          <PublishedClock clock={clock} statusId={match.statusId} />
        </div>
        <MatchHeadline match={match} scoreLabel="Final score" />
        <MatchScoreTable score={match} homeName={match.homeTeamDisplayName} awayName={match.awayTeamDisplayName} />
        <dl className="pd-details-list" style={{ marginTop: 12 }}>
          <dt className={Classes.TEXT_MUTED}>Start</dt>
          <dd>{formatDateTime(match.startDate)}</dd>
          <dt className={Classes.TEXT_MUTED}>Venue</dt>
          <dd>{match.venue || '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>City</dt>
          <dd>{match.city?.name || '—'}</dd>
          <dt className={Classes.TEXT_MUTED}>Status</dt>
          <dd>{matchStatusLabel(match.status)}</dd>
        </dl>
      </Card>

      <H3 className="pd-report-title">Team comparison</H3>
      {stats ? (
        <TeamComparisonTable
          homeName={match.homeTeamDisplayName}
          awayName={match.awayTeamDisplayName}
          rows={teamComparison(stats.home, stats.away, timeouts(events, match.homeTeamId, match.awayTeamId))}
        />
      ) : (
        <p className={Classes.TEXT_MUTED}>{statsFailed ? STATS_FAILED : 'Loading the statistics…'}</p>
      )}

      <H3 className="pd-report-title">Shots</H3>
      <div className="pd-shot-maps-grid">
        <TeamShotMaps teamId={match.homeTeamId} teamName={match.homeTeamDisplayName} events={events} lineup={match.players} />
        <TeamShotMaps teamId={match.awayTeamId} teamName={match.awayTeamDisplayName} events={events} lineup={match.players} />
      </div>

      <H3 className="pd-report-title">Match log</H3>
      {events.length === 0 ? (
        <NonIdealState icon="list" description={NO_EVENTS} className="pd-table-empty" />
      ) : (
        <TableFrame>
          <HTMLTable compact striped className="pd-table" aria-label="Match log">
            <thead>
              <tr>
                <th>Period</th>
                <th>Time</th>
                <th>Team</th>
                <th>Player</th>
                <th>Event</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => {
                const row = describeEvent(event, match);
                return (
                  <tr key={event.id}>
                    <td>{row.period}</td>
                    <td>{row.time}</td>
                    <td>{row.team}</td>
                    <td>{row.player}</td>
                    <td>{row.type}</td>
                    <td>{row.details}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </TableFrame>
      )}

      <H3 className="pd-report-title">Statistics</H3>
      <TeamStatsTable
        team={match.homeTeamDisplayName}
        players={lineupRows(match, match.homeTeamId, players)}
        totals={stats?.home ?? null}
      />
      <TeamStatsTable
        team={match.awayTeamDisplayName}
        players={lineupRows(match, match.awayTeamId, players)}
        totals={stats?.away ?? null}
      />

      <H3 className="pd-report-title">Officials</H3>
      <MatchOfficialsTable officials={match.officials} emptyText={NO_MATCH_OFFICIALS} />
    </div>
  );
}
