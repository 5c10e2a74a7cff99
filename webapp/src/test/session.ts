// A signed-in session for unit tests, without an identity server.
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
    twoStepDue: false,
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
