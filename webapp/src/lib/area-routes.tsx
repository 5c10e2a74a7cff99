import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A route with no element of its own: the page reads its tab and drawer from the path. */
const screen = (path: string): RouteObject => ({ path, element: null });

/**
 * An area's routes (spec 01 §2): the list at `area` with its create drawer, and an entry's page
 * at `area/:param` with its tabs and drawers, `subpaths`. Any other path under an entry is the
 * 404 page.
 */
export function areaRoutes(
  area: string,
  param: string,
  { List, Entry }: { List: ComponentType; Entry: ComponentType },
  subpaths: readonly string[],
): RouteObject[] {
  return [
    { path: area, element: <List />, children: [{ index: true, element: null }, screen('create')] },
    { path: `${area}/:${param}`, element: <Entry />, children: [{ index: true, element: null }, ...subpaths.map(screen)] },
  ];
}

/** A club manager's or player's tabs and drawers: the same for both kinds of member. */
export const MEMBER_SUBPATHS: readonly string[] = [
  'edit',
  'personal-info',
  'personal-info/edit',
  'clubs',
  'clubs/create',
  'teams',
  'teams/create',
  'matches',
];

/** The Club Managers and Players tabs, with their drawers, of a club's or team's page. */
export const MEMBERS_TABS_SUBPATHS: readonly string[] = [
  'coaches',
  'coaches/create',
  'coaches/:coachId/edit',
  'players',
  'players/create',
  'players/:playerId/edit',
];
