import { describe, expect, it } from 'vitest';
import { matchOf } from '@/test/fixtures/matches';
import { matchResult, resultText } from '@/features/matches/report/match-result';

describe('the match result', () => {
  it('is the total when no shootout decided the match', () => {
    const match = matchOf();
    expect(matchResult(match)).toEqual({ score: [12, 9], shootout: null });
    expect(resultText(match)).toBe('12–9');
  });

  it('is the score before the shootout and the shootout apart when one decided it', () => {
    // 3+3+3+0 = 9 and 2+2+2+3 = 9 in regular time; 4–3 in the shootout (the overtime column).
    const match = matchOf({
      homeTeamGoalsQ4: 0,
      homeTeamGoalsOT: 4,
      homeTeamGoalsTotal: 13,
      awayTeamGoalsOT: 3,
      awayTeamGoalsTotal: 12,
      decidedByShootout: true,
    });
    expect(matchResult(match)).toEqual({ score: [9, 9], shootout: [4, 3] });
    expect(resultText(match)).toBe('9–9 (4–3 pen.)');
  });
});
