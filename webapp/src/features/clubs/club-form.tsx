import { Checkbox, Classes, FormGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiRequestError, errorMessage } from '@/api/client';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { FormFooter } from '@/components/form-footer/form-footer';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { showError, showSuccess } from '@/lib/toaster';
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
  type ClubErrors,
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
} from '@/features/clubs/form-fields';
import { DateField, intentOf, TextField } from '@/components/form-fields/form-fields';

export interface ClubFormProps {
  /** The club being edited (its details, with the logo); none when adding one. */
  club?: Club;
  /** A federation the new club belongs to; the Federation field is then locked. */
  fixedFederationId?: number;
  onSaved: (club: Club) => void;
  onCancel: () => void;
}

/** Server messages by request-body field name. */
function serverFieldErrors(error: unknown): ClubErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: ClubErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (messages && messages.length > 0) errors[field as keyof ClubErrors] = messages.join(' ');
  }
  return errors;
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
  const [values, setValues] = useState<ClubValues>(() => initialClubValues(club, null));
  const [errors, setErrors] = useState<ClubErrors>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const creating = club === undefined;

  useEffect(() => {
    void loadCountries();
  }, []);

  // A supplied federation is looked up for its name; it cannot be changed.
  useEffect(() => {
    if (fixedFederationId === undefined) return undefined;
    let current = true;
    const fallback = { id: fixedFederationId, name: `Federation ${fixedFederationId}`, nameUniversal: '' };
    getFederationRef(fixedFederationId).then(
      (federation) => current && setValues((now) => ({ ...now, federation })),
      () => current && setValues((now) => ({ ...now, federation: fallback })),
    );
    return () => {
      current = false;
    };
  }, [fixedFederationId]);

  const update = (next: ClubValues, touched: (keyof ClubErrors)[]) => {
    setValues(next);
    setDirty(true);
    const found = validateClub(next);
    setErrors((current) => {
      const merged = { ...current };
      for (const field of touched) merged[field] = found[field];
      return merged;
    });
  };
  const setText = (field: ClubTextField) => (value: string) => update({ ...values, [field]: value }, [field]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateClub(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const input = clubInput(values, club);
    if (fixedFederationId !== undefined) input.federationId = fixedFederationId;
    try {
      const saved = club ? await updateClub(club.id, input) : await createClub(input);
      void showSuccess('Club successfully saved.');
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      setErrors(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  const text = (field: ClubTextField, extra: { multiline?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      id={`club-${field}`}
      label={LABELS[field]}
      required={'required' in CLUB_TEXT_RULES[field]}
      value={values[field]}
      error={errors[field]}
      onChange={setText(field)}
      {...extra}
    />
  );

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
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
                countryId !== values.countryId && update({ ...values, countryId, cityId: null }, ['countryId', 'cityId'])
              }
            />
          </FormGroup>
          <FormGroup label="City" labelFor="club-city" intent={intentOf(errors.cityId)} helperText={errors.cityId}>
            <CitySuggest
              id="club-city"
              countryId={values.countryId}
              selectedId={values.cityId}
              intent={intentOf(errors.cityId)}
              onChange={(cityId) => update({ ...values, cityId }, ['cityId'])}
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
              onChange={(federation: EntityRef) => update({ ...values, federation }, ['federationId'])}
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
                onChange={(teamCategories) => update({ ...values, teamCategories }, ['teamCategories'])}
              />
            </FormGroup>
          )}
          <DateField
            id="club-active-from"
            label="Active from"
            value={values.activeFrom}
            error={errors.activeFrom}
            onChange={(activeFrom) => update({ ...values, activeFrom }, ['activeFrom', 'activeTo'])}
          />
          <DateField
            id="club-active-to"
            label="Active to"
            value={values.activeTo}
            error={errors.activeTo}
            onChange={(activeTo) => update({ ...values, activeTo }, ['activeFrom', 'activeTo'])}
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
            onChange={(event) => update({ ...values, isPro: event.currentTarget.checked }, [])}
          />
          <LogoUpload
            id="club-logo"
            value={values.logo}
            error={errors.logo}
            onChange={(logo) => update({ ...values, logo }, ['logo'])}
          />
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
