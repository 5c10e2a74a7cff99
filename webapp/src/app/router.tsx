import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/layout/app-layout';
import { RequireAccess } from '@/app/require-access';

// Every page is its own chunk so the main bundle holds only the shell.
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const NotFoundPage = lazy(() => import('@/features/not-found/not-found-page'));
const TitledPage = lazy(() => import('@/features/placeholders/titled-page'));
const CitiesListPage = lazy(() => import('@/features/cities/cities-list-page'));
const CityDetailsPage = lazy(() => import('@/features/cities/city-details-page'));
const UsersListPage = lazy(() => import('@/features/users/users-list-page'));
const UserDetailsPage = lazy(() => import('@/features/users/user-details-page'));
const LoginPage = lazy(() => import('@/features/auth/login-page'));
const LoginCallbackPage = lazy(() => import('@/features/auth/login-callback-page'));
const LoginFailedPage = lazy(() => import('@/features/auth/login-failed-page'));
const ProfilePage = lazy(() => import('@/features/auth/profile-page'));
const LogoutPage = lazy(() => import('@/features/auth/logout-page'));
const LogoutCallbackPage = lazy(() => import('@/features/auth/logout-callback-page'));
const LoggedOutPage = lazy(() => import('@/features/auth/logged-out-page'));

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
  { path: 'socket', title: 'Live feed test' },
];

/** A list page with its create drawer, and a details page with its edit drawer. */
function entityRoutes(area: string, param: string, List: ComponentType, Details: ComponentType): RouteObject[] {
  // The drawer routes have no element of their own: the page reads its screen mode from the path.
  return [
    { path: area, element: <List />, children: [{ index: true, element: null }, { path: 'create', element: null }] },
    {
      path: `${area}/:${param}`,
      element: <Details />,
      children: [{ index: true, element: null }, { path: 'edit', element: null }],
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Module routes: signed-in users whose roles allow the module and action (route-access.ts).
        element: <RequireAccess />,
        children: [
          { index: true, element: <DashboardPage /> },
          ...TITLED_AREAS.map(({ path, title }) => ({ path: `${path}/*`, element: <TitledPage title={title} /> })),
          ...entityRoutes('users', 'userId', UsersListPage, UserDetailsPage),
          ...entityRoutes('cities', 'cityId', CitiesListPage, CityDetailsPage),
        ],
      },
      {
        path: 'authentication',
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'login-callback', element: <LoginCallbackPage /> },
          { path: 'login-failed', element: <LoginFailedPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'logout-callback', element: <LogoutCallbackPage /> },
          { path: 'logged-out', element: <LoggedOutPage /> },
        ],
      },
      { path: 'not-found', element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    element: <AppLayout withSidebar={false} />,
    children: [
      {
        element: <RequireAccess />,
        children: [
          { path: 'match-log/:matchId', element: <TitledPage title="Match log" /> },
          { path: 'match-report/:matchId', element: <TitledPage title="Match report" /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
