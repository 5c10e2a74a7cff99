import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { SameNameWarning } from '@/components/same-name/same-name-warning';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { useEntityForm } from '@/lib/use-entity-form';
import { allClubs, type EntityRef, findFederations, getFederationRef } from '@/lib/entity-refs';
import { type Club, createClub, updateClub } from '@/features/clubs/clubs-api';
import {
  type ClubValues,
  clubInput,
  initialClubValues,
  validateClub,
} from '@/features/clubs/club-validation';
import {
  CategoryMultiSelect,
  EntitySuggest,
  PickerField,
  useCategories,
  useFixedRef,
} from '@/components/entity-pickers/entity-pickers';
import { CheckField, Field, intentOf } from '@/components/form-fields/form-fields';
import { LOCKED_NOTES, mayChooseFederation, mayReassign, soleFederation, useChoosableSearch, useProfile } from '@/lib/ownership';
import { ActiveFields, PlaceFields, TextFields } from '@/components/org-fields/org-fields';
import { CONTACT_KEYS } from '@/lib/text-values';

export interface ClubFormProps {
  /** The club being edited (its details, with the logo); none when adding one. */
  club?: Club;
  /** A federation the new club belongs to; the Federation field is then locked. */
  fixedFederationId?: number;
  onSaved: (club: Club) => void;
  onCancel: () => void;
}

/** The club drawer's form (spec 01 §2 "Club drawer fields", §5 Club). */
export function ClubForm({ club, fixedFederationId, onSaved, onCancel }: ClubFormProps) {
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

  // A supplied federation is looked up for its name; it cannot be changed. A new club of a
  // federation account starts in its one federation.
  const profile = useProfile();
  const startIn = fixedFederationId ?? (creating ? soleFederation(profile) : undefined);
  useFixedRef(startIn, getFederationRef, 'Federation', (federation) => preset({ federation }));
  // Federation staff are offered their own federations; a club account keeps its club where it is.
  const searchFederations = useChoosableSearch(findFederations, mayChooseFederation);
  const kept = !creating && profile !== null && !mayReassign(profile);

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <TextFields form={form} idPrefix="club" keys={['name', 'nameUniversal', 'shortName', 'description']} />
      <SameNameWarning what="club" path="/clubs" names={[values.name, values.nameUniversal]} list={allClubs} ignoreId={club?.id} />
      <PlaceFields form={form} idPrefix="club" />
      <PickerField id="club-federation" label="Federation" error={errors.federationId} note={kept ? LOCKED_NOTES.clubFederation : undefined}>
        <EntitySuggest
          id="club-federation"
          kind="federation"
          selected={values.federation}
          search={searchFederations}
          disabled={fixedFederationId !== undefined || kept}
          intent={intentOf(errors.federationId)}
          onChange={(federation: EntityRef) => change({ federation }, ['federationId'])}
        />
      </PickerField>
      {creating && (
        <Field id="club-categories" label="Categories" error={errors.teamCategories}>
          <CategoryMultiSelect
            id="club-categories"
            categories={categories}
            selectedIds={values.teamCategories}
            onChange={(teamCategories) => change({ teamCategories })}
          />
        </Field>
      )}
      <ActiveFields form={form} idPrefix="club" />
      <TextFields form={form} idPrefix="club" keys={['president', 'venue', ...CONTACT_KEYS]} />
      <CheckField id="club-is-pro" label="Professional" checked={values.isPro} onChange={(isPro) => change({ isPro })} />
      <LogoUpload id="club-logo" value={values.logo} error={errors.logo} onChange={(logo) => change({ logo })} />
    </DrawerForm>
  );
}
