/**
 * The goal-target rule of the event form (`crates/domain/src/events/shot_target.rs`, spec 02 §4,
 * §9): a shot aimed inside the goal area that is neither a goal nor blocked was saved by the
 * opposing team's selected active keeper. The vectors in `fixtures/vectors/events/shot-target.json`
 * hold both sides to the same answers. Where the spec is silent: a save the target set goes again
 * when the target leaves the goal area, and a save the secretary picks stands until the target,
 * the goal flag or the block changes.
 */

/** A point on the goal-target picture: x from the left, y down from the top, each 0..1. */
export interface TargetPoint {
  x: number;
  y: number;
}

/**
 * The goal area (spec 02 §9): below the crossbar (y above 0.346) and between the posts (x between
 * 0.167 and 0.838). The bounds themselves are the frame, outside the area.
 */
export const GOAL_AREA = { minX: 0.167, maxX: 0.838, minY: 0.346 } as const;

/** Compared in thousandths, as the server keeps coordinates, so a bound is exactly a bound. */
const thousandths = (value: number) => Math.round(value * 1000);

/** Whether a target point lies inside the goal area (a point on a bound is outside). */
export const inGoalArea = (point: TargetPoint) =>
  thousandths(point.y) > thousandths(GOAL_AREA.minY) &&
  thousandths(point.x) > thousandths(GOAL_AREA.minX) &&
  thousandths(point.x) < thousandths(GOAL_AREA.maxX);

export type ShooterSide = 'home' | 'away';

/** The selected active goalkeeper (player id) of each team; null while not known. */
export interface ActiveKeepers {
  home: number | null;
  away: number | null;
}

/** What of a shot being entered the rule reads and sets. */
export interface ShotAim {
  isGoal: boolean;
  blockedById: number | null;
  savedById: number | null;
  target: TargetPoint | null;
}

/** The keeper a shot of `shooter`'s team faces: the other team's. */
export const keeperFacing = (shooter: ShooterSide, keepers: ActiveKeepers) => (shooter === 'home' ? keepers.away : keepers.home);

/** The save the target implies: the keeper faced, for a shot on target neither a goal nor blocked. */
export function impliedSave(shot: ShotAim, shooter: ShooterSide, keepers: ActiveKeepers): number | null {
  if (shot.isGoal || shot.blockedById !== null || shot.target === null || !inGoalArea(shot.target)) return null;
  return keeperFacing(shooter, keepers);
}

const sameAim = (a: ShotAim, b: ShotAim) =>
  a.isGoal === b.isGoal && a.blockedById === b.blockedById && a.target?.x === b.target?.x && a.target?.y === b.target?.y;

/**
 * Who saved the shot once the form changed it from `before` to `after` (`after.savedById` is what
 * the change itself left there): a goal or a blocked shot by no one; a change of anything but the
 * target, the goal flag or the block keeps the secretary's pick; a shot on target by the keeper it
 * faces, when known; a save the target implied before goes with it when the target leaves the goal
 * area; otherwise the save stays as it was.
 */
export function savedBy(before: ShotAim, after: ShotAim, shooter: ShooterSide, keepers: ActiveKeepers): number | null {
  if (after.isGoal || after.blockedById !== null) return null;
  if (sameAim(before, after)) return after.savedById;
  const implied = impliedSave(after, shooter, keepers);
  if (implied !== null) return implied;
  const impliedBefore = impliedSave(before, shooter, keepers);
  return impliedBefore !== null && after.savedById === impliedBefore ? null : after.savedById;
}
