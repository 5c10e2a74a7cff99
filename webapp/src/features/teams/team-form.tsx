import { Checkbox, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CountrySuggest } from '@/components/country-suggest/country-suggest';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { useEntityForm } from '@/lib/use-entity-form';
import { loadCountries, lookups } from '@/state/lookups';
import { findClubs, getClubRef } from '@/features/clubs/clubs-api';
import {
  CategorySuggest,
  CitySuggest,
  EntitySuggest,
  useCategories,
} from '@/components/entity-pickers/entity-pickers';
import { DateField, intentOf, TextField } from '@/components/form-fields/form-fields';
import { createTeam, type Gender, type Team, updateTeam } from '@/features/teams/teams-api';
import {
  initialTeamValues,
  TEAM_TEXT_RULES,
  type TeamTextField,
  type TeamValues,
  teamInput,
  validateTeam,
} from '@/features/teams/team-validation';

export interface TeamFormProps {
  /** The team being edited (its details, with the logo); none when adding one. */
  team?: Team;
  /** The club a new team is for; the Club field is then locked. */
  fixedClubId?: number;
  onSaved: (team: Team) => void;
  onCancel: () => void;
}

const LABELS: Record<TeamTextField, string> = {
  name: 'Name',
  nameUniversal: 'Universal name',
  shortName: 'Short name',
  description: 'Description',
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

const GENDERS: { value: Gender | ''; label: string }[] = [
  { value: '', label: "The category's" },
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
  { value: 'Mixed', label: 'Mixed' },
];

/** The team drawer's form (spec 01 §3 Team, §5 Team). */
export function TeamForm({ team, fixedClubId, onSaved, onCancel }: TeamFormProps) {
  const { countries } = useSnapshot(lookups);
  const categories = useCategories();
  const form = useEntityForm({
    initial: () => initialTeamValues(team),
    validate: validateTeam,
    save: (values: TeamValues) => {
      const input = teamInput(values);
      if (fixedClubId !== undefined) input.clubId = fixedClubId;
      return team ? updateTeam(team.id, input) : createTeam(input);
    },
    successText: 'Team successfully saved.',
    onSaved,
  });
  const { values, errors, change, preset } = form;

  useEffect(() => {
    void loadCountries();
  }, []);

  // A supplied club is looked up for its name; it cannot be changed.
  useEffect(() => {
    if (fixedClubId === undefined) return undefined;
    let current = true;
    const fallback = { id: fixedClubId, name: `Club ${fixedClubId}`, nameUniversal: '' };
    getClubRef(fixedClubId).then(
      (club) => current && preset({ club }),
      () => current && preset({ club: fallback }),
    );
    return () => {
      current = false;
    };
  }, [fixedClubId, preset]);

  const text = (field: TeamTextField, extra: { multiline?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      id={`team-${field}`}
      label={LABELS[field]}
      required={'required' in TEAM_TEXT_RULES[field]}
      value={values[field]}
      error={errors[field]}
      onChange={(value) => change({ [field]: value }, [field])}
      {...extra}
    />
  );

  return (
    <DrawerForm form={form} onCancel={onCancel}>
          {text('name', { autoFocus: true })}
          {text('nameUniversal')}
          {text('shortName')}
          {text('description', { multiline: true })}
          <FormGroup label="Club" labelFor="team-club" labelInfo="*" intent={intentOf(errors.clubId)} helperText={errors.clubId}>
            <EntitySuggest
              id="team-club"
              kind="club"
              selected={values.club}
              search={findClubs}
              disabled={fixedClubId !== undefined}
              intent={intentOf(errors.clubId)}
              onChange={(club) => change({ club }, ['clubId'])}
            />
          </FormGroup>
          <FormGroup
            label="Category"
            labelFor="team-category"
            labelInfo="*"
            intent={intentOf(errors.categoryId)}
            helperText={errors.categoryId}
          >
            <CategorySuggest
              id="team-category"
              categories={categories}
              selectedId={values.categoryId}
              intent={intentOf(errors.categoryId)}
              onChange={(categoryId) => change({ categoryId }, ['categoryId'])}
            />
          </FormGroup>
          <FormGroup label="Gender" labelFor="team-gender" intent={intentOf(errors.gender)} helperText={errors.gender}>
            <HTMLSelect
              id="team-gender"
              fill
              value={values.gender}
              options={GENDERS}
              onChange={(event) => change({ gender: event.currentTarget.value as Gender | '' }, ['gender'])}
            />
          </FormGroup>
          <FormGroup label="Country" labelFor="team-country" intent={intentOf(errors.countryId)} helperText={errors.countryId}>
            <CountrySuggest
              id="team-country"
              countries={countries}
              selectedId={values.countryId}
              intent={intentOf(errors.countryId)}
              // A new country clears the city; the city list follows the country.
              onChange={(countryId) =>
                countryId !== values.countryId && change({ countryId, cityId: null }, ['countryId'])
              }
            />
          </FormGroup>
          <FormGroup label="City" labelFor="team-city" intent={intentOf(errors.cityId)} helperText={errors.cityId}>
            <CitySuggest
              id="team-city"
              countryId={values.countryId}
              selectedId={values.cityId}
              intent={intentOf(errors.cityId)}
              onChange={(cityId) => change({ cityId }, ['cityId'])}
            />
          </FormGroup>
          <DateField
            id="team-active-from"
            label="Active from"
            value={values.activeFrom}
            error={errors.activeFrom}
            onChange={(activeFrom) => change({ activeFrom }, ['activeFrom', 'activeTo'])}
          />
          <DateField
            id="team-active-to"
            label="Active to"
            value={values.activeTo}
            error={errors.activeTo}
            onChange={(activeTo) => change({ activeTo }, ['activeFrom', 'activeTo'])}
          />
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
            id="team-is-pro"
            label="Professional"
            checked={values.isPro}
            onChange={(event) => change({ isPro: event.currentTarget.checked }, [])}
          />
          <LogoUpload
            id="team-logo"
            value={values.logo}
            error={errors.logo}
            onChange={(logo) => change({ logo }, ['logo'])}
          />
    </DrawerForm>
  );
}
