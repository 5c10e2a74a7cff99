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

interface CommandStep {
  command: ClockCommand;
  expect: PeriodClock;
  refused?: ClockRefusal;
}

/** The clock as it reads at an instant, which the case goes on with. */
interface ReadStep {
  readAt: string;
  expect: PeriodClock;
  msToNextSecond?: number | null;
}

type VectorStep = CommandStep | ReadStep;

interface VectorCase {
  name: string;
  segmentSeconds?: number;
  state?: PeriodClock;
  restore?: { segmentSeconds: number; events: ClockReading[] };
  continued?: { restored: PeriodClock; published: Clock | null; at: string };
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

/** The clock a case starts from: exactly one of segmentSeconds, state, restore and continued. */
function startClock(vector: VectorCase): PeriodClock {
  const given = (['segmentSeconds', 'state', 'restore', 'continued'] as const).filter((key) => vector[key] !== undefined);
  expect(given).toHaveLength(1);
  if (vector.segmentSeconds !== undefined) return newClock(vector.segmentSeconds);
  if (vector.state !== undefined) return { ...vector.state };
  if (vector.continued !== undefined) {
    expect(Object.keys(vector.continued).sort()).toEqual(['at', 'published', 'restored']);
    const { restored, published, at } = vector.continued;
    return continuedClock(restored, published, at);
  }
  expect(Object.keys(vector.restore!).sort()).toEqual(['events', 'segmentSeconds']);
  return restoreClock(vector.restore!.segmentSeconds, vector.restore!.events);
}

function readAt(clock: PeriodClock, step: ReadStep, i: number): PeriodClock {
  expect(Object.keys(step).filter((key) => !['readAt', 'expect', 'msToNextSecond'].includes(key))).toEqual([]);
  const now = Date.parse(step.readAt);
  if (step.msToNextSecond !== undefined) {
    expect({ step: i, msToNextSecond: msToNextSecond(clock, now) }).toEqual({ step: i, msToNextSecond: step.msToNextSecond });
  }
  const read = clockAt(clock, now);
  expect(read).toStrictEqual(step.expect);
  return read;
}

function runCase(vector: VectorCase) {
  const members = ['name', 'segmentSeconds', 'state', 'restore', 'continued', 'initial', 'steps'];
  expect(Object.keys(vector).filter((key) => !members.includes(key))).toEqual([]);
  let clock = startClock(vector);
  if (vector.initial) expect(clock).toStrictEqual(vector.initial);
  vector.steps.forEach((step, i) => {
    if ('readAt' in step) {
      clock = readAt(clock, step, i);
      return;
    }
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

// The readings and the continued clock are pinned by reading.json; what is left here is the web's own.
describe('the clock live scoring goes on with', () => {
  const restored = restoreClock(480, [{ periodId: 1201, minute: 5, seconds: 0 }]);
  const at = '2026-11-24T18:30:10.000Z';

  it('keeps only the clock of a hub message, not its other members', () => {
    const published: Clock = { period: 1201, remainingSeconds: 290, state: 'Running', runningSince: '2026-11-24T18:30:00.000Z' };
    const message = { type: 'Clock', matchId: 900, seq: 4, ...published } as Clock;
    expect(continuedClock(restored, message, at)).toStrictEqual({
      period: 1201,
      remainingSeconds: 280,
      state: 'Running',
      runningSince: at,
      segmentSeconds: 480,
    });
  });
});
