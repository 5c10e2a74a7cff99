/**
 * What a route needs (spec 01 §2 and §6): every module route is guarded by its module name; the
 * action is read by default, update when the path ends in `edit`, create when it ends in
 * `create`. Unauthenticated visitors go to login with the path as return URL, unauthorised ones
 * to /not-found. The 404 page and /authentication/* are open to everyone.
 */
import { type Action, can, type Module, type Role } from '@/lib/permissions';
import { loginPath, PROFILE_PATH } from '@/lib/return-url';
import type { SessionStatus } from '@/state/session';

export interface RouteAccess {
  /** The module whose `action` the route performs. */
  module: Module;
  action: Action;
  /** The module whose area the route lies in; the user must be able to read it too. */
  area: Module;
}

/** The module of each top-level path segment; '' is the dashboard. */
const AREAS: Readonly<Record<string, Module>> = {
  '': 'Dashboard',
  federations: 'Federations',
  clubs: 'Clubs',
  teams: 'Teams',
  competitions: 'Competitions',
  matches: 'Matches',
  officials: 'Officials',
  coaches: 'Coaches',
  players: 'Players',
  users: 'Users',
  cities: 'Cities',
  'match-log': 'MatchLog',
  'live-scoring': 'MatchLog',
  'match-report': 'Matches',
  // The live feed test page is for signed-in users only.
  socket: 'Dashboard',
};

/**
 * Create and edit drawers under an entity act on the module they add to (spec 01 §6 "UI
 * effects": Add club on a federation needs create on Clubs, Add player on a team needs create
 * on Players, official roles need federation-role rights; spec 02: match officials follow
 * Officials). Tabs are reads of the area itself.
 */
const SUB_MODULES: Readonly<Partial<Record<Module, Readonly<Record<string, Module>>>>> = {
  Federations: { clubs: 'Clubs', competitions: 'Competitions', officials: 'Officials' },
  Clubs: { teams: 'Teams', coaches: 'Coaches', players: 'Players' },
  Teams: { coaches: 'Coaches', players: 'Players' },
  Competitions: { teams: 'CompetitionTeams', matches: 'Matches' },
  Matches: { officials: 'Officials' },
  Officials: { 'personal-info': 'Persons', roles: 'FederationRoles' },
  Coaches: { 'personal-info': 'Persons' },
  Players: { 'personal-info': 'Persons' },
};

/** The module and action a path needs, or null for open routes. */
export function routeAccess(pathname: string): RouteAccess | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const area = AREAS[segments[0] ?? ''];
  if (area === undefined) return null;
  const last = segments.at(-1);
  const action: Action = last === 'edit' ? 'Update' : last === 'create' ? 'Create' : 'Read';
  let module = area;
  if (action !== 'Read') {
    for (const segment of segments.slice(1)) {
      module = SUB_MODULES[area]?.[segment] ?? module;
    }
  }
  return { module, action, area };
}

/** Whether a user holding `roles` may open a route needing `access`. */
export function allows(roles: readonly Role[], access: RouteAccess): boolean {
  return can(roles, access.area, 'Read') && can(roles, access.module, access.action);
}

export type GuardDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

/**
 * What the guard does at `pathname` + `search` for a session in `status` holding `roles`. A user
 * who must turn on two-step sign-in first (`twoStepDue`) is sent to the Account page, the one
 * place the server still answers them.
 */
export function guardDecision(
  pathname: string,
  search: string,
  status: SessionStatus,
  roles: readonly Role[],
  twoStepDue = false,
): GuardDecision {
  const access = routeAccess(pathname);
  if (access === null) return { kind: 'allow' };
  if (status === 'loading') return { kind: 'wait' };
  if (status === 'signedOut') return { kind: 'redirect', to: loginPath(`${pathname}${search}`) };
  if (twoStepDue) return { kind: 'redirect', to: PROFILE_PATH };
  return allows(roles, access) ? { kind: 'allow' } : { kind: 'redirect', to: '/not-found' };
}
