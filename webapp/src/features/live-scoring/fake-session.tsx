// A match session for the live scoring tests: the match and its events held in memory, each
// action recorded, saves and deletes applied at once as the server would (with ids given).
import { useState } from 'react';
import { vi } from 'vitest';
import type { EventInput, LoggedEvent, Match, MatchSessionActions, MatchSessionState } from '@/features/match-session/session-types';
import { LiveScoringScreen } from '@/features/live-scoring/live-scoring-screen';

export function fakeActions(): MatchSessionActions {
  return {
    saveEvent: vi.fn(),
    deleteEvent: vi.fn(),
    retry: vi.fn(),
    drop: vi.fn(),
    resync: vi.fn(() => Promise.resolve()),
    publishClock: vi.fn(),
  };
}

/** An event as the server keeps it once saved. */
const asLogged = (input: EventInput, id: number | null, key: string): LoggedEvent => ({
  ...input,
  matchId: input.matchId!,
  typeId: input.typeId!,
  periodId: input.periodId!,
  minute: input.minute!,
  seconds: input.seconds!,
  id,
  key,
  pending: null,
});

/** The live scoring screen over a session that starts with `match` and `events`. */
export function FakeSessionScreen({ match, events, actions }: { match: Match; events: LoggedEvent[]; actions: MatchSessionActions }) {
  const [logged, setLogged] = useState(events);
  const session: MatchSessionState = {
    status: 'ready',
    error: null,
    match,
    events: logged,
    waiting: 0,
    refused: 0,
    connection: 'online',
    clock: null,
    savedAt: null,
  };
  const live: MatchSessionActions = {
    ...actions,
    saveEvent(input, target) {
      actions.saveEvent(input, target);
      setLogged((current) => {
        if (target) return current.map((event) => (event.key === target.key ? asLogged(input, event.id, event.key) : event));
        const id = current.length + 1000;
        return [...current, asLogged(input, id, `saved-${id}`)];
      });
    },
    deleteEvent(target) {
      actions.deleteEvent(target);
      setLogged((current) => current.filter((event) => event.key !== target.key));
    },
  };
  return <LiveScoringScreen session={session} actions={live} />;
}
