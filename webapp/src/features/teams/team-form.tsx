import { HTMLSelect } from '@blueprintjs/core';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { SameNameWarning } from '@/components/same-name/same-name-warning';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { useEntityForm } from '@/lib/use-entity-form';
import { allTeams, findClubs, getClubRef } from '@/lib/entity-refs';
import {
  CategorySuggest,
  EntitySuggest,
  PickerField,
  useCategories,
  useFixedRef,
} from '@/components/entity-pickers/entity-pickers';
import { CheckField, Field, intentOf } from '@/components/form-fields/form-fields';
import { LOCKED_NOTES, mayMoveTeam, ownsClub, soleClub, useChoosableSearch, useProfile } from '@/lib/ownership';
import { ActiveFields, PlaceFields, TextFields } from '@/components/org-fields/org-fields';
import { CONTACT_KEYS } from '@/lib/text-values';
import { createTeam, type Gender, type Team, updateTeam } from '@/features/teams/teams-api';
import {
  initialTeamValues,
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

const GENDERS: { value: Gender | ''; label: string }[] = [
  { value: '', label: "The category's" },
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
  { value: 'Mixed', label: 'Mixed' },
];

/** The team drawer's form (spec 01 §3 Team, §5 Team). */
export function TeamForm({ team, fixedClubId, onSaved, onCancel }: TeamFormProps) {
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

  // A supplied club is looked up for its name; it cannot be changed. A new team of a club
  // account starts in its club.
  const profile = useProfile();
  const creating = team === undefined;
  useFixedRef(fixedClubId ?? (creating ? soleClub(profile) : undefined), getClubRef, 'Club', (club) => preset({ club }));
  // Only the clubs the user may field teams for; a coach keeps the team in its club.
  const searchClubs = useChoosableSearch(findClubs, ownsClub);
  const kept = !creating && profile !== null && !mayMoveTeam(profile);

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <TextFields form={form} idPrefix="team" keys={['name', 'nameUniversal', 'shortName', 'description']} />
      <SameNameWarning what="team" path="/teams" names={[values.name, values.nameUniversal]} list={allTeams} ignoreId={team?.id} />
      <PickerField id="team-club" label="Club" required error={errors.clubId} note={kept ? LOCKED_NOTES.teamClub : undefined}>
        <EntitySuggest
          id="team-club"
          kind="club"
          selected={values.club}
          search={searchClubs}
          disabled={fixedClubId !== undefined || kept}
          intent={intentOf(errors.clubId)}
          onChange={(club) => change({ club }, ['clubId'])}
        />
      </PickerField>
      <Field id="team-category" label="Category" required error={errors.categoryId}>
        <CategorySuggest
          id="team-category"
          categories={categories}
          selectedId={values.categoryId}
          intent={intentOf(errors.categoryId)}
          onChange={(categoryId) => change({ categoryId }, ['categoryId'])}
        />
      </Field>
      <Field id="team-gender" label="Gender" error={errors.gender}>
        <HTMLSelect
          id="team-gender"
          fill
          value={values.gender}
          options={GENDERS}
          onChange={(event) => change({ gender: event.currentTarget.value as Gender | '' }, ['gender'])}
        />
      </Field>
      <PlaceFields form={form} idPrefix="team" />
      <ActiveFields form={form} idPrefix="team" />
      <TextFields form={form} idPrefix="team" keys={['venue', ...CONTACT_KEYS]} />
      <CheckField id="team-is-pro" label="Professional" checked={values.isPro} onChange={(isPro) => change({ isPro }, [])} />
      <LogoUpload id="team-logo" value={values.logo} error={errors.logo} onChange={(logo) => change({ logo })} />
    </DrawerForm>
  );
}
