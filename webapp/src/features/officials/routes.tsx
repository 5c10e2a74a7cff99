import { lazy } from 'react';
import { areaRoutes } from '@/lib/area-routes';

const OfficialsListPage = lazy(() => import('@/features/officials/officials-list-page'));
const OfficialDetailsPage = lazy(() => import('@/features/officials/official-details-page'));

/** The routes of the Officials area (spec 01 §2): an official's tabs and their drawers. */
export const officialsRoutes = areaRoutes('officials', 'officialId', { List: OfficialsListPage, Entry: OfficialDetailsPage }, [
  'edit',
  'pin/edit',
  'personal-info',
  'personal-info/edit',
  'roles',
  'roles/create',
  'roles/:roleId/edit',
  'matches',
]);
