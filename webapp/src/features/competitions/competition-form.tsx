import { Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { checkAll } from '@/lib/form-errors';
import { loadCountries, lookups } from '@/state/lookups';
import { session } from '@/state/session';
import {
  type Competition,
  createCompetition,
  updateCompetition,
} from '@/features/competitions/competitions-api';
import {
  checkCompetitionField,
  COMPETITION_FIELDS,
  type CompetitionValues,
  initialCompetitionValues,
  MAX_POINTS,
  POINTS,
  toCompetitionInput,
} from '@/features/competitions/competition-validation';
import { CheckField, DateField, Field, NumberField, TextField } from '@/components/form-fields/form-fields';
import { ItemSuggest } from '@/components/item-suggest/item-suggest';
import {
  citiesOfCountry,
  listCategories,
  listCompetitionTypes,
  listFederations,
  useLoaded,
} from '@/lib/reference-lookups';
import { useEntityForm } from '@/lib/use-entity-form';

interface CompetitionFormProps {
  /** The competition being edited; none when adding one. */
  competition: Competition | null;
  /** A federation the new competition belongs to; the picker is then locked (federation page). */
  fixedFederationId?: number;
  onSaved: (competition: Competition) => void;
  onCancel: () => void;
}

type TextKey = {
  [K in keyof CompetitionValues]: CompetitionValues[K] extends string ? K : never;
}[keyof CompetitionValues];

/** Add or edit a competition: every field of spec 01 §3, the rules of §5, and the standings points. */
export function CompetitionForm({ competition, fixedFederationId, onSaved, onCancel }: CompetitionFormProps) {
  const { countries } = useSnapshot(lookups);
  const { profile } = useSnapshot(session);
  const form = useEntityForm({
    initial: () => initialCompetitionValues(competition, fixedFederationId),
    validate: (values: CompetitionValues) => checkAll(values, COMPETITION_FIELDS, checkCompetitionField),
    save: (values: CompetitionValues) => {
      const input = toCompetitionInput(values);
      return competition ? updateCompetition(competition.id, input) : createCompetition(input);
    },
    successText: 'Competition successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;

  useEffect(() => {
    void loadCountries();
  }, []);
  const federations = useLoaded(listFederations, 'federations');
  const categories = useLoaded(listCategories, 'categories');
  const types = useLoaded(listCompetitionTypes, 'types');
  const cities = useLoaded(
    values.countryId === null ? null : () => citiesOfCountry(values.countryId ?? 0),
    values.countryId,
  );
  // A federation account places competitions in its own federations only; the server agrees.
  const own = profile && !profile.access.admin && profile.access.federations.length > 0 ? profile.access.federations : null;
  const federationChoices = federations && own ? federations.filter((federation) => own.includes(federation.id)) : federations;

  const text = (key: TextKey, label: string, options: { required?: boolean; multiline?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      id={`competition-${key}`}
      label={label}
      value={values[key] as string}
      error={errors[key]}
      onChange={(value) => change({ [key]: value } as Partial<CompetitionValues>)}
      {...options}
    />
  );

  return (
    <DrawerForm form={form} onCancel={onCancel}>
          {text('name', 'Name', { required: true, autoFocus: true })}
          {text('nameUniversal', 'Universal name', { required: true })}
          {text('shortName', 'Short name')}
          {text('description', 'Description', { multiline: true })}
          {text('season', 'Season')}
          <Field id="competition-federation" label="Federation" required error={errors.federationId}>
            <ItemSuggest
              id="competition-federation"
              items={federationChoices}
              selectedId={values.federationId}
              fallbackText={competition?.federation?.name}
              placeholder="Choose a federation"
              disabled={fixedFederationId !== undefined}
              intent={errors.federationId ? 'danger' : 'none'}
              onChange={(federation) => change({ federationId: federation.id })}
            />
          </Field>
          <Field id="competition-category" label="Category">
            <ItemSuggest
              id="competition-category"
              items={categories}
              selectedId={values.categoryId}
              fallbackText={competition?.category?.name}
              placeholder="Choose a category"
              onChange={(category) => change({ categoryId: category.id })}
            />
          </Field>
          <Field id="competition-type" label="Competition type">
            <ItemSuggest
              id="competition-type"
              items={types}
              selectedId={values.competitionTypeId}
              fallbackText={competition?.competitionType?.name}
              placeholder="Choose a competition type"
              onChange={(type) => change({ competitionTypeId: type.id })}
            />
          </Field>
          <DateField
            id="competition-startDate"
            label="Start date"
            value={values.startDate}
            error={errors.startDate}
            onChange={(startDate) => change({ startDate }, ['startDate', 'endDate'])}
          />
          <DateField
            id="competition-endDate"
            label="End date"
            value={values.endDate}
            error={errors.endDate}
            onChange={(endDate) => change({ endDate })}
          />
          <Field id="competition-country" label="Country" error={errors.countryId}>
            <CountrySuggest
              id="competition-country"
              countries={countries}
              selectedId={values.countryId}
              onChange={(countryId) => {
                // Spec 01 §4: a new country clears the city and reloads the city list.
                if (countryId !== values.countryId) change({ countryId, cityId: null }, ['countryId']);
              }}
            />
          </Field>
          <Field id="competition-city" label="City" error={errors.cityId}>
            <ItemSuggest
              id="competition-city"
              items={cities}
              selectedId={values.cityId}
              fallbackText={competition?.city?.name}
              placeholder={values.countryId === null ? 'Choose a country first' : 'Choose a city'}
              disabled={values.countryId === null}
              onChange={(city) => change({ cityId: city.id })}
            />
          </Field>
          {text('venue', 'Venue')}
          {text('address', 'Address')}
          {text('phone', 'Phone')}
          {text('web', 'Web')}
          {text('email', 'Email')}
          {text('facebook', 'Facebook')}
          {text('twitter', 'Twitter')}
          {text('instagram', 'Instagram')}
          {text('youtube', 'Youtube')}
          <Field id="competition-language" label="Match log template language">
            <RadioGroup
              inline
              name="competition-language"
              selectedValue={values.matchLogTemplateLanguage}
              onChange={(event) => change({ matchLogTemplateLanguage: event.currentTarget.value === 'rs' ? 'rs' : 'en' })}
            >
              <Radio label="en" value="en" />
              <Radio label="rs" value="rs" />
            </RadioGroup>
          </Field>
          <CheckField id="competition-isPro" label="Professional" checked={values.isPro} onChange={(isPro) => change({ isPro })} />
          <CheckField
            id="competition-isInternational"
            label="International"
            checked={values.isInternational}
            onChange={(isInternational) => change({ isInternational })}
          />
          <CheckField
            id="competition-pin"
            label="Game log PIN confirmation required"
            checked={values.gameLogPinConfirmationRequired}
            onChange={(gameLogPinConfirmationRequired) => change({ gameLogPinConfirmationRequired })}
          />
          {POINTS.map(({ field, label }) => (
            <NumberField
              key={field}
              id={`competition-${field}`}
              label={label}
              required
              min={0}
              max={MAX_POINTS}
              value={values[field]}
              error={errors[field]}
              onChange={(value) => change({ [field]: value })}
            />
          ))}
          <LogoUpload
            id="competition-logo"
            value={values.logo}
            error={errors.logo}
            onChange={(logo) => change({ logo })}
          />
    </DrawerForm>
  );
}
