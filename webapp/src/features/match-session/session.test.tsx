import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { fakeApi, failure, type FakeApi } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { matchDetailOf } from '@/test/fixtures/matches';
import { matchSnapshots } from '@/lib/match-snapshots';
import { useMatchSession } from '@/features/match-session/session';

const MATCH = 900;
const HOME = 31;
const match = matchDetailOf({ statusId: 201, status: 'Started', homeTeamGoalsTotal: 0, awayTeamGoalsTotal: 0, revision: 3 });
const score = (revision: number, home: number) => ({ ...match, revision, homeTeamGoalsTotal: home }) as unknown as Schemas['MatchScore'];
const goalInput = (minute: number): Schemas['EventInput'] => ({
  matchId: MATCH,
  typeId: 705,
  periodId: 1200,
  minute,
  seconds: 0,
  shot: { teamId: HOME, takenById: 507, typeId: 1100, isGoal: true },
});
const saved = (id: number, input: Schemas['EventInput']) => ({ ...input, id, clientId: input.clientId ?? null }) as Schemas['EventView'];

let api: FakeApi;
let serverEvents: Schemas['EventView'][];

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  serverEvents = [saved(1, goalInput(7))];
  api = fakeApi()
    .on('GET', '/api/Matches/{id}', () => match)
    .on('GET', '/api/Events/{id}', () => serverEvents);
});

function renderSession() {
  const rendered = renderHook(() => useMatchSession(MATCH));
  return { state: () => rendered.result.current[0], actions: () => rendered.result.current[1], unmount: rendered.unmount };
}

describe('useMatchSession', () => {
  it("loads the match and its log, joins the match's group and follows its messages", async () => {
    const session = renderSession();
    await waitFor(() => expect(session.state().status).toBe('ready'));
    expect(session.state().events.map((event) => event.id)).toEqual([1]);
    const socket = FakeSocket.last!;
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ type: 'JoinGroup', matchId: MATCH });
    expect(session.state().connection).toBe('online');
    act(() => {
      socket.receive({ type: 'Joined', matchId: MATCH, seq: 0 });
      socket.receive({ type: 'Event', matchId: MATCH, seq: 1, action: 'created', event: saved(2, goalInput(5)), match: score(4, 2) });
      socket.receive({ type: 'Clock', matchId: MATCH, seq: 2, period: 1200, remainingSeconds: 290, runningSince: null, state: 'Paused' });
    });
    expect(session.state().events.map((event) => event.id)).toEqual([1, 2]);
    expect(session.state().match?.homeTeamGoalsTotal).toBe(2);
    expect(session.state().clock).toMatchObject({ remainingSeconds: 290, state: 'Paused' });
    act(() => session.actions().publishClock({ period: 1200, remainingSeconds: 280, runningSince: null, state: 'Stopped' }));
    expect(socket.sent).toContainEqual({ type: 'Clock', matchId: MATCH, period: 1200, remainingSeconds: 280, runningSince: null, state: 'Stopped' });
    // A gap in seq: the session loads the match again.
    serverEvents = [...serverEvents, saved(2, goalInput(5)), saved(3, goalInput(4))];
    act(() => socket.receive({ type: 'Event', matchId: MATCH, seq: 4, action: 'deleted', event: { id: 99 }, match: score(6, 3) }));
    await waitFor(() => expect(session.state().events.map((event) => event.id)).toEqual([1, 2, 3]));
    session.unmount();
  });

  it('shows a write made without the network as waiting, and as saved once the server took it', async () => {
    api.on('POST', '/api/Events', () => Promise.reject(new TypeError('Failed to fetch')));
    const session = renderSession();
    await waitFor(() => expect(session.state().status).toBe('ready'));
    act(() => session.actions().saveEvent(goalInput(3)));
    await waitFor(() => expect(session.state().waiting).toBe(1));
    const waiting = session.state().events.find((event) => event.id === null)!;
    expect(waiting).toMatchObject({ minute: 3, pending: { kind: 'create', state: 'waiting', message: null } });
    api.on('POST', '/api/Events', ({ body }) => ({ ...saved(10, body), match: score(9, 1) }));
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(session.state().waiting).toBe(0));
    expect(session.state().events.find((event) => event.key === waiting.key)).toMatchObject({ id: 10, pending: null });
    expect(session.state().match?.homeTeamGoalsTotal).toBe(1);
    session.unmount();
  });

  it("keeps a refused write with the server's message until the user drops it", async () => {
    api.on('PUT', '/api/Events/{id}', () => failure(409, 'This team has used both its timeouts.'));
    const session = renderSession();
    await waitFor(() => expect(session.state().status).toBe('ready'));
    act(() => session.actions().saveEvent(goalInput(2), { key: '#1' }));
    await waitFor(() => expect(session.state().refused).toBe(1));
    expect(session.state().events).toMatchObject([
      { id: 1, minute: 2, pending: { kind: 'update', state: 'refused', message: 'This team has used both its timeouts.' } },
    ]);
    act(() => session.actions().drop({ key: '#1' }));
    await waitFor(() => expect(session.state().refused).toBe(0));
    expect(session.state().events).toMatchObject([{ id: 1, minute: 7, pending: null }]);
    session.unmount();
  });

  it("keeps a copy of the match, opens on it when the server cannot be reached, and loads afresh when the connection returns", async () => {
    const first = renderSession();
    await waitFor(() => expect(first.state().status).toBe('ready'));
    await waitFor(async () => expect((await (await matchSnapshots()).load(MATCH))?.events.map((event) => event.id)).toEqual([1]));
    first.unmount();

    api.on('GET', '/api/Events/{id}', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = renderSession();
    await waitFor(() => expect(offline.state().status).toBe('ready'));
    expect(offline.state().savedAt).not.toBeNull();
    expect(offline.state().events.map((event) => event.id)).toEqual([1]);

    serverEvents = [...serverEvents, saved(2, goalInput(5))];
    api.on('GET', '/api/Events/{id}', () => serverEvents);
    // The network comes back: the hub connects again.
    act(() => FakeSocket.last!.drop());
    expect(offline.state().connection).toBe('offline');
    act(() => window.dispatchEvent(new Event('online')));
    act(() => FakeSocket.last!.open());
    await waitFor(() => expect(offline.state().events.map((event) => event.id)).toEqual([1, 2]));
    expect(offline.state().savedAt).toBeNull();
    offline.unmount();
  });

  it('fails as before when the server refuses the load, copy or not', async () => {
    api.on('GET', '/api/Events/{id}', () => failure(403, 'You do not have permission.'));
    const session = renderSession();
    await waitFor(() => expect(session.state().status).toBe('failed'));
    expect(session.state().error).toBe('You do not have permission.');
    session.unmount();
  });
});
