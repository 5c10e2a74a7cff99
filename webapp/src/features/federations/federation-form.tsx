import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { checkAll } from '@/lib/form-errors';
import { loadCountries, lookups } from '@/state/lookups';
import { CheckField, DateField, Field, TextField } from '@/components/form-fields/form-fields';
import { ItemMultiSelect, ItemSuggest } from '@/components/item-suggest/item-suggest';
import { citiesOfCountry, listCategories, useLoaded } from '@/lib/reference-lookups';
import { useEntityForm } from '@/lib/use-entity-form';
import { createFederation, type Federation, updateFederation } from '@/features/federations/federations-api';
import {
  checkFederationField,
  FEDERATION_FIELDS,
  type FederationValues,
  initialFederationValues,
  toFederationInput,
} from '@/features/federations/federation-validation';

interface FederationFormProps {
  /** The federation being edited (its details, with the logo); none when adding one. */
  federation: Federation | null;
  onSaved: (federation: Federation) => void;
  onCancel: () => void;
}

type TextKey = {
  [K in keyof FederationValues]: FederationValues[K] extends string ? K : never;
}[keyof FederationValues];

/** Add or edit a federation: every field of spec 01 §3, the rules of §5. */
export function FederationForm({ federation, onSaved, onCancel }: FederationFormProps) {
  const { countries } = useSnapshot(lookups);
  const form = useEntityForm({
    initial: () => initialFederationValues(federation),
    validate: (values: FederationValues) => checkAll(values, FEDERATION_FIELDS, checkFederationField),
    save: (values: FederationValues) => {
      const input = toFederationInput(values);
      return federation ? updateFederation(federation.id, input) : createFederation(input);
    },
    successText: 'Federation successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;

  useEffect(() => {
    void loadCountries();
  }, []);
  const categories = useLoaded(listCategories, 'categories');
  const cities = useLoaded(
    values.countryId === null ? null : () => citiesOfCountry(values.countryId ?? 0),
    values.countryId,
  );

  const text = (key: TextKey, label: string, options: { required?: boolean; multiline?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      id={`federation-${key}`}
      label={label}
      value={values[key] as string}
      error={errors[key]}
      onChange={(value) => change({ [key]: value } as Partial<FederationValues>)}
      {...options}
    />
  );

  return (
    <DrawerForm form={form} onCancel={onCancel}>
          {text('name', 'Name', { required: true, autoFocus: true })}
          {text('nameUniversal', 'Universal name', { required: true })}
          {text('shortName', 'Short name')}
          {text('description', 'Description', { multiline: true })}
          {text('president', 'President')}
          {text('secretary', 'Secretary')}
          <Field id="federation-country" label="Country" required error={errors.countryId}>
            <CountrySuggest
              id="federation-country"
              countries={countries}
              selectedId={values.countryId}
              intent={errors.countryId ? 'danger' : 'none'}
              onChange={(countryId) => {
                // Spec 01 §4: a new country clears the city and reloads the city list.
                if (countryId !== values.countryId) change({ countryId, cityId: null }, ['countryId']);
              }}
            />
          </Field>
          <Field id="federation-city" label="City" error={errors.cityId}>
            <ItemSuggest
              id="federation-city"
              items={cities}
              selectedId={values.cityId}
              fallbackText={federation?.city?.name}
              placeholder={values.countryId === null ? 'Choose a country first' : 'Choose a city'}
              disabled={values.countryId === null}
              onChange={(city) => change({ cityId: city.id })}
            />
          </Field>
          <DateField
            id="federation-activeFrom"
            label="Active from"
            required
            value={values.activeFrom}
            error={errors.activeFrom}
            onChange={(activeFrom) => change({ activeFrom }, ['activeFrom', 'activeTo'])}
          />
          <DateField
            id="federation-activeTo"
            label="Active to"
            value={values.activeTo}
            error={errors.activeTo}
            onChange={(activeTo) => change({ activeTo })}
          />
          <Field id="federation-categories" label="Categories" error={errors.categories}>
            <ItemMultiSelect
              id="federation-categories"
              items={categories}
              selectedIds={values.categories}
              placeholder="Choose categories"
              onChange={(ids) => change({ categories: ids })}
            />
          </Field>
          {text('address', 'Address')}
          {text('phone', 'Phone')}
          {text('web', 'Web')}
          {text('email', 'Email')}
          {text('facebook', 'Facebook')}
          {text('twitter', 'Twitter')}
          {text('youtube', 'Youtube')}
          {text('instagram', 'Instagram')}
          <CheckField id="federation-isPro" label="Professional" checked={values.isPro} onChange={(isPro) => change({ isPro })} />
          <LogoUpload id="federation-logo" value={values.logo} error={errors.logo} onChange={(logo) => change({ logo })} />
    </DrawerForm>
  );
}
