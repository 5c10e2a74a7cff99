import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const TitledPage = lazy(() => import('@/features/placeholders/titled-page'));

/** The routes of the Clubs area (spec 01 §2); its screens replace this title page. */
export const clubsRoutes: RouteObject[] = [{ path: 'clubs/*', element: <TitledPage title="Clubs" /> }];
