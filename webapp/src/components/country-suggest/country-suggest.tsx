import type { Intent } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { Picker, type PickerItemView } from '@/components/picker/picker';

type Country = Schemas['Country'];

interface CountrySuggestProps {
  id?: string;
  countries: readonly Country[];
  selectedId: number | null;
  onChange: (countryId: number) => void;
  onBlur?: () => void;
  intent?: Intent;
  disabled?: boolean;
}

const countryView = (country: Country): PickerItemView => ({
  key: country.id,
  text: country.name,
  label: country.nameUniversal === country.name ? country.code : `${country.nameUniversal} · ${country.code}`,
});

/** Picks a country from a list loaded in the browser, matching name, universal name or code. */
export function CountrySuggest({ countries, selectedId, onChange, ...props }: CountrySuggestProps) {
  const selected = countries.find((country) => country.id === selectedId) ?? null;
  return (
    <Picker<Country>
      {...props}
      items={countries}
      view={countryView}
      searchTexts={(country) => [country.name, country.nameUniversal, country.code]}
      selected={selected}
      onSelect={(country) => onChange(country.id)}
      placeholder="Choose a country"
    />
  );
}
