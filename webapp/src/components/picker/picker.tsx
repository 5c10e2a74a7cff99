import { type IconName, type Intent, MenuItem } from '@blueprintjs/core';
import { type ItemPredicate, type ItemRenderer, MultiSelect, Suggest } from '@blueprintjs/select';
import { foldText } from '@/lib/list-query';

export const NO_OPTIONS_TEXT = 'There are no selectable options.';

/** How a picker shows one item in its menu. */
export interface PickerItemView {
  key: number;
  text: string;
  /** Beside the text, muted (a universal name, a code, a gender). */
  label?: string;
  selected?: boolean;
  icon?: IconName;
}

/**
 * The menu's renderer: each item matching the typed text, as `view` shows it. Pressing an item
 * leaves the focus in the input: focusing the item would scroll it into view (Blueprint scrolls
 * an item near the menu's bottom a whole line further), and the release would then land on the
 * next item and choose nothing.
 */
export function pickerItems<T>(view: (item: T) => PickerItemView): ItemRenderer<T> {
  return (item, { handleClick, handleFocus, modifiers, ref }) => {
    if (!modifiers.matchesPredicate) return null;
    const { key, ...shown } = view(item);
    return (
      <MenuItem
        key={key}
        ref={ref}
        active={modifiers.active}
        disabled={modifiers.disabled}
        {...shown}
        onClick={handleClick}
        onMouseDown={(event) => event.preventDefault()}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    );
  };
}

/** The menu's one line when nothing can be chosen. */
export const noOptions = (loading = false) => (
  <MenuItem disabled text={loading ? 'Loading...' : NO_OPTIONS_TEXT} roleStructure="listoption" />
);

/** Finds an item by a part of any of its texts, case and accents ignored. */
export function matchingAny<T>(texts: (item: T) => readonly (string | null | undefined)[]): ItemPredicate<T> {
  return (query, item) => {
    const needle = foldText(query.trim());
    return texts(item).some((text) => text != null && foldText(text).includes(needle));
  };
}

/** What the menu shows of an item: its text and label. */
const shownTexts =
  <T,>(view: (item: T) => PickerItemView) =>
  (item: T) => {
    const { text, label } = view(item);
    return [text, label];
  };

interface PickerBaseProps<T> {
  id?: string;
  /** The choices; null while they load. */
  items: readonly T[] | null;
  view: (item: T) => PickerItemView;
  /** The texts an item is found by; its text and label unless given. */
  searchTexts?: (item: T) => readonly (string | null | undefined)[];
  itemDisabled?: (item: T) => boolean;
  intent?: Intent;
  disabled?: boolean;
  placeholder?: string;
}

export const PICKER_POPOVER = { minimal: true, matchTargetWidth: true } as const;

interface PickerProps<T> extends PickerBaseProps<T> {
  selected: T | null;
  onSelect: (item: T) => void;
  onBlur?: () => void;
}

/** Picks one of a list loaded in the browser; the input shows the chosen item's text. */
export function Picker<T extends { id: number }>({ id, items, view, searchTexts, selected, onSelect, onBlur, intent, placeholder, ...props }: PickerProps<T>) {
  return (
    <Suggest<T>
      items={[...(items ?? [])]}
      selectedItem={selected}
      itemsEqual="id"
      itemPredicate={matchingAny(searchTexts ?? shownTexts(view))}
      itemRenderer={pickerItems(view)}
      itemDisabled={props.itemDisabled}
      inputValueRenderer={(item) => view(item).text}
      noResults={noOptions(items === null)}
      onItemSelect={onSelect}
      disabled={props.disabled}
      fill
      resetOnClose
      inputProps={{ id, intent, placeholder, onBlur }}
      popoverProps={PICKER_POPOVER}
    />
  );
}

interface MultiPickerProps<T> extends PickerBaseProps<T> {
  selected: readonly T[];
  /** Called with the item chosen or taken out; the caller adds or removes it. */
  onToggle: (item: T) => void;
  onClear?: () => void;
  /** The chosen items' tags, e.g. minimal. */
  tagProps?: { minimal?: boolean };
}

/** Picks several of a list loaded in the browser; a chosen item is a removable tag. */
export function MultiPicker<T extends { id: number }>({ id, items, view, searchTexts, selected, onToggle, intent, ...props }: MultiPickerProps<T>) {
  return (
    <MultiSelect<T>
      items={[...(items ?? [])]}
      selectedItems={[...selected]}
      itemsEqual="id"
      itemPredicate={matchingAny(searchTexts ?? shownTexts(view))}
      itemRenderer={pickerItems(view)}
      itemDisabled={props.itemDisabled}
      tagRenderer={(item) => view(item).text}
      noResults={noOptions(items === null)}
      onItemSelect={onToggle}
      onRemove={(item) => onToggle(item)}
      onClear={props.onClear}
      disabled={props.disabled}
      fill
      resetOnSelect
      placeholder={props.placeholder}
      tagInputProps={{ inputProps: { id }, intent, tagProps: props.tagProps }}
      popoverProps={PICKER_POPOVER}
    />
  );
}

/** Adds `id` to `ids`, or takes it out when it is there. */
export const toggled = <I,>(ids: readonly I[], id: I): I[] => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);
