import { lazy } from 'react';
import { areaRoutes, MEMBERS_TABS_SUBPATHS } from '@/lib/area-routes';

const TeamsListPage = lazy(() => import('@/features/teams/teams-list-page'));
const TeamDetailsPage = lazy(() => import('@/features/teams/team-details-page'));

/** The routes of the Teams area (spec 01 §2): a team's tabs (Details, Club, Competitions, Matches, Club Managers, Players) and their drawers. */
export const teamsRoutes = areaRoutes('teams', 'teamId', { List: TeamsListPage, Entry: TeamDetailsPage }, [
  'edit',
  'club',
  'competitions',
  'matches',
  ...MEMBERS_TABS_SUBPATHS,
]);
