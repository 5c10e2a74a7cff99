import type { Intent } from '@blueprintjs/core';
import { Picker } from '@/components/picker/picker';

/** One choice: a club, team, federation or city by name, with an optional hint (the team's club). */
export interface Choice {
  id: number;
  name: string;
  label?: string;
}

interface ChoiceSuggestProps {
  id?: string;
  /** The choices; null while they load. */
  choices: readonly Choice[] | null;
  selectedId: number | null;
  onChange: (id: number) => void;
  /**
   * Choices taken by another row of the form (spec 01 §4 "Membership choice lists"): shown,
   * but not selectable until that row is removed.
   */
  disabledIds?: readonly number[];
  intent?: Intent;
  disabled?: boolean;
  placeholder?: string;
}

/** Picks one of a list already loaded in the browser, by a part of its name. */
export function ChoiceSuggest({ choices, selectedId, onChange, disabledIds = [], placeholder = 'Choose', ...props }: ChoiceSuggestProps) {
  const selected = choices?.find((choice) => choice.id === selectedId) ?? null;
  return (
    <Picker<Choice>
      {...props}
      items={choices}
      view={(choice) => ({ key: choice.id, text: choice.name, label: choice.label })}
      itemDisabled={(choice) => choice.id !== selectedId && disabledIds.includes(choice.id)}
      selected={selected}
      onSelect={(choice) => onChange(choice.id)}
      placeholder={placeholder}
    />
  );
}
