import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TitledPage = lazy(() => import('@/features/placeholders/titled-page'));

/** The routes of the Club Managers area (spec 01 §2); its screens replace this title page. */
export const coachesRoutes: RouteObject[] = [{ path: 'coaches/*', element: <TitledPage title="Club Managers" /> }];
