/**
 * The tab's one connection to the live match hub (`/hubs/match`, spec 02 §7): it joins the
 * groups of the matches somebody on the page watches, hands each watcher its match's messages,
 * and tells it to reload when messages were missed (a gap in `seq`, a `Resync`, or a reconnect
 * that skipped some). It reconnects by itself; failing to connect is only logged.
 */
import { subscribe } from 'valtio';
import type { Schemas } from '@/api/types';
import { session } from '@/state/session';

export type ClientMessage = Schemas['ClientMessage'];
export type ServerMessage = Schemas['ServerMessage'];
/** A message published to a match's viewers, with its match and `seq`. */
export type MatchMessage = Schemas['Sequenced'];
export type LiveClock = Schemas['Clock'];

/** The connection as a status line shows it. */
export type HubStatus = 'connecting' | 'online' | 'offline';

/** What a watcher of a match hears: a message, or that it missed some and must reload. */
export type MatchFeed = { kind: 'message'; message: MatchMessage } | { kind: 'resync' };

export type MatchListener = (feed: MatchFeed) => void;

/** The part of the browser's WebSocket the hub uses, so tests can hand in a fake. */
export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface HubOptions {
  /** The address to connect to, asked at every (re)connection so it carries the current token. */
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  /** Waits before each reconnection attempt, in ms; the last one repeats. */
  delays?: readonly number[];
  /** Where the `online` and `offline` events come from (the window in a browser). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  log?: (message: string) => void;
}

const OPEN = 1;
/** 0.5 s, 1, 2, 5, then every 10 s. */
export const RECONNECT_DELAYS = [500, 1000, 2000, 5000, 10_000] as const;

interface Watched {
  listeners: Set<MatchListener>;
  /** The last `seq` heard for the match on this connection; null until joined. */
  seq: number | null;
  /** The latest clock heard, handed to a watcher that comes later. */
  clock: MatchMessage | null;
}

export class Hub {
  private readonly options: Required<Omit<HubOptions, 'events'>> & Pick<HubOptions, 'events'>;
  private socket: SocketLike | null = null;
  private readonly watched = new Map<number, Watched>();
  /** The clock this tab published last per match: sent again after a reconnect. */
  private readonly published = new Map<number, LiveClock>();
  private readonly statusListeners = new Set<(status: HubStatus) => void>();
  private currentStatus: HubStatus = 'connecting';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(options: HubOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      delays: RECONNECT_DELAYS,
      log: (message) => console.warn(message),
      ...options,
    };
    this.options.events?.addEventListener('online', this.reconnectNow);
    this.options.events?.addEventListener('offline', this.dropConnection);
  }

  get status(): HubStatus {
    return this.currentStatus;
  }

  /** Calls `listener` with every status from now on; returns the unsubscribe. */
  onStatus(listener: (status: HubStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Watches a match: the first watcher joins its group, the last one to unsubscribe leaves it.
   * A later watcher gets the latest clock at once.
   */
  watchMatch(matchId: number, listener: MatchListener): () => void {
    let entry = this.watched.get(matchId);
    if (!entry) {
      entry = { listeners: new Set(), seq: null, clock: null };
      this.watched.set(matchId, entry);
      this.send({ type: 'JoinGroup', matchId });
    } else if (entry.clock) {
      listener({ kind: 'message', message: entry.clock });
    }
    entry.listeners.add(listener);
    this.connect();
    return () => {
      const current = this.watched.get(matchId);
      if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
      this.watched.delete(matchId);
      this.published.delete(matchId);
      this.send({ type: 'LeaveGroup', matchId });
    };
  }

  /** Publishes the secretary's clock as the match's clock (sent again after a reconnect). */
  publishClock(matchId: number, clock: LiveClock): void {
    this.published.set(matchId, clock);
    this.send({ type: 'Clock', matchId, ...clock });
    this.connect();
  }

  /** Ends the connection for good (tests, and a new token: see `reconnect`). */
  close(): void {
    this.closed = true;
    this.clearTimer();
    this.options.events?.removeEventListener('online', this.reconnectNow);
    this.options.events?.removeEventListener('offline', this.dropConnection);
    this.detach()?.close();
  }

  /** Connects again at once with a fresh address, e.g. after signing in or out. */
  reconnect(): void {
    this.detach()?.close();
    this.reconnectNow();
  }

  private readonly reconnectNow = () => {
    if (this.closed || this.socket) return;
    this.clearTimer();
    this.attempt = 0;
    this.connect();
  };

  /** The browser says the network is gone: the socket may linger unaware, so drop it now. */
  private readonly dropConnection = () => {
    const socket = this.detach();
    if (!socket) return;
    socket.close();
    this.lost();
  };

  private connect(): void {
    if (this.closed || this.socket || this.timer || (this.watched.size === 0 && this.published.size === 0)) return;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch (error) {
      this.options.log(`The live hub could not be reached: ${String(error)}`);
      this.lost();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus('online');
      for (const matchId of this.watched.keys()) this.send({ type: 'JoinGroup', matchId });
      for (const [matchId, clock] of this.published) this.send({ type: 'Clock', matchId, ...clock });
    };
    socket.onmessage = (event) => {
      if (this.socket === socket && typeof event.data === 'string') this.receive(event.data);
    };
    socket.onerror = () => {
      // The close that follows schedules the retry; the browser gives no reason here.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      // Once per outage: the retries that follow would only repeat it.
      if (this.attempt === 0) this.options.log('The live hub connection closed; reconnecting.');
      this.lost();
    };
  }

  /** Forgets the current socket without hearing from it again. */
  private detach(): SocketLike | null {
    const socket = this.socket;
    if (!socket) return null;
    this.socket = null;
    socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
    return socket;
  }

  private lost(): void {
    this.setStatus('offline');
    const { delays } = this.options;
    const delay = delays[Math.min(this.attempt, delays.length - 1)]!;
    this.attempt += 1;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: HubStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      this.options.log('The live hub sent a message that is not JSON.');
      return;
    }
    if (message.type === 'Error') {
      this.options.log(`The live hub refused a message: ${message.message}`);
      return;
    }
    const entry = this.watched.get(message.matchId);
    if (!entry) return;
    switch (message.type) {
      case 'Left':
        return;
      case 'Joined': {
        // A seq beyond the one heard last means messages went by while disconnected.
        const missed = entry.seq !== null && message.seq > entry.seq;
        entry.seq = message.seq;
        if (missed) this.tell(entry, { kind: 'resync' });
        return;
      }
      case 'Resync':
        entry.seq = message.seq;
        this.tell(entry, { kind: 'resync' });
        return;
      default: {
        if (message.type === 'Clock') entry.clock = message;
        // The clock sent on join carries a seq at most the joined one: never a gap.
        const gap = entry.seq !== null && message.seq > entry.seq + 1;
        if (entry.seq === null || message.seq > entry.seq) entry.seq = message.seq;
        this.tell(entry, { kind: 'message', message });
        if (gap) this.tell(entry, { kind: 'resync' });
      }
    }
  }

  private tell(entry: Watched, feed: MatchFeed): void {
    for (const listener of [...entry.listeners]) listener(feed);
  }
}

/** The hub's address on this origin, with the session's token when signed in (else a spectator). */
function hubUrl(): string {
  const url = new URL('/hubs/match', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = session.user?.accessToken;
  if (token) url.searchParams.set('access_token', token);
  return url.href;
}

let tabHub: Hub | null = null;

/** The tab's hub connection, made on first use; it connects again when the user signs in or out. */
export function matchHub(): Hub {
  if (!tabHub) {
    const hub = new Hub({ url: hubUrl, events: window });
    let signedIn = session.user !== null;
    subscribe(session, () => {
      if ((session.user !== null) === signedIn) return;
      signedIn = !signedIn;
      hub.reconnect();
    });
    tabHub = hub;
  }
  return tabHub;
}
