import type { IconName } from '@blueprintjs/core';
import { ALL_ROLES, type Role } from '@/lib/permissions';

export { ALL_ROLES, type Role };

export interface MenuEntry {
  text: string;
  route: string;
  icon: IconName;
  /** Roles that see the entry; any one of them is enough. */
  roles: readonly Role[];
  /** Entries with a group are listed under that heading. */
  group?: string;
}

/** The sidebar menu of spec 01 §2, as data. */
export const MENU: readonly MenuEntry[] = [
  { text: 'Home', route: '/', icon: 'home', roles: ALL_ROLES },
  { text: 'Federations', route: '/federations', icon: 'flag', roles: ['Admin', 'Federation', 'Official'] },
  { text: 'Clubs', route: '/clubs', icon: 'office', roles: ['Admin', 'Federation', 'Coach'] },
  { text: 'Teams', route: '/teams', icon: 'people', roles: ['Admin', 'Federation', 'Club', 'Coach'] },
  { text: 'Competitions', route: '/competitions', icon: 'trophy', roles: ['Admin', 'Federation', 'Official', 'Club'] },
  { text: 'Matches', route: '/matches', icon: 'calendar', roles: ['Admin', 'Federation', 'Official', 'Club'] },
  { text: 'Club Managers', route: '/coaches', icon: 'clipboard', roles: ['Admin', 'Federation', 'Club'] },
  { text: 'Players', route: '/players', icon: 'person', roles: ['Admin', 'Federation', 'Club'] },
  { text: 'Officials', route: '/officials', icon: 'id-number', roles: ['Admin', 'Federation', 'Official'] },
  { text: 'Users', route: '/users', icon: 'user', roles: ['Admin'], group: 'Administration' },
  { text: 'Cities', route: '/cities', icon: 'map-marker', roles: ['Admin'], group: 'Administration' },
];

/** The entries that a user holding `roles` sees. */
export function visibleMenu(entries: readonly MenuEntry[], roles: readonly Role[]): MenuEntry[] {
  return entries.filter((entry) => entry.roles.some((role) => roles.includes(role)));
}

/** A club the user's profile names as theirs, with its name. */
export interface OwnClub {
  id: number;
  name: string;
}

/**
 * The menu with an entry for each of the user's own clubs (issue #19) right after Home: the
 * club's name, opening its page. A club account sees its club there although the table gives it
 * no Clubs entry; a coach sees the club beside the whole list.
 */
export function withOwnClubs(entries: readonly MenuEntry[], clubs: readonly OwnClub[]): MenuEntry[] {
  const own: MenuEntry[] = clubs.map((club) => ({ text: club.name, route: `/clubs/${club.id}`, icon: 'office', roles: ALL_ROLES }));
  const home = entries.findIndex((entry) => entry.route === '/');
  return [...entries.slice(0, home + 1), ...own, ...entries.slice(home + 1)];
}

/** Whether a menu route is the current page or one of its sub-pages. */
export function isActiveRoute(route: string, pathname: string): boolean {
  if (route === '/') return pathname === '/';
  return pathname === route || pathname.startsWith(`${route}/`);
}

/**
 * The one route of `routes` to mark as the current page: the longest that `isActiveRoute`
 * matches, so on /clubs/5 the club's own entry is marked rather than Clubs too.
 */
export function activeRoute(routes: readonly string[], pathname: string): string | null {
  let best: string | null = null;
  for (const route of routes) {
    if (isActiveRoute(route, pathname) && (best === null || route.length > best.length)) best = route;
  }
  return best;
}
