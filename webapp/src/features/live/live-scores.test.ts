import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import type { MatchMessage } from '@/lib/hub';
import { matchOf } from '@/test/fixtures/matches';
import {
  dayTitle,
  groupByCompetition,
  isDay,
  liveIds,
  liveScore,
  matchTitle,
  phaseOf,
  MAX_GROUPS,
  noScores,
  scoresReducer,
  shiftDay,
  stateText,
} from '@/features/live/live-scores';
import { shortPeriod } from '@/lib/match-codes';

const score = (id: number, revision: number, home: number, away: number, statusId: Schemas['MatchStatus'] = 202): Schemas['MatchScore'] =>
  ({ ...matchOf({ id, revision, homeTeamGoalsTotal: home, awayTeamGoalsTotal: away, statusId, status: 'Second_Period' }) }) as Schemas['MatchScore'];
/** 9–9 in regular time, 4–3 in the shootout (the overtime column), 13–12 in the totals. */
const SHOOTOUT = { homeTeamGoalsQ4: 0, homeTeamGoalsOT: 4, homeTeamGoalsTotal: 13, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true };
const message = (fields: Record<string, unknown>) => ({ seq: 1, ...fields }) as MatchMessage;

describe('the matches of a day', () => {
  it('groups them per competition in the order the server sorted them', () => {
    const matches = [
      matchOf({ id: 1, competitionId: 7, competitionDisplayName: 'Prva liga' }),
      matchOf({ id: 2, competitionId: 7, competitionDisplayName: 'Prva liga' }),
      matchOf({ id: 3, competitionId: 9, competitionDisplayName: 'Kup', competitionLogo: 'iVBOR' }),
    ];
    expect(groupByCompetition(matches).map((group) => [group.name, group.logo, group.matches.map((match) => match.id)])).toEqual([
      ['Prva liga', null, [1, 2]],
      ['Kup', 'iVBOR', [3]],
    ]);
  });

  it('says of a match its start, Final, Final with the shootout or nothing while it is played', () => {
    const start = new Date(2026, 10, 27, 19, 5).toISOString();
    expect(stateText(matchOf({ statusId: 200, startDate: start }))).toBe('19:05');
    expect(stateText(matchOf({ statusId: 206 }))).toBe('Final');
    expect(stateText(matchOf({ statusId: 206, ...SHOOTOUT }))).toBe('Final (4–3 pen.)');
    expect(stateText(matchOf({ statusId: 207 }))).toBe('Cancelled');
    expect(stateText(matchOf({ statusId: 203 }))).toBeNull();
    expect([1200, 1203, 1204].map(shortPeriod)).toEqual(['Q1', 'Q4', 'OT']);
  });

  it("shows the regular time's score after a shootout, the shootout apart, never the two added up", () => {
    const decided = matchOf({ statusId: 206, ...SHOOTOUT });
    expect(liveScore(decided)).toBe('9:9');
    expect(liveScore(matchOf())).toBe('12:9');
    expect(matchTitle(decided)).toBe('Partizan Seniori 9:9, 4–3 pen. Zvezda Seniori · PoloDesk');
    expect(matchTitle(matchOf())).toBe('Partizan Seniori 12:9 Zvezda Seniori · PoloDesk');
  });

  it('takes a Not_Started match as live once its clock is published or an event logged', () => {
    const waiting = matchOf({ statusId: 200 });
    expect(phaseOf(waiting)).toBe('upcoming');
    expect(phaseOf(waiting, true)).toBe('live');
    expect(stateText(waiting, true)).toBeNull();
    // A finished match stays finished whatever was logged.
    expect(phaseOf(matchOf({ statusId: 206 }), true)).toBe('final');
  });

  it('follows the matches in progress, then those to start, never finished ones, at most 64', () => {
    const matches = [
      matchOf({ id: 1, statusId: 200 }),
      matchOf({ id: 2, statusId: 201 }),
      matchOf({ id: 3, statusId: 206 }),
      matchOf({ id: 4, statusId: 207 }),
    ];
    expect(liveIds(matches)).toEqual([2, 1]);
    const crowded = [...matches, ...Array.from({ length: 70 }, (_, index) => matchOf({ id: 100 + index, statusId: 205 }))];
    const ids = liveIds(crowded);
    expect(ids).toHaveLength(MAX_GROUPS);
    expect(ids.slice(0, 2)).toEqual([2, 100]);
    expect(ids).not.toContain(1);
  });
});

describe('the scores kept live', () => {
  const start = scoresReducer(noScores, { type: 'matches', matches: [matchOf({ id: 1, revision: 4, statusId: 201, homeTeamGoalsTotal: 1, awayTeamGoalsTotal: 0 }), matchOf({ id: 2 })] });

  it("takes an event's new score and a match change's status, for the match they name", () => {
    const afterGoal = scoresReducer(start, { type: 'hub', message: message({ type: 'Event', matchId: 1, action: 'created', event: { id: 5 }, match: score(1, 5, 1, 1) }) });
    expect(afterGoal.matches.map((match) => `${match.homeTeamGoalsTotal}:${match.awayTeamGoalsTotal}`)).toEqual(['1:1', '12:9']);
    const finished = scoresReducer(afterGoal, {
      type: 'hub',
      message: message({ type: 'Match', matchId: 1, match: score(1, 6, 1, 1, 206), players: [], coaches: [], officials: [] }),
    });
    expect(finished.matches[0]!.statusId).toBe(206);
    expect(stateText(finished.matches[0]!)).toBe('Final');
  });

  it('keeps a newer score than one that comes late', () => {
    const late = scoresReducer(start, { type: 'hub', message: message({ type: 'Event', matchId: 1, action: 'deleted', event: { id: 5 }, match: score(1, 3, 0, 0) }) });
    expect(late).toBe(start);
  });

  it("keeps each match's published clock", () => {
    const clocked = scoresReducer(start, {
      type: 'hub',
      message: message({ type: 'Clock', matchId: 1, period: 1201, remainingSeconds: 300, state: 'Running', runningSince: '2026-11-27T18:00:00.000Z' }),
    });
    expect(clocked.clocks).toEqual({ 1: { period: 1201, remainingSeconds: 300, state: 'Running', runningSince: '2026-11-27T18:00:00.000Z' } });
  });
});

describe('the day navigation', () => {
  it('moves a day back and forth across months, years and leap days', () => {
    expect(shiftDay('2026-11-27', 1)).toBe('2026-11-28');
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2027-01-01', -1)).toBe('2026-12-31');
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('takes only real days from the address and titles them', () => {
    expect(isDay('2026-11-27')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('27.11.2026')).toBe(false);
    expect(isDay(null)).toBe(false);
    expect(dayTitle('2026-11-27')).toBe('Fri 27.11.2026.');
  });
});
