import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CompetitionsListPage = lazy(() => import('@/features/competitions/competitions-list-page'));
const CompetitionPage = lazy(() => import('@/features/competitions/competition-page'));

/** A route with no element of its own: the page reads its tab and drawer from the path. */
const screen = (path: string): RouteObject => ({ path, element: null });

/**
 * The routes of the Competitions area (spec 01 §2): the list with its create drawer, and a
 * competition's tabs (Details, Teams, Matches, Standings) with their drawers. Any other path
 * under a competition is the 404 page.
 */
export const competitionsRoutes: RouteObject[] = [
  { path: 'competitions', element: <CompetitionsListPage />, children: [{ index: true, element: null }, screen('create')] },
  {
    path: 'competitions/:competitionId',
    element: <CompetitionPage />,
    children: [
      { index: true, element: null },
      screen('edit'),
      screen('teams'),
      screen('teams/create'),
      screen('teams/:teamId/edit'),
      screen('matches'),
      screen('matches/create'),
      screen('standings'),
    ],
  },
];
