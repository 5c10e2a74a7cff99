import { ClubLinkForm } from '@/components/person-pages/club-link-form';
import { useCodeList, useTeamChoices } from '@/components/profile-picker/choices';
import { RowForm } from '@/components/profile-picker/row-form';
import { addClubCoach, addTeamCoach, COACH_SAVED } from '@/features/coaches/coaches-api';
import { CoachTeamRowFields } from '@/features/coaches/coach-team-row-fields';
import { coachTeamRowErrors, coachTeamRowInput, emptyTeamRow } from '@/features/coaches/coach-validation';

interface LinkFormProps {
  coachId: number;
  /** The clubs or teams the coach already has: disabled in the picker. */
  takenIds: readonly number[];
  onSaved: () => void;
  onCancel: () => void;
}

/** Adds a club to an existing club manager (POST /api/ClubCoaches). */
export function CoachClubForm({ coachId, ...form }: LinkFormProps) {
  return (
    <ClubLinkForm
      idPrefix="coach-club"
      save={(input) => addClubCoach({ ...input, coachId })}
      successText={COACH_SAVED}
      {...form}
    />
  );
}

/** Adds an existing club manager to a team's bench (POST /api/TeamCoaches). */
export function CoachTeamForm({ coachId, takenIds, onSaved, onCancel }: LinkFormProps) {
  const teams = useTeamChoices();
  const roles = useCodeList('/api/CoachRoles');
  return (
    <RowForm
      initial={emptyTeamRow()}
      validate={(row) => coachTeamRowErrors(row, '')}
      save={(row) => addTeamCoach({ ...coachTeamRowInput(row), coachId })}
      successText={COACH_SAVED}
      onSaved={onSaved}
      onCancel={onCancel}
      renderFields={(row, errors, change) => (
        <div className="pd-membership-row-fields">
          <CoachTeamRowFields
            idPrefix="coach-team"
            path=""
            row={row}
            teams={teams}
            roles={roles}
            takenIds={takenIds}
            errors={errors}
            onChange={change}
          />
        </div>
      )}
    />
  );
}
