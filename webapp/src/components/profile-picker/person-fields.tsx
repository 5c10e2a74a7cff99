import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { DateField } from '@/components/form-fields/form-fields';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { type Choice, ChoiceSuggest } from '@/components/profile-picker/choice-suggest';
import type { FormErrors } from '@/lib/form-errors';
import type { PersonField, PersonValues } from '@/components/profile-picker/person-validation';
import { loadCountries, lookups } from '@/state/lookups';

interface PersonFieldsProps {
  /** Prefix of the inputs' ids: `${idPrefix}-name`, `${idPrefix}-surname`, ... */
  idPrefix: string;
  values: PersonValues;
  /** Messages by path; a field's path is `${errorPrefix}${field}`. */
  errors: FormErrors;
  errorPrefix?: string;
  /** One change: usually one field; a new country also clears the city. */
  onChange: (patch: Partial<PersonValues>) => void;
  /** Called when the name or surname input loses focus (the same-name suggestion). */
  onNameBlur?: () => void;
}

type TextField = Exclude<PersonField, 'countryOfBirthId' | 'cityOfBirthId' | 'birthDate'>;

const TEXT_INPUTS: readonly { field: TextField; label: string; type?: string }[] = [
  { field: 'nationality', label: 'Nationality' },
  { field: 'address', label: 'Address' },
  { field: 'email', label: 'Email', type: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel' },
  { field: 'facebook', label: 'Facebook' },
  { field: 'youtube', label: 'Youtube' },
  { field: 'twitter', label: 'Twitter' },
  { field: 'instagram', label: 'Instagram' },
];

/** The cities of a country (GET /api/Cities?countryId=), reloaded when the country changes. */
function useCitiesOf(countryId: number | null): Choice[] {
  const [loaded, setLoaded] = useState<{ countryId: number; cities: Choice[] } | null>(null);
  useEffect(() => {
    if (countryId === null) return undefined;
    let current = true;
    api.get<Schemas['City'][]>(`/api/Cities?countryId=${countryId}`).then(
      (cities) => current && setLoaded({ countryId, cities: cities.map(({ id, name }) => ({ id, name })) }),
      () => current && setLoaded({ countryId, cities: [] }),
    );
    return () => {
      current = false;
    };
  }, [countryId]);
  return loaded !== null && loaded.countryId === countryId ? loaded.cities : [];
}

/** The fields of a person (spec 01 §3 Person, §5): names, birth date and place, contacts. */
export function PersonFields({ idPrefix, values, errors, errorPrefix = '', onChange, onNameBlur }: PersonFieldsProps) {
  const { countries } = useSnapshot(lookups);
  const cities = useCitiesOf(values.countryOfBirthId);
  useEffect(() => {
    void loadCountries();
  }, []);

  const message = (field: PersonField) => errors[`${errorPrefix}${field}`];
  const intent = (field: PersonField) => (message(field) ? Intent.DANGER : Intent.NONE);
  const group = (field: PersonField, label: string, required = false) => ({
    label,
    labelFor: `${idPrefix}-${field}`,
    labelInfo: required ? '*' : undefined,
    intent: intent(field),
    helperText: message(field),
  });
  const text = (field: TextField, type?: string, onBlur?: () => void) => (
    <InputGroup
      id={`${idPrefix}-${field}`}
      type={type}
      value={values[field]}
      intent={intent(field)}
      onValueChange={(value) => onChange({ [field]: value })}
      onBlur={onBlur}
    />
  );

  return (
    <>
      <FormGroup {...group('name', 'Name', true)}>{text('name', undefined, onNameBlur)}</FormGroup>
      <FormGroup {...group('surname', 'Surname', true)}>{text('surname', undefined, onNameBlur)}</FormGroup>
      <DateField
        id={`${idPrefix}-birthDate`}
        label="Birth date"
        required
        value={values.birthDate}
        error={message('birthDate')}
        onChange={(birthDate) => onChange({ birthDate })}
      />
      <FormGroup {...group('countryOfBirthId', 'Country of birth')}>
        <CountrySuggest
          id={`${idPrefix}-countryOfBirthId`}
          countries={countries}
          selectedId={values.countryOfBirthId}
          intent={intent('countryOfBirthId')}
          onChange={(countryId) =>
            // A new country clears the city (spec 01 §4 Country/city).
            onChange(
              countryId === values.countryOfBirthId
                ? { countryOfBirthId: countryId }
                : { countryOfBirthId: countryId, cityOfBirthId: null },
            )
          }
        />
      </FormGroup>
      <FormGroup {...group('cityOfBirthId', 'City of birth')}>
        <ChoiceSuggest
          // A new country starts a new city list, so the input forgets what was typed.
          key={values.countryOfBirthId ?? 'none'}
          id={`${idPrefix}-cityOfBirthId`}
          choices={cities}
          selectedId={values.cityOfBirthId}
          intent={intent('cityOfBirthId')}
          disabled={values.countryOfBirthId === null}
          placeholder={values.countryOfBirthId === null ? 'Choose a country first' : 'Choose a city'}
          onChange={(cityId) => onChange({ cityOfBirthId: cityId })}
        />
      </FormGroup>
      {TEXT_INPUTS.map(({ field, label, type }) => (
        <FormGroup key={field} {...group(field, label)}>
          {text(field, type)}
        </FormGroup>
      ))}
    </>
  );
}
