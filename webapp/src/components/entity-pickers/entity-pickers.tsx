/**
 * Pickers the club and team forms share: a city picker that follows the chosen country, a picker
 * of named entities found on the server and the category pickers.
 */
import { type Intent, MenuItem } from '@blueprintjs/core';
import { type ItemPredicate, type ItemRenderer, MultiSelect, Suggest } from '@blueprintjs/select';
import { useEffect, useRef, useState } from 'react';
import type { Schemas } from '@/api/types';
import { AsyncSuggest } from '@/components/async-suggest/async-suggest';
import { NO_OPTIONS_TEXT } from '@/components/country-suggest/country-suggest';
import { foldText } from '@/lib/list-query';
import { categoriesOnce, listCitiesOf } from '@/lib/reference-lookups';

type EntityRef = Schemas['EntityRef'];

type City = Schemas['City'];
type Category = Schemas['Category'];

const matchesCity: ItemPredicate<City> = (query, city) => {
  const needle = foldText(query.trim());
  return foldText(city.name).includes(needle) || foldText(city.nameUniversal).includes(needle);
};

const renderCity: ItemRenderer<City> = (city, { handleClick, handleFocus, modifiers, ref }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={city.id}
      ref={ref}
      active={modifiers.active}
      text={city.name}
      label={city.nameUniversal === city.name ? undefined : city.nameUniversal}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  ) : null;

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
    <Suggest<City>
      items={cities}
      selectedItem={selected}
      itemsEqual="id"
      itemPredicate={matchesCity}
      itemRenderer={renderCity}
      inputValueRenderer={(city) => city.name}
      noResults={<MenuItem disabled text={NO_OPTIONS_TEXT} roleStructure="listoption" />}
      onItemSelect={(city) => onChange(city.id)}
      disabled={countryId === null}
      fill
      resetOnClose
      inputProps={{ id, intent, placeholder: countryId === null ? 'Choose a country first' : 'Choose a city' }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
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

/** The categories, loaded once per session; empty until they arrive or when they cannot. */
export function useCategories(): Category[] {
  const [categories, setCategories] = useState<Category[]>([]);
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

const matchesCategory: ItemPredicate<Category> = (query, category) => {
  const needle = foldText(query.trim());
  return foldText(category.name).includes(needle) || foldText(category.nameUniversal).includes(needle);
};

/** Picks one category. */
export function CategorySuggest({
  id,
  categories,
  selectedId,
  onChange,
  intent,
}: {
  id: string;
  categories: readonly Category[];
  selectedId: number | null;
  onChange: (categoryId: number) => void;
  intent?: Intent;
}) {
  const selected = categories.find((category) => category.id === selectedId) ?? null;
  return (
    <Suggest<Category>
      items={categories as Category[]}
      selectedItem={selected}
      itemsEqual="id"
      itemPredicate={matchesCategory}
      itemRenderer={categoryItem()}
      inputValueRenderer={(category) => category.name}
      noResults={<MenuItem disabled text={NO_OPTIONS_TEXT} roleStructure="listoption" />}
      onItemSelect={(category) => onChange(category.id)}
      fill
      resetOnClose
      inputProps={{ id, intent, placeholder: 'Choose a category' }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}

/** A category in a picker's list with its gender beside it; `ticked` marks the chosen ones. */
function categoryItem(ticked?: (category: Category) => boolean): ItemRenderer<Category> {
  return (category, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={category.id}
        ref={ref}
        active={modifiers.active}
        selected={ticked?.(category)}
        text={category.name}
        label={category.gender}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    ) : null;
}

/** Picks several categories; a chosen one is ticked and a second click takes it out. */
export function CategoryMultiSelect({
  id,
  categories,
  selectedIds,
  onChange,
}: {
  id: string;
  categories: readonly Category[];
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const selected = selectedIds.flatMap((categoryId) => categories.filter((category) => category.id === categoryId));
  const toggle = (category: Category) =>
    onChange(
      selectedIds.includes(category.id)
        ? selectedIds.filter((categoryId) => categoryId !== category.id)
        : [...selectedIds, category.id],
    );
  return (
    <MultiSelect<Category>
      items={categories as Category[]}
      selectedItems={selected}
      itemsEqual="id"
      itemPredicate={matchesCategory}
      itemRenderer={categoryItem((category) => selectedIds.includes(category.id))}
      tagRenderer={(category) => category.name}
      noResults={<MenuItem disabled text={NO_OPTIONS_TEXT} roleStructure="listoption" />}
      onItemSelect={toggle}
      onRemove={(category) => toggle(category)}
      onClear={selected.length > 0 ? () => onChange([]) : undefined}
      fill
      resetOnSelect
      placeholder="Choose categories"
      tagInputProps={{ inputProps: { id } }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
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
