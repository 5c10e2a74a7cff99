import { Checkbox, FormGroup } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { useEntityForm } from '@/lib/use-entity-form';
import { loadCountries, lookups } from '@/state/lookups';
import {
  type Club,
  createClub,
  type EntityRef,
  findFederations,
  getFederationRef,
  updateClub,
} from '@/features/clubs/clubs-api';
import {
  CLUB_TEXT_RULES,
  type ClubTextField,
  type ClubValues,
  clubInput,
  initialClubValues,
  validateClub,
} from '@/features/clubs/club-validation';
import {
  CategoryMultiSelect,
  CitySuggest,
  EntitySuggest,
  useCategories,
} from '@/components/entity-pickers/entity-pickers';
import { DateField, intentOf, TextField } from '@/components/form-fields/form-fields';

export interface ClubFormProps {
  /** The club being edited (its details, with the logo); none when adding one. */
  club?: Club;
  /** A federation the new club belongs to; the Federation field is then locked. */
  fixedFederationId?: number;
  onSaved: (club: Club) => void;
  onCancel: () => void;
}

const LABELS: Record<ClubTextField, string> = {
  name: 'Name',
  nameUniversal: 'Universal name',
  shortName: 'Short name',
  description: 'Description',
  president: 'President',
  venue: 'Venue',
  address: 'Address',
  phone: 'Phone',
  web: 'Web',
  email: 'Email',
  facebook: 'Facebook',
  twitter: 'Twitter',
  youtube: 'Youtube',
  instagram: 'Instagram',
};

/** The club drawer's form (spec 01 §2 "Club drawer fields", §5 Club). */
export function ClubForm({ club, fixedFederationId, onSaved, onCancel }: ClubFormProps) {
  const { countries } = useSnapshot(lookups);
  const categories = useCategories();
  const creating = club === undefined;
  const form = useEntityForm({
    initial: () => initialClubValues(club, null),
    validate: validateClub,
    save: (values: ClubValues) => {
      const input = clubInput(values, club);
      if (fixedFederationId !== undefined) input.federationId = fixedFederationId;
      return club ? updateClub(club.id, input) : createClub(input);
    },
    successText: 'Club successfully saved.',
    onSaved,
  });
  const { values, errors, change, preset } = form;

  useEffect(() => {
    void loadCountries();
  }, []);

  // A supplied federation is looked up for its name; it cannot be changed.
  useEffect(() => {
    if (fixedFederationId === undefined) return undefined;
    let current = true;
    const fallback = { id: fixedFederationId, name: `Federation ${fixedFederationId}`, nameUniversal: '' };
    getFederationRef(fixedFederationId).then(
      (federation) => current && preset({ federation }),
      () => current && preset({ federation: fallback }),
    );
    return () => {
      current = false;
    };
  }, [fixedFederationId, preset]);

  const text = (field: ClubTextField, extra: { multiline?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      id={`club-${field}`}
      label={LABELS[field]}
      required={'required' in CLUB_TEXT_RULES[field]}
      value={values[field]}
      error={errors[field]}
      onChange={(value) => change({ [field]: value })}
      {...extra}
    />
  );

  return (
    <DrawerForm form={form} onCancel={onCancel}>
          {text('name', { autoFocus: true })}
          {text('nameUniversal')}
          {text('shortName')}
          {text('description', { multiline: true })}
          <FormGroup label="Country" labelFor="club-country" intent={intentOf(errors.countryId)} helperText={errors.countryId}>
            <CountrySuggest
              id="club-country"
              countries={countries}
              selectedId={values.countryId}
              intent={intentOf(errors.countryId)}
              // A new country clears the city; the city list follows the country.
              onChange={(countryId) =>
                countryId !== values.countryId && change({ countryId, cityId: null }, ['countryId'])
              }
            />
          </FormGroup>
          <FormGroup label="City" labelFor="club-city" intent={intentOf(errors.cityId)} helperText={errors.cityId}>
            <CitySuggest
              id="club-city"
              countryId={values.countryId}
              selectedId={values.cityId}
              intent={intentOf(errors.cityId)}
              onChange={(cityId) => change({ cityId })}
            />
          </FormGroup>
          <FormGroup
            label="Federation"
            labelFor="club-federation"
            intent={intentOf(errors.federationId)}
            helperText={errors.federationId}
          >
            <EntitySuggest
              id="club-federation"
              kind="federation"
              selected={values.federation}
              search={findFederations}
              disabled={fixedFederationId !== undefined}
              intent={intentOf(errors.federationId)}
              onChange={(federation: EntityRef) => change({ federation }, ['federationId'])}
            />
          </FormGroup>
          {creating && (
            <FormGroup
              label="Categories"
              labelFor="club-categories"
              helperText={errors.teamCategories}
              intent={intentOf(errors.teamCategories)}
            >
              <CategoryMultiSelect
                id="club-categories"
                categories={categories}
                selectedIds={values.teamCategories}
                onChange={(teamCategories) => change({ teamCategories })}
              />
            </FormGroup>
          )}
          <DateField
            id="club-active-from"
            label="Active from"
            value={values.activeFrom}
            error={errors.activeFrom}
            onChange={(activeFrom) => change({ activeFrom }, ['activeFrom', 'activeTo'])}
          />
          <DateField
            id="club-active-to"
            label="Active to"
            value={values.activeTo}
            error={errors.activeTo}
            onChange={(activeTo) => change({ activeTo }, ['activeFrom', 'activeTo'])}
          />
          {text('president')}
          {text('venue')}
          {text('address')}
          {text('phone')}
          {text('web')}
          {text('email')}
          {text('facebook')}
          {text('twitter')}
          {text('youtube')}
          {text('instagram')}
          <Checkbox
            id="club-is-pro"
            label="Professional"
            checked={values.isPro}
            onChange={(event) => change({ isPro: event.currentTarget.checked })}
          />
          <LogoUpload
            id="club-logo"
            value={values.logo}
            error={errors.logo}
            onChange={(logo) => change({ logo })}
          />
    </DrawerForm>
  );
}
