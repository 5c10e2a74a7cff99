/**
 * Edit drawers of a team's memberships (/teams/:teamId/coaches/:coachId/edit and
 * /players/:playerId/edit): a club manager's role and period, a player's position, cap number
 * and period. The team stays as it is.
 */
import { Callout } from '@blueprintjs/core';
import { api } from '@/api/client';
import { useCodeList, useTeamChoices } from '@/components/profile-picker/choices';
import { RowForm } from '@/components/profile-picker/row-form';
import { CLUB_MANAGER_SAVED, PLAYER_SAVED } from '@/features/clubs/club-link-forms';
import { CoachTeamRowFields } from '@/features/coaches/coach-team-row-fields';
import { type CoachTeamRow, coachTeamRowErrors, coachTeamRowInput } from '@/features/coaches/coach-validation';
import { PlayerTeamRowFields } from '@/features/players/player-team-row-fields';
import { type PlayerTeamRow, playerTeamRowErrors, playerTeamRowInput } from '@/features/players/player-validation';
import type { TeamCoach, TeamPlayer } from '@/features/teams/teams-api';

interface EditProps<L> {
  link: L;
  onSaved: () => void;
  onCancel: () => void;
}

const who = (person: { name: string; surname: string } | null | undefined) => (
  <Callout compact icon="person" style={{ marginBottom: 12 }}>
    {person ? `${person.name} ${person.surname}` : ''}
  </Callout>
);

export function TeamCoachEditForm({ link, onSaved, onCancel }: EditProps<TeamCoach>) {
  const teams = useTeamChoices();
  const roles = useCodeList('/api/CoachRoles');
  const initial: CoachTeamRow = {
    teamId: link.teamId,
    roleId: link.roleId,
    activeFrom: link.activeFrom ?? '',
    activeTo: link.activeTo ?? '',
  };
  return (
    <RowForm
      initial={initial}
      validate={(row) => coachTeamRowErrors(row, '')}
      save={(row) => api.put<TeamCoach>(`/api/TeamCoaches/${link.id}`, { ...coachTeamRowInput(row), coachId: link.coachId })}
      successText={CLUB_MANAGER_SAVED}
      onSaved={onSaved}
      onCancel={onCancel}
      renderFields={(row, errors, change) => (
        <>
          {who(link.coach)}
          <CoachTeamRowFields
            idPrefix="team-coach"
            path=""
            row={row}
            teams={teams}
            roles={roles}
            takenIds={[]}
            errors={errors}
            onChange={change}
            fixed
          />
        </>
      )}
    />
  );
}

export function TeamPlayerEditForm({ link, onSaved, onCancel }: EditProps<TeamPlayer>) {
  const teams = useTeamChoices();
  const positions = useCodeList('/api/Positions');
  const initial: PlayerTeamRow = {
    teamId: link.teamId,
    positionId: link.positionId,
    capNumber: link.capNumber === null || link.capNumber === undefined ? '' : String(link.capNumber),
    activeFrom: link.activeFrom ?? '',
    activeTo: link.activeTo ?? '',
  };
  return (
    <RowForm
      initial={initial}
      validate={(row) => playerTeamRowErrors(row, '')}
      save={(row) => api.put<TeamPlayer>(`/api/TeamPlayers/${link.id}`, { ...playerTeamRowInput(row), playerId: link.playerId })}
      successText={PLAYER_SAVED}
      onSaved={onSaved}
      onCancel={onCancel}
      renderFields={(row, errors, change) => (
        <>
          {who(link.player)}
          <PlayerTeamRowFields
            idPrefix="team-player"
            path=""
            row={row}
            teams={teams}
            positions={positions}
            takenIds={[]}
            errors={errors}
            onChange={change}
            fixed
          />
        </>
      )}
    />
  );
}
