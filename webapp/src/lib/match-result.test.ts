import { describe, expect, it } from 'vitest';
import { matchOf } from '@/test/fixtures/matches';
import { listedResult, matchResult, resultText, scoreText, shootoutText } from '@/lib/match-result';

/** 3+3+3+0 = 9 and 2+2+2+3 = 9 in regular time; 4–3 in the shootout (the overtime column). */
const shootoutMatch = () =>
  matchOf({ homeTeamGoalsQ4: 0, homeTeamGoalsOT: 4, homeTeamGoalsTotal: 13, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true });

describe('the match result', () => {
  it('is the total when no shootout decided the match', () => {
    const match = matchOf();
    expect(matchResult(match)).toEqual({ score: [12, 9], shootout: null });
    expect(resultText(match)).toBe('12–9');
    expect(resultText(match, ':')).toBe('12:9');
  });

  it('counts overtime goals in the score when no shootout decided the match', () => {
    const match = matchOf({ homeTeamGoalsOT: 2, homeTeamGoalsTotal: 14, awayTeamGoalsOT: 1, awayTeamGoalsTotal: 10 });
    expect(matchResult(match)).toEqual({ score: [14, 10], shootout: null });
    expect(resultText(match)).toBe('14–10');
  });

  it('is the score before the shootout with the shootout beside it when one decided it, never the two added up', () => {
    const match = shootoutMatch();
    expect(matchResult(match)).toEqual({ score: [9, 9], shootout: [4, 3] });
    expect(resultText(match)).toBe('9–9, 4–3 pen.');
    expect(resultText(match)).not.toContain('13');
  });

  it('writes the score with another separator on request, the shootout always with an en dash', () => {
    expect(resultText(shootoutMatch(), ':')).toBe('9:9, 4–3 pen.');
    expect(scoreText([9, 8])).toBe('9–8');
    expect(scoreText([9, 8], ':')).toBe('9:8');
    expect(shootoutText([5, 4])).toBe('5–4 pen.');
  });

  it('writes a shootout the away team won', () => {
    const match = matchOf({ homeTeamGoalsQ4: 0, homeTeamGoalsOT: 2, homeTeamGoalsTotal: 11, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true });
    expect(resultText(match)).toBe('9–9, 2–3 pen.');
  });
});

describe('listedResult', () => {
  const figures = { homeTeamGoalsTotal: 0, awayTeamGoalsTotal: 0, homeTeamGoalsOT: 0, awayTeamGoalsOT: 0, decidedByShootout: false };

  it('shows a dash for a match that has not started and the score for any other', () => {
    expect(listedResult({ ...figures, status: 'Not_Started' })).toBe('—');
    expect(listedResult({ ...figures, status: 'First_Period' })).toBe('0–0');
    expect(listedResult({ ...figures, homeTeamGoalsTotal: 12, awayTeamGoalsTotal: 9, status: 'Finished' })).toBe('12–9');
  });
});
