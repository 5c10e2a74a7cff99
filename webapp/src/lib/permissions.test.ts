import { describe, expect, it } from 'vitest';
import { ACTIONS, ALL_ROLES, can, type Module, PERMISSIONS, profileRoles, type Role } from '@/lib/permissions';

/**
 * Spec 01 §6 (with spec 02 §6 for matches, match log and competition teams), transcribed as
 * written: Read | Create | Update | Delete. 'all' is every role; '-' is nobody but admin. The
 * table under test is generated from the domain's, so this checks the domain against the spec.
 */
const SPEC_TABLE = `
Federations      | all                              | admin                       | admin, federation                  | admin
FederationRoles  | admin, federation                | admin, federation           | admin, federation                  | admin, federation
Clubs            | all                              | admin, federation           | admin, federation, club            | admin, federation
Teams            | all                              | admin, federation, club     | admin, federation, club, coach     | admin, federation, club
Competitions     | all                              | admin, federation           | admin, federation                  | admin, federation
CompetitionTeams | admin, federation                | admin, federation           | admin, federation                  | admin, federation
Matches          | all                              | admin, federation           | admin, federation, official        | admin, federation
MatchLog         | all                              | admin, federation, official | admin, federation, official        | admin, federation, official
Coaches          | admin, federation, club, official| admin, federation, club     | admin, federation, club            | admin, federation, club
Officials        | admin, federation, official      | admin, federation           | admin, federation, official        | admin, federation
Players          | all                              | admin, federation, club, coach | admin, federation, club, coach  | admin, federation, club, coach
Persons          | all                              | admin, federation, club, coach | all                             | admin
Users            | admin                            | admin                       | admin                              | admin
Cities           | all                              | admin                       | admin                              | admin
Dashboard        | all                              | -                           | -                                  | -
`;

function parseRoles(cell: string): Role[] {
  const text = cell.trim();
  if (text === 'all') return [...ALL_ROLES];
  if (text === '-') return [];
  return text.split(',').map((name) => {
    const role = ALL_ROLES.find((candidate) => candidate.toLowerCase() === name.trim());
    if (!role) throw new Error(`unknown role ${name}`);
    return role;
  });
}

const rows = SPEC_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [module, ...cells] = line.split('|');
    return { module: module!.trim() as Module, grants: cells.map(parseRoles) };
  });

const cases = rows.flatMap(({ module, grants }) =>
  ACTIONS.flatMap((action, index) =>
    ALL_ROLES.map((role) => ({
      module,
      action,
      role,
      allowed: role === 'Admin' || grants[index]!.includes(role),
    })),
  ),
);

describe('the permission table', () => {
  it('covers every module of the spec exactly once, and reference data beyond it', () => {
    expect([...rows.map((row) => row.module), 'ReferenceData'].sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it('lets everyone signed in read reference data and only admin write it', () => {
    expect(ALL_ROLES.every((role) => can([role], 'ReferenceData', 'Read'))).toBe(true);
    expect(ALL_ROLES.filter((role) => can([role], 'ReferenceData', 'Update'))).toEqual(['Admin']);
  });

  it.each(cases)('$role $action $module → $allowed', ({ module, action, role, allowed }) => {
    expect(can([role], module, action)).toBe(allowed);
  });

  it('lets admin do everything, also actions that no other role has', () => {
    expect(can(['Admin'], 'Dashboard', 'Delete')).toBe(true);
    expect(can(['Admin'], 'Users', 'Create')).toBe(true);
  });

  it('allows a user with several roles when any role allows', () => {
    expect(can(['Person'], 'Teams', 'Update')).toBe(false);
    expect(can(['Person', 'Coach'], 'Teams', 'Update')).toBe(true);
    expect(can(['Coach'], 'Coaches', 'Read')).toBe(false);
    expect(can(['Coach', 'Official'], 'Coaches', 'Read')).toBe(true);
  });

  it('allows nothing without roles', () => {
    expect(can([], 'Dashboard', 'Read')).toBe(false);
    expect(can([], 'Cities', 'Read')).toBe(false);
  });
});

describe('profileRoles', () => {
  const access = { admin: false, federations: [], clubs: [], teams: [], matches: [], officials: [] };

  it('is empty without a profile', () => {
    expect(profileRoles(null)).toEqual([]);
  });

  it("takes the profile's roles and adds Admin for the admin flag", () => {
    expect(profileRoles({ roles: ['Person', 'Official'], access })).toEqual(['Person', 'Official']);
    expect(profileRoles({ roles: [], access: { ...access, admin: true } })).toEqual(['Admin']);
    expect(profileRoles({ roles: ['Admin'], access: { ...access, admin: true } })).toEqual(['Admin']);
  });
});
