import { lazy } from 'react';
import { areaRoutes, MEMBER_SUBPATHS } from '@/lib/area-routes';

const CoachesListPage = lazy(() => import('@/features/coaches/coaches-list-page'));
const CoachDetailsPage = lazy(() => import('@/features/coaches/coach-details-page'));

/** The routes of the Club Managers area (spec 01 §2): a club manager's tabs and their drawers. */
export const coachesRoutes = areaRoutes('coaches', 'coachId', { List: CoachesListPage, Entry: CoachDetailsPage }, MEMBER_SUBPATHS);
