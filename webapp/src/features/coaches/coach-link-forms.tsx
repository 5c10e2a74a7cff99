import { ClubLinkForm } from '@/components/person-pages/club-link-form';
import { COACH_TEAM_ROW, TeamRowForm } from '@/components/memberships/team-row-fields';
import { coachTeamRowInput, emptyCoachTeamRow } from '@/components/memberships/team-rows';
import { addClubCoach, addTeamCoach, CLUB_MANAGER_SAVED } from '@/lib/memberships-api';

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
      successText={CLUB_MANAGER_SAVED}
      {...form}
    />
  );
}

/** Adds an existing club manager to a team's bench (POST /api/TeamCoaches). */
export function CoachTeamForm({ coachId, ...form }: LinkFormProps) {
  return (
    <TeamRowForm
      kind={COACH_TEAM_ROW}
      idPrefix="coach-team"
      initial={emptyCoachTeamRow()}
      save={(row) => addTeamCoach({ ...coachTeamRowInput(row), coachId })}
      successText={CLUB_MANAGER_SAVED}
      {...form}
    />
  );
}
