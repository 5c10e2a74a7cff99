import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { matchDetailOf } from '@/test/fixtures/matches';
import { describeEvent } from '@/lib/match-events';

const match = matchDetailOf();
const event = (overrides: Partial<Schemas['EventView']>): Schemas['EventView'] => ({
  id: 1,
  matchId: 900,
  typeId: 705,
  periodId: 1200,
  minute: 6,
  seconds: 5,
  ...overrides,
});

describe('describeEvent', () => {
  it('shows a goal with its period, mm:ss time, team, cap and name, type and assist', () => {
    const row = describeEvent(
      event({ shot: { teamId: 31, typeId: 1102, takenById: 507, assistedById: 501, isGoal: true, isFastBreak: true } }),
      match,
    );
    expect(row).toEqual({
      period: '1st Period',
      time: '06:05',
      team: 'Partizan Seniori',
      player: '#7 Marko Marković',
      type: 'Shot',
      details: 'Goal, Power play, assisted by #1 Novak Đurić, fast break',
    });
  });

  it('shows a saved shot with the keeper, an exclusion with the fouled player, a card for a coach', () => {
    const saved = describeEvent(event({ periodId: 1204, shot: { teamId: 32, typeId: 1100, takenById: 605, savedById: 501 } }), match);
    expect([saved.period, saved.team, saved.details]).toEqual(['Overtime', 'Zvezda Seniori', 'Saved, Regular attack, saved by #1 Novak Đurić']);
    const excluded = describeEvent(
      event({ typeId: 704, exclusion: { teamId: 31, typeId: 1003, excludedPlayerId: 507, fouledPlayerId: 605, isPenaltyExclusion: true } }),
      match,
    );
    expect([excluded.type, excluded.player, excluded.details]).toEqual([
      'Exclusion',
      '#7 Marko Marković',
      'Penalty (5m), fouled #5 Luka Lukić, penalty exclusion',
    ]);
    const card = describeEvent(event({ typeId: 702, card: { teamId: 32, typeId: 800, cardedCoachId: 82 } }), match);
    expect([card.type, card.player, card.details]).toEqual(['Card', 'Uroš Stevanović (coach)', 'Yellow card']);
  });

  it('shows a swim-off by its winner, a turnover with who won the ball, and team-only timeouts', () => {
    const swim = describeEvent(
      event({ typeId: 701, minute: 8, seconds: 0, swimoff: { homeTeamSwimmerId: 507, awayTeamSwimmerId: 605, winnerSwimmerId: 605, winnerTeamId: 32 } }),
      match,
    );
    expect([swim.time, swim.type, swim.team, swim.player, swim.details]).toEqual([
      '08:00',
      'Swim-off',
      'Zvezda Seniori',
      '#5 Luka Lukić',
      'Won against #7 Marko Marković',
    ]);
    const turnover = describeEvent(
      event({ typeId: 703, turnover: { teamId: 31, typeId: 901, lostPossesionPlayerId: 507, wonPossesionPlayerId: 605 } }),
      match,
    );
    expect(turnover.details).toBe('Offensive foul, won by #5 Luka Lukić');
    const timeout = describeEvent(event({ typeId: 700, timeout: { teamId: 32 } }), match);
    expect([timeout.type, timeout.team, timeout.player, timeout.details]).toEqual(['Timeout', 'Zvezda Seniori', '', '']);
  });
});
