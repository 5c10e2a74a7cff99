/**
 * Fields the club, team, federation and competition drawers share (spec 01 §2, §3): their texts
 * with the labels and rules of spec 01 §5, and a country with a city of it.
 */
import { type ComponentProps, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { CitySuggest } from '@/components/entity-pickers/entity-pickers';
import { DateField, Field, intentOf, TextField } from '@/components/form-fields/form-fields';
import { ItemSuggest } from '@/components/item-suggest/item-suggest';
import type { FormErrors } from '@/lib/form-errors';
import { citiesOfCountry, useLoaded } from '@/lib/reference-lookups';
import { COMMON_TEXT_RULES } from '@/lib/text-rules';
import { loadCountries, lookups } from '@/state/lookups';

const TEXT_LABELS = {
  name: 'Name',
  nameUniversal: 'Universal name',
  shortName: 'Short name',
  description: 'Description',
  president: 'President',
  secretary: 'Secretary',
  season: 'Season',
  venue: 'Venue',
  address: 'Address',
  phone: 'Phone',
  web: 'Web',
  email: 'Email',
  facebook: 'Facebook',
  twitter: 'Twitter',
  youtube: 'Youtube',
  instagram: 'Instagram',
} as const;

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & keyof typeof TEXT_LABELS;

/** What the fields use of the form (`useEntityForm`). */
interface FieldsForm<V> {
  values: V;
  errors: FormErrors;
  change: (patch: Partial<V>, paths?: readonly string[]) => void;
}

const isRequired = (key: string) => key in COMMON_TEXT_RULES && 'required' in COMMON_TEXT_RULES[key as keyof typeof COMMON_TEXT_RULES];

/** Text fields with ids `${idPrefix}-${key}`; the name takes the focus and the description has lines. */
export function TextFields<V>({ form, idPrefix, keys }: { form: FieldsForm<V>; idPrefix: string; keys: readonly TextKey<V>[] }) {
  return keys.map((key) => (
    <TextField
      key={key}
      id={`${idPrefix}-${key}`}
      label={TEXT_LABELS[key]}
      required={isRequired(key)}
      multiline={key === 'description'}
      autoFocus={key === 'name'}
      value={form.values[key] as string}
      error={form.errors[key]}
      onChange={(value) => form.change({ [key]: value } as Partial<V>)}
    />
  ));
}

interface Place {
  countryId: number | null;
  cityId: number | null;
}

/** Loads the countries for the country picker once. */
function useCountries() {
  const { countries } = useSnapshot(lookups);
  useEffect(() => {
    void loadCountries();
  }, []);
  return countries;
}

/** The city of a federation or competition, picked from the country's cities loaded in the browser. */
function ListedCityField<V extends Place>({ form, id, savedCityName }: { form: FieldsForm<V>; id: string; savedCityName: string | null }) {
  const { values, errors, change } = form;
  const cities = useLoaded(values.countryId === null ? null : () => citiesOfCountry(values.countryId ?? 0), values.countryId);
  return (
    <ItemField
      id={id}
      label="City"
      error={errors.cityId}
      items={cities}
      selectedId={values.cityId}
      fallbackText={savedCityName ?? undefined}
      placeholder={values.countryId === null ? 'Choose a country first' : 'Choose a city'}
      disabled={values.countryId === null}
      onChange={(city) => change({ cityId: city.id } as Partial<V>)}
    />
  );
}

/** A country and a city of it (spec 01 §4): a new country clears the city and reloads the cities. */
export function PlaceFields<V extends Place>({
  form,
  idPrefix,
  countryRequired,
  savedCityName,
}: {
  form: FieldsForm<V>;
  idPrefix: string;
  countryRequired?: boolean;
  /**
   * Federations and competitions pick the city from the loaded list, showing the saved city's
   * name until it has loaded; clubs and teams (no name given) search the country's cities.
   */
  savedCityName?: string | null;
}) {
  const countries = useCountries();
  const { values, errors, change } = form;
  const countryId = `${idPrefix}-country`;
  const cityId = `${idPrefix}-city`;
  return (
    <>
      <Field id={countryId} label="Country" required={countryRequired} error={errors.countryId}>
        <CountrySuggest
          id={countryId}
          countries={countries}
          selectedId={values.countryId}
          intent={intentOf(errors.countryId)}
          onChange={(next) => next !== values.countryId && change({ countryId: next, cityId: null } as Partial<V>, ['countryId'])}
        />
      </Field>
      {savedCityName === undefined ? (
        <Field id={cityId} label="City" error={errors.cityId}>
          <CitySuggest
            id={cityId}
            countryId={values.countryId}
            selectedId={values.cityId}
            intent={intentOf(errors.cityId)}
            onChange={(city) => change({ cityId: city } as Partial<V>)}
          />
        </Field>
      ) : (
        <ListedCityField form={form} id={cityId} savedCityName={savedCityName} />
      )}
    </>
  );
}

/** Active from and Active to of a club or team; a change of either checks their order again. */
export function ActiveFields<V extends { activeFrom: string; activeTo: string }>({ form, idPrefix }: { form: FieldsForm<V>; idPrefix: string }) {
  const { values, errors, change } = form;
  const both = ['activeFrom', 'activeTo'];
  return (
    <>
      <DateField
        id={`${idPrefix}-active-from`}
        label="Active from"
        value={values.activeFrom}
        error={errors.activeFrom}
        onChange={(activeFrom) => change({ activeFrom } as Partial<V>, both)}
      />
      <DateField
        id={`${idPrefix}-active-to`}
        label="Active to"
        value={values.activeTo}
        error={errors.activeTo}
        onChange={(activeTo) => change({ activeTo } as Partial<V>, both)}
      />
    </>
  );
}

type ItemFieldProps = Omit<ComponentProps<typeof ItemSuggest>, 'id' | 'intent'> & {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
};

/** A labelled pick of one item of a list loaded in the browser, red while its field has a message. */
export function ItemField({ id, label, required, error, ...suggest }: ItemFieldProps) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <ItemSuggest id={id} intent={intentOf(error)} {...suggest} />
    </Field>
  );
}
