import { Button, Tag } from '@blueprintjs/core';
import { Picker } from '@/components/picker/picker';

/** Someone a lineup or bench place can hold. */
export interface Choice {
  id: number;
  name: string;
  /** Beside the name in the menu (a cap number). */
  label?: string;
}

interface ChoicePickerProps {
  id: string;
  ariaLabel: string;
  /** The roster; null when it is not loaded (the place then shows only who holds it). */
  choices: readonly Choice[] | null;
  selected: Choice | null;
  /** Chosen in another place: shown but not offered. */
  taken: ReadonlySet<number>;
  disabled: boolean;
  /** Whether the place may be emptied (a button beside the picker). */
  clearable?: boolean;
  onChange: (choice: Choice | null) => void;
}

/**
 * One place of a lineup, bench or official list: a picker of the roster found by name or
 * number, with a button that empties the place. Without choices it shows who holds it.
 */
export function ChoicePicker({ id, ariaLabel, choices, selected, taken, disabled, clearable = true, onChange }: ChoicePickerProps) {
  if (disabled || choices === null) {
    return <span id={id}>{selected ? selected.name : '—'}</span>;
  }
  return (
    <div className="pd-choice-picker" aria-label={ariaLabel} role="group">
      <Picker<Choice>
        id={id}
        items={choices}
        view={(choice) => ({ key: choice.id, text: choice.name, label: choice.label })}
        selected={selected}
        itemDisabled={(choice) => taken.has(choice.id)}
        onSelect={(choice) => choice.id !== selected?.id && onChange(choice)}
        placeholder="—"
      />
      {clearable && selected && <Button variant="minimal" icon="cross" aria-label={`Clear ${ariaLabel}`} onClick={() => onChange(null)} />}
    </div>
  );
}

/** The goalkeeper's mark of slots 1 and 13. */
export const KeeperTag = () => (
  <Tag minimal className="pd-keeper-tag" title="Goalkeeper">
    GK
  </Tag>
);
