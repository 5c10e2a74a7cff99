import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { entityRoutes } from '@/app/entity-routes';
import { AppLayout } from '@/app/layout/app-layout';
import { BareLayout, PublicLayout } from '@/app/layout/public-layout';
import { RequireAccess } from '@/app/require-access';
import { federationsRoutes } from '@/features/federations/routes';
import { clubsRoutes } from '@/features/clubs/routes';
import { teamsRoutes } from '@/features/teams/routes';
import { competitionsRoutes } from '@/features/competitions/routes';
import { officialsRoutes } from '@/features/officials/routes';
import { coachesRoutes } from '@/features/coaches/routes';
import { playersRoutes } from '@/features/players/routes';
import { matchesRoutes, matchReportRoute } from '@/features/matches/routes';

// Every page is its own chunk so the main bundle holds only the shell.
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const NotFoundPage = lazy(() => import('@/features/not-found/not-found-page'));
const MatchLogPage = lazy(() => import('@/features/match-log/match-log-page'));
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
const SocketPage = lazy(() => import('@/features/socket/socket-page'));
const LiveScoringPage = lazy(() => import('@/features/live-scoring/live-scoring-page'));
// The pages for visitors, without sign-in.
const LiveMatchesPage = lazy(() => import('@/features/live/live-matches-page'));
const LiveMatchPage = lazy(() => import('@/features/live/live-match-page'));
const LiveCompetitionPage = lazy(() => import('@/features/live/live-competition-page'));
const ScoreboardPage = lazy(() => import('@/features/live/scoreboard-page'));
const EmbedMatchPage = lazy(() => import('@/features/live/embed-match-page'));

export const routes: RouteObject[] = [
  {
    // Anybody may follow a match: no sign-in, no staff menus (the public API answers them).
    element: <PublicLayout />,
    children: [
      { path: 'live', element: <LiveMatchesPage /> },
      { path: 'live/competition/:competitionId', element: <LiveCompetitionPage /> },
      { path: 'live/:matchId', element: <LiveMatchPage /> },
    ],
  },
  {
    element: <BareLayout />,
    children: [
      { path: 'live/:matchId/scoreboard', element: <ScoreboardPage /> },
      { path: 'embed/match/:matchId', element: <EmbedMatchPage /> },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      {
        // Module routes: signed-in users whose roles allow the module and action (route-access.ts).
        element: <RequireAccess />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: 'socket', element: <SocketPage /> },
          ...federationsRoutes,
          ...clubsRoutes,
          ...teamsRoutes,
          ...competitionsRoutes,
          ...officialsRoutes,
          ...coachesRoutes,
          ...playersRoutes,
          ...matchesRoutes,
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
          {
            // The page reads its Confirm match log drawer from the path.
            path: 'match-log/:matchId',
            element: <MatchLogPage />,
            children: [
              { index: true, element: null },
              { path: 'confirm', element: null },
            ],
          },
          { path: 'live-scoring/:matchId', element: <LiveScoringPage /> },
          matchReportRoute,
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
