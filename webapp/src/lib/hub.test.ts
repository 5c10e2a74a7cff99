import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { Hub, type LiveClock, type MatchFeed, type ServerMessage } from '@/lib/hub';
import { FakeSocket } from '@/test/fake-socket';

const clock: LiveClock = { period: 1200, remainingSeconds: 300, runningSince: null, state: 'Paused' };
const event = (seq: number, matchId = 7): ServerMessage => ({
  type: 'Event',
  matchId,
  seq,
  action: 'deleted',
  event: { id: seq },
  match: {} as Schemas['MatchScore'],
});

let sockets: FakeSocket[];
let logged: string[];
let events: EventTarget;
let hub: Hub;

const last = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  logged = [];
  events = new EventTarget();
  let token = 'one';
  hub = new Hub({
    url: () => `ws://test/hubs/match?access_token=${token}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      token = 'two';
      return socket;
    },
    events,
    log: (message) => logged.push(message),
  });
});

afterEach(() => {
  hub.close();
  vi.useRealTimers();
});

function watch(matchId = 7) {
  const heard: MatchFeed[] = [];
  const stop = hub.watchMatch(matchId, (feed) => heard.push(feed));
  return { heard, stop };
}

describe('Hub', () => {
  it('connects on the first watcher, joins the group once open and leaves with the last watcher', () => {
    const statuses: string[] = [];
    hub.onStatus((status) => statuses.push(status));
    const first = watch();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://test/hubs/match?access_token=one');
    last().open();
    expect(last().sent).toEqual([{ type: 'JoinGroup', matchId: 7 }]);
    const second = watch();
    expect(last().sent).toHaveLength(1);
    first.stop();
    expect(last().sent).toHaveLength(1);
    second.stop();
    expect(last().sent).toEqual([
      { type: 'JoinGroup', matchId: 7 },
      { type: 'LeaveGroup', matchId: 7 },
    ]);
    expect(statuses).toEqual(['online']);
    expect(sockets).toHaveLength(1);
  });

  it("hands each watcher its match's messages in order", () => {
    const seven = watch(7);
    const eight = watch(8);
    last().open();
    last().receive({ type: 'Joined', matchId: 7, seq: 0 });
    last().receive({ type: 'Joined', matchId: 8, seq: 4 });
    last().receive(event(1, 7));
    last().receive(event(5, 8));
    last().receive(event(2, 7));
    expect(seven.heard.map((feed) => feed.kind === 'message' && feed.message.seq)).toEqual([1, 2]);
    expect(eight.heard.map((feed) => feed.kind === 'message' && feed.message.seq)).toEqual([5]);
  });

  it('tells the watcher to reload on a gap in seq and on Resync', () => {
    const { heard } = watch();
    last().open();
    last().receive({ type: 'Joined', matchId: 7, seq: 3 });
    last().receive(event(4));
    last().receive(event(6));
    expect(heard.map((feed) => feed.kind)).toEqual(['message', 'message', 'resync']);
    last().receive({ type: 'Resync', matchId: 7, seq: 10 });
    last().receive(event(11));
    expect(heard.map((feed) => feed.kind)).toEqual(['message', 'message', 'resync', 'resync', 'message']);
  });

  it('takes the clock sent on join (its seq at most the joined one) without a reload, and gives it to later watchers', () => {
    const first = watch();
    last().open();
    last().receive({ type: 'Joined', matchId: 7, seq: 5 });
    last().receive({ type: 'Clock', matchId: 7, seq: 2, ...clock });
    last().receive(event(6));
    expect(first.heard.map((feed) => feed.kind)).toEqual(['message', 'message']);
    const second = watch();
    expect(second.heard).toEqual([{ kind: 'message', message: { type: 'Clock', matchId: 7, seq: 2, ...clock } }]);
  });

  it('reconnects with backoff, with a fresh address, re-joins and reloads when messages went by', () => {
    const statuses: string[] = [];
    hub.onStatus((status) => statuses.push(status));
    const { heard } = watch();
    last().open();
    last().receive({ type: 'Joined', matchId: 7, seq: 3 });
    last().drop();
    expect(statuses).toEqual(['online', 'offline']);
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(last().url).toBe('ws://test/hubs/match?access_token=two');
    last().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(last().sent).toEqual([{ type: 'JoinGroup', matchId: 7 }]);
    last().receive({ type: 'Joined', matchId: 7, seq: 3 });
    expect(heard).toEqual([]);
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();
    last().receive({ type: 'Joined', matchId: 7, seq: 9 });
    expect(heard).toEqual([{ kind: 'resync' }]);
    expect(logged.length).toBeGreaterThan(0);
  });

  it('caps the wait between attempts at ten seconds', () => {
    watch();
    for (const delay of [500, 1000, 2000, 5000, 10_000, 10_000]) {
      const count = sockets.length;
      last().drop();
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(count + 1);
    }
  });

  it('tries again at once when the browser is back online, and drops the socket when it goes offline', () => {
    watch();
    last().open();
    events.dispatchEvent(new Event('offline'));
    expect(sockets[0]!.closed).toBe(true);
    expect(hub.status).toBe('offline');
    events.dispatchEvent(new Event('online'));
    expect(sockets).toHaveLength(2);
    expect(hub.status).toBe('connecting');
  });

  it('publishes the clock, and sends the last one again after a reconnect', () => {
    watch();
    last().open();
    hub.publishClock(7, clock);
    expect(last().sent).toContainEqual({ type: 'Clock', matchId: 7, ...clock });
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();
    expect(last().sent).toEqual([
      { type: 'JoinGroup', matchId: 7 },
      { type: 'Clock', matchId: 7, ...clock },
    ]);
  });

  it("logs the hub's refusals and ignores what is not JSON", () => {
    const { heard } = watch();
    last().open();
    last().receive({ type: 'Error', message: 'There is no match 7.' });
    last().onmessage?.({ data: 'not json' });
    expect(heard).toEqual([]);
    expect(logged).toEqual(['The live hub refused a message: There is no match 7.', 'The live hub sent a message that is not JSON.']);
  });
});
