import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import type { MatchMessage } from '@/lib/hub';
import { initialSocketState, type SocketAction, socketReducer, typedMatchId } from '@/features/socket/socket-state';

const run = (actions: SocketAction[], from = initialSocketState()) => actions.reduce(socketReducer, from);
const match = { id: 7, homeTeamDisplayName: 'Home', awayTeamDisplayName: 'Away' } as Schemas['Match'];
const eventMessage = (matchId: number, id: number): MatchMessage =>
  ({
    type: 'Event',
    matchId,
    seq: 1,
    action: 'created',
    event: { id, matchId, typeId: 700, periodId: 1200, minute: 7, seconds: 12, timeout: { teamId: 1 } },
    match: {},
  }) as unknown as MatchMessage;

describe('socketReducer', () => {
  it('joins the match typed in, only a positive whole number', () => {
    expect(typedMatchId(' 7 ')).toBe(7);
    expect([typedMatchId(''), typedMatchId('0'), typedMatchId('1.5'), typedMatchId('x')]).toEqual([null, null, null, null]);
    expect(run([{ type: 'typed', input: 'abc' }, { type: 'join' }]).joined).toBeNull();
    expect(run([{ type: 'typed', input: '7' }, { type: 'join' }]).joined).toBe(7);
  });

  it('joins the match the address names at once', () => {
    expect(initialSocketState('7')).toMatchObject({ input: '7', joined: 7 });
    expect(initialSocketState('')).toMatchObject({ joined: null });
  });

  it("shows the joined match's latest event with its raw message, and forgets it on leave", () => {
    const joined = run([{ type: 'typed', input: '7' }, { type: 'join' }, { type: 'matchLoaded', match }]);
    expect(joined.match).toBe(match);
    const heard = run([{ type: 'message', message: eventMessage(7, 1) }, { type: 'message', message: eventMessage(8, 2) }], joined);
    expect(heard.latest).toMatchObject({ action: 'created', event: { id: 1 } });
    expect(JSON.parse(heard.latest!.raw)).toMatchObject({ type: 'Event', matchId: 7, event: { id: 1 } });
    expect(run([{ type: 'leave' }], heard)).toMatchObject({ joined: null, match: null, latest: null });
  });

  it('says when messages were missed until the next one arrives', () => {
    const joined = run([{ type: 'typed', input: '7' }, { type: 'join' }, { type: 'resync' }]);
    expect(joined.missed).toBe(true);
    expect(run([{ type: 'message', message: eventMessage(7, 1) }], joined).missed).toBe(false);
  });

  it('follows the connection and keeps a load failure to show', () => {
    const state = run([
      { type: 'connection', connection: 'online' },
      { type: 'typed', input: '7' },
      { type: 'join' },
      { type: 'matchFailed', error: 'There is no match with this id.' },
    ]);
    expect(state).toMatchObject({ connection: 'online', error: 'There is no match with this id.' });
  });
});
