import { useEffect, useRef } from 'react';
import { matchHub } from '@/lib/hub';

/** Messages that arrive together (the two halves of a double exclusion) cause one reload. */
export const LIVE_RELOAD_DELAY_MS = 100;

/**
 * Calls `onChange` when the match or its log changed on the server, or messages were missed,
 * so a page that shows the match (details, report) loads it again. The clock does not count.
 */
export function useMatchLive(matchId: number, onChange: () => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = matchHub().watchMatch(matchId, (feed) => {
      if ((feed.kind === 'message' && feed.message.type === 'Clock') || timer) return;
      timer = setTimeout(() => {
        timer = null;
        latest.current();
      }, LIVE_RELOAD_DELAY_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [matchId]);
}
