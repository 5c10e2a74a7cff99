/**
 * Which entities the signed-in user may change (DESIGN §5 own-entity condition, spec 01 §6: edit
 * and delete controls depend on the entity); the server applies the same rules. The permission
 * table still decides the action itself (useCan, useRowRights).
 */
import { useSnapshot } from 'valtio';
import { type Profile, session } from '@/state/session';

/** What belongs to a federation: admins any, others only the federations their access lists. */
export function ownsFederation(profile: Profile | null | undefined, federationId: number | null | undefined): boolean {
  if (!profile) return false;
  if (profile.access.admin || profile.roles.includes('Admin')) return true;
  return federationId !== null && federationId !== undefined && profile.access.federations.includes(federationId);
}

export function useOwnsFederation(federationId: number | null | undefined): boolean {
  const { profile } = useSnapshot(session);
  return ownsFederation(profile as Profile | null, federationId);
}

export type ClubOwner = { id: number; federationId?: number | null };
export type TeamOwner = { id: number; clubId: number; federationId?: number | null };

/** A club: an admin any, a federation account the clubs of its federations, a club account its own. */
export function ownsClub(profile: Profile | null | undefined, club: ClubOwner): boolean {
  const access = profile?.access;
  if (!access) return false;
  if (access.admin || access.clubs.includes(club.id)) return true;
  return club.federationId !== null && club.federationId !== undefined && access.federations.includes(club.federationId);
}

/** A team: the teams a coach coaches, and the teams of the clubs the user may change. */
export function ownsTeam(profile: Profile | null | undefined, team: TeamOwner): boolean {
  if (!profile) return false;
  return profile.access.teams.includes(team.id) || ownsClub(profile, { id: team.clubId, federationId: team.federationId });
}

/**
 * A match: admins any, others a match their access lists (an official's own matches) or a match
 * of a federation their access lists (the server's own-match condition).
 */
export function ownsMatch(
  profile: Profile | null | undefined,
  match: { id: number; federationId?: number | null } | null | undefined,
): boolean {
  if (!profile || !match) return false;
  return profile.access.matches.includes(match.id) || ownsFederation(profile, match.federationId);
}

export function useOwnsMatch(match: { id: number; federationId?: number | null } | null | undefined): boolean {
  const { profile } = useSnapshot(session);
  return ownsMatch(profile as Profile | null, match);
}
