import type { Intent } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import { useEffect, useState } from 'react';
import { noOptions, PICKER_POPOVER, pickerItems } from '@/components/picker/picker';

/** Spec 01 §2 and §9: autocomplete searches after 300 ms and needs 2 typed characters by default. */
export const SEARCH_DELAY_MS = 300;
export const SEARCH_MIN_LENGTH = 2;

interface AsyncSuggestProps<T> {
  id?: string;
  selected: T | null;
  onChange: (item: T) => void;
  /** Finds the items for the typed text; must keep its identity between renders. */
  search: (query: string) => Promise<T[]>;
  itemKey: (item: T) => number;
  itemText: (item: T) => string;
  itemLabel?: (item: T) => string | undefined;
  minQueryLength?: number;
  delayMs?: number;
  intent?: Intent;
  disabled?: boolean;
  placeholder?: string;
  onBlur?: () => void;
}

interface Result<T> {
  query: string;
  items: T[];
}

/**
 * A Suggest whose choices come from a search: it waits `delayMs` after the last keystroke and
 * searches once at least `minQueryLength` characters are typed. Answers to older queries are
 * dropped.
 */
export function AsyncSuggest<T>({
  id,
  selected,
  onChange,
  search,
  itemKey,
  itemText,
  itemLabel,
  minQueryLength = SEARCH_MIN_LENGTH,
  delayMs = SEARCH_DELAY_MS,
  intent,
  disabled,
  placeholder,
  onBlur,
}: AsyncSuggestProps<T>) {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<Result<T>>({ query: '', items: [] });
  const text = query.trim();
  const searchable = text.length >= minQueryLength;

  useEffect(() => {
    if (!searchable) return;
    let current = true;
    const timer = setTimeout(() => {
      search(text).then(
        (items) => current && setResult({ query: text, items }),
        () => current && setResult({ query: text, items: [] }),
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, searchable, search, delayMs]);

  const loading = searchable && result.query !== text;
  const items = searchable && !loading ? result.items : [];

  const renderItem = pickerItems<T>((item) => ({ key: itemKey(item), text: itemText(item), label: itemLabel?.(item) }));

  return (
    <Suggest<T>
      items={items}
      selectedItem={selected}
      itemsEqual={(a, b) => itemKey(a) === itemKey(b)}
      itemRenderer={renderItem}
      inputValueRenderer={itemText}
      onQueryChange={setQuery}
      noResults={noOptions(loading)}
      onItemSelect={onChange}
      disabled={disabled}
      fill
      resetOnClose
      inputProps={{ id, intent, placeholder, onBlur }}
      popoverProps={PICKER_POPOVER}
    />
  );
}
