import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const OfficialsListPage = lazy(() => import('@/features/officials/officials-list-page'));
const OfficialDetailsPage = lazy(() => import('@/features/officials/official-details-page'));

/** Paths under an official: its tabs and the drawers over them; the page reads them from the path. */
const OFFICIAL_SUBPATHS = [
  'edit',
  'pin/edit',
  'personal-info',
  'personal-info/edit',
  'roles',
  'roles/create',
  'roles/:roleId/edit',
  'matches',
];

/** The routes of the Officials area (spec 01 §2). */
export const officialsRoutes: RouteObject[] = [
  {
    path: 'officials',
    element: <OfficialsListPage />,
    children: [
      { index: true, element: null },
      { path: 'create', element: null },
    ],
  },
  {
    path: 'officials/:officialId',
    element: <OfficialDetailsPage />,
    children: [{ index: true, element: null }, ...OFFICIAL_SUBPATHS.map((path) => ({ path, element: null }))],
  },
];
