import { lazy } from 'react';
import { areaRoutes } from '@/lib/area-routes';

const FederationsListPage = lazy(() => import('@/features/federations/federations-list-page'));
const FederationPage = lazy(() => import('@/features/federations/federation-page'));

/** The routes of the Federations area (spec 01 §2): a federation's tabs (Details, Clubs, Competitions, Officials) and their drawers. */
export const federationsRoutes = areaRoutes('federations', 'federationId', { List: FederationsListPage, Entry: FederationPage }, [
  'edit',
  'clubs',
  'clubs/create',
  'competitions',
  'competitions/create',
  'officials',
  'officials/create',
  'officials/:officialId/edit',
]);
