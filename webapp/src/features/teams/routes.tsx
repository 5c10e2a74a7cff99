import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TeamsListPage = lazy(() => import('@/features/teams/teams-list-page'));
const TeamDetailsPage = lazy(() => import('@/features/teams/team-details-page'));

/**
 * The routes of the Teams area (spec 01 §2). The drawer and tab routes have no element of their
 * own: the pages read their tab and drawer from the path.
 */
export const teamsRoutes: RouteObject[] = [
  { path: 'teams', element: <TeamsListPage />, children: [{ index: true, element: null }, { path: 'create', element: null }] },
  {
    path: 'teams/:teamId',
    element: <TeamDetailsPage />,
    children: [
      { index: true, element: null },
      { path: 'edit', element: null },
      { path: 'club', element: null },
      { path: 'competitions', element: null },
      { path: 'matches', element: null },
      { path: 'coaches', element: null },
      { path: 'coaches/create', element: null },
      { path: 'coaches/:coachId/edit', element: null },
      { path: 'players', element: null },
      { path: 'players/create', element: null },
      { path: 'players/:playerId/edit', element: null },
    ],
  },
];
