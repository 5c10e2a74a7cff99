import { AnchorButton, Button, Card, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { PublishedClock } from '@/components/live-clock/live-clock';
import { usePublishedClock } from '@/components/live-clock/use-published-clock';
import { Loading } from '@/components/loading/loading';
import { matchLogPath, useMayOpenLog } from '@/components/match-table/match-links';
import { matchStatusLabel } from '@/components/match-table/match-table';
import { ListBreadcrumbs, PageHeader } from '@/components/page-header/page-header';
import { Detail } from '@/components/person-pages/detail';
import { formatDateTime } from '@/lib/dates';
import { resultText } from '@/lib/match-result';
import { useDetail } from '@/lib/use-detail';
import { useRouteLink } from '@/lib/route-link';
import { useCan } from '@/state/use-can';
import { useMatchLive } from '@/features/match-session/match-live';
import { useOwnsMatch } from '@/lib/ownership';
import { MatchForm } from '@/features/matches/match-form';
import { MatchLineups } from '@/features/matches/match-lineups';
import { MatchOfficialsTab } from '@/features/matches/match-officials-tab';
import { MatchScoreTable } from '@/components/match-header/match-score-table';
import {
  DELETE_MATCH_QUESTION,
  deleteMatchWithToast,
  getMatch,
  type Match,
} from '@/features/matches/matches-api';

export type MatchTab = 'details' | 'lineups' | 'officials';

/** The tab a path under /matches/:matchId shows. */
export function matchTab(rest: readonly string[]): MatchTab {
  if (rest[0] === 'lineups') return 'lineups';
  if (rest[0] === 'officials') return 'officials';
  return 'details';
}

const TAB_PATHS: Record<MatchTab, string> = { details: '', lineups: '/lineups', officials: '/officials' };

/** `Home – Away`, the match's title. */
export const matchTitle = (match: Pick<Match, 'homeTeamDisplayName' | 'awayTeamDisplayName'>) =>
  `${match.homeTeamDisplayName} – ${match.awayTeamDisplayName}`;


/** The Details tab: the match form's fields, read only, and the score by period. */
function MatchFields({ match }: { match: Match }) {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : value);
  return (
    <Card className="pd-details">
      <dl className="pd-details-list">
        <Detail label="Home team">
          <Link to={`/teams/${match.homeTeamId}`}>{match.homeTeamDisplayName}</Link>
        </Detail>
        <Detail label="Away team">
          <Link to={`/teams/${match.awayTeamId}`}>{match.awayTeamDisplayName}</Link>
        </Detail>
        <Detail label="Competition">
          <Link to={`/competitions/${match.competitionId}`}>{match.competitionDisplayName}</Link>
        </Detail>
        <Detail label="Description">{text(match.description)}</Detail>
        <Detail label="Venue">{text(match.venue)}</Detail>
        <Detail label="Round">{text(match.round)}</Detail>
        <Detail label="Game number">{text(match.number)}</Detail>
        <Detail label="Country">{text(match.country?.name)}</Detail>
        <Detail label="City">{text(match.city?.name)}</Detail>
        <Detail label="Start">{text(formatDateTime(match.startDate))}</Detail>
        <Detail label="End">{text(formatDateTime(match.endDate))}</Detail>
        <Detail label="Match segment">{text(match.matchSegment)}</Detail>
        <Detail label="Segment length">{match.matchSegmentLength}</Detail>
        <Detail label="Score">{resultText(match)}</Detail>
        <Detail label="Status">{matchStatusLabel(match.status)}</Detail>
      </dl>
      <div style={{ marginTop: 16 }}>
        <MatchScoreTable score={match} homeName={match.homeTeamDisplayName} awayName={match.awayTeamDisplayName} />
      </div>
    </Card>
  );
}

/**
 * A match at /matches/:matchId (spec 02 §2 "Match details") with its tabs Details, Lineups and
 * Officials, each at its own route, a link to its report and, for users allowed to, the Edit
 * match drawer (/matches/:matchId/edit) and Delete.
 */
export default function MatchDetailsPage() {
  const { matchId } = useParams();
  const id = Number(matchId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const link = useRouteLink();
  const base = `/matches/${id}`;
  const tab = matchTab(pathname.slice(base.length).split('/').filter((part) => part !== ''));
  const { state: loaded, reload, reloads } = useDetail(id, getMatch);
  const [confirming, setConfirming] = useState(false);
  const owns = useOwnsMatch(loaded?.detail);
  const canDelete = useCan('Matches', 'Delete') && owns;
  const canUpdate = useCan('Matches', 'Update') && owns;
  const showLog = useMayOpenLog({ id, federationId: loaded?.detail?.federationId });
  const editing = pathname === `${base}/edit`;
  // Live: a change saved elsewhere shows at once, except under the open Edit match form.
  useMatchLive(id, () => {
    if (!editing) reload();
  });
  const clock = usePublishedClock(id);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The match could not be loaded" description={loaded.error} />;
  }
  const match = loaded.detail;
  const title = matchTitle(match);

  return (
    <div>
      <ListBreadcrumbs listTitle={'Matches'} listPath={'/matches'} name={title} />
      <PageHeader
        title={title}
        actions={
          <>
            <PublishedClock clock={clock} statusId={match.statusId} />
            {showLog && <AnchorButton icon="stopwatch" text="Match log" {...link(matchLogPath(match.id))} />}
            <AnchorButton icon="document" text="Match report" {...link(`/match-report/${match.id}`)} />
            <Button icon="refresh" text="Resync" onClick={reload} />
            {canUpdate && <Button icon="edit" text="Edit" onClick={() => navigate(`${base}/edit`)} />}
            {canDelete && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
          </>
        }
      />
      <Tabs id="match-tabs" selectedTabId={tab} onChange={(next) => navigate(`${base}${TAB_PATHS[next as MatchTab]}`)}>
        <Tab id="details" title="Details" />
        <Tab id="lineups" title="Lineups" />
        <Tab id="officials" title="Officials" />
      </Tabs>
      <div style={{ marginTop: 16 }}>
        {tab === 'details' && <MatchFields match={match} />}
        {tab === 'lineups' && <MatchLineups match={match} onSaved={reload} />}
        {tab === 'officials' && <MatchOfficialsTab match={match} onChanged={reload} />}
      </div>
      <EntityDrawer isOpen={editing} title="Edit match" onClose={() => navigate(base)}>
        <MatchForm
          key={`${match.id}-${reloads}`}
          match={match}
          onCancel={() => navigate(base)}
          onSaved={() => {
            reload();
            navigate(base);
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_MATCH_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteMatchWithToast(match.id)) navigate('/matches');
        }}
      />
    </div>
  );
}
