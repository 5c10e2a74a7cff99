import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventInput, type EventWithScore, Outbox, type OutboxNews, openOutboxDb } from '@/lib/outbox';

const MATCH = 7;
const goal = (minute: number): EventInput => ({
  matchId: MATCH,
  typeId: 705,
  periodId: 1200,
  minute,
  seconds: 0,
  shot: { teamId: 1, takenById: 10, typeId: 1100, isGoal: true },
});

interface Sent {
  method: string;
  path: string;
  body: EventInput | null;
}

/**
 * A server behind a fake fetch: it keeps events by id, answers a repeated clientId with the
 * first event, and lets a test make the network fail, an answer get lost, or a path refuse.
 */
class FakeServer {
  sent: Sent[] = [];
  events = new Map<number, EventInput>();
  nextId = 100;
  network: 'up' | 'down' = 'up';
  /** How many of the next requests the server takes without its answer ever arriving. */
  hangs = 0;
  refuse = new Map<string, { status: number; message: string }>();

  readonly fetch = vi.fn(async (path: string, init: RequestInit) => {
    const body = init.body ? (JSON.parse(init.body as string) as EventInput) : null;
    this.sent.push({ method: init.method!, path, body });
    if (this.network === 'down') throw new TypeError('Failed to fetch');
    const answer = this.answer(init.method!, path, body);
    if (this.hangs > 0) {
      this.hangs -= 1;
      return new Promise<Response>(() => undefined);
    }
    return answer;
  });

  private answer(method: string, path: string, body: EventInput | null): Response {
    const refusal = this.refuse.get(`${method} ${path}`);
    if (refusal) return json(refusal.status, { message: refusal.message });
    if (method === 'POST') {
      const existing = [...this.events].find(([, event]) => event.clientId === body!.clientId);
      if (existing) return json(200, this.view(existing[0]));
      const id = this.nextId++;
      this.events.set(id, body!);
      return json(201, this.view(id));
    }
    const id = Number(path.split('/').pop());
    if (!this.events.has(id)) return json(404, { message: 'There is no event with this id.' });
    if (method === 'DELETE') {
      const view = this.view(id);
      this.events.delete(id);
      return json(200, view);
    }
    this.events.set(id, body!);
    return json(200, this.view(id));
  }

  private view(id: number): EventWithScore {
    return { ...this.events.get(id)!, id, match: { revision: id } } as unknown as EventWithScore;
  }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let server: FakeServer;
let name: string;
let box: Outbox;
let heard: OutboxNews[];
let dbCount = 0;

async function open(): Promise<Outbox> {
  const opened = new Outbox(await openOutboxDb(name), { delays: [20], timeoutMs: 200 });
  opened.subscribe(MATCH, (news) => heard.push(news));
  return opened;
}

beforeEach(async () => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  name = `outbox-test-${dbCount++}`;
  heard = [];
  box = await open();
});

afterEach(() => box.close());

const requests = () => server.sent.map(({ method, path }) => `${method} ${path}`);

describe('Outbox', () => {
  it("sends each write as the sign-in that made it, holding another's until they are back", async () => {
    box.close();
    let signedIn: string | null = 'ana';
    box = new Outbox(await openOutboxDb(name), { delays: [20], timeoutMs: 200, subject: () => signedIn });
    server.network = 'down';
    await box.create(MATCH, goal(7));
    const corrected = await box.create(MATCH, goal(1));
    await box.settled();
    server.network = 'up';
    server.sent = [];

    // Ana signs out before her goal left; Bojan signs in on the same device.
    signedIn = 'bojan';
    box.flush();
    await box.settled();
    expect(requests()).toEqual([]);
    await box.create(MATCH, goal(8));
    await box.settled();
    expect(server.sent.map((sent) => sent.body?.minute)).toEqual([8]);
    // Bojan corrects one of Ana's goals: the write is now his, and leaves.
    await box.update(MATCH, { clientId: corrected }, goal(2));
    await box.settled();
    expect(server.sent.map((sent) => sent.body?.minute)).toEqual([8, 2]);
    expect((await box.ops(MATCH)).map((op) => [op.kind, op.subject])).toEqual([['create', 'ana']]);

    signedIn = null;
    box.flush();
    await box.settled();
    expect(server.sent).toHaveLength(2);
    signedIn = 'ana';
    box.flush();
    await box.settled();
    expect(server.sent.map((sent) => sent.body?.minute)).toEqual([8, 2, 7]);
    expect(await box.ops(MATCH)).toEqual([]);
  });

  it('sends writes kept before they named their sign-in with whoever is signed in', async () => {
    box.close();
    const db = await openOutboxDb(name);
    const body = { ...goal(9), id: null, clientId: 'kept' };
    await db.add('ops', { matchId: MATCH, kind: 'create', target: { clientId: 'kept' }, input: body, state: 'waiting', message: null } as never);
    box = new Outbox(db, { delays: [20], timeoutMs: 200, subject: () => 'bojan' });
    box.flush();
    await box.settled();
    expect(requests()).toEqual(['POST /api/Events']);
  });

  it('sends the writes in the order they were made and tells each answer', async () => {
    server.events.set(5, goal(6));
    server.events.set(6, goal(5));
    server.network = 'down';
    const first = await box.create(MATCH, goal(7));
    await box.create(MATCH, goal(6));
    await box.update(MATCH, { eventId: 5 }, goal(4));
    await box.delete(MATCH, { eventId: 6 });
    await box.settled();
    expect((await box.ops(MATCH)).map((op) => op.kind)).toEqual(['create', 'create', 'update', 'delete']);
    server.sent = [];
    server.network = 'up';
    box.flush();
    await box.settled();
    expect(requests()).toEqual(['POST /api/Events', 'POST /api/Events', 'PUT /api/Events/5', 'DELETE /api/Events/6']);
    expect(server.sent[0]!.body).toMatchObject({ clientId: first, minute: 7, matchId: MATCH });
    expect(await box.ops(MATCH)).toEqual([]);
    expect(heard.flatMap((news) => (news.answered ? [news.answered.op.kind] : []))).toEqual(['create', 'create', 'update', 'delete']);
    expect(heard.at(-1)!.ops).toEqual([]);
  });

  it('folds a correction into a waiting create, and a delete of a waiting create takes it away', async () => {
    server.network = 'down';
    const clientId = await box.create(MATCH, goal(7));
    await box.update(MATCH, { clientId }, goal(3));
    const ops = await box.ops(MATCH);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: 'create', target: { clientId }, input: { clientId, minute: 3 } });
    await box.update(MATCH, { eventId: 9 }, goal(2));
    await box.update(MATCH, { eventId: 9 }, goal(1));
    expect((await box.ops(MATCH)).map((op) => [op.kind, op.input?.minute])).toEqual([
      ['create', 3],
      ['update', 1],
    ]);
    await box.delete(MATCH, { clientId });
    await box.delete(MATCH, { eventId: 9 });
    expect((await box.ops(MATCH)).map((op) => [op.kind, op.target])).toEqual([['delete', { eventId: 9 }]]);
  });

  it('stops at a network failure and goes on later from the same write', async () => {
    server.network = 'down';
    await box.create(MATCH, goal(7));
    await box.create(MATCH, goal(6));
    await box.settled();
    // Each new write tries again, always from the first.
    expect(server.sent.map((sent) => sent.body!.minute)).toEqual([7, 7]);
    server.network = 'up';
    await vi.waitFor(() => expect(server.events.size).toBe(2));
    expect([...server.events.values()].map((event) => event.minute)).toEqual([7, 6]);
  });

  it('takes a gateway error for a network failure', async () => {
    server.refuse.set('POST /api/Events', { status: 503, message: 'Unavailable' });
    await box.create(MATCH, goal(7));
    await box.settled();
    expect((await box.ops(MATCH))[0]!.state).toBe('waiting');
    server.refuse.clear();
    await vi.waitFor(() => expect(server.events.size).toBe(1));
  });

  it("keeps a refused write with the server's message, goes on with the others, and sends it again on retry", async () => {
    server.refuse.set('POST /api/Events', { status: 409, message: 'This team has used both its timeouts.' });
    server.events.set(5, goal(6));
    const refused = await box.create(MATCH, goal(7));
    await box.settled();
    server.refuse.clear();
    await box.update(MATCH, { eventId: 5 }, goal(4));
    await box.settled();
    expect(requests()).toEqual(['POST /api/Events', 'PUT /api/Events/5']);
    const ops = await box.ops(MATCH);
    expect(ops).toMatchObject([{ kind: 'create', state: 'refused', message: 'This team has used both its timeouts.' }]);
    expect(heard.at(-1)!.ops).toEqual(ops);
    await box.retry(MATCH, { clientId: refused });
    await box.settled();
    expect(await box.ops(MATCH)).toEqual([]);
    expect(server.events.size).toBe(2);
  });

  it('holds back the writes that depend on a refused create, and drops them with it', async () => {
    server.hangs = 1;
    const clientId = await box.create(MATCH, goal(7));
    await vi.waitFor(() => expect(requests()).toEqual(['POST /api/Events']), { interval: 5 });
    // The create is on its way: the correction cannot fold into it and waits behind it.
    await box.update(MATCH, { clientId }, goal(2));
    server.refuse.set('POST /api/Events', { status: 400, message: 'Type field is required!' });
    await box.settled();
    await vi.waitFor(async () => expect((await box.ops(MATCH))[0]!.state).toBe('refused'));
    await box.settled();
    expect((await box.ops(MATCH)).map((op) => [op.kind, op.state])).toEqual([
      ['create', 'refused'],
      ['update', 'waiting'],
    ]);
    expect(requests().filter((request) => request.startsWith('PUT'))).toEqual([]);
    await box.drop(MATCH, { clientId });
    expect(await box.ops(MATCH)).toEqual([]);
  });

  it('sends a correction made while its create was on the way to the id the server gave', async () => {
    server.hangs = 1;
    const clientId = await box.create(MATCH, goal(7));
    await vi.waitFor(() => expect(requests()).toEqual(['POST /api/Events']), { interval: 5 });
    await box.update(MATCH, { clientId }, goal(2));
    await vi.waitFor(() => expect(requests()).toEqual(['POST /api/Events', 'POST /api/Events', 'PUT /api/Events/100']));
    await box.settled();
    expect(server.events.get(100)).toMatchObject({ minute: 2 });
    expect(server.events.size).toBe(1);
  });

  it('never makes a second event when a create timed out after the server took it', async () => {
    server.hangs = 1;
    const clientId = await box.create(MATCH, goal(7));
    await vi.waitFor(() => expect(requests()).toEqual(['POST /api/Events', 'POST /api/Events']));
    await box.settled();
    expect(server.sent.map((sent) => sent.body!.clientId)).toEqual([clientId, clientId]);
    expect(server.events.size).toBe(1);
    expect(await box.ops(MATCH)).toEqual([]);
  });

  it('counts a delete answered 404 as done', async () => {
    await box.delete(MATCH, { eventId: 42 });
    await box.settled();
    expect(requests()).toEqual(['DELETE /api/Events/42']);
    expect(await box.ops(MATCH)).toEqual([]);
    expect(heard.at(-1)!.answered).toMatchObject({ op: { kind: 'delete', target: { eventId: 42 } }, result: null });
  });

  it('keeps every write across closing and opening the database again', async () => {
    server.network = 'down';
    await box.create(MATCH, goal(7));
    await box.create(MATCH, goal(6));
    await box.settled();
    box.close();
    server.network = 'up';
    box = await open();
    expect((await box.ops(MATCH)).map((op) => op.input?.minute)).toEqual([7, 6]);
    box.flush();
    await box.settled();
    expect([...server.events.values()].map((event) => event.minute)).toEqual([7, 6]);
  });
});
