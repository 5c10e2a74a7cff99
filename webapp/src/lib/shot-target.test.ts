/**
 * Runs `fixtures/vectors/events/shot-target.json` (format in that folder's README.md) through the
 * web copy of the goal-target rule, as `crates/domain/tests/shot_target_vectors.rs` runs it
 * through the domain's: the save a case's shot is left with, and whether its target is inside
 * the goal area.
 */
import { describe, expect, it } from 'vitest';
import { type ActiveKeepers, inGoalArea, savedBy, type ShooterSide, type ShotAim } from '@/lib/shot-target';

interface VectorAim {
  isGoal?: boolean;
  blockedById?: number | null;
  savedById?: number | null;
  targetX?: number | null;
  targetY?: number | null;
}

interface VectorCase {
  name: string;
  shooter: ShooterSide;
  keepers?: ActiveKeepers;
  before?: VectorAim;
  shot: VectorAim;
  expect: { savedById: number | null; onTarget?: boolean };
}

/** The vector's shot as the form holds it: a target is a point, or none without both coordinates. */
function aimOf(vector: VectorAim = {}): ShotAim {
  const { targetX, targetY } = vector;
  return {
    isGoal: vector.isGoal ?? false,
    blockedById: vector.blockedById ?? null,
    savedById: vector.savedById ?? null,
    target: targetX == null || targetY == null ? null : { x: targetX, y: targetY },
  };
}

interface VectorFile {
  keepers: ActiveKeepers;
  cases: VectorCase[];
}

const file = Object.values(
  import.meta.glob<VectorFile>('../../../fixtures/vectors/events/shot-target.json', { eager: true, import: 'default' }),
)[0]!;

describe('shot-target vectors', () => {
  it('has cases', () => {
    expect(file.cases.length).toBeGreaterThan(0);
  });

  for (const vector of file.cases) {
    it(vector.name, () => {
      expect(Object.keys(vector).every((key) => ['name', 'shooter', 'keepers', 'before', 'shot', 'expect'].includes(key))).toBe(true);
      const shot = aimOf(vector.shot);
      expect(savedBy(aimOf(vector.before), shot, vector.shooter, vector.keepers ?? file.keepers)).toBe(vector.expect.savedById);
      if (vector.expect.onTarget !== undefined) expect(shot.target !== null && inGoalArea(shot.target)).toBe(vector.expect.onTarget);
    });
  }
});
