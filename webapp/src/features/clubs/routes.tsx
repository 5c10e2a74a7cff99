import { lazy } from 'react';
import { areaRoutes, MEMBERS_TABS_SUBPATHS } from '@/lib/area-routes';

const ClubsListPage = lazy(() => import('@/features/clubs/clubs-list-page'));
const ClubDetailsPage = lazy(() => import('@/features/clubs/club-details-page'));

/** The routes of the Clubs area (spec 01 §2): a club's tabs (Details, Teams, Club Managers, Players) and their drawers. */
export const clubsRoutes = areaRoutes('clubs', 'clubId', { List: ClubsListPage, Entry: ClubDetailsPage }, [
  'edit',
  'teams',
  'teams/create',
  ...MEMBERS_TABS_SUBPATHS,
]);
