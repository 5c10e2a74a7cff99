/**
 * Edit drawers of a team's memberships (/teams/:teamId/coaches/:coachId/edit and
 * /players/:playerId/edit): a club manager's role and period, a player's position, cap number
 * and period. The team stays as it is.
 */
import { COACH_TEAM_ROW, PLAYER_TEAM_ROW, TeamRowForm } from '@/components/memberships/team-row-fields';
import { coachTeamRowInput, periodOf, playerTeamRowInput } from '@/components/memberships/team-rows';
import {
  CLUB_MANAGER_SAVED,
  PLAYER_SAVED,
  type TeamCoach,
  type TeamPlayer,
  updateTeamCoach,
  updateTeamPlayer,
} from '@/lib/memberships-api';
import { fullName } from '@/lib/person-name';

interface EditProps<L> {
  link: L;
  onSaved: () => void;
  onCancel: () => void;
}

export function TeamCoachEditForm({ link, ...form }: EditProps<TeamCoach>) {
  return (
    <TeamRowForm
      kind={COACH_TEAM_ROW}
      idPrefix="team-coach"
      who={fullName(link.coach)}
      initial={{ teamId: link.teamId, roleId: link.roleId, ...periodOf(link) }}
      save={(row) => updateTeamCoach(link.id, { ...coachTeamRowInput(row), coachId: link.coachId })}
      successText={CLUB_MANAGER_SAVED}
      {...form}
    />
  );
}

export function TeamPlayerEditForm({ link, ...form }: EditProps<TeamPlayer>) {
  const capNumber = link.capNumber === null || link.capNumber === undefined ? '' : String(link.capNumber);
  return (
    <TeamRowForm
      kind={PLAYER_TEAM_ROW}
      idPrefix="team-player"
      who={fullName(link.player)}
      initial={{ teamId: link.teamId, positionId: link.positionId, capNumber, ...periodOf(link) }}
      save={(row) => updateTeamPlayer(link.id, { ...playerTeamRowInput(row), playerId: link.playerId })}
      successText={PLAYER_SAVED}
      {...form}
    />
  );
}
