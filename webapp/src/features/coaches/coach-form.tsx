import { Classes, H5 } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { useClubChoices, useCodeList, useTeamChoices } from '@/components/profile-picker/choices';
import { serverFieldErrors, useShownErrors } from '@/components/profile-picker/form-errors';
import { ClubRowFields, MembershipRows } from '@/components/profile-picker/membership-rows';
import {
  CLUB_OR_TEAM_PATH,
  type ClubRow,
  EMPTY_CLUB_ROW,
  takenIds,
} from '@/components/profile-picker/membership-validation';
import { ProfilePicker } from '@/components/profile-picker/profile-picker';
import { showError, showSuccess } from '@/lib/toaster';
import { CoachTeamRowFields } from '@/features/coaches/coach-team-row-fields';
import { COACH_SAVED, type CoachDetail, createCoach } from '@/features/coaches/coaches-api';
import {
  coachInput,
  type CoachTeamRow,
  type CoachValues,
  emptyTeamRow,
  initialCoachValues,
  validateCoach,
} from '@/features/coaches/coach-validation';

export interface CoachFormProps {
  /** The team the form was opened from: its row is there from the start and stays. */
  fixedTeamId?: number;
  /** The club the form was opened from: its row is there from the start and stays. */
  fixedClubId?: number;
  onSaved: (coach: CoachDetail) => void;
  onCancel: () => void;
}

/**
 * Adds a club manager (POST /api/Coaches): a new or existing profile, and club and team rows
 * (at least one). Used by the Club Managers list and by the team and club pages.
 */
export function CoachForm({ fixedTeamId, fixedClubId, onSaved, onCancel }: CoachFormProps) {
  const clubs = useClubChoices();
  const teams = useTeamChoices();
  const roles = useCodeList('/api/CoachRoles');
  const [values, setValues] = useState<CoachValues>(() => initialCoachValues(fixedTeamId, fixedClubId));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = useShownErrors();
  const clientErrors = validateCoach(values);
  const shown = errors.shown(clientErrors);

  const update = (change: (current: CoachValues) => CoachValues, ...paths: string[]) => {
    setValues(change);
    setDirty(true);
    errors.touch(...paths);
  };

  const changeClub = (index: number, patch: Partial<ClubRow>) =>
    update(
      (current) => ({ ...current, clubs: current.clubs.map((row, i) => (i === index ? { ...row, ...patch } : row)) }),
      ...Object.keys(patch).map((field) => `clubs[${index}].${field}`),
    );
  const changeTeam = (index: number, patch: Partial<CoachTeamRow>) =>
    update(
      (current) => ({ ...current, teams: current.teams.map((row, i) => (i === index ? { ...row, ...patch } : row)) }),
      ...Object.keys(patch).map((field) => `teams[${index}].${field}`),
    );
  const removeRow = (list: 'clubs' | 'teams', index: number) => {
    errors.forget(list);
    update((current) => ({ ...current, [list]: current[list].filter((_, i) => i !== index) }), CLUB_OR_TEAM_PATH);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.showAll();
    if (Object.keys(clientErrors).length > 0) return;
    setSaving(true);
    try {
      const saved = await createCoach(coachInput(values));
      void showSuccess(COACH_SAVED);
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      errors.setServer(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  const isFixedClub = (row: ClubRow, index: number) => fixedClubId !== undefined && index === 0 && row.clubId === fixedClubId;
  const isFixedTeam = (row: CoachTeamRow, index: number) =>
    fixedTeamId !== undefined && index === 0 && row.teamId === fixedTeamId;

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <H5>Profile</H5>
          <ProfilePicker
            idPrefix="coach-profile"
            role="coach"
            value={values.profile}
            errors={shown}
            onChange={(profile, paths) => update((current) => ({ ...current, profile }), ...paths)}
          />
          <MembershipRows
            title="Clubs"
            rows={values.clubs}
            addText="Add club"
            onAdd={() => update((current) => ({ ...current, clubs: [...current.clubs, EMPTY_CLUB_ROW] }), CLUB_OR_TEAM_PATH)}
            onRemove={(index) => removeRow('clubs', index)}
            isFixed={isFixedClub}
            error={shown[CLUB_OR_TEAM_PATH]}
            renderRow={(row, index) => (
              <ClubRowFields
                idPrefix={`coach-clubs-${index}`}
                path={`clubs[${index}]`}
                row={row}
                clubs={clubs}
                takenIds={takenIds(values.clubs, index, (r) => r.clubId)}
                errors={shown}
                fixed={isFixedClub(row, index)}
                onChange={(patch) => changeClub(index, patch)}
              />
            )}
          />
          <MembershipRows
            title="Teams"
            rows={values.teams}
            addText="Add team"
            onAdd={() => update((current) => ({ ...current, teams: [...current.teams, emptyTeamRow()] }), CLUB_OR_TEAM_PATH)}
            onRemove={(index) => removeRow('teams', index)}
            isFixed={isFixedTeam}
            renderRow={(row, index) => (
              <CoachTeamRowFields
                idPrefix={`coach-teams-${index}`}
                path={`teams[${index}]`}
                row={row}
                teams={teams}
                roles={roles}
                takenIds={takenIds(values.teams, index, (r) => r.teamId)}
                errors={shown}
                fixed={isFixedTeam(row, index)}
                onChange={(patch) => changeTeam(index, patch)}
              />
            )}
          />
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
