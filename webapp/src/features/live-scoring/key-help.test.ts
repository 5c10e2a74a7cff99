import { createElement } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EventList, type ListedEvent } from '@/components/event-list/event-list';
import { EVENT_KEYS, isGrammarKey, SIDE_KEYS, SINGLE_KEYS, TEAM_CALL_KEYS } from '@/features/live-scoring/key-grammar';
import { EVENT_LIST_GROUP, KEY_HELP, keyName } from '@/features/live-scoring/key-help';
import { HOME, liveMatch } from '@/features/live-scoring/scoring-fixtures';

const keysOf = (groups: typeof KEY_HELP) => new Set(groups.flatMap(({ keys }) => keys.flatMap((help) => help.keys.flat())));
const listed = keysOf(KEY_HELP);

/** Every key a keyboard might send that the screen could take: the probe for what the list handles. */
const CANDIDATES = [
  ...'abcdefghijklmnopqrstuvwxyz0123456789[]{}-=?/ ',
  'Enter',
  'Escape',
  'Tab',
  'Backspace',
  'Delete',
  'Insert',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'F2',
];

const logged = (key: string, minute: number): ListedEvent => ({
  key,
  pending: null,
  matchId: 1,
  typeId: 700,
  periodId: 1200,
  minute,
  seconds: 0,
  timeout: { teamId: HOME },
});

/** Whether a key typed in the focused event list, on its middle row, does anything. */
function listTakes(key: string): boolean {
  const handlers = { onSelect: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  const events = [logged('a', 7), logged('b', 5), logged('c', 3)];
  const view = render(createElement(EventList, { events, match: liveMatch(), period: 1200, selectedKey: 'b', ...handlers }));
  fireEvent.keyDown(screen.getByRole('group', { name: 'Events' }), { key });
  view.unmount();
  return Object.values(handlers).some((handler) => handler.mock.calls.length > 0);
}

let takenByList: string[] | null = null;
/** The keys the event list takes, as the sheet names them (probed once: each probe renders the list). */
const listKeys = () => (takenByList ??= CANDIDATES.filter(listTakes).map(keyName));

describe('the cheat sheet', () => {
  it('lists every key of the grammar', () => {
    const grammar = [...Object.keys(SIDE_KEYS), ...Object.keys(EVENT_KEYS), ...Object.keys(TEAM_CALL_KEYS), ...Object.keys(SINGLE_KEYS), 'Backspace', '7'];
    expect(grammar.map(keyName).filter((key) => !listed.has(key))).toEqual([]);
  });

  it('lists every key the event list takes under Event list, and each key there works', () => {
    const taken = listKeys();
    expect(taken.length).toBeGreaterThan(0);
    const group = KEY_HELP.filter(({ group: name }) => name === EVENT_LIST_GROUP);
    const documented = keysOf(group);
    expect(taken.filter((key) => !documented.has(key))).toEqual([]);
    const grammarNames = new Set(CANDIDATES.filter(isGrammarKey).map(keyName));
    expect([...documented].filter((key) => !taken.includes(key) && !grammarNames.has(key))).toEqual([]);
  });

  it('lists only keys the screen, the editor or the list reads', () => {
    const editorOnly = ['Tab', 'Shift+Tab', '←', '→'];
    const known = new Set([...CANDIDATES.filter(isGrammarKey).map(keyName), ...listKeys(), ...editorOnly]);
    expect([...listed].filter((key) => !known.has(key))).toEqual([]);
  });

  it('spreads the groups over three columns', () => {
    expect(new Set(KEY_HELP.map(({ column }) => column))).toEqual(new Set([0, 1, 2]));
  });
});
