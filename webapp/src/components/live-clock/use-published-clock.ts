import { useEffect, useState } from 'react';
import type { Schemas } from '@/api/types';
import { liveClockOf } from '@/lib/clock';
import { matchHub } from '@/lib/hub';

type LiveClock = Schemas['Clock'];

/**
 * The last clock published on the hub for a match, for pages that follow it without a match
 * session (details, report): the hub hands a watcher that comes later the latest one at once.
 */
export function usePublishedClock(matchId: number): LiveClock | null {
  const [heard, setHeard] = useState<{ matchId: number; clock: LiveClock } | null>(null);
  useEffect(
    () =>
      matchHub().watchMatch(matchId, (feed) => {
        if (feed.kind !== 'message' || feed.message.type !== 'Clock') return;
        setHeard({ matchId, clock: liveClockOf(feed.message) });
      }),
    [matchId],
  );
  return heard?.matchId === matchId ? heard.clock : null;
}
