/**
 * Which clubs the signed-in user may change (spec 01 §6: edit and delete controls depend on the
 * entity): an admin any, a federation account the clubs of its federations, a club account its
 * own clubs. The server applies the same rule.
 */
import { useSnapshot } from 'valtio';
import { useCan } from '@/state/use-can';
import { session } from '@/state/session';

type Access = {
  readonly admin: boolean;
  readonly clubs: readonly number[];
  readonly federations: readonly number[];
  readonly teams: readonly number[];
};

export function ownsClub(
  access: Access | null | undefined,
  club: { id: number; federationId?: number | null },
): boolean {
  if (!access) return false;
  if (access.admin || access.clubs.includes(club.id)) return true;
  return club.federationId !== null && club.federationId !== undefined && access.federations.includes(club.federationId);
}

/** Whether the user may edit and delete `club`: the module permission and the club being theirs. */
export function useClubRights(): (club: { id: number; federationId?: number | null }) => { update: boolean; remove: boolean } {
  const { profile } = useSnapshot(session);
  const update = useCan('Clubs', 'Update');
  const remove = useCan('Clubs', 'Delete');
  return (club) => {
    const owned = ownsClub(profile?.access, club);
    return { update: update && owned, remove: remove && owned };
  };
}
