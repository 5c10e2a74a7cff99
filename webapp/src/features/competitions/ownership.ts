import { useSnapshot } from 'valtio';
import { type Profile, session } from '@/state/session';

/**
 * Whether the signed-in user may change what belongs to a federation (DESIGN §5 own-entity
 * condition, which the server enforces): admins any, others only the federations their access
 * lists. The permission table still decides the action itself (useCan).
 */
export function ownsFederation(profile: Profile | null | undefined, federationId: number | null | undefined): boolean {
  if (!profile) return false;
  if (profile.access.admin || profile.roles.includes('Admin')) return true;
  return federationId !== null && federationId !== undefined && profile.access.federations.includes(federationId);
}

export function useOwnsFederation(federationId: number | null | undefined): boolean {
  const { profile } = useSnapshot(session);
  return ownsFederation(profile as Profile | null, federationId);
}
