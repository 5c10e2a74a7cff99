import { type MemberDrawer, type MemberTab, memberTabPath, memberView } from '@/components/person-pages/member-view';

/** What the path below /players/:playerId shows: the tab and the drawer open over it (spec 01 §2). */
export type PlayerTab = 'info' | MemberTab;
export type PlayerDrawer = 'edit' | MemberDrawer;

export interface PlayerView {
  tab: PlayerTab;
  drawer: PlayerDrawer;
}

/** Reads the tab and drawer from the path's segments after the player's id; Player information comes first. */
export const playerView = (rest: readonly string[]): PlayerView =>
  memberView(rest) ?? { tab: 'info', drawer: rest[0] === 'edit' ? 'edit' : null };

/** The path of a tab; Player information is the player's own path. */
export const playerTabPath = (playerId: number, tab: PlayerTab) => memberTabPath<PlayerTab>(`/players/${playerId}`, 'info', tab);
