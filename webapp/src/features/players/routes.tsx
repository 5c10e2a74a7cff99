import { lazy } from 'react';
import { areaRoutes, MEMBER_SUBPATHS } from '@/lib/area-routes';

const PlayersListPage = lazy(() => import('@/features/players/players-list-page'));
const PlayerDetailsPage = lazy(() => import('@/features/players/player-details-page'));

/** The routes of the Players area (spec 01 §2): a player's tabs and their drawers. */
export const playersRoutes = areaRoutes('players', 'playerId', { List: PlayersListPage, Entry: PlayerDetailsPage }, MEMBER_SUBPATHS);
