import { describe, expect, it } from 'vitest';
import { type KeyResult, readKey } from '@/features/live-scoring/key-grammar';

const caps = { home: [1, 2, 3, 7, 10, 11, 13], away: [1, 5, 7] };

/** Types `keys` from an empty sequence; the commands of every key, and what waits at the end. */
function typed(keys: string[]): KeyResult {
  let sequence = '';
  const commands: KeyResult['commands'] = [];
  let error: string | null = null;
  for (const key of keys) {
    const result = readKey(sequence, key, caps);
    sequence = result.sequence;
    commands.push(...result.commands);
    error = result.error ?? error;
  }
  return { sequence, commands, error };
}

describe('the live scoring key grammar', () => {
  it('picks a player with a side and a cap that no longer cap starts with, at once', () => {
    expect(typed(['w', '7'])).toEqual({ sequence: '', commands: [{ kind: 'player', side: 'home', cap: 7 }], error: null });
    expect(typed(['b', '1']).commands).toEqual([{ kind: 'player', side: 'away', cap: 1 }]);
  });

  it('waits after a digit that starts a longer cap, and reads the next key after committing the short cap', () => {
    expect(typed(['w', '1'])).toEqual({ sequence: 'w1', commands: [], error: null });
    expect(typed(['w', '1', '1']).commands).toEqual([{ kind: 'player', side: 'home', cap: 11 }]);
    expect(typed(['w', '1', 'g']).commands).toEqual([
      { kind: 'player', side: 'home', cap: 1 },
      { kind: 'event', event: 'goal' },
    ]);
  });

  it('logs a goal by white 7 in three keys before Enter', () => {
    expect(typed(['w', '7', 'g', 'Enter']).commands).toEqual([
      { kind: 'player', side: 'home', cap: 7 },
      { kind: 'event', event: 'goal' },
      { kind: 'save' },
    ]);
  });

  it('opens an event for a team alone when the event key follows the side', () => {
    expect(typed(['b', 'x']).commands).toEqual([
      { kind: 'side', side: 'away' },
      { kind: 'event', event: 'exclusion' },
    ]);
  });

  it('maps every event key', () => {
    const events = ['g', 's', 'x', 'p', 'c', 'o', 'f'].map((key) => typed([key]).commands[0]);
    expect(events).toEqual(
      ['goal', 'miss', 'exclusion', 'penalty', 'card', 'turnover', 'swimOff'].map((event) => ({ kind: 'event', event })),
    );
  });

  it('takes a timeout or a challenge in two keys', () => {
    expect(typed(['t', 'w']).commands).toEqual([{ kind: 'timeout', side: 'home' }]);
    expect(typed(['h', 'b']).commands).toEqual([{ kind: 'challenge', side: 'away' }]);
    expect(typed(['t', 'x'])).toEqual({ sequence: '', commands: [], error: 'Type w or b after t for the team.' });
  });

  it('adjusts the clock by 1, 10 and 60 seconds either way', () => {
    const steps = ['[', ']', '{', '}', '-', '='].map((key) => typed([key]).commands[0]);
    expect(steps).toEqual([-1, 1, -10, 10, -60, 60].map((seconds) => ({ kind: 'adjust', seconds })));
  });

  it('drops caps that are not in the lineup, and digits without a side, with a message', () => {
    expect(typed(['b', '9'])).toEqual({ sequence: '', commands: [], error: 'There is no cap 9 in the blue lineup.' });
    expect(typed(['w', '1', '5'])).toEqual({ sequence: '', commands: [], error: 'There is no cap 15 in the white lineup.' });
    expect(typed(['7']).error).toBe('Type w (white) or b (blue) before the cap number.');
    expect(typed(['w', 't'])).toEqual({ sequence: '', commands: [], error: 'Type a cap number or an event key after w.' });
  });

  it('takes back a key with Backspace and drops the sequence with Escape', () => {
    expect(typed(['w', '1', 'Backspace'])).toEqual({ sequence: 'w', commands: [], error: null });
    expect(typed(['w', '1', 'Escape'])).toEqual({ sequence: '', commands: [], error: null });
    expect(typed(['Escape']).commands).toEqual([{ kind: 'cancel' }]);
  });

  it('has single keys for the clock, the period, undo and the cheat sheet', () => {
    expect([' ', 'n', 'u', '?'].map((key) => typed([key]).commands[0]!.kind)).toEqual(['startStop', 'nextPeriod', 'undo', 'help']);
  });
});
