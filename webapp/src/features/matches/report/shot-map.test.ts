import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { countByOutcome, placed, shooters, shotOutcome, teamShots } from '@/features/matches/report/shot-map';

type Shot = Schemas['Shot'];

const shotEvent = (id: number, shot: Partial<Shot> & { teamId: number; takenById: number }): Schemas['EventView'] => ({
  id,
  matchId: 900,
  typeId: 705,
  periodId: 1200,
  minute: 7,
  seconds: 0,
  shot: { typeId: 1100, ...shot },
});

// Home (31): 507 scores from the 5 m line into the top left; 507 is saved, the target set but
// no location; 509 is blocked, neither point set; 509 misses wide. Away (32): 605 scores. Event 6
// is a timeout.
const events: Schemas['EventView'][] = [
  shotEvent(1, { teamId: 31, takenById: 507, isGoal: true, locationX: 0.5, locationY: 0.333, targetX: 0.2, targetY: 0.4 }),
  shotEvent(2, { teamId: 31, takenById: 507, savedById: 601, locationX: null, locationY: null, targetX: 0.5, targetY: 0.6 }),
  shotEvent(3, { teamId: 31, takenById: 509, blockedById: 605, savedById: null }),
  shotEvent(4, { teamId: 31, takenById: 509, isGoal: false, locationX: 0.8, locationY: 0.2, targetX: 0.9, targetY: 0.1 }),
  shotEvent(5, { teamId: 32, takenById: 605, isGoal: true, locationX: 0.4, locationY: 0.1 }),
  { id: 6, matchId: 900, typeId: 700, periodId: 1200, minute: 6, seconds: 0, timeout: { teamId: 31 } },
];

describe('a shot\'s outcome', () => {
  it('is a goal, else blocked, else saved, else missed', () => {
    const shot = { teamId: 31, takenById: 7, typeId: 1100 } as const;
    expect(shotOutcome({ ...shot, isGoal: true, savedById: 1 })).toBe('goal');
    expect(shotOutcome({ ...shot, blockedById: 2, savedById: 1 })).toBe('blocked');
    expect(shotOutcome({ ...shot, savedById: 1, blockedById: null })).toBe('saved');
    expect(shotOutcome({ ...shot, isGoal: false })).toBe('missed');
  });
});

describe('the shots a map marks', () => {
  it('are the team\'s shots in log order, with their outcome and points', () => {
    expect(teamShots(events, 31)).toEqual([
      { eventId: 1, takenById: 507, outcome: 'goal', location: { x: 0.5, y: 0.333 }, target: { x: 0.2, y: 0.4 } },
      { eventId: 2, takenById: 507, outcome: 'saved', location: null, target: { x: 0.5, y: 0.6 } },
      { eventId: 3, takenById: 509, outcome: 'blocked', location: null, target: null },
      { eventId: 4, takenById: 509, outcome: 'missed', location: { x: 0.8, y: 0.2 }, target: { x: 0.9, y: 0.1 } },
    ]);
    expect(teamShots(events, 32).map((shot) => shot.eventId)).toEqual([5]);
  });

  it('are one player\'s when the map is filtered by player', () => {
    expect(teamShots(events, 31, 509).map((shot) => shot.outcome)).toEqual(['blocked', 'missed']);
    expect(teamShots(events, 31, 605)).toEqual([]);
  });

  it('offer the team\'s shooters once each, in the order they first shot', () => {
    expect(shooters(events, 31)).toEqual([507, 509]);
    expect(shooters(events, 32)).toEqual([605]);
  });

  it('count by outcome', () => {
    expect(countByOutcome(teamShots(events, 31))).toEqual({ goal: 1, saved: 1, blocked: 1, missed: 1 });
  });

  it('stand on each picture by its own point, the others counted as not placed', () => {
    const home = teamShots(events, 31);
    const pool = placed(home, 'location');
    expect(pool.marked.map((shot) => [shot.eventId, shot.at])).toEqual([
      [1, { x: 0.5, y: 0.333 }],
      [4, { x: 0.8, y: 0.2 }],
    ]);
    expect(pool.unplaced).toBe(2);
    const goal = placed(home, 'target');
    expect(goal.marked.map((shot) => shot.eventId)).toEqual([1, 2, 4]);
    expect(goal.unplaced).toBe(1);
  });
});
