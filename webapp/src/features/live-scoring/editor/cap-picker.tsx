/**
 * A player (or, for cards and exclusions, a coach) of one team, picked by cap: click a cap, move
 * with the arrows, or type the cap number (`capKey`); Delete clears. Players out of the match
 * for good are disabled, unless already picked (a correction keeps its player). The picked
 * player's name shows beside the label.
 */
import { FormGroup, Intent, SegmentedControl } from '@blueprintjs/core';
import { type KeyboardEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { capKey } from './cap-keys';
import type { EditorSide } from './editor-sides';
import type { Person } from './editor-state';

/** What the editor does with a field: focus it, or hand it a digit typed into the field before. */
export interface FieldHandle {
  focus(): void;
  typeDigit?(digit: string): void;
}

const NONE = '';
const keyOf = (person: Person) => (person === null ? NONE : 'playerId' in person ? `p${person.playerId}` : `c${person.coachId}`);
const personOfKey = (key: string): Person =>
  key === NONE ? null : key.startsWith('p') ? { playerId: Number(key.slice(1)) } : { coachId: Number(key.slice(1)) };

/** Focuses the checked option of a radio group, or its first usable one. */
export function focusInside(element: HTMLElement | null) {
  const target =
    element?.querySelector<HTMLElement>('[aria-checked="true"]:not(:disabled)') ??
    element?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled), [tabindex="0"]');
  (target ?? element)?.focus();
}

export interface CapPickerProps {
  id: string;
  label: string;
  /** The team to pick from; null until the event's team is chosen. */
  side: EditorSide | null;
  value: Person;
  onChange: (person: Person) => void;
  /** Offer the team's coaches too (cards, exclusions). */
  withCoaches?: boolean;
  disabled?: boolean;
  error?: string;
  /** A cap typed from the keyboard was picked for good: move on, with a digit meant for the next field. */
  onDone: (carry?: string) => void;
  ref?: Ref<FieldHandle>;
}

export function CapPicker({ id, label, side, value, onChange, withCoaches, disabled, error, onDone, ref }: CapPickerProps) {
  const [typed, setTyped] = useState('');
  const groupRef = useRef<HTMLDivElement>(null);
  const picked = keyOf(value);
  const pickable = (side?.players ?? []).filter((player) => !player.disabled || keyOf({ playerId: player.playerId }) === picked);

  function typeDigit(digit: string) {
    const key = capKey(typed, digit, pickable.map((player) => player.cap));
    if (key.kind === 'wait') setTyped(key.typed);
    if (key.kind === 'next') {
      setTyped('');
      onDone(digit);
    }
    if (key.kind !== 'pick') return;
    const player = pickable.find((candidate) => candidate.cap === key.cap)!;
    onChange({ playerId: player.playerId });
    setTyped(key.typed);
    if (key.done) onDone();
  }

  useImperativeHandle(ref, () => ({ focus: () => focusInside(groupRef.current), typeDigit }));

  // Keeps focus on the picked cap when a typed digit changed it (the group's tab stop moves).
  useEffect(() => {
    if (groupRef.current?.contains(document.activeElement)) focusInside(groupRef.current);
  }, [picked]);

  function onKeyDown(event: KeyboardEvent) {
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      typeDigit(event.key);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      setTyped('');
      onChange(null);
    }
  }

  const options = [
    { value: NONE, label: '–' },
    ...(side?.players ?? []).map((player) => ({
      value: `p${player.playerId}`,
      label: String(player.cap),
      disabled: !pickable.includes(player),
    })),
    ...(withCoaches ? (side?.coaches ?? []) : []).map((coach) => ({
      value: `c${coach.coachId}`,
      label: coach.role === 'Head Coach' ? 'HC' : 'AC',
    })),
  ];
  const player = side?.players.find((candidate) => keyOf({ playerId: candidate.playerId }) === picked);
  const coach = side?.coaches.find((candidate) => keyOf({ coachId: candidate.coachId }) === picked);
  const name = player ? `#${player.cap} ${player.name}` : coach ? `${coach.name} (${coach.role})` : undefined;
  return (
    <FormGroup label={label} labelFor={id} labelInfo={name} intent={error ? Intent.DANGER : Intent.NONE} helperText={error} disabled={disabled}>
      <div
        id={id}
        onKeyDown={disabled ? undefined : onKeyDown}
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setTyped('')}
      >
        <SegmentedControl
          ref={groupRef}
          className="cap-picker"
          aria-label={label}
          options={options}
          value={picked}
          onValueChange={(key) => onChange(personOfKey(key))}
          disabled={disabled || side === null}
          small
        />
      </div>
    </FormGroup>
  );
}
