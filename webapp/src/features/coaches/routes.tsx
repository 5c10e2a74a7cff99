import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CoachesListPage = lazy(() => import('@/features/coaches/coaches-list-page'));
const CoachDetailsPage = lazy(() => import('@/features/coaches/coach-details-page'));

/** Paths under a club manager: its tabs and the drawers over them; the page reads them from the path. */
const COACH_SUBPATHS = [
  'edit',
  'personal-info',
  'personal-info/edit',
  'clubs',
  'clubs/create',
  'teams',
  'teams/create',
  'matches',
];

/** The routes of the Club Managers area (spec 01 §2). */
export const coachesRoutes: RouteObject[] = [
  {
    path: 'coaches',
    element: <CoachesListPage />,
    children: [
      { index: true, element: null },
      { path: 'create', element: null },
    ],
  },
  {
    path: 'coaches/:coachId',
    element: <CoachDetailsPage />,
    children: [{ index: true, element: null }, ...COACH_SUBPATHS.map((path) => ({ path, element: null }))],
  },
];
