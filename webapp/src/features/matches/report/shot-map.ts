/**
 * Which shots the report's shot maps mark, and how each ended. A shot's `locationX/Y` is where it
 * was taken on the pool half, its `targetX/Y` where it went on the goal mouth (0..1 across and down
 * each picture, as the live-scoring pickers set them).
 */
import type { Schemas } from '@/api/types';

type MatchEvent = Schemas['EventView'];
type Shot = Schemas['Shot'];

/** How a shot ended, told apart on the maps by marker shape and colour. */
export type ShotOutcome = 'goal' | 'saved' | 'blocked' | 'missed';

/** The outcomes in the legend's order, with their names. */
export const OUTCOMES: readonly { outcome: ShotOutcome; label: string }[] = [
  { outcome: 'goal', label: 'Goal' },
  { outcome: 'saved', label: 'Saved' },
  { outcome: 'blocked', label: 'Blocked' },
  { outcome: 'missed', label: 'Missed' },
];

export interface Point {
  x: number;
  y: number;
}

/** A shot as the maps mark it. */
export interface MappedShot {
  eventId: number;
  takenById: number;
  outcome: ShotOutcome;
  /** Where on the pool half it was taken; null when not recorded. */
  location: Point | null;
  /** Where on the goal mouth it went; null when not recorded. */
  target: Point | null;
}

/** A goal; else blocked by a defender; else saved by the keeper; else missed (off target) — as the log says it. */
export function shotOutcome(shot: Shot): ShotOutcome {
  if (shot.isGoal) return 'goal';
  if (shot.blockedById !== null && shot.blockedById !== undefined) return 'blocked';
  if (shot.savedById !== null && shot.savedById !== undefined) return 'saved';
  return 'missed';
}

const pointOf = (x: number | null | undefined, y: number | null | undefined): Point | null =>
  x === null || x === undefined || y === null || y === undefined ? null : { x, y };

/** The shots `teamId` took, in log order; only `playerId`'s when one is given. */
export function teamShots(events: readonly MatchEvent[], teamId: number, playerId: number | null = null): MappedShot[] {
  return events.flatMap((event) => {
    const shot = event.shot;
    if (!shot || shot.teamId !== teamId || (playerId !== null && shot.takenById !== playerId)) return [];
    return [
      {
        eventId: event.id,
        takenById: shot.takenById,
        outcome: shotOutcome(shot),
        location: pointOf(shot.locationX, shot.locationY),
        target: pointOf(shot.targetX, shot.targetY),
      },
    ];
  });
}

/** The players of `teamId` who took a shot, each once, in the order of their first shot. */
export const shooters = (events: readonly MatchEvent[], teamId: number): number[] => [
  ...new Set(teamShots(events, teamId).map((shot) => shot.takenById)),
];

/** How many of the shots ended each way. */
export function countByOutcome(shots: readonly MappedShot[]): Record<ShotOutcome, number> {
  const counts: Record<ShotOutcome, number> = { goal: 0, saved: 0, blocked: 0, missed: 0 };
  for (const shot of shots) counts[shot.outcome] += 1;
  return counts;
}

/** The shots one picture marks (those with the point it places them by), and how many have none. */
export function placed(shots: readonly MappedShot[], by: 'location' | 'target'): { marked: (MappedShot & { at: Point })[]; unplaced: number } {
  const marked = shots.flatMap((shot) => {
    const at = shot[by];
    return at ? [{ ...shot, at }] : [];
  });
  return { marked, unplaced: shots.length - marked.length };
}
