/**
 * The cheat sheet (`?`) and docs/keyboard.md: every key of the grammar in `key-grammar.ts`, by
 * group, in the words the secretary reads. A test holds it to the grammar, so no key goes
 * undocumented.
 */
export interface KeyHelp {
  /** The keys as typed, `7` standing for any cap. */
  keys: string[];
  action: string;
}

export const KEY_HELP: readonly { group: string; keys: readonly KeyHelp[] }[] = [
  {
    group: 'Pick a player',
    keys: [
      { keys: ['w', '7'], action: 'White (home) cap 7; a cap like 1 that starts 10–16 waits for a second digit or the next key' },
      { keys: ['b', '7'], action: 'Blue (away) cap 7' },
      { keys: ['Backspace'], action: 'Take back the last key typed' },
    ],
  },
  {
    group: 'Log an event for the picked player',
    keys: [
      { keys: ['g'], action: 'Goal' },
      { keys: ['s'], action: 'Shot missed' },
      { keys: ['x'], action: 'Exclusion' },
      { keys: ['p'], action: 'Penalty (5m) foul' },
      { keys: ['c'], action: 'Card (yellow)' },
      { keys: ['o'], action: 'Turnover (lost ball)' },
      { keys: ['f'], action: 'Swim-off won (against the last swim-off’s swimmer)' },
      { keys: ['w', 'g'], action: 'The event for the team alone: its player is typed in the editor' },
    ],
  },
  {
    group: 'In the event editor',
    keys: [
      { keys: ['7'], action: 'The cap for the field that has focus (it opens on the first field still needed)' },
      { keys: ['Tab'], action: 'Next field (Shift+Tab: back)' },
      { keys: ['Space'], action: 'Toggle a switch or choose the focused option' },
      { keys: ['Enter'], action: 'Save the event' },
      { keys: ['Escape'], action: 'Cancel the event (a paused clock runs on)' },
    ],
  },
  {
    group: 'Team calls (saved at once)',
    keys: [
      { keys: ['t', 'w'], action: 'Timeout white (t b: blue)' },
      { keys: ['h', 'w'], action: 'Challenge white (h b: blue)' },
    ],
  },
  {
    group: 'Clock',
    keys: [
      { keys: ['Space'], action: 'Start or stop the clock' },
      { keys: ['[', ']'], action: 'Minus or plus 1 second (clock not running)' },
      { keys: ['{', '}'], action: 'Minus or plus 10 seconds (clock not running)' },
      { keys: ['-', '='], action: 'Minus or plus 60 seconds (clock not running)' },
      { keys: ['n'], action: 'Next period' },
    ],
  },
  {
    group: 'Event list',
    keys: [
      { keys: ['↑', '↓'], action: "Highlight an event of the period's list" },
      { keys: ['Enter'], action: 'Edit the highlighted event' },
      { keys: ['Delete'], action: 'Delete the highlighted event (asks first)' },
      { keys: ['u'], action: 'Undo: delete the last event of the period (asks first)' },
    ],
  },
  {
    group: 'Screen',
    keys: [
      { keys: ['?'], action: 'Show or hide this cheat sheet' },
      { keys: ['Escape'], action: 'Drop the keys typed, close a question, clear the pick' },
    ],
  },
];
