/**
 * The clubs a signed-in user calls their own (issue #19), for the sidebar: a club account's club
 * (its profile's access) and the clubs a coach manages. The names come from the clubs' names
 * cache (`lookups`); a coach's clubs from their detail, or, when the coach may not read coaches
 * (the permission table gives the Coach role no Coaches read), from the teams they coach.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Schemas } from '@/api/types';
import type { OwnClub } from '@/app/menu';
import { getCoach } from '@/features/coaches/coaches-api';
import { getTeam } from '@/features/teams/teams-api';
import { can, profileRoles, type Role } from '@/lib/permissions';
import { loadClubs, lookups, type NamedItem } from '@/state/lookups';

/** What the own clubs are read from in the profile (a valtio snapshot of it will do). */
export interface ClubsProfile {
  readonly roles: readonly Role[];
  readonly coachId?: number | null;
  readonly access: { readonly admin: boolean; readonly clubs: readonly number[]; readonly teams: readonly number[] };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a local day, as the API writes dates. */
const isoDay = (day: Date) => `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;

/** The clubs a coach manages on `today`: their club links not yet ended, with the club's name. */
export function coachClubs(links: readonly Schemas['ClubCoach'][], today: Date): OwnClub[] {
  const day = isoDay(today);
  return links
    .filter((link) => (link.activeTo ?? '') === '' || link.activeTo! >= day)
    .filter((link) => (link.activeFrom ?? '') === '' || link.activeFrom! <= day)
    .flatMap((link) => (link.club ? [{ id: link.club.id, name: link.club.name }] : []));
}

/** The clubs of the teams a coach coaches. */
export const teamClubs = (teams: readonly Pick<Schemas['Team'], 'club'>[]): OwnClub[] =>
  teams.flatMap((team) => (team.club ? [{ id: team.club.id, name: team.club.name }] : []));

/**
 * The user's own clubs, each once, by name: the profile's clubs named from `names` (one not yet
 * named is left out until the names load), and a coach's clubs.
 */
export function ownClubs(
  profile: Pick<ClubsProfile, 'access'> | null,
  names: readonly NamedItem[],
  coaching: readonly OwnClub[],
): OwnClub[] {
  if (!profile) return [];
  const byId = new Map<number, OwnClub>();
  for (const id of profile.access.clubs) {
    const named = names.find((club) => club.id === id);
    if (named) byId.set(id, { id, name: named.name });
  }
  for (const club of coaching) if (!byId.has(club.id)) byId.set(club.id, club);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** What loading a coach's clubs needs of the profile, as a key that changes only with it. */
interface CoachingRequest {
  coachId: number;
  teams: number[];
  /** Whether the coach's own detail may be read; else the teams they coach name the clubs. */
  readsCoaches: boolean;
}

function coachingKey(profile: ClubsProfile | null): string | null {
  if (!profile || profile.coachId === null || profile.coachId === undefined) return null;
  const request: CoachingRequest = {
    coachId: profile.coachId,
    teams: [...profile.access.teams],
    readsCoaches: can(profileRoles(profile), 'Coaches', 'Read'),
  };
  return JSON.stringify(request);
}

/** Loads the clubs a coach manages. */
async function loadCoaching({ coachId, teams, readsCoaches }: CoachingRequest, today: Date): Promise<OwnClub[]> {
  if (readsCoaches) return coachClubs((await getCoach(coachId)).clubs, today);
  return teamClubs(await Promise.all(teams.map((id) => getTeam(id))));
}

/** The signed-in user's own clubs as `ownClubs` gives them, loading what they need once. */
export function useOwnClubs(profile: ClubsProfile | null): OwnClub[] {
  const { clubs: names } = useSnapshot(lookups);
  const needsNames = (profile?.access.clubs.length ?? 0) > 0;
  useEffect(() => {
    if (needsNames) void loadClubs();
  }, [needsNames]);

  const key = coachingKey(profile);
  const [coaching, setCoaching] = useState<{ key: string; clubs: OwnClub[] } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    // A failure only leaves the coach's clubs out of the menu.
    loadCoaching(JSON.parse(key) as CoachingRequest, new Date()).then(
      (clubs) => current && setCoaching({ key, clubs }),
      () => current && setCoaching({ key, clubs: [] }),
    );
    return () => {
      current = false;
    };
  }, [key]);

  const coached = coaching !== null && coaching.key === key ? coaching.clubs : null;
  return useMemo(() => ownClubs(profile, names, coached ?? []), [profile, names, coached]);
}
