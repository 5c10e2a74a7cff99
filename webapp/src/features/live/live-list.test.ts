import { describe, expect, it } from 'vitest';
import type { MatchMessage } from '@/lib/hub';
import { matchOf } from '@/test/fixtures/matches';
import { initialList, listReducer } from '@/features/live/live-list';

describe('the /live list', () => {
  const today = initialList('2026-11-27');

  it('shows the matches loaded for the day shown, and drops an answer for a day left', () => {
    const tomorrow = listReducer(today, { type: 'day', day: '2026-11-28' });
    expect(tomorrow.status).toBe('loading');
    const late = listReducer(tomorrow, { type: 'loaded', day: '2026-11-27', matches: [matchOf({ id: 1 })] });
    expect(late).toBe(tomorrow);
    const shown = listReducer(tomorrow, { type: 'loaded', day: '2026-11-28', matches: [matchOf({ id: 2 })] });
    expect(shown.status).toBe('ready');
    expect(shown.scores.matches.map((match) => match.id)).toEqual([2]);
  });

  it('asks for a load again when messages were missed or the minute is up, keeping the list if that fails', () => {
    const shown = listReducer(today, { type: 'loaded', day: '2026-11-27', matches: [matchOf({ id: 1 })] });
    const reloading = listReducer(shown, { type: 'reload' });
    expect(reloading.reloads).toBe(1);
    const failed = listReducer(reloading, { type: 'loadFailed', day: '2026-11-27' });
    expect(failed.status).toBe('ready');
    expect(failed.scores.matches).toHaveLength(1);
    expect(listReducer(today, { type: 'loadFailed', day: '2026-11-27' }).status).toBe('failed');
  });

  it("moves a row's score with the hub", () => {
    const shown = listReducer(today, { type: 'loaded', day: '2026-11-27', matches: [matchOf({ id: 1, statusId: 202, revision: 2 })] });
    const message = {
      type: 'Event',
      matchId: 1,
      seq: 4,
      action: 'created',
      event: { id: 9 },
      match: { ...matchOf({ id: 1, statusId: 202, revision: 3, homeTeamGoalsTotal: 13 }) },
    } as unknown as MatchMessage;
    expect(listReducer(shown, { type: 'hub', message }).scores.matches[0]!.homeTeamGoalsTotal).toBe(13);
  });
});
