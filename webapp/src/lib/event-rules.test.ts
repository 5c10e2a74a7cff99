/**
 * Runs the shared match-log vectors in `fixtures/vectors/events/` (format in that folder's
 * README.md) through the web copy of the event rules, as `crates/domain/tests/event_vectors.rs`
 * runs them through the domain's: validate, then check against the match and the other events,
 * then the mirror and the score; every expectation a case states is compared exactly.
 */
import { describe, expect, it } from 'vitest';
import {
  checkInMatch,
  type EventErrors,
  type EventFields,
  type EventInput,
  type EventMatch,
  type EventScore,
  mirrored,
  score,
  validateEvent,
} from '@/lib/event-rules';

interface VectorCase {
  name: string;
  match?: EventMatch;
  existing?: (EventInput & { id: number })[];
  input: EventInput;
  expect: { ok?: true; errors?: EventErrors; event?: object; mirror?: object | null; score?: EventScore };
}

interface VectorFile {
  match: EventMatch;
  cases: VectorCase[];
}

/** Every file of the folder but the form's goal-target rule, which `shot-target.test.ts` runs. */
const files = import.meta.glob<VectorFile>(
  ['../../../fixtures/vectors/events/*.json', '!../../../fixtures/vectors/events/shot-target.json'],
  { eager: true, import: 'default' },
);

/** Null members dropped: a vector may leave out what is null. */
function normal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normal);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== null && member !== undefined)
        .map(([key, member]) => [key, normal(member)]),
    );
  }
  return value;
}

/** An existing event: itself a valid event, with its id and pairing. */
function existingEvent(event: EventInput & { id: number }): EventFields & { id: number } {
  const result = validateEvent(event);
  if (!('fields' in result)) throw new Error(`existing event ${event.id} is not valid: ${JSON.stringify(result.errors)}`);
  return { ...result.fields, id: event.id, pairedEventId: event.pairedEventId ?? null };
}

function runCase(fileMatch: EventMatch, vector: VectorCase) {
  const match = vector.match ?? fileMatch;
  const { input, expect: wanted } = vector;
  expect(Object.keys(vector).every((key) => ['name', 'match', 'existing', 'input', 'expect'].includes(key))).toBe(true);
  expect(wanted.ok === true).not.toBe(wanted.errors !== undefined);
  // On update (the input names an existing event) the event leaves the others.
  const other = (vector.existing ?? []).map(existingEvent).filter((event) => event.id !== input.id);
  const validated = validateEvent(input);
  const errors = 'errors' in validated ? validated.errors : checkInMatch(validated.fields, match, other);
  if (wanted.errors) {
    expect(errors).toEqual(wanted.errors);
    return;
  }
  expect(errors).toBeNull();
  if (!('fields' in validated)) return;
  const { fields } = validated;
  if (wanted.event) expect(normal(fields)).toEqual(normal(wanted.event));
  if (wanted.mirror !== undefined) expect(normal(mirrored(fields, match))).toEqual(normal(wanted.mirror));
  if (wanted.score) expect(score(match, [...other, fields])).toEqual(wanted.score);
}

describe('event vectors', () => {
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
        it(vector.name, () => runCase(file.match, vector));
      }
    });
  }
});
