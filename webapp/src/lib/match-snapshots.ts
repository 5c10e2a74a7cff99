/**
 * The last state of each match this device followed (the match, its events as the server has
 * them, the published clock), kept in IndexedDB so a screen reloaded while the server cannot be
 * reached opens on it, with the outbox's writes on top, instead of on an error.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Schemas } from '@/api/types';

export interface MatchSnapshot {
  matchId: number;
  match: Schemas['Match'];
  events: Schemas['EventView'][];
  clock: Schemas['Clock'] | null;
  /** When it was taken (ISO 8601), to say how old an offline copy is. */
  savedAt: string;
}

interface SnapshotDb extends DBSchema {
  matches: { key: number; value: MatchSnapshot };
}

export const SNAPSHOT_DB = 'polodesk-matches';

export class MatchSnapshots {
  constructor(private readonly db: IDBPDatabase<SnapshotDb>) {}

  async save(snapshot: MatchSnapshot): Promise<void> {
    await this.db.put('matches', snapshot);
  }

  async load(matchId: number): Promise<MatchSnapshot | null> {
    return (await this.db.get('matches', matchId)) ?? null;
  }

  /** Forgets every match, e.g. when the user signs out of a shared device. */
  async clear(): Promise<void> {
    await this.db.clear('matches');
  }

  close(): void {
    this.db.close();
  }
}

export async function openMatchSnapshots(name = SNAPSHOT_DB): Promise<MatchSnapshots> {
  const db = await openDB<SnapshotDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore('matches', { keyPath: 'matchId' });
    },
  });
  return new MatchSnapshots(db);
}

let shared: Promise<MatchSnapshots> | null = null;

/** The tab's snapshot store, opened on first use; a failed open (no IndexedDB) is tried again next time. */
export function matchSnapshots(): Promise<MatchSnapshots> {
  shared ??= openMatchSnapshots().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
