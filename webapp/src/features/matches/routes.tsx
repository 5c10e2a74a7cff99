import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const MatchesListPage = lazy(() => import('@/features/matches/matches-list-page'));
const MatchDetailsPage = lazy(() => import('@/features/matches/match-details-page'));

/** A route with no element of its own: the page reads its tab from the path. */
const screen = (path: string): RouteObject => ({ path, element: null });

/**
 * The routes of the Matches area (spec 02 §2): the list with its Add match drawer, and a match's tabs Details (with its Edit
 * match drawer), Lineups and Officials. Any other path under a match is the 404 page. The match report, shown without the
 * sidebar, is registered by the router with `matchReportRoute`.
 */
export const matchesRoutes: RouteObject[] = [
  { path: 'matches', element: <MatchesListPage />, children: [{ index: true, element: null }, screen('create')] },
  {
    path: 'matches/:matchId',
    element: <MatchDetailsPage />,
    children: [{ index: true, element: null }, screen('edit'), screen('lineups'), screen('officials')],
  },
];

const MatchReportPage = lazy(() => import('@/features/matches/match-report-page'));

export const matchReportRoute: RouteObject = { path: 'match-report/:matchId', element: <MatchReportPage /> };
