/**
 * The live scoring keyboard grammar (docs/keyboard.md), the one the terminal console uses too:
 * the keys typed so far and the next key go in, the keys still waiting and the commands they make
 * come out. `w`/`b` and a cap pick a player; an event key then opens that event for the picked
 * player; `t`/`h` and a side log a timeout or challenge; the rest are single keys.
 */

/** Home plays in white, away in blue (spec 02 §9). */
export type Side = 'home' | 'away';

/** The events a picked player's key opens. */
export type EventKind = 'goal' | 'miss' | 'exclusion' | 'penalty' | 'card' | 'turnover' | 'swimOff';

export type KeyCommand =
  | { kind: 'side'; side: Side }
  | { kind: 'player'; side: Side; cap: number }
  | { kind: 'event'; event: EventKind }
  | { kind: 'timeout'; side: Side }
  | { kind: 'challenge'; side: Side }
  | { kind: 'startStop' }
  | { kind: 'adjust'; seconds: number }
  | { kind: 'nextPeriod' }
  | { kind: 'undo' }
  | { kind: 'help' }
  | { kind: 'save' }
  | { kind: 'cancel' }
  | { kind: 'cursor'; step: 1 | -1 }
  | { kind: 'delete' };

export interface KeyResult {
  /** The keys still waiting for more (shown on screen as they are typed). */
  sequence: string;
  commands: KeyCommand[];
  /** Why the keys were dropped, when they made no sense. */
  error: string | null;
}

export const SIDE_KEYS: Readonly<Record<string, Side>> = { w: 'home', b: 'away' };

export const EVENT_KEYS: Readonly<Record<string, EventKind>> = {
  g: 'goal',
  s: 'miss',
  x: 'exclusion',
  p: 'penalty',
  c: 'card',
  o: 'turnover',
  f: 'swimOff',
};

/** Keys that need a side after them: `t` timeout, `h` challenge. */
export const TEAM_CALL_KEYS: Readonly<Record<string, 'timeout' | 'challenge'>> = { t: 'timeout', h: 'challenge' };

export const SINGLE_KEYS: Readonly<Record<string, KeyCommand>> = {
  ' ': { kind: 'startStop' },
  '[': { kind: 'adjust', seconds: -1 },
  ']': { kind: 'adjust', seconds: 1 },
  '{': { kind: 'adjust', seconds: -10 },
  '}': { kind: 'adjust', seconds: 10 },
  '-': { kind: 'adjust', seconds: -60 },
  '=': { kind: 'adjust', seconds: 60 },
  n: { kind: 'nextPeriod' },
  u: { kind: 'undo' },
  '?': { kind: 'help' },
  Enter: { kind: 'save' },
  Escape: { kind: 'cancel' },
  ArrowDown: { kind: 'cursor', step: 1 },
  ArrowUp: { kind: 'cursor', step: -1 },
  Delete: { kind: 'delete' },
};

/** Whether the grammar has a meaning for `key` (the screen leaves other keys to the browser). */
export function isGrammarKey(key: string): boolean {
  return (
    key in SIDE_KEYS ||
    key in EVENT_KEYS ||
    key in TEAM_CALL_KEYS ||
    key in SINGLE_KEYS ||
    key === 'Backspace' ||
    /^[0-9]$/.test(key)
  );
}

const sideName = (side: Side) => (side === 'home' ? 'white' : 'blue');

const done = (commands: KeyCommand[], error: string | null = null): KeyResult => ({ sequence: '', commands, error });

/**
 * The cap `digits` name for `side`, given its lineup `caps`: 'complete' when no longer cap starts
 * with them (so the cap commits at once: 2–9 in a lineup of 1–16), 'open' when one does and the
 * digits are a cap too (1 waits for a second digit), 'prefix' when only longer caps start with
 * them, 'none' when nothing does.
 */
function capStatus(digits: string, caps: readonly number[]): 'complete' | 'open' | 'prefix' | 'none' {
  const exact = caps.some((cap) => String(cap) === digits);
  const longer = caps.some((cap) => String(cap).length > digits.length && String(cap).startsWith(digits));
  if (exact) return longer ? 'open' : 'complete';
  return longer ? 'prefix' : 'none';
}

/**
 * The next key after `sequence`, for lineups whose caps are `caps`. A cap still waiting for its
 * second digit commits when another key comes, which is then read on its own.
 */
export function readKey(sequence: string, key: string, caps: Readonly<Record<Side, readonly number[]>>): KeyResult {
  if (key === 'Backspace') return { sequence: sequence.slice(0, -1), commands: [], error: null };
  if (key === 'Escape' && sequence !== '') return done([]);
  const first = sequence[0];
  if (first !== undefined && first in SIDE_KEYS) {
    const side = SIDE_KEYS[first]!;
    const digits = sequence.slice(1);
    if (/^[0-9]$/.test(key)) {
      const status = capStatus(digits + key, caps[side]);
      if (status === 'complete') return done([{ kind: 'player', side, cap: Number(digits + key) }]);
      if (status === 'none') return done([], `There is no cap ${digits + key} in the ${sideName(side)} lineup.`);
      return { sequence: sequence + key, commands: [], error: null };
    }
    // A side and an event key: the event for that team, its player typed in the editor.
    if (digits === '' && key in EVENT_KEYS) return done([{ kind: 'side', side }, { kind: 'event', event: EVENT_KEYS[key]! }]);
    if (digits === '') return done([], `Type a cap number or an event key after ${first}.`);
    if (capStatus(digits, caps[side]) !== 'open') return done([], `There is no cap ${digits} in the ${sideName(side)} lineup.`);
    const rest = readKey('', key, caps);
    return { ...rest, commands: [{ kind: 'player', side, cap: Number(digits) }, ...rest.commands] };
  }
  if (first !== undefined && first in TEAM_CALL_KEYS) {
    const side = SIDE_KEYS[key];
    if (side === undefined) return done([], `Type w or b after ${first} for the team.`);
    return done([{ kind: TEAM_CALL_KEYS[first]!, side }]);
  }
  if (key in SIDE_KEYS || key in TEAM_CALL_KEYS) return { sequence: key, commands: [], error: null };
  const event = EVENT_KEYS[key];
  if (event !== undefined) return done([{ kind: 'event', event }]);
  const single = SINGLE_KEYS[key];
  if (single !== undefined) return done([single]);
  if (/^[0-9]$/.test(key)) return done([], 'Type w (white) or b (blue) before the cap number.');
  return done([]);
}
