import { type Intent, MenuItem } from '@blueprintjs/core';
import { type ItemPredicate, type ItemRenderer, Suggest } from '@blueprintjs/select';
import type { Schemas } from '@/api/types';
import { foldText } from '@/lib/list-query';

type Country = Schemas['Country'];

export const NO_OPTIONS_TEXT = 'There are no selectable options.';

interface CountrySuggestProps {
  id?: string;
  countries: readonly Country[];
  selectedId: number | null;
  onChange: (countryId: number) => void;
  onBlur?: () => void;
  intent?: Intent;
  disabled?: boolean;
}

const matchesCountry: ItemPredicate<Country> = (query, country) => {
  const needle = foldText(query.trim());
  return [country.name, country.nameUniversal, country.code].some((text) => foldText(text).includes(needle));
};

const renderCountry: ItemRenderer<Country> = (country, { handleClick, handleFocus, modifiers, ref }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={country.id}
      ref={ref}
      active={modifiers.active}
      disabled={modifiers.disabled}
      text={country.name}
      label={country.nameUniversal === country.name ? country.code : `${country.nameUniversal} · ${country.code}`}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  ) : null;

/** Picks a country from a list loaded in the browser, matching name, universal name or code. */
export function CountrySuggest({ id, countries, selectedId, onChange, onBlur, intent, disabled }: CountrySuggestProps) {
  const selected = countries.find((country) => country.id === selectedId) ?? null;
  return (
    <Suggest<Country>
      items={countries as Country[]}
      selectedItem={selected}
      itemsEqual="id"
      itemPredicate={matchesCountry}
      itemRenderer={renderCountry}
      inputValueRenderer={(country) => country.name}
      noResults={<MenuItem disabled text={NO_OPTIONS_TEXT} roleStructure="listoption" />}
      onItemSelect={(country) => onChange(country.id)}
      disabled={disabled}
      fill
      resetOnClose
      inputProps={{ id, intent, placeholder: 'Choose a country', onBlur }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
