import { describe, expect, it } from 'vitest';
import { checkAll } from '@/lib/form-errors';
import { newMatchInput } from '@/test/fixtures/matches';
import { checkMatchField, emptyMatchValues, MATCH_FIELDS, matchInput, startInstant } from '@/features/matches/match-validation';

describe('the match form rules', () => {
  it('asks for the teams, the competition and the start, and keeps the default segment length of 8', () => {
    expect(checkAll(emptyMatchValues(), MATCH_FIELDS, checkMatchField)).toEqual({
      homeTeamId: 'Home team field is required!',
      awayTeamId: 'Away team field is required!',
      competitionId: 'Competition field is required!',
      startDay: 'Start is required!',
    });
    expect(emptyMatchValues().matchSegmentLength).toBe('8');
  });

  it('refuses venue, round and game number over 200 characters, and an empty segment length', () => {
    const long = 'x'.repeat(201);
    const values = { ...emptyMatchValues(), venue: long, round: long, number: 'x'.repeat(200), matchSegmentLength: ' ' };
    expect(checkMatchField('venue', values)).toBe('Too long input!');
    expect(checkMatchField('round', values)).toBe('Too long input!');
    expect(checkMatchField('number', values)).toBeUndefined();
    expect(checkMatchField('matchSegmentLength', values)).toBe('Match segment length field is required!');
  });

  it('sends the local start as a UTC instant and leaves empty texts out', () => {
    expect(startInstant('2026-03-14', '19:45')).toBe(new Date(2026, 2, 14, 19, 45).toISOString());
    expect(startInstant('2026-03-14', '')).toBe(new Date(2026, 2, 14).toISOString());
    const values = { ...emptyMatchValues(), competitionId: 7, homeTeamId: 31, awayTeamId: 32, startDay: '2026-03-14', startTime: '19:45', venue: ' Banjica ' };
    expect(matchInput(values)).toEqual(newMatchInput());
  });
});
