/**
 * `useMatchSession(matchId)`: the match and its log as the server has them, kept live from the
 * hub, with the writes of the outbox on top (session-reducer.ts). Writes always go through the
 * outbox, so one made offline, or refused, is kept until it is sent or the user drops it.
 */
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { api, errorMessage, isUnreachable } from '@/api/client';
import { mirrored } from '@/lib/event-rules';
import { matchHub } from '@/lib/hub';
import { type MatchSnapshot, matchSnapshots } from '@/lib/match-snapshots';
import { type OpTarget, type Outbox, outbox } from '@/lib/outbox';
import {
  eventMatch,
  fieldsOf,
  initialModel,
  loggedEvents,
  type SessionModel,
  sessionReducer,
  sessionState,
  twinOf,
} from '@/features/match-session/session-reducer';
import type {
  EventInput,
  EventView,
  Match,
  MatchSessionActions,
  MatchSessionState,
} from '@/features/match-session/session-types';

export const LOAD_ERROR = 'Error loading data.';
/** How long the device's copy of a match waits after a change before it is written. */
const COPY_DELAY_MS = 300;

async function loadMatch(matchId: number): Promise<{ match: Match; events: EventView[] }> {
  const [match, events] = await Promise.all([
    api.get<Match>(`/api/Matches/${matchId}`),
    api.get<EventView[]>(`/api/Events/${matchId}`),
  ]);
  return { match, events };
}

/** The device's copy of the match, when the server cannot be reached and there is one. */
async function storedCopy(matchId: number, error: unknown): Promise<MatchSnapshot | null> {
  if (!isUnreachable(error)) return null;
  return (await matchSnapshots()).load(matchId);
}

/** Keeps the device's copy of what the server said; a browser without IndexedDB only loses the copy. */
function keepCopy(snapshot: MatchSnapshot): void {
  matchSnapshots()
    .then((store) => store.save(snapshot))
    .catch((error: unknown) => console.error('The copy of the match could not be kept.', error));
}

/** Runs `work` on the tab's outbox; a browser without IndexedDB cannot queue writes, which is logged. */
function withOutbox(work: (box: Outbox) => Promise<unknown>): void {
  outbox()
    .then(work)
    .catch((error: unknown) => console.error('The outbox could not take the write.', error));
}

/** The write target a row's key names: the saved event by id, or the create still waiting. */
function targetOf(model: SessionModel, key: string): OpTarget | null {
  const row = loggedEvents(model).find((event) => event.key === key);
  if (!row) return null;
  return row.id !== null ? { eventId: row.id } : { clientId: key };
}

export function useMatchSession(matchId: number): [MatchSessionState, MatchSessionActions] {
  const [stored, dispatch] = useReducer(sessionReducer, matchId, initialModel);
  // Another match starts from nothing (the effects below then reload and re-watch).
  const model = stored.matchId === matchId ? stored : initialModel(matchId);
  const latest = useRef(model);
  const resyncs = useRef<(() => void)[]>([]);

  useEffect(() => {
    latest.current = model;
  });

  useEffect(() => {
    if (stored.matchId !== matchId) dispatch({ type: 'start', matchId });
  }, [matchId, stored.matchId]);

  useEffect(() => {
    let current = true;
    loadMatch(matchId).then(
      ({ match, events }) => current && dispatch({ type: 'loaded', match, events }),
      async (error: unknown) => {
        const snapshot = await storedCopy(matchId, error).catch(() => null);
        if (!current) return;
        dispatch(snapshot ? { type: 'restored', snapshot } : { type: 'loadFailed', error: errorMessage(error, LOAD_ERROR) });
      },
    ).finally(() => {
      if (!current) return;
      for (const resolve of resyncs.current.splice(0)) resolve();
    });
    return () => {
      current = false;
    };
  }, [matchId, model.reloads]);

  useEffect(() => {
    const hub = matchHub();
    dispatch({ type: 'connection', connection: hub.status });
    const stopStatus = hub.onStatus((connection) => {
      dispatch({ type: 'connection', connection });
      // The server is back: what waits goes now rather than at the next backoff.
      if (connection === 'online') withOutbox(async (box) => box.flush());
    });
    const stopWatching = hub.watchMatch(matchId, (feed) =>
      dispatch(feed.kind === 'resync' ? { type: 'resync' } : { type: 'hub', message: feed.message }),
    );
    return () => {
      stopStatus();
      stopWatching();
    };
  }, [matchId]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let current = true;
    withOutbox(async (box) => {
      if (!current) return;
      stop = box.subscribe(matchId, (news) => dispatch({ type: 'outbox', news }));
      const ops = await box.ops(matchId);
      if (current) dispatch({ type: 'outbox', news: { ops, answered: null } });
    });
    return () => {
      current = false;
      stop?.();
    };
  }, [matchId]);

  // What the server said (not a copy being shown) is kept for the next load without it: a
  // moment after it changes, so a burst of events costs one copy and the copying never holds
  // up a write, and at once when the screen closes or the page goes away.
  const { match, events, clock, savedAt } = model;
  const unkept = useRef<MatchSnapshot | null>(null);
  const keepNow = useMemo(
    () => () => {
      const snapshot = unkept.current;
      unkept.current = null;
      if (snapshot) keepCopy(snapshot);
    },
    [],
  );
  useEffect(() => {
    if (!match || savedAt !== null) return;
    unkept.current = { matchId, match, events, clock, savedAt: new Date().toISOString() };
    const timer = setTimeout(keepNow, COPY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [matchId, match, events, clock, savedAt, keepNow]);
  useEffect(() => {
    window.addEventListener('pagehide', keepNow);
    return () => {
      window.removeEventListener('pagehide', keepNow);
      keepNow();
    };
  }, [keepNow]);

  const state = useMemo(() => sessionState(model), [model]);

  const actions = useMemo<MatchSessionActions>(() => {
    /** Runs a write on the event a key names; a waiting twin's writes go to its pair. */
    const onTarget = (key: string, work: (box: Outbox, target: OpTarget, twin: boolean) => Promise<unknown>) => {
      const pair = twinOf(key);
      const target = targetOf(latest.current, pair ?? key);
      if (target) withOutbox((box) => work(box, target, pair !== null));
    };
    return {
      saveEvent(input: EventInput, target?: { key: string }) {
        if (!target) {
          withOutbox((box) => box.create(matchId, input));
          return;
        }
        onTarget(target.key, (box, to, twin) => {
          const match = latest.current.match;
          // Mirroring is its own inverse: the twin's correction is its pair's, mirrored back.
          const body = twin && match ? (mirrored(fieldsOf(input, matchId), eventMatch(match)) ?? input) : input;
          return box.update(matchId, to, body);
        });
      },
      deleteEvent: ({ key }) => onTarget(key, (box, to) => box.delete(matchId, to)),
      retry: ({ key }) => onTarget(key, (box, to) => box.retry(matchId, to)),
      drop: ({ key }) => onTarget(key, (box, to) => box.drop(matchId, to)),
      resync: () =>
        new Promise<void>((resolve) => {
          resyncs.current.push(resolve);
          dispatch({ type: 'resync' });
        }),
      publishClock: (clock) => matchHub().publishClock(matchId, clock),
    };
  }, [matchId]);

  return [state, actions];
}
