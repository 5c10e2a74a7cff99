import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';

// Every page is its own chunk so the main bundle holds only the shell.
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const NotFoundPage = lazy(() => import('@/features/not-found/not-found-page'));
const TitledPage = lazy(() => import('@/features/placeholders/titled-page'));
const CitiesListPage = lazy(() => import('@/features/cities/cities-list-page'));
const CityDetailsPage = lazy(() => import('@/features/cities/city-details-page'));

/** Areas that later issues fill; for now each shows its title. Paths under them stay theirs. */
const TITLED_AREAS: readonly { path: string; title: string }[] = [
  { path: 'federations', title: 'Federations' },
  { path: 'clubs', title: 'Clubs' },
  { path: 'teams', title: 'Teams' },
  { path: 'competitions', title: 'Competitions' },
  { path: 'matches', title: 'Matches' },
  { path: 'officials', title: 'Officials' },
  { path: 'coaches', title: 'Club Managers' },
  { path: 'players', title: 'Players' },
  { path: 'users', title: 'Users' },
  { path: 'socket', title: 'Live feed test' },
];

const AUTH_PAGES: readonly { path: string; title: string }[] = [
  { path: 'login', title: 'Login' },
  { path: 'login-failed', title: 'Login failed' },
  { path: 'login-callback', title: 'Signing in' },
  { path: 'profile', title: 'Profile' },
  { path: 'logout', title: 'Logout' },
  { path: 'logged-out', title: 'Logged out' },
  { path: 'logout-callback', title: 'Signing out' },
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <DashboardPage /> },
      ...TITLED_AREAS.map(({ path, title }) => ({ path: `${path}/*`, element: <TitledPage title={title} /> })),
      ...AUTH_PAGES.map(({ path, title }) => ({ path: `authentication/${path}`, element: <TitledPage title={title} /> })),
      {
        // The drawer routes have no element of their own: the page reads its screen mode from the path.
        path: 'cities',
        element: <CitiesListPage />,
        children: [{ index: true, element: null }, { path: 'create', element: null }],
      },
      {
        path: 'cities/:cityId',
        element: <CityDetailsPage />,
        children: [{ index: true, element: null }, { path: 'edit', element: null }],
      },
      { path: 'not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <AppLayout withSidebar={false} />,
    children: [
      { path: 'match-log/:matchId', element: <TitledPage title="Match log" /> },
      { path: 'match-report/:matchId', element: <TitledPage title="Match report" /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
