import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const FederationsListPage = lazy(() => import('@/features/federations/federations-list-page'));
const FederationPage = lazy(() => import('@/features/federations/federation-page'));

/** A route with no element of its own: the page reads its tab and drawer from the path. */
const screen = (path: string): RouteObject => ({ path, element: null });

/**
 * The routes of the Federations area (spec 01 §2): the list with its create drawer, and a
 * federation's tabs (Details, Clubs, Competitions, Officials) with their drawers. Any other path
 * under a federation is the 404 page.
 */
export const federationsRoutes: RouteObject[] = [
  { path: 'federations', element: <FederationsListPage />, children: [{ index: true, element: null }, screen('create')] },
  {
    path: 'federations/:federationId',
    element: <FederationPage />,
    children: [
      { index: true, element: null },
      screen('edit'),
      screen('clubs'),
      screen('clubs/create'),
      screen('competitions'),
      screen('competitions/create'),
      screen('officials'),
      screen('officials/create'),
      screen('officials/:officialId/edit'),
    ],
  },
];
