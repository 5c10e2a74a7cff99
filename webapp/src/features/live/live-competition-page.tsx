import './live.css';
import { Card, Classes, H2, H3, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useReducer, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '@/api/client';
import { Loading } from '@/components/loading/loading';
import { logoSrc } from '@/components/logo-upload/png';
import { StandingTable } from '@/features/competitions/standings-table';
import {
  COMPETITION_FAILED,
  COMPETITION_NOT_AVAILABLE,
  competitionReducer,
  current,
  initialCompetition,
} from '@/features/live/live-competition';
import { REFRESH_MS } from '@/features/live/live-list';
import { liveIds } from '@/features/live/live-scores';
import { HubIndicator } from '@/features/live/live-parts';
import { MatchList } from '@/features/live/match-rows';
import { getPublicCompetition, type StandingGroup } from '@/features/live/public-api';
import { useEvery, useWatchedMatches } from '@/features/live/use-live';
import { pageTitle, useDocumentTitle } from '@/lib/document-title';

export const NO_LIVE = 'No match of this competition is being played now.';
export const NO_TABLE = 'There are no standings yet.';

function Standings({ groups }: { groups: readonly StandingGroup[] }) {
  const [chosen, setChosen] = useState<string>('Overall');
  const shown = groups.filter((group) => group.rankings.length > 0);
  if (shown.length === 0) return <p className={Classes.TEXT_MUTED}>{NO_TABLE}</p>;
  const selected = shown.some((group) => group.standingType === chosen) ? chosen : shown[0]!.standingType;
  return (
    <Tabs id="pd-live-standings" selectedTabId={selected} onChange={(tab) => setChosen(String(tab))}>
      {shown.map((group) => (
        <Tab
          key={group.standingType}
          id={group.standingType}
          title={group.standingType}
          panel={
            <div className="pd-live-scroll">
              <StandingTable group={group} linkTeams={false} />
            </div>
          }
        />
      ))}
    </Tabs>
  );
}

/**
 * /live/competition/:id for visitors: the competition's name, logo and season, its matches in
 * progress (live from the hub), the results of its latest round and its standings.
 */
export default function LiveCompetitionPage() {
  const { competitionId } = useParams();
  const id = Number(competitionId);
  // Another competition starts afresh; an id that is no number names none.
  if (!Number.isSafeInteger(id) || id <= 0) return <CompetitionNotAvailable />;
  return <CompetitionView key={id} id={id} />;
}

function CompetitionNotAvailable() {
  useDocumentTitle(pageTitle('Competition not available'));
  return <NonIdealState icon="eye-off" title={COMPETITION_NOT_AVAILABLE} action={<Link to="/live">See today's matches</Link>} />;
}

function CompetitionView({ id }: { id: number }) {
  const [state, dispatch] = useReducer(competitionReducer, id, initialCompetition);

  useEffect(() => {
    let current = true;
    getPublicCompetition(id).then(
      (competition) => current && dispatch({ type: 'loaded', competition }),
      (error: unknown) => current && dispatch({ type: 'loadFailed', missing: error instanceof ApiRequestError && error.status === 404 }),
    );
    return () => {
      current = false;
    };
  }, [id, state.reloads]);

  useEvery(REFRESH_MS, () => dispatch({ type: 'reload' }));

  const { competition } = state;
  const live = competition ? current(state, competition.live) : [];
  const round = competition ? current(state, competition.roundMatches) : [];
  const watched = liveIds(live);
  useWatchedMatches(watched, (_, feed) => dispatch(feed.kind === 'resync' ? { type: 'reload' } : { type: 'hub', message: feed.message }));

  useDocumentTitle(pageTitle(competition?.name ?? 'Competition'));

  if (state.status === 'missing') return <CompetitionNotAvailable />;
  if (!competition) return state.status === 'failed' ? <NonIdealState icon="offline" description={COMPETITION_FAILED} /> : <Loading />;

  const { clocks } = state.scores;
  return (
    <div className="pd-live-page">
      <div className="pd-live-head">
        <H2 className="pd-live-competition-title">
          {competition.logo && <img src={logoSrc(competition.logo)} alt={`${competition.name} logo`} className="pd-live-competition-logo-large" />}
          <span>{competition.name}</span>
        </H2>
        {competition.season && <span className={Classes.TEXT_MUTED}>Season {competition.season}</span>}
        {watched.length > 0 && <HubIndicator />}
      </div>
      <p>
        <Link to="/live">All of today's matches</Link>
      </p>

      <H3 className="pd-live-section">Live</H3>
      <Card>{live.length === 0 ? <p className={Classes.TEXT_MUTED}>{NO_LIVE}</p> : <MatchList matches={live} clocks={clocks} label="Live matches" />}</Card>

      {competition.round !== null && round.length > 0 && (
        <>
          <H3 className="pd-live-section">Round {competition.round}</H3>
          <Card>
            <MatchList matches={round} clocks={clocks} label={`Round ${competition.round} matches`} />
          </Card>
        </>
      )}

      <H3 className="pd-live-section">Standings</H3>
      <Card>
        <Standings groups={competition.standings} />
      </Card>
    </div>
  );
}
