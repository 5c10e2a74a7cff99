import { H5 } from '@blueprintjs/core';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { useClubChoices, useCodeList, useTeamChoices } from '@/components/profile-picker/choices';
import { ClubRowFields, MembershipRows } from '@/components/profile-picker/membership-rows';
import {
  CLUB_OR_TEAM_PATH,
  type ClubRow,
  EMPTY_CLUB_ROW,
  takenIds,
} from '@/components/profile-picker/membership-validation';
import { ProfilePicker } from '@/components/profile-picker/profile-picker';
import { useEntityForm } from '@/lib/use-entity-form';
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
  const form = useEntityForm({
    initial: () => initialCoachValues(fixedTeamId, fixedClubId),
    validate: validateCoach,
    save: (values: CoachValues) => createCoach(coachInput(values)),
    successText: COACH_SAVED,
    onSaved,
  });
  const { values, errors: shown, update, changeRow, addRow, removeRow } = form;

  const isFixedClub = (row: ClubRow, index: number) => fixedClubId !== undefined && index === 0 && row.clubId === fixedClubId;
  const isFixedTeam = (row: CoachTeamRow, index: number) =>
    fixedTeamId !== undefined && index === 0 && row.teamId === fixedTeamId;

  return (
    <DrawerForm form={form} onCancel={onCancel}>
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
            onAdd={() => addRow('clubs', EMPTY_CLUB_ROW, CLUB_OR_TEAM_PATH)}
            onRemove={(index) => removeRow('clubs', index, CLUB_OR_TEAM_PATH)}
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
                onChange={(patch) => changeRow('clubs', index, patch)}
              />
            )}
          />
          <MembershipRows
            title="Teams"
            rows={values.teams}
            addText="Add team"
            onAdd={() => addRow('teams', emptyTeamRow(), CLUB_OR_TEAM_PATH)}
            onRemove={(index) => removeRow('teams', index, CLUB_OR_TEAM_PATH)}
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
                onChange={(patch) => changeRow('teams', index, patch)}
              />
            )}
          />
    </DrawerForm>
  );
}
