import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ClubsListPage = lazy(() => import('@/features/clubs/clubs-list-page'));
const ClubDetailsPage = lazy(() => import('@/features/clubs/club-details-page'));

/**
 * The routes of the Clubs area (spec 01 §2). The drawer and tab routes have no element of their
 * own: the pages read their tab and drawer from the path.
 */
export const clubsRoutes: RouteObject[] = [
  { path: 'clubs', element: <ClubsListPage />, children: [{ index: true, element: null }, { path: 'create', element: null }] },
  {
    path: 'clubs/:clubId',
    element: <ClubDetailsPage />,
    children: [
      { index: true, element: null },
      { path: 'edit', element: null },
      { path: 'teams', element: null },
      { path: 'teams/create', element: null },
      { path: 'coaches', element: null },
      { path: 'coaches/create', element: null },
      { path: 'coaches/:coachId/edit', element: null },
      { path: 'players', element: null },
      { path: 'players/create', element: null },
      { path: 'players/:playerId/edit', element: null },
    ],
  },
];
