/**
 * Which teams the signed-in user may change: the teams a coach coaches, and the teams of the
 * clubs the user may change (see club-access.ts). The server applies the same rule.
 */
import { useSnapshot } from 'valtio';
import { useCan } from '@/state/use-can';
import { session } from '@/state/session';
import { ownsClub } from '@/features/clubs/club-access';

type Access = {
  readonly admin: boolean;
  readonly clubs: readonly number[];
  readonly federations: readonly number[];
  readonly teams: readonly number[];
};
type TeamOwner = { id: number; clubId: number; federationId?: number | null };

export function ownsTeam(access: Access | null | undefined, team: TeamOwner): boolean {
  if (!access) return false;
  return access.teams.includes(team.id) || ownsClub(access, { id: team.clubId, federationId: team.federationId });
}

/** Whether the user may edit and delete `team`: the module permission and the team being theirs. */
export function useTeamRights(): (team: TeamOwner) => { update: boolean; remove: boolean } {
  const { profile } = useSnapshot(session);
  const update = useCan('Teams', 'Update');
  const remove = useCan('Teams', 'Delete');
  return (team) => {
    const owned = ownsTeam(profile?.access, team);
    return { update: update && owned, remove: remove && owned };
  };
}
