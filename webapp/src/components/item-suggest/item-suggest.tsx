import { type Intent, MenuItem } from '@blueprintjs/core';
import { type ItemPredicate, type ItemRenderer, MultiSelect, Suggest } from '@blueprintjs/select';
import { NO_OPTIONS_TEXT } from '@/components/country-suggest/country-suggest';
import { foldText } from '@/lib/list-query';

/** Anything with an id and a name: a category, competition type, city, federation or team. */
export interface NamedEntity {
  id: number;
  name: string;
  nameUniversal?: string | null;
}

const matches: ItemPredicate<NamedEntity> = (query, item) => {
  const needle = foldText(query.trim());
  return [item.name, item.nameUniversal ?? ''].some((text) => foldText(text).includes(needle));
};

/** The universal name as the menu's label when it differs from the name. */
const labelOf = (item: NamedEntity) =>
  item.nameUniversal && item.nameUniversal !== item.name ? item.nameUniversal : undefined;

function renderer(disabledIds: readonly number[], selectedIds: readonly number[] = []): ItemRenderer<NamedEntity> {
  return (item, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.id}
        ref={ref}
        active={modifiers.active}
        disabled={modifiers.disabled || disabledIds.includes(item.id)}
        selected={selectedIds.includes(item.id)}
        text={item.name}
        label={labelOf(item)}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    ) : null;
}

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
export function ItemSuggest<T extends NamedEntity>({
  id,
  items,
  selectedId,
  onChange,
  disabledIds = [],
  fallbackText,
  placeholder,
  intent,
  disabled,
}: ItemSuggestProps<T>) {
  const list: NamedEntity[] = [...(items ?? [])];
  const selected =
    selectedId === null
      ? null
      : (list.find((item) => item.id === selectedId) ?? { id: selectedId, name: fallbackText ?? '' });
  return (
    <Suggest<NamedEntity>
      items={list}
      selectedItem={selected}
      itemsEqual="id"
      itemPredicate={matches}
      itemRenderer={renderer(disabledIds)}
      itemDisabled={(item) => disabledIds.includes(item.id)}
      inputValueRenderer={(item) => item.name}
      noResults={<MenuItem disabled text={items === null ? 'Loading...' : NO_OPTIONS_TEXT} roleStructure="listoption" />}
      onItemSelect={(item) => onChange(item as T)}
      disabled={disabled}
      fill
      resetOnClose
      inputProps={{ id, intent, placeholder }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
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
export function ItemMultiSelect({ id, items, selectedIds, onChange, placeholder, intent, disabled }: ItemMultiSelectProps) {
  const list: NamedEntity[] = [...(items ?? [])];
  const selected = selectedIds.map((itemId) => list.find((item) => item.id === itemId) ?? { id: itemId, name: `#${itemId}` });
  const toggle = (item: NamedEntity) =>
    onChange(selectedIds.includes(item.id) ? selectedIds.filter((other) => other !== item.id) : [...selectedIds, item.id]);
  return (
    <MultiSelect<NamedEntity>
      items={list}
      selectedItems={selected}
      itemsEqual="id"
      itemPredicate={matches}
      itemRenderer={renderer([], selectedIds)}
      tagRenderer={(item) => item.name}
      noResults={<MenuItem disabled text={items === null ? 'Loading...' : NO_OPTIONS_TEXT} roleStructure="listoption" />}
      onItemSelect={toggle}
      onRemove={(item) => toggle(item)}
      disabled={disabled}
      fill
      resetOnSelect
      placeholder={placeholder}
      tagInputProps={{ inputProps: { id }, intent, tagProps: { minimal: true } }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
