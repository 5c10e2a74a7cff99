import { describe, expect, it } from 'vitest';
import type { MatchMessage } from '@/lib/hub';
import type { OutboxOp } from '@/lib/outbox';
import {
  initialModel,
  MATCH_DELETED,
  type SessionAction,
  type SessionModel,
  sessionReducer,
  sessionState,
} from '@/features/match-session/session-reducer';
import type { EventView, Match, MatchScore } from '@/features/match-session/session-types';

const HOME = 1;
const AWAY = 2;
const score = (revision: number, home = 0): MatchScore =>
  ({ id: 7, revision, homeTeamGoalsTotal: home, awayTeamGoalsTotal: 0, status: 'Started', statusId: 201 }) as unknown as MatchScore;
const match = {
  ...score(1),
  homeTeamId: HOME,
  awayTeamId: AWAY,
  matchSegmentLength: 8,
  players: [
    { teamId: HOME, playerId: 10 },
    { teamId: AWAY, playerId: 20 },
  ],
  coaches: [],
} as unknown as Match;

const goal = (id: number, periodId: EventView['periodId'], minute: number, seconds = 0): EventView => ({
  id,
  matchId: 7,
  typeId: 705,
  periodId,
  minute,
  seconds,
  clientId: null,
  shot: { teamId: HOME, takenById: 10, typeId: 1100, isGoal: true },
});
const doubleExclusion = {
  matchId: 7,
  typeId: 704 as const,
  periodId: 1201 as const,
  minute: 5,
  seconds: 30,
  exclusion: { teamId: HOME, excludedPlayerId: 10, fouledPlayerId: 20, typeId: 1000, isDoubleExclusion: true },
} as const;

const run = (actions: SessionAction[], from: SessionModel = initialModel(7)) => actions.reduce(sessionReducer, from);
const loaded = (events: EventView[] = []): SessionAction => ({ type: 'loaded', match, events });
const hub = (message: Record<string, unknown>, seq = 1): SessionAction => ({
  type: 'hub',
  message: { matchId: 7, seq, ...message } as MatchMessage,
});
const eventMessage = (action: 'created' | 'updated' | 'deleted', event: EventView | { id: number }, revision: number) =>
  hub({ type: 'Event', action, event, match: score(revision, revision) });
const ops = (list: Partial<OutboxOp>[]): SessionAction => ({
  type: 'outbox',
  news: { ops: list.map((op, index) => ({ seq: index + 1, matchId: 7, state: 'waiting', message: null, input: null, ...op }) as OutboxOp), answered: null },
});

describe('sessionReducer', () => {
  it('shows the loaded events in log order: by period, the clock counting down, then as logged', () => {
    const state = sessionState(run([loaded([goal(4, 1201, 7), goal(3, 1200, 2), goal(1, 1200, 5), goal(2, 1200, 5)])]));
    expect(state.status).toBe('ready');
    expect(state.events.map((event) => event.id)).toEqual([1, 2, 3, 4]);
    expect(state.events[0]).toMatchObject({ key: '#1', pending: null });
  });

  it('fails when the first load fails, but keeps what it shows when a reload fails', () => {
    expect(run([{ type: 'loadFailed', error: 'Error loading data.' }])).toMatchObject({ status: 'failed', error: 'Error loading data.' });
    const kept = run([loaded([goal(1, 1200, 5)]), { type: 'resync' }, { type: 'loadFailed', error: 'Error loading data.' }]);
    expect(sessionState(kept)).toMatchObject({ status: 'ready', error: null, events: [{ id: 1 }] });
  });

  it("applies the hub's event messages, including the removed twin of a double exclusion", () => {
    const model = run([
      loaded([goal(1, 1200, 5), goal(2, 1200, 4)]),
      eventMessage('created', goal(3, 1200, 3), 2),
      eventMessage('updated', goal(1, 1200, 6), 3),
      eventMessage('deleted', { id: 2 }, 4),
    ]);
    expect(sessionState(model).events.map((event) => [event.id, event.minute])).toEqual([
      [1, 6],
      [3, 3],
    ]);
    expect(model.match?.homeTeamGoalsTotal).toBe(4);
  });

  it('keeps what was heard while loading and applies it on top of the load', () => {
    const model = run([
      eventMessage('created', goal(3, 1200, 3), 2),
      eventMessage('deleted', { id: 1 }, 3),
      loaded([goal(1, 1200, 5)]),
    ]);
    expect(sessionState(model).events.map((event) => event.id)).toEqual([3]);
    const again = run([{ type: 'resync' }, eventMessage('created', goal(4, 1200, 2), 4), loaded([goal(3, 1200, 3)])], model);
    expect(sessionState(again).events.map((event) => event.id)).toEqual([3, 4]);
  });

  it('keeps the score of the highest revision, whatever order answers and messages arrive in', () => {
    const model = run([loaded(), eventMessage('created', goal(1, 1200, 5), 5), eventMessage('created', goal(2, 1200, 4), 3)]);
    expect(model.match).toMatchObject({ revision: 5, homeTeamGoalsTotal: 5 });
  });

  it('reloads on Resync and when the match changed, and fails when it was deleted', () => {
    const model = run([loaded(), { type: 'resync' }]);
    expect(model.reloads).toBe(1);
    const changed = run([hub({ type: 'Match', match: score(9, 2), players: [], coaches: [], officials: [] })], model);
    expect(changed.reloads).toBe(2);
    expect(changed.match).toMatchObject({ homeTeamGoalsTotal: 2, players: match.players });
    expect(run([hub({ type: 'Match', deleted: true })], model)).toMatchObject({ status: 'failed', error: MATCH_DELETED });
  });

  it('keeps the last clock published for the match', () => {
    const clock = { period: 1201, remainingSeconds: 300, runningSince: '2026-11-26T10:00:00.000Z', state: 'Running' };
    expect(run([hub({ type: 'Clock', ...clock })]).clock).toEqual(clock);
  });

  it('keeps a saved event with nothing waiting as the same object while the server has it unchanged', () => {
    const model = run([loaded([goal(1, 1200, 7), goal(2, 1200, 6)])]);
    const before = sessionState(model).events;
    const after = sessionState(run([hub({ type: 'Event', action: 'created', event: goal(3, 1200, 5), match: score(2) })], model)).events;
    expect(after.map((event) => event.id)).toEqual([1, 2, 3]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });

  it('follows the connection', () => {
    expect(sessionState(run([{ type: 'connection', connection: 'offline' }])).connection).toBe('offline');
  });

  describe("the device's copy, when the server cannot be reached at load", () => {
    const clock = { period: 1201, remainingSeconds: 300, runningSince: null, state: 'Paused' } as const;
    const snapshot = { matchId: 7, match, events: [goal(1, 1200, 7)], clock, savedAt: '2026-11-26T16:00:00.000Z' };
    const restored: SessionAction = { type: 'restored', snapshot };

    it('stands in for the load, says how old it is, and gives way to the server once the connection returns', () => {
      const offline = run([{ type: 'connection', connection: 'offline' }, restored]);
      expect(sessionState(offline)).toMatchObject({ status: 'ready', match, clock, savedAt: '2026-11-26T16:00:00.000Z' });
      expect(sessionState(offline).events.map((event) => event.id)).toEqual([1]);
      const back = run([{ type: 'connection', connection: 'online' }], offline);
      expect(back.reloads).toBe(offline.reloads + 1);
      const fresh = run([loaded([goal(1, 1200, 7), goal(2, 1200, 6)])], back);
      expect(sessionState(fresh).savedAt).toBeNull();
      expect(sessionState(fresh).events.map((event) => event.id)).toEqual([1, 2]);
      // Online again with the server's state: no further reload.
      expect(run([{ type: 'connection', connection: 'offline' }, { type: 'connection', connection: 'online' }], fresh).reloads).toBe(fresh.reloads);
    });

    it("never replaces what the server said, and keeps a clock heard on the hub over the copy's", () => {
      const shown = run([loaded([goal(3, 1200, 5)]), restored]);
      expect(sessionState(shown)).toMatchObject({ savedAt: null });
      expect(sessionState(shown).events.map((event) => event.id)).toEqual([3]);
      const heard = { period: 1202, remainingSeconds: 100, runningSince: null, state: 'Stopped' } as const;
      expect(run([hub({ type: 'Clock', ...heard }), restored]).clock).toEqual(heard);
    });
  });
});

describe('the outbox on top of the log', () => {
  const waitingGoal = { ...goal(0, 1200, 4), id: null, clientId: 'c-1' };

  it('shows a waiting create with no id, pending, among the saved events by its time', () => {
    const state = sessionState(
      run([loaded([goal(1, 1200, 5), goal(2, 1200, 3)]), ops([{ kind: 'create', target: { clientId: 'c-1' }, input: waitingGoal }])]),
    );
    expect(state.events.map((event) => event.key)).toEqual(['#1', 'c-1', '#2']);
    expect(state.events[1]).toMatchObject({ id: null, minute: 4, pending: { kind: 'create', state: 'waiting', message: null } });
    expect(state.waiting).toBe(1);
    expect(state.match?.homeTeamGoalsTotal).toBe(0);
  });

  it("shows a waiting double exclusion with its mirrored twin", () => {
    const state = sessionState(
      run([loaded(), ops([{ kind: 'create', target: { clientId: 'c-2' }, input: { ...doubleExclusion, clientId: 'c-2' } }])]),
    );
    expect(state.events.map((event) => [event.key, event.exclusion?.teamId, event.exclusion?.excludedPlayerId])).toEqual([
      ['c-2', HOME, 10],
      ['c-2~pair', AWAY, 20],
    ]);
  });

  it('shows waiting corrections and deletes on their events, and counts refused writes apart', () => {
    const state = sessionState(
      run([
        loaded([goal(1, 1200, 5), goal(2, 1200, 3)]),
        ops([
          { kind: 'update', target: { eventId: 1 }, input: { ...goal(1, 1200, 6), id: null } },
          { kind: 'delete', target: { eventId: 2 }, state: 'refused', message: 'There is no event with this id.' },
        ]),
      ]),
    );
    expect(state.events).toMatchObject([
      { id: 1, minute: 6, pending: { kind: 'update', state: 'waiting' } },
      { id: 2, minute: 3, pending: { kind: 'delete', state: 'refused', message: 'There is no event with this id.' } },
    ]);
    expect([state.waiting, state.refused]).toEqual([1, 1]);
  });

  it('shows a create the hub reported before its answer once, as saved', () => {
    const saved = { ...goal(5, 1200, 4), clientId: 'c-1' };
    const state = sessionState(
      run([loaded(), ops([{ kind: 'create', target: { clientId: 'c-1' }, input: waitingGoal }]), eventMessage('created', saved, 2)]),
    );
    expect(state.events).toMatchObject([{ id: 5, key: 'c-1', pending: null }]);
  });

  it("takes the answer to a write: the event, its pair, and the server's score", () => {
    const created = { ...goal(5, 1200, 4), clientId: 'c-1' };
    const answered: SessionAction = {
      type: 'outbox',
      news: {
        ops: [],
        answered: {
          op: { seq: 1, matchId: 7, kind: 'create', target: { clientId: 'c-1' }, input: waitingGoal, state: 'waiting', message: null },
          result: { ...created, match: score(4, 1), pairedEvent: goal(6, 1200, 4) },
        },
      },
    };
    const model = run([loaded(), ops([{ kind: 'create', target: { clientId: 'c-1' }, input: waitingGoal }]), answered]);
    expect(sessionState(model).events.map((event) => [event.key, event.id, event.pending])).toEqual([
      ['c-1', 5, null],
      ['#6', 6, null],
    ]);
    expect(model.match?.homeTeamGoalsTotal).toBe(1);
    const gone: SessionAction = {
      type: 'outbox',
      news: {
        ops: [],
        answered: { op: { seq: 2, matchId: 7, kind: 'delete', target: { eventId: 6 }, input: null, state: 'waiting', message: null }, result: null },
      },
    };
    expect(sessionState(run([gone], model)).events.map((event) => event.id)).toEqual([5]);
  });
});
