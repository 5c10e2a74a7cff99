/**
 * Pickers the club and team forms share: a city picker that follows the chosen country, a picker
 * of named entities found on the server and the category pickers.
 */
import { FormGroup, type Intent } from '@blueprintjs/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Schemas } from '@/api/types';
import { AsyncSuggest } from '@/components/async-suggest/async-suggest';
import { intentOf } from '@/components/form-fields/form-fields';
import { MultiPicker, Picker, type PickerItemView, toggled } from '@/components/picker/picker';
import { categoriesOnce, listCitiesOf } from '@/lib/reference-lookups';

type EntityRef = Schemas['EntityRef'];

type City = Schemas['City'];
type Category = Schemas['Category'];

/** A category is found by its name or universal name (its menu shows the gender beside it). */
const namesOf = (category: Category) => [category.name, category.nameUniversal];

/**
 * Picks a city of the chosen country; its list is loaded again whenever the country changes
 * (spec 01 §4). Without a country there is nothing to pick.
 */
export function CitySuggest({
  id,
  countryId,
  selectedId,
  onChange,
  intent,
}: {
  id: string;
  countryId: number | null;
  selectedId: number | null;
  onChange: (cityId: number) => void;
  intent?: Intent;
}) {
  const [loaded, setLoaded] = useState<{ countryId: number; cities: City[] } | null>(null);
  useEffect(() => {
    if (countryId === null) return undefined;
    let current = true;
    listCitiesOf(countryId).then(
      (cities) => current && setLoaded({ countryId, cities }),
      () => current && setLoaded({ countryId, cities: [] }),
    );
    return () => {
      current = false;
    };
  }, [countryId]);
  const cities = loaded !== null && loaded.countryId === countryId ? loaded.cities : [];
  const selected = cities.find((city) => city.id === selectedId) ?? null;
  return (
    <Picker<City>
      id={id}
      items={cities}
      view={(city) => ({ key: city.id, text: city.name, label: city.nameUniversal === city.name ? undefined : city.nameUniversal })}
      selected={selected}
      onSelect={(city) => onChange(city.id)}
      disabled={countryId === null}
      intent={intent}
      placeholder={countryId === null ? 'Choose a country first' : 'Choose a city'}
    />
  );
}

/**
 * A picker's labelled group: the field's message when it has one, otherwise `note`, which says
 * why the picker is locked or offers nothing.
 */
export function PickerField({
  id,
  label,
  required,
  error,
  note,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? '*' : undefined}
      intent={intentOf(error)}
      helperText={error ?? note}
    >
      {children}
    </FormGroup>
  );
}

/** Picks a federation, club or the like by name from a server search. */
export function EntitySuggest({
  id,
  selected,
  onChange,
  search,
  kind,
  intent,
  disabled,
}: {
  id: string;
  selected: EntityRef | null;
  onChange: (entity: EntityRef) => void;
  /** Must keep its identity between renders. */
  search: (query: string) => Promise<EntityRef[]>;
  kind: string;
  intent?: Intent;
  disabled?: boolean;
}) {
  return (
    <AsyncSuggest<EntityRef>
      id={id}
      selected={selected}
      onChange={onChange}
      search={search}
      itemKey={(entity) => entity.id}
      itemText={(entity) => entity.name}
      itemLabel={(entity) => (entity.nameUniversal === entity.name ? undefined : entity.nameUniversal)}
      minQueryLength={0}
      intent={intent}
      disabled={disabled}
      placeholder={`Choose a ${kind}`}
    />
  );
}

/** The categories, loaded once per session; null until they arrive, empty when they cannot. */
export function useCategories(): Category[] | null {
  const [categories, setCategories] = useState<Category[] | null>(null);
  useEffect(() => {
    let current = true;
    categoriesOnce().then(
      (items) => current && setCategories(items),
      () => current && setCategories([]),
    );
    return () => {
      current = false;
    };
  }, []);
  return categories;
}

/** Picks one category. */
export function CategorySuggest({
  id,
  categories,
  selectedId,
  onChange,
  intent,
}: {
  id: string;
  /** Null while they load: the menu says so. */
  categories: readonly Category[] | null;
  selectedId: number | null;
  onChange: (categoryId: number) => void;
  intent?: Intent;
}) {
  const selected = categories?.find((category) => category.id === selectedId) ?? null;
  return (
    <Picker<Category>
      id={id}
      items={categories}
      view={(category) => categoryView(category)}
      searchTexts={namesOf}
      selected={selected}
      onSelect={(category) => onChange(category.id)}
      intent={intent}
      placeholder="Choose a category"
    />
  );
}

/** A category in a picker's list with its gender beside it; `ticked` marks the chosen ones. */
const categoryView = (category: Category, ticked?: boolean): PickerItemView => ({
  key: category.id,
  text: category.name,
  label: category.gender,
  selected: ticked,
});

/** Picks several categories; a chosen one is ticked and a second click takes it out. */
export function CategoryMultiSelect({
  id,
  categories,
  selectedIds,
  onChange,
}: {
  id: string;
  /** Null while they load: the menu says so. */
  categories: readonly Category[] | null;
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const selected = selectedIds.flatMap((categoryId) => (categories ?? []).filter((category) => category.id === categoryId));
  return (
    <MultiPicker<Category>
      id={id}
      items={categories}
      view={(category) => categoryView(category, selectedIds.includes(category.id))}
      searchTexts={namesOf}
      selected={selected}
      onToggle={(category) => onChange(toggled(selectedIds, category.id))}
      onClear={selected.length > 0 ? () => onChange([]) : undefined}
      placeholder="Choose categories"
    />
  );
}

/**
 * Looks up the entity a form was opened for (a new club's federation, a new team's club) for its
 * name and hands it to `apply`; when the lookup fails, it is named `${kind} ${id}`.
 */
export function useFixedRef(
  id: number | undefined,
  load: (id: number) => Promise<EntityRef>,
  kind: string,
  apply: (ref: EntityRef) => void,
) {
  // The caller's `apply` is new on every render; only the id says when to look up again.
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (id === undefined) return undefined;
    let current = true;
    const fallback = { id, name: `${kind} ${id}`, nameUniversal: '' };
    load(id).then(
      (ref) => current && applyRef.current(ref),
      () => current && applyRef.current(fallback),
    );
    return () => {
      current = false;
    };
  }, [id, load, kind]);
}
