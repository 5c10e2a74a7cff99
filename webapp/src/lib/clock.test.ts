/**
 * Runs the shared clock vectors in `fixtures/vectors/clock/` (format in that folder's README.md)
 * through the web copy of the period clock, as `crates/domain/tests/clock_vectors.rs` runs them
 * through the domain's: build the case's clock, apply its steps in order, and after each step
 * compare the whole clock and the refusal exactly.
 */
import { describe, expect, it } from 'vitest';
import {
  applyClock,
  clockAt,
  type Clock,
  type ClockCommand,
  type ClockReading,
  type ClockRefusal,
  continuedClock,
  msToNextSecond,
  newClock,
  type PeriodClock,
  restoreClock,
} from '@/lib/clock';

interface VectorStep {
  command: ClockCommand;
  expect: PeriodClock;
  refused?: ClockRefusal;
}

interface VectorCase {
  name: string;
  segmentSeconds?: number;
  state?: PeriodClock;
  restore?: { segmentSeconds: number; events: ClockReading[] };
  initial?: PeriodClock;
  steps: VectorStep[];
}

interface VectorFile {
  cases: VectorCase[];
}

const files = import.meta.glob<VectorFile>('../../../fixtures/vectors/clock/*.json', {
  eager: true,
  import: 'default',
});

/** The clock a case starts from: exactly one of segmentSeconds, state and restore. */
function startClock(vector: VectorCase): PeriodClock {
  const given = (['segmentSeconds', 'state', 'restore'] as const).filter((key) => vector[key] !== undefined);
  expect(given).toHaveLength(1);
  if (vector.segmentSeconds !== undefined) return newClock(vector.segmentSeconds);
  if (vector.state !== undefined) return { ...vector.state };
  expect(Object.keys(vector.restore!).sort()).toEqual(['events', 'segmentSeconds']);
  return restoreClock(vector.restore!.segmentSeconds, vector.restore!.events);
}

function runCase(vector: VectorCase) {
  const members = ['name', 'segmentSeconds', 'state', 'restore', 'initial', 'steps'];
  expect(Object.keys(vector).filter((key) => !members.includes(key))).toEqual([]);
  let clock = startClock(vector);
  if (vector.initial) expect(clock).toStrictEqual(vector.initial);
  vector.steps.forEach((step, i) => {
    expect(Object.keys(step).filter((key) => !['command', 'expect', 'refused'].includes(key))).toEqual([]);
    const result = applyClock(clock, step.command);
    expect({ step: i, refused: result.refused }).toEqual({ step: i, refused: step.refused ?? null });
    expect(result.clock).toStrictEqual(step.expect);
    clock = result.clock;
  });
}

describe('clock vectors', () => {
  it('finds the vector files', () => {
    expect(Object.keys(files).length).toBeGreaterThan(0);
  });

  for (const [path, file] of Object.entries(files)) {
    const name = path.split('/').pop()!;
    describe(name, () => {
      it('has cases', () => {
        expect(file.cases.length).toBeGreaterThan(0);
      });
      for (const vector of file.cases) {
        it(vector.name, () => runCase(vector));
      }
    });
  }
});

describe('the clock', () => {
  it('never changes the clock it is given', () => {
    const clock = newClock();
    const frozen = structuredClone(clock);
    applyClock(clock, { command: 'start', at: '2026-11-24T18:30:00Z' });
    expect(clock).toStrictEqual(frozen);
  });
});

describe('a published clock read at an instant', () => {
  const since = Date.parse('2026-11-24T18:30:00.000Z');
  const running: Clock = { period: 1201, remainingSeconds: 300, state: 'Running', runningSince: '2026-11-24T18:30:00.000Z' };

  it('counts a running clock down by the whole seconds since it was read', () => {
    expect(clockAt(running, since).remainingSeconds).toBe(300);
    expect(clockAt(running, since + 999).remainingSeconds).toBe(300);
    expect(clockAt(running, since + 1000).remainingSeconds).toBe(299);
    const later = clockAt(running, since + 62_500);
    expect(later).toEqual({ period: 1201, remainingSeconds: 238, state: 'Running', runningSince: '2026-11-24T18:31:02.000Z' });
    // Read again later, the result shows what the published clock shows then.
    expect(clockAt(later, since + 70_000).remainingSeconds).toBe(clockAt(running, since + 70_000).remainingSeconds);
  });

  it('shows a paused or stopped clock as it was published, however late', () => {
    const paused: Clock = { ...running, state: 'Paused', runningSince: null };
    const stopped: Clock = { ...running, state: 'Stopped', runningSince: null };
    expect(clockAt(paused, since + 600_000)).toBe(paused);
    expect(clockAt(stopped, since + 600_000)).toBe(stopped);
  });

  it('stops at zero, never below', () => {
    expect(clockAt(running, since + 300_000)).toEqual({ period: 1201, remainingSeconds: 0, state: 'Stopped', runningSince: null });
    expect(clockAt(running, since + 3_600_000).remainingSeconds).toBe(0);
  });

  it('counts nothing while runningSince is still ahead (the publisher\'s clock is fast)', () => {
    expect(clockAt(running, since - 5000)).toEqual(running);
  });

  it('tells when the next second shows: on the second boundaries since runningSince', () => {
    expect(msToNextSecond(running, since)).toBe(1000);
    expect(msToNextSecond(running, since + 2300)).toBe(700);
    expect(msToNextSecond(running, since - 400)).toBe(1400);
    expect(msToNextSecond(running, since + 299_000)).toBe(1000);
    expect(msToNextSecond(running, since + 300_000)).toBeNull();
    expect(msToNextSecond({ ...running, state: 'Paused', runningSince: null }, since)).toBeNull();
  });
});

describe('the clock live scoring goes on with', () => {
  const restored = restoreClock(480, [{ periodId: 1201, minute: 5, seconds: 0 }]);
  const at = '2026-11-24T18:30:10.000Z';
  const published = (clock: Partial<Clock>): Clock => ({ period: 1201, remainingSeconds: 300, state: 'Stopped', runningSince: null, ...clock });

  it('is the restored one when nothing was published, or the published clock is of an earlier period', () => {
    expect(continuedClock(restored, null, at)).toBe(restored);
    expect(continuedClock(restored, published({ period: 1200, remainingSeconds: 20 }), at)).toBe(restored);
  });

  it('is the published clock of the same period, as it reads now: a running one keeps running', () => {
    const runningClock = published({ remainingSeconds: 290, state: 'Running', runningSince: '2026-11-24T18:30:00.000Z' });
    // As the hub's message gives it: what is not the clock's stays out of the screen's clock.
    const message = { type: 'Clock', matchId: 900, seq: 4, ...runningClock } as Clock;
    expect(continuedClock(restored, message, at)).toStrictEqual({
      period: 1201,
      remainingSeconds: 280,
      state: 'Running',
      runningSince: at,
      segmentSeconds: 480,
    });
    // An adjustment made after the last event counts too, even upwards.
    expect(continuedClock(restored, published({ remainingSeconds: 310, state: 'Paused' }), at)).toMatchObject({
      remainingSeconds: 310,
      state: 'Paused',
    });
  });

  it('is the published clock of a later period', () => {
    expect(continuedClock(restored, published({ period: 1202, remainingSeconds: 480 }), at)).toEqual({
      period: 1202,
      remainingSeconds: 480,
      state: 'Stopped',
      runningSince: null,
      segmentSeconds: 480,
    });
  });

  it('is stopped at zero when the published clock ran out meanwhile', () => {
    const runOut = published({ remainingSeconds: 5, state: 'Running', runningSince: '2026-11-24T18:30:00.000Z' });
    expect(continuedClock(restored, runOut, at)).toMatchObject({ remainingSeconds: 0, state: 'Stopped', runningSince: null });
  });
});
