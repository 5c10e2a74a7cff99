/**
 * Runs the shared clock vectors in `fixtures/vectors/clock/` (format in that folder's README.md)
 * through the web copy of the period clock, as `crates/domain/tests/clock_vectors.rs` runs them
 * through the domain's: build the case's clock, apply its steps in order, and after each step
 * compare the whole clock and the refusal exactly.
 */
import { describe, expect, it } from 'vitest';
import {
  applyClock,
  type ClockCommand,
  type ClockReading,
  type ClockRefusal,
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
