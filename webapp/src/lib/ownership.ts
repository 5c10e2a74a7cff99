/**
 * Which entities the signed-in user may change (DESIGN §5 own-entity condition, spec 01 §6: edit
 * and delete controls depend on the entity); the server applies the same rules. The permission
 * table still decides the action itself (useCan, useRowRights).
 */
import { useEffect, useMemo, useRef } from 'react';
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

// ---------------------------------------------------------------------------------------------
// What the pickers offer (issue #19): only what the server lets the user choose, so a choice is
// never refused after Save. The rules mirror the server's `access/ownership.rs`, `clubs::update`
// and `matches::update`.

/**
 * Where a club or competition may be placed and a match scheduled (the server's
 * `check_federation` and `check_competition`): an admin and a user without federations anywhere,
 * federation staff in their own federations only.
 */
export function mayPlaceIn(profile: Profile, federationId: number | null | undefined): boolean {
  const { admin, federations } = profile.access;
  if (admin || federations.length === 0) return true;
  return federationId !== null && federationId !== undefined && federations.includes(federationId);
}

/** A federation a club or competition picker offers (`mayPlaceIn`). */
export const mayChooseFederation = (profile: Profile, federation: { id: number }) => mayPlaceIn(profile, federation.id);

/** A competition a match picker offers: one of a federation the user may schedule in (`mayPlaceIn`). */
export const mayChooseCompetition = (profile: Profile, competition: { federationId?: number | null }) =>
  mayPlaceIn(profile, competition.federationId);

/** A federation an official may be given roles in: an owned one (the server's `check_owners`). */
export const mayGiveRolesIn = (profile: Profile, federation: { id: number }) => ownsFederation(profile, federation.id);

/**
 * Whether the user may move a club to another federation, or a match to another competition or
 * other teams: admins and federation staff. A club account keeps its club where it is, an
 * official the match they are given (`clubs::update`, `matches::update`).
 */
export function mayReassign(profile: Profile): boolean {
  return profile.access.admin || profile.access.federations.length > 0;
}

/**
 * Whether the user may move a team to another club: whoever may field teams for a club (admins,
 * federation staff, club accounts); a coach keeps the teams they coach in their club
 * (`check_club`).
 */
export function mayMoveTeam(profile: Profile): boolean {
  const { admin, federations, clubs } = profile.access;
  return admin || federations.length > 0 || clubs.length > 0;
}

/**
 * The one federation a non-admin may choose, when their access lists exactly one (a federation
 * account): a new record starts in it.
 */
export function soleFederation(profile: Profile | null | undefined): number | undefined {
  if (!profile || profile.access.admin) return undefined;
  const { federations } = profile.access;
  return federations.length === 1 ? federations[0] : undefined;
}

/** The one club a club account may choose (no federation and exactly one club in its access). */
export function soleClub(profile: Profile | null | undefined): number | undefined {
  if (!profile || profile.access.admin || profile.access.federations.length > 0) return undefined;
  const { clubs } = profile.access;
  return clubs.length === 1 ? clubs[0] : undefined;
}

/**
 * The items a picker offers: those `may` allows the user, in their order. The item already chosen
 * (`keepId`) stays, so an edited record still shows its own. Without a profile (nobody signed in
 * yet) nothing is held back: the server decides.
 */
export function choosable<T extends { id: number }>(
  profile: Profile | null | undefined,
  items: readonly T[],
  may: (profile: Profile, item: T) => boolean,
  keepId?: number | null,
): T[] {
  if (!profile) return [...items];
  return items.filter((item) => item.id === keepId || may(profile, item));
}

/**
 * The item a new record starts with: the only one the rules leave a non-admin (an admin, whom
 * nothing is held back from, chooses for themselves); none while loading or with several.
 */
export function onlyChoice<T>(profile: Profile | null | undefined, items: readonly T[] | null | undefined): T | undefined {
  if (!profile || profile.access.admin) return undefined;
  return items?.length === 1 ? items[0] : undefined;
}

/** The signed-in user's profile, for the rules above. */
export function useProfile(): Profile | null {
  return useSnapshot(session).profile as Profile | null;
}

/**
 * A picker's server search (`findClubs`, `findFederations`) answering only what `may` lets the
 * signed-in user choose; it keeps its identity while the profile stays, as the pickers need.
 */
export function useChoosableSearch<T extends { id: number }>(
  search: (query: string) => Promise<T[]>,
  may: (profile: Profile, item: T) => boolean,
): (query: string) => Promise<T[]> {
  const profile = useProfile();
  return useMemo(() => async (query: string) => choosable(profile, await search(query), may), [profile, search, may]);
}

/** Why a locked picker cannot be changed, under it. */
export const LOCKED_NOTES = {
  clubFederation: 'Only federation staff move a club to another federation.',
  teamClub: 'Only club and federation staff move a team to another club.',
  matchFixture: 'Only federation staff move a match to another competition or change its teams.',
} as const;

/**
 * Starts a new record with the only choice of a picker (`onlyChoice`) once its list has loaded:
 * `apply` gets it. Pass null (an edited record, a value already there) to leave the form alone.
 */
export function useOnlyChoice<T extends { id: number }>(items: readonly T[] | null | undefined, apply: (item: T) => void): void {
  const only = onlyChoice(useProfile(), items);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  const onlyId = only?.id;
  useEffect(() => {
    if (only !== undefined) applyRef.current(only);
    // The id says when there is something new to apply.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyId]);
}
