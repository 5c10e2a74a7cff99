import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { type MatchSnapshot, openMatchSnapshots } from '@/lib/match-snapshots';

const snapshot = (matchId: number, savedAt: string): MatchSnapshot => ({
  matchId,
  match: { id: matchId } as Schemas['Match'],
  events: [],
  clock: null,
  savedAt,
});

describe('match snapshots', () => {
  it('keeps the latest copy per match, survives reopening, and forgets everything on clear', async () => {
    const name = `snapshots-${Math.random()}`;
    const first = await openMatchSnapshots(name);
    await first.save(snapshot(1, '2026-11-26T10:00:00Z'));
    await first.save(snapshot(1, '2026-11-26T11:00:00Z'));
    await first.save(snapshot(2, '2026-11-26T10:30:00Z'));
    first.close();

    const again = await openMatchSnapshots(name);
    expect((await again.load(1))?.savedAt).toBe('2026-11-26T11:00:00Z');
    expect((await again.load(2))?.savedAt).toBe('2026-11-26T10:30:00Z');
    expect(await again.load(3)).toBeNull();
    await again.clear();
    expect(await again.load(1)).toBeNull();
    again.close();
  });
});
