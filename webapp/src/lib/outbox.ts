/**
 * The outbox of event writes (create, update, delete), kept in IndexedDB so neither a lost
 * connection nor a reload loses one. Writes leave strictly in the order they were made. A
 * network failure stops the run until later; a refusal by the server is kept with its message
 * until the user retries or drops the write, while the writes that do not depend on it go on.
 * A create carries its clientId, so sending it again never makes a second event. Each write
 * names the sign-in that made it, and only that sign-in sends it: on a device secretaries
 * share, one's unsent writes wait for them rather than leave under the next one's name.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { subscribe } from 'valtio';
import { api, ApiRequestError, apiRequest } from '@/api/client';
import type { Schemas } from '@/api/types';
import { RECONNECT_DELAYS } from '@/lib/hub';
import { session } from '@/state/session';

export type EventInput = Schemas['EventInput'];
export type EventWithScore = Schemas['EventWithScore'];

/** The event a write is about: a saved one by id, or one whose create was made on this device. */
export type OpTarget = { eventId: number } | { clientId: string };

export interface OutboxOp {
  /** The order the writes were made in (IndexedDB's key). */
  seq: number;
  matchId: number;
  kind: 'create' | 'update' | 'delete';
  /** For a create, its own clientId. */
  target: OpTarget;
  /** The body to send; null for a delete. */
  input: EventInput | null;
  state: 'waiting' | 'refused';
  /** The server's message for a refused write. */
  message: string | null;
  /**
   * The signed-in user (OIDC subject) who made the write, or last folded an edit into it; only
   * they send it. Writes stored before this was kept have none and go with anyone.
   */
  subject?: string | null;
}

/** A write the server took, with its answer (null for a delete of an event already gone). */
export interface Answered {
  op: OutboxOp;
  result: EventWithScore | null;
}

/** What a match's listener hears: the match's writes as they now stand, and the answer that changed them. */
export interface OutboxNews {
  ops: OutboxOp[];
  answered: Answered | null;
}

interface OutboxDb extends DBSchema {
  ops: { key: number; value: OutboxOp; indexes: { matchId: number } };
}

export const OUTBOX_DB = 'polodesk-outbox';
/** A request not answered in this time counts as a network failure (the same write goes again). */
export const SEND_TIMEOUT_MS = 15_000;

/** Answers that say "not now" rather than "no": sign-in lapsed, too many requests, a gateway down. */
const TRY_LATER = new Set([0, 401, 408, 429, 502, 503, 504]);

export function openOutboxDb(name = OUTBOX_DB): Promise<IDBPDatabase<OutboxDb>> {
  return openDB<OutboxDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore('ops', { keyPath: 'seq', autoIncrement: true }).createIndex('matchId', 'matchId');
    },
  });
}

const sameTarget = (a: OpTarget, b: OpTarget) =>
  'eventId' in a ? 'eventId' in b && a.eventId === b.eventId : 'clientId' in b && a.clientId === b.clientId;

const targetKey = (target: OpTarget) => ('eventId' in target ? `#${target.eventId}` : target.clientId);

type NewOp = Omit<OutboxOp, 'seq'>;

/** Stores a new write; IndexedDB gives it its seq. */
const add = (store: { add(value: OutboxOp): Promise<number> }, op: NewOp) => store.add(op as OutboxOp);

type Outcome = { kind: 'done'; result: EventWithScore | null } | { kind: 'refused'; message: string } | { kind: 'later' };

type Listener = (news: OutboxNews) => void;

export interface OutboxOptions {
  /** Waits between runs after a network failure, in ms; the last one repeats. */
  delays?: readonly number[];
  /** Where the `online` event comes from (the window in a browser). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  timeoutMs?: number;
  /** Who is signed in now (OIDC subject), or null. */
  subject?: () => string | null;
}

export class Outbox {
  private readonly listeners = new Map<number, Set<Listener>>();
  /** Mutations and the runner's picks take turns, so a write never folds into one being sent. */
  private turn: Promise<unknown> = Promise.resolve();
  /** The seq of the write on its way to the server. */
  private sending: number | null = null;
  private running = false;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly delays: readonly number[];
  private readonly timeoutMs: number;
  private readonly subject: () => string | null;

  constructor(
    private readonly db: IDBPDatabase<OutboxDb>,
    private readonly options: OutboxOptions = {},
  ) {
    this.delays = options.delays ?? RECONNECT_DELAYS;
    this.timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
    this.subject = options.subject ?? (() => null);
    options.events?.addEventListener('online', this.flush);
  }

  close(): void {
    this.options.events?.removeEventListener('online', this.flush);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.db.close();
  }

  /** The match's writes in order. */
  ops(matchId: number): Promise<OutboxOp[]> {
    return this.db.getAllFromIndex('ops', 'matchId', matchId);
  }

  /** Calls `listener` after every change of the match's writes; returns the unsubscribe. */
  subscribe(matchId: number, listener: Listener): () => void {
    let set = this.listeners.get(matchId);
    if (!set) this.listeners.set(matchId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Queues a new event; resolves to its clientId. */
  async create(matchId: number, input: EventInput): Promise<string> {
    const clientId = crypto.randomUUID();
    await this.change(matchId, async () => {
      const tx = this.db.transaction('ops', 'readwrite');
      const body = { ...input, id: null, matchId, clientId };
      const op = { matchId, kind: 'create', target: { clientId }, input: body, state: 'waiting', message: null } as const;
      await add(tx.store, { ...op, subject: this.subject() });
      await tx.done;
    });
    return clientId;
  }

  /**
   * Queues a correction. One of a create or update still waiting (or refused) folds into it,
   * which then waits again: the user's edit is the new attempt.
   */
  update(matchId: number, target: OpTarget, input: EventInput): Promise<void> {
    return this.change(matchId, async () => {
      const [into, ...superseded] = (await this.unsent(matchId, target)).filter((op) => op.kind !== 'delete');
      const tx = this.db.transaction('ops', 'readwrite');
      if (into) {
        const body = into.kind === 'create' ? { ...input, id: null, matchId, clientId: into.input!.clientId } : { ...input, matchId };
        await tx.store.put({ ...into, input: body, state: 'waiting', message: null, subject: this.subject() });
        // Each write carries the whole event, so the folded one makes later corrections moot.
        for (const op of superseded) await tx.store.delete(op.seq);
      } else {
        const op = { matchId, kind: 'update', target, input: { ...input, matchId }, state: 'waiting', message: null } as const;
        await add(tx.store, { ...op, subject: this.subject() });
      }
      await tx.done;
    });
  }

  /**
   * Queues a delete. The delete of a create that has not left yet takes the create and its
   * corrections away; otherwise the corrections waiting for the event are dropped before it.
   */
  delete(matchId: number, target: OpTarget): Promise<void> {
    return this.change(matchId, async () => {
      const earlier = await this.unsent(matchId, target);
      const tx = this.db.transaction('ops', 'readwrite');
      for (const op of earlier) if (op.kind !== 'delete') await tx.store.delete(op.seq);
      if (!earlier.some((op) => op.kind === 'create' || op.kind === 'delete')) {
        await add(tx.store, { matchId, kind: 'delete', target, input: null, state: 'waiting', message: null, subject: this.subject() });
      }
      await tx.done;
    });
  }

  /** Sends the refused writes of an event again. */
  retry(matchId: number, target: OpTarget): Promise<void> {
    return this.change(matchId, async () => {
      for (const op of await this.ops(matchId)) {
        if (op.state === 'refused' && sameTarget(op.target, target)) {
          await this.db.put('ops', { ...op, state: 'waiting', message: null });
        }
      }
    });
  }

  /** Drops the refused writes of an event at the user's request, with the writes that wait on them. */
  drop(matchId: number, target: OpTarget): Promise<void> {
    return this.change(matchId, async () => {
      const ops = await this.unsent(matchId, target);
      if (!ops.some((op) => op.state === 'refused')) return;
      for (const op of ops) await this.db.delete('ops', op.seq);
    });
  }

  /** Sends what waits, now (on `online`, on a hub reconnect, after a change). */
  readonly flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.run();
  };

  /** Resolves once no run is under way and every change asked for is stored. */
  async settled(): Promise<void> {
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 1));
    await this.turn;
  }

  /** The match's writes about `target` that are not on their way to the server. */
  private async unsent(matchId: number, target: OpTarget): Promise<OutboxOp[]> {
    return (await this.ops(matchId)).filter((op) => sameTarget(op.target, target) && op.seq !== this.sending);
  }

  private take<T>(work: () => Promise<T>): Promise<T> {
    const result = this.turn.then(work);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private async change(matchId: number, work: () => Promise<void>): Promise<void> {
    await this.take(work);
    await this.tell(matchId, null);
    this.flush();
  }

  private async tell(matchId: number, answered: Answered | null): Promise<void> {
    const listeners = this.listeners.get(matchId);
    if (!listeners?.size) return;
    const ops = await this.ops(matchId);
    for (const listener of [...listeners]) listener({ ops, answered });
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        for (;;) {
          const op = await this.take(() => this.next());
          if (!op) break;
          const outcome = await this.send(op);
          if (outcome.kind === 'later') {
            this.sending = null;
            this.later();
            return;
          }
          this.failures = 0;
          await this.take(() => this.settle(op, outcome));
          this.sending = null;
          await this.tell(op.matchId, outcome.kind === 'done' ? { op, result: outcome.result } : null);
        }
      } while (this.again);
    } finally {
      this.sending = null;
      this.running = false;
    }
  }

  /**
   * The first waiting write of the signed-in user whose event has no refused write, or write of
   * another sign-in, before it; marked as being sent.
   */
  private async next(): Promise<OutboxOp | null> {
    const blocked = new Set<string>();
    const subject = this.subject();
    for (const op of await this.db.getAll('ops')) {
      const key = targetKey(op.target);
      const others = op.subject != null && op.subject !== subject;
      if (op.state === 'refused' || others) blocked.add(key);
      else if (!blocked.has(key) && 'eventId' in op.target === (op.kind !== 'create')) {
        this.sending = op.seq;
        return op;
      }
    }
    return null;
  }

  private later(): void {
    const delay = this.delays[Math.min(this.failures, this.delays.length - 1)]!;
    this.failures += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.flush, delay);
  }

  private async send(op: OutboxOp): Promise<Outcome> {
    const request = () => {
      if (op.kind === 'create') return api.post<EventWithScore>('/api/Events', op.input);
      const { eventId } = op.target as { eventId: number };
      if (op.kind === 'update') return api.put<EventWithScore>(`/api/Events/${eventId}`, op.input);
      return apiRequest<EventWithScore>('DELETE', `/api/Events/${eventId}`, undefined, [204]);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), this.timeoutMs);
    });
    try {
      return { kind: 'done', result: (await Promise.race([request(), timeout])) ?? null };
    } catch (error) {
      if (!(error instanceof ApiRequestError) || TRY_LATER.has(error.status)) return { kind: 'later' };
      // A delete answered 404: the event is gone already, which is what was asked.
      if (op.kind === 'delete' && error.status === 404) return { kind: 'done', result: null };
      return { kind: 'refused', message: error.message };
    } finally {
      clearTimeout(timer);
    }
  }

  private async settle(op: OutboxOp, outcome: Exclude<Outcome, { kind: 'later' }>): Promise<void> {
    const tx = this.db.transaction('ops', 'readwrite');
    if (outcome.kind === 'refused') {
      await tx.store.put({ ...op, state: 'refused', message: outcome.message });
    } else {
      await tx.store.delete(op.seq);
      // Writes made while the create was on its way now name the event by its id.
      if (op.kind === 'create' && outcome.result) {
        const eventId = outcome.result.id;
        for (const later of await tx.store.index('matchId').getAll(op.matchId)) {
          if (sameTarget(later.target, op.target)) await tx.store.put({ ...later, target: { eventId } });
        }
      }
    }
    await tx.done;
  }
}

let tabOutbox: Promise<Outbox> | null = null;

/**
 * The tab's outbox, opened on first use; it sends what waits when the browser comes back online,
 * as the signed-in user.
 */
export function outbox(): Promise<Outbox> {
  tabOutbox ??= openOutboxDb().then((db) => {
    const subject = () => session.user?.subject ?? null;
    const box = new Outbox(db, { events: window, subject });
    box.flush();
    // A sign-in sends what its user left waiting.
    let last = subject();
    subscribe(session, () => {
      if (subject() === last) return;
      last = subject();
      box.flush();
    });
    return box;
  });
  return tabOutbox;
}
