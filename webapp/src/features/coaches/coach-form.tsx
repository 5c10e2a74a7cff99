import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { MemberFields } from '@/components/memberships/member-fields';
import { initialMemberValues, memberErrors, memberInput, type MemberValues } from '@/components/memberships/member-values';
import { COACH_TEAM_ROW } from '@/components/memberships/team-row-fields';
import { type CoachTeamRow, coachTeamRowErrors, coachTeamRowInput, emptyCoachTeamRow } from '@/components/memberships/team-rows';
import { CLUB_MANAGER_SAVED } from '@/lib/memberships-api';
import { useEntityForm } from '@/lib/use-entity-form';
import { type CoachDetail, createCoach } from '@/features/coaches/coaches-api';

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
  const form = useEntityForm({
    initial: () => initialMemberValues(emptyCoachTeamRow, fixedTeamId, fixedClubId),
    validate: (values: MemberValues<CoachTeamRow>) => memberErrors(values, 'coach', coachTeamRowErrors),
    save: (values: MemberValues<CoachTeamRow>) => createCoach(memberInput(values, coachTeamRowInput)),
    successText: CLUB_MANAGER_SAVED,
    onSaved,
  });
  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <MemberFields form={form} role="coach" kind={COACH_TEAM_ROW} fixedTeamId={fixedTeamId} fixedClubId={fixedClubId} />
    </DrawerForm>
  );
}
