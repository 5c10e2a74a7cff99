import { lazy } from 'react';
import { areaRoutes } from '@/lib/area-routes';

const CompetitionsListPage = lazy(() => import('@/features/competitions/competitions-list-page'));
const CompetitionPage = lazy(() => import('@/features/competitions/competition-page'));

/** The routes of the Competitions area (spec 01 §2): a competition's tabs (Details, Teams, Matches, Standings) and their drawers. */
export const competitionsRoutes = areaRoutes('competitions', 'competitionId', { List: CompetitionsListPage, Entry: CompetitionPage }, [
  'edit',
  'teams',
  'teams/create',
  'teams/:teamId/edit',
  'matches',
  'matches/create',
  'standings',
]);
