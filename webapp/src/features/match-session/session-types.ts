/**
 * What a screen that logs or follows one match sees of it (the match log, live scoring, the
 * match details and report): the match and its events as the server has them, with the writes
 * still waiting in the outbox applied on top, the hub connection, and the clock viewers see.
 * `useMatchSession` (session.ts) keeps it; only the actions below change it.
 */
import type { Schemas } from '@/api/types';

export type Match = Schemas['Match'];
export type MatchScore = Schemas['MatchScore'];
export type EventInput = Schemas['EventInput'];
export type EventView = Schemas['EventView'];
export type LiveClock = Schemas['Clock'];

/** Where a write of the outbox stands: waiting to be sent, or refused by the server. */
export type WriteState = 'waiting' | 'refused';

/**
 * An event of the log. `id` is null while its creation waits in the outbox; `key` is stable
 * across that (the clientId until the server gives an id), so a list keeps its rows.
 */
export interface LoggedEvent extends Omit<EventView, 'id'> {
  id: number | null;
  key: string;
  /** The write of this event still in the outbox, if any. */
  pending: { kind: 'create' | 'update' | 'delete'; state: WriteState; message: string | null } | null;
}

/** The hub connection as the status line shows it. */
export type Connection = 'connecting' | 'online' | 'offline';

export interface MatchSessionState {
  status: 'loading' | 'ready' | 'failed';
  /** The loading error's message when status is failed. */
  error: string | null;
  match: Match | null;
  /** Log order: by period, then the clock counting down, then the order they were logged. */
  events: LoggedEvent[];
  /** Writes in the outbox that wait to be sent (not counting refused ones). */
  waiting: number;
  /** Writes the server refused on replay, with its message: never dropped without the user. */
  refused: number;
  connection: Connection;
  /** The last clock published on the hub for this match (by whoever runs it), if any. */
  clock: LiveClock | null;
  /**
   * Set when the server could not be reached at load and the screen shows this device's last
   * copy of the match (ISO 8601, when the copy was taken); null once the server's state is in.
   */
  savedAt: string | null;
}

export interface MatchSessionActions {
  /**
   * Logs a new event (`id` absent) or corrects one (`id`, or `key` of an event still waiting):
   * the write goes to the outbox with its clientId first, then to the server in order.
   */
  saveEvent(input: EventInput, target?: { key: string }): void;
  /** Deletes an event (through the outbox, like every write). */
  deleteEvent(target: { key: string }): void;
  /** Sends a refused write again, after the user changed it or the server's state did. */
  retry(target: { key: string }): void;
  /** Drops a refused write, at the user's request. */
  drop(target: { key: string }): void;
  /** Reloads the match and its events from the server (the Resync action). */
  resync(): Promise<void>;
  /** Publishes the secretary's clock as the match clock. */
  publishClock(clock: LiveClock): void;
}
