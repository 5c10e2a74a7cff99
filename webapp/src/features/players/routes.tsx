import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PlayersListPage = lazy(() => import('@/features/players/players-list-page'));
const PlayerDetailsPage = lazy(() => import('@/features/players/player-details-page'));

/** Paths under a player: its tabs and the drawers over them; the page reads them from the path. */
const PLAYER_SUBPATHS = [
  'edit',
  'personal-info',
  'personal-info/edit',
  'clubs',
  'clubs/create',
  'teams',
  'teams/create',
  'matches',
];

/** The routes of the Players area (spec 01 §2). */
export const playersRoutes: RouteObject[] = [
  {
    path: 'players',
    element: <PlayersListPage />,
    children: [
      { index: true, element: null },
      { path: 'create', element: null },
    ],
  },
  {
    path: 'players/:playerId',
    element: <PlayerDetailsPage />,
    children: [{ index: true, element: null }, ...PLAYER_SUBPATHS.map((path) => ({ path, element: null }))],
  },
];
