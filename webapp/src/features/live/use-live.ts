/**
 * The hooks the pages for visitors follow the hub with: the connection's status, the matches
 * watched, and one match loaded from the public API and kept live by the match session's reducer.
 */
import { useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import { ApiRequestError } from '@/api/client';
import { type HubStatus, type MatchFeed, matchHub } from '@/lib/hub';
import { initialModel, loggedEvents, MATCH_DELETED, sessionReducer } from '@/features/match-session/session-reducer';
import { LIVE_RELOAD_DELAY_MS } from '@/features/match-session/match-live';
import { type EventView, getPublicEvents, getPublicMatch, getPublicStats, type Match, type MatchStats } from '@/features/live/public-api';

export const NOT_AVAILABLE = 'This match is not available.';
export const LOAD_FAILED = 'The match could not be loaded. It is tried again shortly.';

/** The hub connection's status, redrawn when it changes. */
export function useHubStatus(): HubStatus {
  return useSyncExternalStore(subscribeStatus, hubStatus);
}

const subscribeStatus = (change: () => void) => matchHub().onStatus(change);
const hubStatus = () => matchHub().status;

/**
 * Watches the matches `ids` names on the hub while the page shows them, telling `onFeed` what
 * each hears: a match the ids come to name is joined, one they no longer name is left, the
 * others stay joined.
 */
export function useWatchedMatches(ids: readonly number[], onFeed: (matchId: number, feed: MatchFeed) => void): void {
  const latest = useRef(onFeed);
  const watching = useRef(new Map<number, () => void>());
  useEffect(() => {
    latest.current = onFeed;
  });
  const key = ids.join(',');
  useEffect(() => {
    const map = watching.current;
    const wanted = new Set(key === '' ? [] : key.split(',').map(Number));
    for (const [id, stop] of map) {
      if (wanted.has(id)) continue;
      stop();
      map.delete(id);
    }
    for (const id of wanted) {
      if (!map.has(id)) map.set(id, matchHub().watchMatch(id, (feed) => latest.current(id, feed)));
    }
  }, [key]);
  useEffect(() => {
    const map = watching.current;
    return () => {
      for (const stop of map.values()) stop();
      map.clear();
    };
  }, []);
}

/** Calls `work` every `ms` while the page is shown. */
export function useEvery(ms: number, work: () => void): void {
  const latest = useRef(work);
  useEffect(() => {
    latest.current = work;
  });
  useEffect(() => {
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

/** After a failed load (not a 404), the page tries again this much later. */
const RETRY_MS = 10_000;

export interface LiveMatchState {
  status: 'loading' | 'ready' | 'missing' | 'failed';
  match: Match | null;
  /** Log order. */
  events: EventView[];
  clock: ReturnType<typeof sessionReducer>['clock'];
  /** Both teams' statistics; null until they come. */
  stats: MatchStats | null;
}

/**
 * One match from the public API, kept live from the hub: events update the log and the score at
 * once, a match change or missed messages load it again (the session's reducer decides which).
 * The statistics (for the shot maps) come too unless `withStats` is false.
 */
export function useLiveMatch(matchId: number, { withStats = true }: { withStats?: boolean } = {}): LiveMatchState {
  const [stored, dispatch] = useReducer(sessionReducer, matchId, initialModel);
  const model = stored.matchId === matchId ? stored : initialModel(matchId);
  const [stats, setStats] = useReducer(
    (_: { matchId: number; stats: MatchStats } | null, next: { matchId: number; stats: MatchStats } | null) => next,
    null,
  );
  const [missing, setMissing] = useReducer((_: number | null, next: number | null) => next, null);

  // An address whose id is no number names no match: nothing to load or follow.
  const valid = Number.isSafeInteger(matchId) && matchId > 0;

  useEffect(() => {
    if (valid && stored.matchId !== matchId) dispatch({ type: 'start', matchId });
  }, [matchId, valid, stored.matchId]);

  useEffect(() => {
    if (!valid) return undefined;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    Promise.all([getPublicMatch(matchId), getPublicEvents(matchId)]).then(
      ([match, events]) => {
        if (!current) return;
        setMissing(null);
        dispatch({ type: 'loaded', match, events });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && error.status === 404) {
          setMissing(matchId);
          return;
        }
        dispatch({ type: 'loadFailed', error: LOAD_FAILED });
        retry = setTimeout(() => current && dispatch({ type: 'resync' }), RETRY_MS);
      },
    );
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [matchId, valid, model.reloads]);

  useEffect(() => {
    if (!valid) return undefined;
    const hub = matchHub();
    return hub.watchMatch(matchId, (feed) =>
      dispatch(feed.kind === 'resync' ? { type: 'resync' } : { type: 'hub', message: feed.message }),
    );
  }, [matchId, valid]);

  // The statistics again a moment after the log changes (a burst of events costs one call).
  const { events } = model;
  const loaded = model.match !== null;
  useEffect(() => {
    if (!loaded || !withStats) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      getPublicStats(matchId).then(
        (answer) => current && setStats({ matchId, stats: answer }),
        () => undefined,
      );
    }, LIVE_RELOAD_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [matchId, loaded, withStats, events]);

  const ordered = useMemo(() => loggedEvents(model).filter((event): event is typeof event & { id: number } => event.id !== null), [model]);
  // Gone (a 404, or deleted while shown) reads as not available: a visitor cannot tell them apart.
  const status = !valid || missing === matchId || model.error === MATCH_DELETED ? 'missing' : model.status;
  return {
    status,
    match: model.match,
    events: ordered,
    clock: model.clock,
    stats: stats?.matchId === matchId ? stats.stats : null,
  };
}
