import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { Field, intentOf, TextField } from '@/components/form-fields/form-fields';
import { useEntityForm } from '@/lib/use-entity-form';
import { loadCountries, lookups } from '@/state/lookups';
import { type City, createCity, updateCity } from '@/features/cities/cities-api';
import { type CityValues, validateCity } from '@/features/cities/city-validation';

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

export function CityForm({ city, onSaved, onCancel }: CityFormProps) {
  const { countries } = useSnapshot(lookups);
  const form = useEntityForm({
    initial: () => initialValues(city),
    validate: validateCity,
    save: (values: CityValues) => {
      const input = { name: values.name.trim(), nameUniversal: values.nameUniversal.trim(), countryId: values.countryId ?? 0 };
      return city ? updateCity(city.id, input) : createCity(input);
    },
    successText: 'City successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;

  useEffect(() => {
    void loadCountries();
  }, []);

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <TextField id="city-name" label="Name" required autoFocus value={values.name} error={errors.name} onChange={(name) => change({ name })} />
      <TextField
        id="city-name-universal"
        label="Universal name"
        required
        value={values.nameUniversal}
        error={errors.nameUniversal}
        onChange={(nameUniversal) => change({ nameUniversal })}
      />
      <Field id="city-country" label="Country" required error={errors.countryId}>
        <CountrySuggest
          id="city-country"
          countries={countries}
          selectedId={values.countryId}
          intent={intentOf(errors.countryId)}
          onChange={(countryId) => change({ countryId })}
        />
      </Field>
    </DrawerForm>
  );
}
