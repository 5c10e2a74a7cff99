// Helpers for unit tests: a signed-in session without an identity server, and API fixtures.
import type { Schemas } from '@/api/types';
import type { Role } from '@/lib/permissions';
import { type Profile, session } from '@/state/session';

export function profileWith(roles: Role[], overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    email: 'someone@polodesk.test',
    name: 'Some One',
    typeId: roles.includes('Admin') ? 0 : 3,
    type: roles.includes('Admin') ? 'Admin' : 'Person',
    roles,
    access: {
      admin: roles.includes('Admin'),
      federations: [],
      clubs: [],
      teams: [],
      matches: [],
      officials: [],
    },
    ...overrides,
  };
}

/** Puts the session in the signed-in state for a user holding `roles`. */
export function signInAs(roles: Role[]): void {
  session.user = { subject: '1', name: 'Some One', accessToken: 'test-token', expiresAt: null };
  session.profile = profileWith(roles);
  session.status = 'signedIn';
}

export function signOutSession(): void {
  session.user = null;
  session.profile = null;
  session.status = 'signedOut';
}

/** A finished match as the details list it (Partizan 12–9 Zvezda in Prva liga); `overrides` change any field. */
export function matchOf(overrides: Partial<Schemas['Match']> = {}): Schemas['Match'] {
  return {
    id: 900,
    competitionId: 7,
    competitionDisplayName: 'Prva liga',
    homeTeamId: 31,
    homeTeamDisplayName: 'Partizan Seniori',
    awayTeamId: 32,
    awayTeamDisplayName: 'Zvezda Seniori',
    startDate: '2025-10-04T18:00:00Z',
    venue: 'Banjica',
    round: '1',
    status: 'Finished',
    statusId: 206,
    matchSegment: 'Quarter',
    matchSegmentId: 303,
    matchSegmentLength: 8,
    homeTeamGoalsQ1: 3,
    homeTeamGoalsQ2: 3,
    homeTeamGoalsQ3: 3,
    homeTeamGoalsQ4: 3,
    homeTeamGoalsOT: 0,
    homeTeamGoalsTotal: 12,
    awayTeamGoalsQ1: 2,
    awayTeamGoalsQ2: 2,
    awayTeamGoalsQ3: 2,
    awayTeamGoalsQ4: 3,
    awayTeamGoalsOT: 0,
    awayTeamGoalsTotal: 9,
    decidedByShootout: false,
    logClosed: true,
    revision: 1,
    referees: [{ name: 'Zoran', surname: 'Sudija' }],
    delegates: [],
    coaches: [],
    players: [],
    officials: [],
    ...overrides,
  };
}
