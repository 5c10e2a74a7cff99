import './live-clock.css';
import { Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Schemas } from '@/api/types';
import { clockAt, msToNextSecond } from '@/lib/clock';
import { eventTime, periodLabel } from '@/lib/match-codes';

type LiveClock = Schemas['Clock'];

/** From this status on (Finished, Cancelled) the match has no clock to show. */
const FINISHED = 206;

/**
 * A published clock as it reads now, again at each new second while it runs (counted from
 * `runningSince` as the secretary's clock counts). Give each clock its own component (a `key`
 * of its members) so the instant it is read from is never stale.
 */
export function useShownClock(clock: LiveClock): LiveClock {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (from: number) => {
      const delay = msToNextSecond(clock, from);
      if (delay === null) return;
      timer = setTimeout(() => {
        const at = Date.now();
        setNow(at);
        schedule(at);
      }, delay);
    };
    schedule(Date.now());
    return () => clearTimeout(timer);
  }, [clock]);
  return clockAt(clock, now);
}

/** A clock's members as one key, so a component reading it is mounted afresh for each clock. */
export const clockKey = ({ period, state, remainingSeconds, runningSince }: LiveClock) =>
  `${period} ${state} ${remainingSeconds} ${runningSince}`;

/** One published clock: mounted afresh for each, so the instant it is read from is never stale. */
function ClockFace({ clock }: { clock: LiveClock }) {
  const shown = useShownClock(clock);
  const running = shown.state === 'Running';
  return (
    <span role="timer" aria-label="Match clock" className="pd-live-clock">
      <Tag large minimal multiline icon="stopwatch" intent={running ? Intent.SUCCESS : Intent.NONE}>
        {periodLabel(shown.period)}{' '}
        <span className="pd-live-clock-time">{eventTime(Math.floor(shown.remainingSeconds / 60), shown.remainingSeconds % 60)}</span>
        {!running && <span className="pd-live-clock-state"> · {shown.state}</span>}
      </Tag>
    </span>
  );
}

/**
 * The match clock as whoever runs it published it on the hub (spec 02 §4), for the screens that
 * follow a match: the period and the time left, counting down while it runs. Nothing when no
 * clock was published or the match is over.
 */
export function PublishedClock({ clock, statusId }: { clock: LiveClock | null; statusId: number }) {
  if (clock === null || statusId >= FINISHED) return null;
  return <ClockFace key={clockKey(clock)} clock={clock} />;
}
