import { useSnapshot } from 'valtio';
import { type Profile, session } from '@/state/session';

/**
 * Whether a match is the user's own (the server's own-match condition): admins any, others a
 * match of a federation their access lists, or a match their access lists. The permission table
 * still decides the action itself (useCan).
 */
export function ownsMatch(
  profile: Profile | null | undefined,
  match: { id: number; federationId?: number | null } | null | undefined,
): boolean {
  if (!profile || !match) return false;
  if (profile.access.admin || profile.roles.includes('Admin')) return true;
  if (profile.access.matches.includes(match.id)) return true;
  return match.federationId !== null && match.federationId !== undefined && profile.access.federations.includes(match.federationId);
}

export function useOwnsMatch(match: { id: number; federationId?: number | null } | null | undefined): boolean {
  const { profile } = useSnapshot(session);
  return ownsMatch(profile as Profile | null, match);
}
