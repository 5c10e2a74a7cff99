/** The tabs a club manager's and a player's pages share, and the drawers over them (spec 01 §2). */
export type MemberTab = 'personal-info' | 'clubs' | 'teams' | 'matches';
export type MemberDrawer = 'person' | 'club-create' | 'team-create' | null;

/**
 * Reads a shared tab and its drawer from the path's segments after the member's id; null when
 * the path is the page's own first tab.
 */
export function memberView(rest: readonly string[]): { tab: MemberTab; drawer: MemberDrawer } | null {
  const [first, second] = rest;
  switch (first) {
    case 'personal-info':
      return { tab: 'personal-info', drawer: second === 'edit' ? 'person' : null };
    case 'clubs':
      return { tab: 'clubs', drawer: second === 'create' ? 'club-create' : null };
    case 'teams':
      return { tab: 'teams', drawer: second === 'create' ? 'team-create' : null };
    case 'matches':
      return { tab: 'matches', drawer: null };
    default:
      return null;
  }
}

/** The path of a tab under `base` (e.g. /players/7); the first tab is `base` itself. */
export const memberTabPath = <T extends string>(base: string, firstTab: T, tab: T) =>
  tab === firstTab ? base : `${base}/${tab}`;
