import type { Intent } from '@blueprintjs/core';
import { MultiPicker, Picker, type PickerItemView, toggled } from '@/components/picker/picker';

/** Anything with an id and a name: a category, competition type, city, federation or team. */
export interface NamedEntity {
  id: number;
  name: string;
  nameUniversal?: string | null;
}

/** The universal name as the menu's label when it differs from the name. */
const namedView = (item: NamedEntity, selected?: boolean): PickerItemView => ({
  key: item.id,
  text: item.name,
  label: item.nameUniversal && item.nameUniversal !== item.name ? item.nameUniversal : undefined,
  selected,
});

interface ItemSuggestProps<T extends NamedEntity> {
  id?: string;
  /** The choices; null while they load. */
  items: readonly T[] | null;
  selectedId: number | null;
  onChange: (item: T) => void;
  /** Choices shown but not selectable (e.g. teams already in the competition). */
  disabledIds?: readonly number[];
  /** Shown for a selected id that is not (yet) among the items. */
  fallbackText?: string;
  placeholder?: string;
  intent?: Intent;
  disabled?: boolean;
}

/** Picks one item from a list loaded in the browser, matching its name or universal name. */
export function ItemSuggest<T extends NamedEntity>({ items, selectedId, onChange, disabledIds = [], fallbackText, ...props }: ItemSuggestProps<T>) {
  const selected =
    selectedId === null ? null : (items?.find((item) => item.id === selectedId) ?? { id: selectedId, name: fallbackText ?? '' });
  return (
    <Picker<NamedEntity>
      {...props}
      items={items}
      view={(item) => namedView(item)}
      itemDisabled={(item) => disabledIds.includes(item.id)}
      selected={selected}
      onSelect={(item) => onChange(item as T)}
    />
  );
}

interface ItemMultiSelectProps {
  id?: string;
  items: readonly NamedEntity[] | null;
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
  placeholder?: string;
  intent?: Intent;
  disabled?: boolean;
}

/** Picks several items (e.g. a federation's categories); a chosen item is a removable tag. */
export function ItemMultiSelect({ items, selectedIds, onChange, ...props }: ItemMultiSelectProps) {
  const selected = selectedIds.map((itemId) => items?.find((item) => item.id === itemId) ?? { id: itemId, name: `#${itemId}` });
  return (
    <MultiPicker<NamedEntity>
      {...props}
      items={items}
      view={(item) => namedView(item, selectedIds.includes(item.id))}
      selected={selected}
      onToggle={(item) => onChange(toggled(selectedIds, item.id))}
      tagProps={{ minimal: true }}
    />
  );
}
