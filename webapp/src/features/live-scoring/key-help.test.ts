import { describe, expect, it } from 'vitest';
import { EVENT_KEYS, SIDE_KEYS, SINGLE_KEYS, TEAM_CALL_KEYS } from '@/features/live-scoring/key-grammar';
import { KEY_HELP } from '@/features/live-scoring/key-help';

/** How the cheat sheet writes the keys that have no character of their own. */
const SHOWN: Readonly<Record<string, string>> = { ' ': 'Space', ArrowUp: '↑', ArrowDown: '↓' };

describe('the cheat sheet', () => {
  it('lists every key of the grammar', () => {
    const listed = new Set(KEY_HELP.flatMap(({ keys }) => keys.flatMap((help) => help.keys)));
    const grammar = [...Object.keys(SIDE_KEYS), ...Object.keys(EVENT_KEYS), ...Object.keys(TEAM_CALL_KEYS), ...Object.keys(SINGLE_KEYS), 'Backspace'];
    expect(grammar.map((key) => SHOWN[key] ?? key).filter((key) => !listed.has(key))).toEqual([]);
  });
});
