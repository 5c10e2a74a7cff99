/**
 * The permission table of spec 01 §6 and spec 02 §6 as data: module × action → roles. The
 * server enforces the same table (and, beyond it, the own-entity condition); the web app only
 * mirrors it to hide what the user may not do.
 */
import type { Schemas } from '@/api/types';

/** Role names (spec 01 §3), as the profile lists them. */
export type Role = Schemas['Profile']['roles'][number];

export const ALL_ROLES: readonly Role[] = ['Admin', 'Federation', 'Club', 'Person', 'Coach', 'Official'];

export type Module =
  | 'Dashboard'
  | 'Federations'
  | 'FederationRoles'
  | 'Clubs'
  | 'Teams'
  | 'Competitions'
  | 'CompetitionTeams'
  | 'Matches'
  | 'MatchLog'
  | 'Coaches'
  | 'Officials'
  | 'Players'
  | 'Persons'
  | 'Users'
  | 'Cities';

export type Action = 'Read' | 'Create' | 'Update' | 'Delete';

export const ACTIONS: readonly Action[] = ['Read', 'Create', 'Update', 'Delete'];

type Grants = Readonly<Record<Action, readonly Role[]>>;

const ADMIN: readonly Role[] = ['Admin'];
const ALL = ALL_ROLES;
const ADMIN_FEDERATION: readonly Role[] = ['Admin', 'Federation'];

/** Who may do what. Admin is listed everywhere and is also allowed by `can` regardless. */
export const PERMISSIONS: Readonly<Record<Module, Grants>> = {
  Dashboard: { Read: ALL, Create: [], Update: [], Delete: [] },
  Federations: { Read: ALL, Create: ADMIN, Update: ADMIN_FEDERATION, Delete: ADMIN },
  FederationRoles: {
    Read: ADMIN_FEDERATION,
    Create: ADMIN_FEDERATION,
    Update: ADMIN_FEDERATION,
    Delete: ADMIN_FEDERATION,
  },
  Clubs: {
    Read: ALL,
    Create: ADMIN_FEDERATION,
    Update: ['Admin', 'Federation', 'Club'],
    Delete: ADMIN_FEDERATION,
  },
  Teams: {
    Read: ALL,
    Create: ['Admin', 'Federation', 'Club'],
    Update: ['Admin', 'Federation', 'Club', 'Coach'],
    Delete: ['Admin', 'Federation', 'Club'],
  },
  Competitions: { Read: ALL, Create: ADMIN_FEDERATION, Update: ADMIN_FEDERATION, Delete: ADMIN_FEDERATION },
  CompetitionTeams: {
    Read: ADMIN_FEDERATION,
    Create: ADMIN_FEDERATION,
    Update: ADMIN_FEDERATION,
    Delete: ADMIN_FEDERATION,
  },
  Matches: {
    Read: ALL,
    Create: ADMIN_FEDERATION,
    Update: ['Admin', 'Federation', 'Official'],
    Delete: ADMIN_FEDERATION,
  },
  MatchLog: {
    Read: ALL,
    Create: ['Admin', 'Federation', 'Official'],
    Update: ['Admin', 'Federation', 'Official'],
    Delete: ['Admin', 'Federation', 'Official'],
  },
  Coaches: {
    Read: ['Admin', 'Federation', 'Club', 'Official'],
    Create: ['Admin', 'Federation', 'Club'],
    Update: ['Admin', 'Federation', 'Club'],
    Delete: ['Admin', 'Federation', 'Club'],
  },
  Officials: {
    Read: ['Admin', 'Federation', 'Official'],
    Create: ADMIN_FEDERATION,
    Update: ['Admin', 'Federation', 'Official'],
    Delete: ADMIN_FEDERATION,
  },
  Players: {
    Read: ALL,
    Create: ['Admin', 'Federation', 'Club', 'Coach'],
    Update: ['Admin', 'Federation', 'Club', 'Coach'],
    Delete: ['Admin', 'Federation', 'Club', 'Coach'],
  },
  Persons: {
    Read: ALL,
    Create: ['Admin', 'Federation', 'Club', 'Coach'],
    Update: ALL,
    Delete: ADMIN,
  },
  Users: { Read: ADMIN, Create: ADMIN, Update: ADMIN, Delete: ADMIN },
  Cities: { Read: ALL, Create: ADMIN, Update: ADMIN, Delete: ADMIN },
};

/** Whether a user holding `roles` may do `action` in `module`: admin always, others if any role allows. */
export function can(roles: readonly Role[], module: Module, action: Action): boolean {
  if (roles.includes('Admin')) return true;
  return PERMISSIONS[module][action].some((role) => roles.includes(role));
}

/** The roles that count for a profile: its roles, plus Admin when its access carries the admin flag. */
export function profileRoles(
  profile: { readonly roles: readonly Role[]; readonly access: { readonly admin: boolean } } | null | undefined,
): Role[] {
  if (!profile) return [];
  const roles = [...profile.roles];
  if (profile.access.admin && !roles.includes('Admin')) roles.push('Admin');
  return roles;
}
