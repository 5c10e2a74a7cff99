/**
 * Picking a player by typing his cap number. Digits typed into a player field build the cap:
 * a cap that no other cap extends is picked at once and the field is done ("7"); one that a
 * longer cap extends is picked but waits for another digit ("1" with caps 10 to 13 present).
 * A digit that extends nothing finishes the field and belongs to the next one, so caps 1 then
 * 5 typed as "15" pick 1 here and 5 in the next field when there is no cap 15.
 */
export type CapKey =
  /** `cap` picked; `typed` is what stays typed (empty when done); `done` moves on. */
  | { kind: 'pick'; cap: number; typed: string; done: boolean }
  /** Only longer caps start with what is typed ("2" with caps 20 and 21 but no 2): wait for more. */
  | { kind: 'wait'; typed: string }
  /** The digit starts no cap after the one typed: finish this field, give the digit to the next. */
  | { kind: 'next' }
  /** The digit matches nothing: nothing changes. */
  | { kind: 'none' };

export function capKey(typed: string, digit: string, caps: readonly number[]): CapKey {
  const candidate = `${typed}${digit}`;
  const extending = caps.map(String).filter((cap) => cap.startsWith(candidate));
  if (extending.length === 0) return typed === '' ? { kind: 'none' } : { kind: 'next' };
  if (!extending.includes(candidate)) {
    return extending.length === 1
      ? { kind: 'pick', cap: Number(extending[0]), typed: '', done: true }
      : { kind: 'wait', typed: candidate };
  }
  const done = extending.length === 1;
  return { kind: 'pick', cap: Number(candidate), typed: done ? '' : candidate, done };
}
