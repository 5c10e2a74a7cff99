import { Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiRequestError, errorMessage } from '@/api/client';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { FormFooter } from '@/components/form-footer/form-footer';
import { showError, showSuccess } from '@/lib/toaster';
import { loadCountries, lookups } from '@/state/lookups';
import { type City, createCity, updateCity } from '@/features/cities/cities-api';
import {
  CITY_FIELDS,
  type CityErrors,
  type CityField,
  type CityValues,
  validateCity,
  validateCityField,
} from '@/features/cities/city-validation';

interface CityFormProps {
  /** The city being edited; none when adding one. */
  city: City | null;
  onSaved: (city: City) => void;
  onCancel: () => void;
}

function initialValues(city: City | null): CityValues {
  return city
    ? { name: city.name, nameUniversal: city.nameUniversal, countryId: city.countryId }
    : { name: '', nameUniversal: '', countryId: null };
}

/** Field errors from the server, keyed by request-body field name, placed at the form's fields. */
function serverFieldErrors(error: unknown): CityErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: CityErrors = {};
  for (const field of CITY_FIELDS) {
    const messages = error.fieldErrors[field];
    if (messages && messages.length > 0) errors[field] = messages.join(' ');
  }
  return errors;
}

export function CityForm({ city, onSaved, onCancel }: CityFormProps) {
  const { countries } = useSnapshot(lookups);
  const [values, setValues] = useState<CityValues>(() => initialValues(city));
  const [errors, setErrors] = useState<CityErrors>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void loadCountries();
  }, []);

  const change = <F extends CityField>(field: F, value: CityValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setDirty(true);
    setErrors((current) => ({ ...current, [field]: validateCityField(field, next) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCity(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || values.countryId === null) return;
    setSaving(true);
    const input = { name: values.name.trim(), nameUniversal: values.nameUniversal.trim(), countryId: values.countryId };
    try {
      const saved = city ? await updateCity(city.id, input) : await createCity(input);
      void showSuccess('City successfully saved.');
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      setErrors(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  const intent = (field: CityField) => (errors[field] ? Intent.DANGER : Intent.NONE);

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label="Name" labelFor="city-name" labelInfo="*" intent={intent('name')} helperText={errors.name}>
            <InputGroup
              id="city-name"
              value={values.name}
              intent={intent('name')}
              onValueChange={(value) => change('name', value)}
              autoFocus
            />
          </FormGroup>
          <FormGroup
            label="Universal name"
            labelFor="city-name-universal"
            labelInfo="*"
            intent={intent('nameUniversal')}
            helperText={errors.nameUniversal}
          >
            <InputGroup
              id="city-name-universal"
              value={values.nameUniversal}
              intent={intent('nameUniversal')}
              onValueChange={(value) => change('nameUniversal', value)}
            />
          </FormGroup>
          <FormGroup
            label="Country"
            labelFor="city-country"
            labelInfo="*"
            intent={intent('countryId')}
            helperText={errors.countryId}
          >
            <CountrySuggest
              id="city-country"
              countries={countries}
              selectedId={values.countryId}
              intent={intent('countryId')}
              onChange={(countryId) => change('countryId', countryId)}
            />
          </FormGroup>
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
