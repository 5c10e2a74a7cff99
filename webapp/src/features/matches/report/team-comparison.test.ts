import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { barShares, percent, powerPlayChances, teamComparison, timeouts } from '@/features/matches/report/team-comparison';

const shots = (goals: number, total: number) => ({ shots: total, goals, missed: total - goals });
const exclusionCounts = (exclusion: number, penalty: number) => ({ exclusion, suspension: 0, brutality: 0, penalty });
const turnoverCounts = (lostBall: number) => ({ lostBall, offensiveFoul: 0, ballUnder: 0, clockExpired: 0 });

/**
 * Home: 20 shots, 12 goals (8/12 regular attack, 3/6 power play, 1/2 penalty; 2/3 on fast breaks,
 * 1/1 direct from foul), 8 exclusions drawn of which 1 a penalty foul, 4 committed, 9 saves,
 * 2 blocks, 5 turnovers, 3 swim-offs won.
 */
const home: Schemas['Stats'] = {
  matches: 1,
  shots: {
    totalShots: 20,
    goals: 12,
    missed: 8,
    assisted: 5,
    blocked: 1,
    saved: 4,
    blocks: 2,
    saves: 9,
    byAction: { regularAttack: shots(8, 12), powerPlay: shots(3, 6), penalty: shots(1, 2), penaltyShootout: shots(0, 0) },
    fastBreak: shots(2, 3),
    directFromFoul: shots(1, 1),
  },
  swimoffs: { totalWins: 3, totalLoses: 1 },
  turnovers: { lost: 5, won: 7, lostByType: turnoverCounts(5), wonByType: turnoverCounts(7) },
  exclusions: { total: 4, drawnTotal: 8, byType: exclusionCounts(4, 0), drawnByType: exclusionCounts(7, 1) },
};

/** Away: 18 shots, 9 goals (7/14 regular attack, 2/4 power play), 4 drawn, 8 committed, no saves or blocks. */
const away: Schemas['Stats'] = {
  matches: 1,
  shots: {
    totalShots: 18,
    goals: 9,
    missed: 9,
    assisted: 2,
    blocked: 2,
    saved: 9,
    blocks: 1,
    saves: 4,
    byAction: { regularAttack: shots(7, 14), powerPlay: shots(2, 4), penalty: shots(0, 0), penaltyShootout: shots(0, 0) },
    fastBreak: shots(0, 0),
    directFromFoul: shots(0, 1),
  },
  swimoffs: { totalWins: 1, totalLoses: 3 },
  turnovers: { lost: 7, won: 5, lostByType: turnoverCounts(7), wonByType: turnoverCounts(5) },
  exclusions: { total: 8, drawnTotal: 4, byType: exclusionCounts(7, 1), drawnByType: exclusionCounts(4, 0) },
};

const texts = (rows: ReturnType<typeof teamComparison>) => rows.map((row) => [row.label, row.home.text, row.away.text]);

describe('the team comparison', () => {
  it('gives each figure of both teams, worked out from their stats', () => {
    expect(texts(teamComparison(home, away, { home: 2, away: 1 }))).toEqual([
      ['Shots', '20', '18'],
      ['Goals / shots', '12/20 (60%)', '9/18 (50%)'],
      ['Regular attack', '8/12', '7/14'],
      ['Power play', '3/6', '2/4'],
      ['Penalty', '1/2', '0/0'],
      ['Fast break', '2/3', '0/0'],
      ['Direct from foul', '1/1', '0/1'],
      // 3 power-play goals of 8 drawn less the penalty foul; 2 of 4.
      ['Power-play conversion', '3/7 (43%)', '2/4 (50%)'],
      ['Exclusions drawn', '8', '4'],
      ['Exclusions committed', '4', '8'],
      ['Saves', '9', '4'],
      ['Blocks', '2', '1'],
      ['Turnovers', '5', '7'],
      ['Swim-offs won', '3', '1'],
      ['Timeouts', '2', '1'],
    ]);
  });

  it('puts the goals by action in their group, the bar standing for the goals', () => {
    const rows = teamComparison(home, away, { home: 0, away: 0 });
    expect(rows.filter((row) => row.group === 'Goals by action').map((row) => row.label)).toEqual([
      'Regular attack', 'Power play', 'Penalty', 'Fast break', 'Direct from foul',
    ]);
    const regular = rows.find((row) => row.label === 'Regular attack')!;
    expect([regular.home.value, regular.away.value]).toEqual([8, 7]);
  });

  it('shows the shootout row only when the log has shootout shots', () => {
    const shootout = { ...home, shots: { ...home.shots, byAction: { ...home.shots.byAction, penaltyShootout: shots(4, 5) } } };
    const row = teamComparison(shootout, away, { home: 0, away: 0 }).find((r) => r.label === 'Shootout');
    expect([row?.home.text, row?.away.text]).toEqual(['4/5', '0/0']);
  });

  it('says "–" for a rate of nothing and leaves its bar empty', () => {
    expect(percent(0, 0)).toBe('–');
    const none = { ...away, exclusions: { ...away.exclusions, drawnTotal: 0, drawnByType: exclusionCounts(0, 0) } };
    expect(powerPlayChances(none)).toBe(0);
    const row = teamComparison(home, none, { home: 0, away: 0 }).find((r) => r.label === 'Power-play conversion')!;
    expect(row.away).toEqual({ text: '2/0 (–)', value: 0 });
  });

  it('splits the bar by each side\'s share, and leaves it empty when both are 0', () => {
    expect(barShares({ home: { text: '3', value: 3 }, away: { text: '1', value: 1 } })).toEqual({ home: 0.75, away: 0.25 });
    expect(barShares({ home: { text: '0', value: 0 }, away: { text: '0', value: 0 } })).toEqual({ home: 0, away: 0 });
  });
});

describe('the timeouts', () => {
  it('counts each team\'s timeout events', () => {
    const event = (id: number, teamId: number | null): Schemas['EventView'] => ({
      id,
      matchId: 900,
      typeId: 700,
      periodId: 1200,
      minute: 5,
      seconds: 0,
      ...(teamId === null ? {} : { timeout: { teamId } }),
    });
    expect(timeouts([event(1, 31), event(2, 32), event(3, 31), event(4, null)], 31, 32)).toEqual({ home: 2, away: 1 });
  });
});
