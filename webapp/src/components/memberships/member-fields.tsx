import { H5 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useClubChoices } from '@/components/profile-picker/choices';
import { ClubRows } from '@/components/profile-picker/membership-rows';
import { CLUB_OR_TEAM_PATH, type ClubRow, EMPTY_CLUB_ROW, untaken } from '@/components/profile-picker/membership-validation';
import { ProfilePicker, type ProfileValue } from '@/components/profile-picker/profile-picker';
import { type TeamRowKind, TeamRows } from '@/components/memberships/team-row-fields';
import type { MemberValues } from '@/components/memberships/member-values';
import type { FormErrors } from '@/lib/form-errors';
import { onlyChoice, useProfile } from '@/lib/ownership';

/** What the member fields use of the form (`useEntityForm`) of a coach or player. */
interface MemberForm<R> {
  values: MemberValues<R>;
  errors: FormErrors;
  change(patch: { profile: ProfileValue }, paths: readonly string[]): void;
  addRow(list: 'clubs', row: ClubRow, ...paths: string[]): void;
  addRow(list: 'teams', row: R, ...paths: string[]): void;
  removeRow(list: 'clubs' | 'teams', index: number, ...paths: string[]): void;
  changeRow(list: 'clubs', index: number, patch: Partial<ClubRow>): void;
  changeRow(list: 'teams', index: number, patch: Partial<R>): void;
}

interface MemberFieldsProps<R> {
  form: MemberForm<NoInfer<R>>;
  role: 'coach' | 'player';
  kind: TeamRowKind<R>;
  /** The team the form was opened from: its row is there from the start and stays. */
  fixedTeamId?: number;
  /** The club the form was opened from: its row is there from the start and stays. */
  fixedClubId?: number;
  /** Shown between the profile and the rows (a player's information). */
  children?: ReactNode;
}

/**
 * The fields of a new club manager or player: a new or existing profile, then club and team rows
 * (at least one, spec 01 §5). Adding or removing a row updates the "at least one" message.
 */
export function MemberFields<R extends { teamId: number | null }>({ form, role, kind, fixedTeamId, fixedClubId, children }: MemberFieldsProps<R>) {
  const clubs = useClubChoices();
  const user = useProfile();
  const { values, errors } = form;
  // A new row starts with the only club left to choose.
  const nextClubId = onlyChoice(user, untaken(clubs, values.clubs, (row) => row.clubId))?.id ?? null;
  return (
    <>
      <H5>Profile</H5>
      <ProfilePicker
        idPrefix={`${role}-profile`}
        role={role}
        value={values.profile}
        errors={errors}
        onChange={(profile, paths) => form.change({ profile }, paths)}
      />
      {children}
      <ClubRows
        idPrefix={role}
        rows={values.clubs}
        clubs={clubs}
        errors={errors}
        fixedClubId={fixedClubId}
        onAdd={() => form.addRow('clubs', { ...EMPTY_CLUB_ROW, clubId: nextClubId }, CLUB_OR_TEAM_PATH)}
        onRemove={(index) => form.removeRow('clubs', index, CLUB_OR_TEAM_PATH)}
        onChange={(index, patch) => form.changeRow('clubs', index, patch)}
      />
      <TeamRows
        kind={kind}
        idPrefix={role}
        rows={values.teams}
        errors={errors}
        fixedTeamId={fixedTeamId}
        onAdd={(row) => form.addRow('teams', row, CLUB_OR_TEAM_PATH)}
        onRemove={(index) => form.removeRow('teams', index, CLUB_OR_TEAM_PATH)}
        onChange={(index, patch) => form.changeRow('teams', index, patch)}
      />
    </>
  );
}
