import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { areaRoutes } from '@/lib/area-routes';

const MatchesListPage = lazy(() => import('@/features/matches/matches-list-page'));
const MatchDetailsPage = lazy(() => import('@/features/matches/match-details-page'));

/**
 * The routes of the Matches area (spec 02 §2): a match's tabs Details (with its Edit match drawer),
 * Lineups (read and edit) and Officials (with the Add official and Edit official drawers). The
 * match report, shown without the sidebar, is registered by the router with `matchReportRoute`.
 */
export const matchesRoutes = areaRoutes('matches', 'matchId', { List: MatchesListPage, Entry: MatchDetailsPage }, [
  'edit',
  'lineups',
  'lineups/edit',
  'officials',
  'officials/create',
  'officials/:officialId/edit',
]);

const MatchReportPage = lazy(() => import('@/features/matches/match-report-page'));

export const matchReportRoute: RouteObject = { path: 'match-report/:matchId', element: <MatchReportPage /> };
