import { describe, expect, it } from 'vitest';
import type { MatchMessage } from '@/lib/hub';
import { matchOf } from '@/test/fixtures/matches';
import { competitionReducer, current, initialCompetition } from '@/features/live/live-competition';
import type { PublicCompetition } from '@/features/live/public-api';

const playing = matchOf({ id: 1, statusId: 203, revision: 2, homeTeamGoalsTotal: 5, awayTeamGoalsTotal: 5 });
const competition: PublicCompetition = {
  id: 7,
  name: 'Prva liga',
  nameUniversal: 'First league',
  season: null,
  logo: null,
  live: [playing],
  round: '3',
  // The match in progress is of the round too: the hub's score shows in both lists.
  roundMatches: [playing, matchOf({ id: 2 })],
  standings: [],
};

describe('the public competition page', () => {
  it('moves the score of a live match in both its lists', () => {
    const loaded = competitionReducer(initialCompetition(7), { type: 'loaded', competition });
    const message = {
      type: 'Event',
      matchId: 1,
      seq: 9,
      action: 'created',
      event: { id: 3 },
      match: { ...playing, revision: 3, awayTeamGoalsTotal: 6 },
    } as unknown as MatchMessage;
    const next = competitionReducer(loaded, { type: 'hub', message });
    expect(current(next, competition.live).map((match) => match.awayTeamGoalsTotal)).toEqual([6]);
    expect(current(next, competition.roundMatches).map((match) => match.awayTeamGoalsTotal)).toEqual([6, 9]);
  });

  it('tells a competition that is not public from one that could not be loaded, keeping one shown', () => {
    expect(competitionReducer(initialCompetition(7), { type: 'loadFailed', missing: true }).status).toBe('missing');
    expect(competitionReducer(initialCompetition(7), { type: 'loadFailed', missing: false }).status).toBe('failed');
    const loaded = competitionReducer(initialCompetition(7), { type: 'loaded', competition });
    expect(competitionReducer(loaded, { type: 'loadFailed', missing: false })).toBe(loaded);
    expect(competitionReducer(loaded, { type: 'reload' }).reloads).toBe(1);
  });
});
