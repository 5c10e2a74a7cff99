/** What the path below /players/:playerId shows: the tab and the drawer open over it (spec 01 §2). */
export type PlayerTab = 'info' | 'personal-info' | 'clubs' | 'teams' | 'matches';
export type PlayerDrawer = 'edit' | 'person' | 'club-create' | 'team-create' | null;

export interface PlayerView {
  tab: PlayerTab;
  drawer: PlayerDrawer;
}

/** Reads the tab and drawer from the path's segments after the player's id. */
export function playerView(rest: readonly string[]): PlayerView {
  const [first, second] = rest;
  switch (first) {
    case 'edit':
      return { tab: 'info', drawer: 'edit' };
    case 'personal-info':
      return { tab: 'personal-info', drawer: second === 'edit' ? 'person' : null };
    case 'clubs':
      return { tab: 'clubs', drawer: second === 'create' ? 'club-create' : null };
    case 'teams':
      return { tab: 'teams', drawer: second === 'create' ? 'team-create' : null };
    case 'matches':
      return { tab: 'matches', drawer: null };
    default:
      return { tab: 'info', drawer: null };
  }
}

/** The path of a tab; Player information is the player's own path. */
export const playerTabPath = (playerId: number, tab: PlayerTab) =>
  tab === 'info' ? `/players/${playerId}` : `/players/${playerId}/${tab}`;
