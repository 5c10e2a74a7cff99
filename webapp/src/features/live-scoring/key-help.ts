/**
 * The cheat sheet (`?`) and docs/keyboard.md: every key the live scoring screen handles — the
 * grammar of `key-grammar.ts`, the event editor's and the event list's own keys — by group, in
 * the words the secretary reads. Tests hold it to the grammar and to the event list, so no key
 * goes undocumented.
 */

/** A way to type an action: its keys one after the other, `7` standing for any cap. */
export type KeySequence = readonly string[];

export interface KeyHelp {
  /** The ways to type it, shown side by side: `t w` / `t b`. */
  keys: readonly KeySequence[];
  action: string;
}

export interface KeyGroup {
  group: string;
  /** The sheet's column (0, 1 or 2) the group shows in, so that the columns come out even. */
  column: 0 | 1 | 2;
  keys: readonly KeyHelp[];
}

export const EVENT_LIST_GROUP = 'Event list';

export const KEY_HELP: readonly KeyGroup[] = [
  {
    group: 'Pick a player',
    column: 0,
    keys: [
      { keys: [['w', '7']], action: 'White (home) cap 7; 1 waits for a second digit (10–16)' },
      { keys: [['b', '7']], action: 'Blue (away) cap 7' },
      { keys: [['Backspace']], action: 'Take back the last key typed' },
    ],
  },
  {
    group: 'Then the event',
    column: 0,
    keys: [
      { keys: [['g']], action: 'Goal' },
      { keys: [['s']], action: 'Shot missed' },
      { keys: [['x']], action: 'Exclusion' },
      { keys: [['p']], action: 'Penalty (5m) foul' },
      { keys: [['c']], action: 'Card (yellow)' },
      { keys: [['o']], action: 'Turnover (lost ball)' },
      { keys: [['f']], action: 'Swim-off won, against the last swimmer' },
      { keys: [['w', 'g'], ['b', 'g']], action: 'An event key right after w or b: the player is typed in the editor' },
    ],
  },
  {
    group: 'Team calls, saved at once',
    column: 0,
    keys: [
      { keys: [['t', 'w'], ['t', 'b']], action: 'Timeout white / blue' },
      { keys: [['h', 'w'], ['h', 'b']], action: 'Challenge white / blue' },
    ],
  },
  {
    group: 'In the event editor',
    column: 1,
    keys: [
      { keys: [['7']], action: 'Cap for the focused field; it opens on the first one needed' },
      { keys: [['Tab'], ['Shift+Tab']], action: 'Next / previous field' },
      { keys: [['←'], ['→'], ['Space']], action: 'Move within a choice; choose it, toggle a switch' },
      { keys: [['Delete']], action: 'Clear a player or a point' },
      { keys: [['Enter']], action: 'Save the event' },
      { keys: [['Escape']], action: 'Cancel it (a paused clock runs on)' },
    ],
  },
  {
    group: 'Location and target pictures',
    column: 1,
    keys: [
      { keys: [['←'], ['↑'], ['→'], ['↓']], action: 'Move the marker (Shift: five times as far)' },
      { keys: [['Enter']], action: 'Set the point at the marker' },
    ],
  },
  {
    group: 'Screen',
    column: 1,
    keys: [
      { keys: [['?']], action: 'Show or hide this cheat sheet' },
      { keys: [['Escape']], action: 'Drop the keys typed, close a question, clear the pick' },
    ],
  },
  {
    group: 'Clock',
    column: 2,
    keys: [
      { keys: [['Space']], action: 'Start or stop (asks for the goalkeepers before a swim-off)' },
      { keys: [['['], [']']], action: 'Minus / plus 1 second, clock not running' },
      { keys: [['{'], ['}']], action: 'Minus / plus 10 seconds' },
      { keys: [['-'], ['=']], action: 'Minus / plus 1 minute' },
      { keys: [['n']], action: 'Next period' },
    ],
  },
  {
    group: EVENT_LIST_GROUP,
    column: 2,
    keys: [
      { keys: [['↑'], ['↓']], action: 'Highlight the previous / next event' },
      { keys: [['Home'], ['End']], action: 'The first / last event, in the focused list' },
      { keys: [['Enter']], action: 'Edit the highlighted event' },
      { keys: [['Delete'], ['Backspace']], action: 'Delete it, asking first (Backspace in the focused list)' },
      { keys: [['u']], action: 'Undo: delete the last event of the period, asking first' },
    ],
  },
];

/** How the sheet writes the keys that have no character of their own. */
const KEY_NAMES: Readonly<Record<string, string>> = {
  ' ': 'Space',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
};

/** A key as the sheet shows it (`' '` is Space, `ArrowUp` is ↑). */
export const keyName = (key: string) => KEY_NAMES[key] ?? key;
