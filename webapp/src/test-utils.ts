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

const person = (name: string, surname: string) => ({ name, surname });

/**
 * The same match as its details give it: Partizan's caps 1 (keeper Novak Đurić) and 7 (Marko
 * Marković), Zvezda's caps 1 (keeper Petar Petrović) and 5 (Luka Lukić), a head coach each, a
 * referee who confirmed the log and a delegate who did not.
 */
export function matchDetailOf(overrides: Partial<Schemas['Match']> = {}): Schemas['Match'] {
  const player = (id: number, teamId: number, slot: number, cap: number, name: string, surname: string): Schemas['MatchPlayerView'] => ({
    id: id + 1000,
    matchId: 900,
    teamId,
    playerId: id,
    number: slot,
    capNumber: cap,
    positionId: slot === 1 || slot === 13 ? 400 : 401,
    player: person(name, surname),
  });
  return matchOf({
    description: 'Derby',
    number: 'G-12',
    countryId: 1,
    country: { id: 1, name: 'Srbija', nameUniversal: 'Serbia' },
    cityId: 10,
    city: { id: 10, name: 'Beograd', nameUniversal: 'Belgrade' },
    endDate: null,
    federationId: 1,
    players: [
      player(501, 31, 1, 1, 'Novak', 'Đurić'),
      player(507, 31, 7, 7, 'Marko', 'Marković'),
      player(601, 32, 1, 1, 'Petar', 'Petrović'),
      player(605, 32, 5, 5, 'Luka', 'Lukić'),
    ],
    coaches: [
      { id: 71, matchId: 900, teamId: 31, coachId: 81, roleId: 500, coach: person('Dejan', 'Savić') },
      { id: 72, matchId: 900, teamId: 32, coachId: 82, roleId: 501, coach: person('Uroš', 'Stevanović') },
    ],
    officials: [
      { id: 91, matchId: 900, officialId: 61, roleId: 600, confirmed: true, confirmedAt: '2025-10-04T20:00:00Z', official: person('Zoran', 'Sudija') },
      { id: 92, matchId: 900, officialId: 62, roleId: 601, confirmed: false, official: person('Ana', 'Delegat') },
    ],
    ...overrides,
  });
}

/** Statistics with every figure 0; `shots` and the others override parts. */
export function statsOf(overrides: { goals?: number; totalShots?: number; assisted?: number; exclusions?: number; saves?: number } = {}): Schemas['Stats'] {
  const count = { shots: 0, goals: 0, missed: 0 };
  const byType = { exclusion: 0, suspension: 0, brutality: 0, penalty: 0 };
  const turnovers = { lostBall: 0, offensiveFoul: 0, ballUnder: 0, clockExpired: 0 };
  const goals = overrides.goals ?? 0;
  const totalShots = overrides.totalShots ?? goals;
  return {
    matches: 1,
    shots: {
      totalShots,
      goals,
      missed: totalShots - goals,
      assisted: overrides.assisted ?? 0,
      blocked: 0,
      blocks: 0,
      saved: 0,
      saves: overrides.saves ?? 0,
      byAction: { regularAttack: count, penalty: count, powerPlay: count, penaltyShootout: count },
      directFromFoul: count,
      fastBreak: count,
    },
    swimoffs: { totalWins: 0, totalLoses: 0 },
    turnovers: { lost: 0, won: 0, lostByType: turnovers, wonByType: turnovers },
    exclusions: { total: overrides.exclusions ?? 0, drawnTotal: 0, byType, drawnByType: byType },
  };
}
