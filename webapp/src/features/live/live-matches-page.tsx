import './live.css';
import { Button, ButtonGroup, H2, H3, NonIdealState } from '@blueprintjs/core';
import { useEffect, useReducer, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '@/components/loading/loading';
import { initialList, LIST_FAILED, listReducer, NO_MATCHES, REFRESH_MS } from '@/features/live/live-list';
import { dayTitle, groupByCompetition, isDay, liveIds, localDay, shiftDay } from '@/features/live/live-scores';
import { HubIndicator } from '@/features/live/live-parts';
import { CompetitionCard } from '@/features/live/match-rows';
import {
  getPublicCompetitions,
  getPublicMatchDays,
  getPublicMatches,
  type MatchDays,
  type PublicCompetitionRef,
  tzOffsetAt,
} from '@/features/live/public-api';
import { useEvery, useWatchedMatches } from '@/features/live/use-live';
import { pageTitle, useDocumentTitle } from '@/lib/document-title';

/** Minutes east of UTC on a day (at its noon, so a change of summer time that day does not matter). */
function offsetOn(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return tzOffsetAt(new Date(year, month - 1, date, 12));
}

/**
 * /live: the day's matches of the public competitions and every match in progress, per
 * competition, the scores and clocks of those in progress live from the hub; previous and next
 * day, Today. The day is in the address (`?date=YYYY-MM-DD`) so it can be shared.
 */
export default function LiveMatchesPage() {
  const [params, setParams] = useSearchParams();
  const today = localDay(new Date());
  const asked = params.get('date');
  const day = isDay(asked) ? asked : today;
  const [state, dispatch] = useReducer(listReducer, day, initialList);

  useEffect(() => {
    dispatch({ type: 'day', day });
  }, [day]);

  useDocumentTitle(pageTitle(`Live matches ${dayTitle(day)}`));

  const shown = state.day;
  useEffect(() => {
    let current = true;
    getPublicMatches(shown, offsetOn(shown)).then(
      (matches) => current && dispatch({ type: 'loaded', day: shown, matches }),
      () => current && dispatch({ type: 'loadFailed', day: shown }),
    );
    return () => {
      current = false;
    };
  }, [shown, state.reloads]);

  useEvery(REFRESH_MS, () => dispatch({ type: 'reload' }));

  const { matches, clocks } = state.scores;
  const watched = liveIds(matches, clocks);
  useWatchedMatches(watched, (_, feed) => dispatch(feed.kind === 'resync' ? { type: 'reload' } : { type: 'hub', message: feed.message }));

  const goTo = (next: string) => setParams(next === today ? {} : { date: next });

  return (
    <div className="pd-live-page">
      <div className="pd-live-head">
        <H2>{dayTitle(day)}</H2>
        {watched.length > 0 && <HubIndicator />}
        <ButtonGroup className="pd-live-days" aria-label="Day">
          <Button icon="chevron-left" text="Previous day" onClick={() => goTo(shiftDay(day, -1))} />
          <Button text="Today" disabled={day === today} onClick={() => goTo(today)} />
          <Button endIcon="chevron-right" text="Next day" onClick={() => goTo(shiftDay(day, 1))} />
        </ButtonGroup>
      </div>
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <NonIdealState icon="offline" description={LIST_FAILED} />}
      {state.status === 'ready' && matches.length === 0 && (
        <NonIdealState icon="calendar" description={NO_MATCHES} action={<NearestDays day={shown} goTo={goTo} />} />
      )}
      {state.status === 'ready' &&
        groupByCompetition(matches).map((group) => <CompetitionCard key={group.competitionId} {...group} clocks={clocks} />)}
      <PublicCompetitions />
    </div>
  );
}

/** The last day with matches before `day` and the next one after it, each a button to that day, so a day without matches is no dead end. */
function NearestDays({ day, goTo }: { day: string; goTo: (day: string) => void }) {
  const [days, setDays] = useState<{ of: string; nearest: MatchDays } | null>(null);
  useEffect(() => {
    let current = true;
    getPublicMatchDays(day, offsetOn(day)).then(
      (nearest) => current && setDays({ of: day, nearest }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [day]);
  if (days?.of !== day) return null;
  const { previous, next } = days.nearest;
  if (!previous && !next) return null;
  return (
    <div className="pd-live-nearest">
      {previous && <Button icon="history" variant="outlined" text={`${LAST_MATCHES} ${dayTitle(previous)}`} onClick={() => goTo(previous)} />}
      {next && <Button endIcon="arrow-right" variant="outlined" intent="primary" text={`${NEXT_MATCHES} ${dayTitle(next)}`} onClick={() => goTo(next)} />}
    </div>
  );
}

export const LAST_MATCHES = 'Last matches:';
export const NEXT_MATCHES = 'Next matches:';

/** Every public competition, each a link to its page (results of the round, standings), so a day without matches is no dead end. */
function PublicCompetitions() {
  const [competitions, setCompetitions] = useState<PublicCompetitionRef[]>([]);
  useEffect(() => {
    let current = true;
    getPublicCompetitions().then(
      (list) => current && setCompetitions(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (competitions.length === 0) return null;
  return (
    <nav aria-label="Competitions" className="pd-live-competitions">
      <H3 className="pd-live-section">Competitions</H3>
      <ul>
        {competitions.map((competition) => (
          <li key={competition.id}>
            <Link to={`/live/competition/${competition.id}`}>{competition.name}</Link>
            {competition.season && <span className="pd-live-season"> · {competition.season}</span>}
          </li>
        ))}
      </ul>
    </nav>
  );
}
