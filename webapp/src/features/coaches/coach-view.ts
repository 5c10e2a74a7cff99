/** What the path below /coaches/:coachId shows: the tab and the drawer open over it (spec 01 §2). */
export type CoachTab = 'personal-info' | 'clubs' | 'teams' | 'matches';
export type CoachDrawer = 'person' | 'club-create' | 'team-create' | null;

export interface CoachView {
  tab: CoachTab;
  drawer: CoachDrawer;
}

/**
 * Reads the tab and drawer from the path's segments after the coach's id. Personal information
 * is the coach's first tab, at /coaches/:coachId (also /personal-info); a coach has no fields of
 * its own, so /edit opens the profile as /personal-info/edit does.
 */
export function coachView(rest: readonly string[]): CoachView {
  const [first, second] = rest;
  switch (first) {
    case 'edit':
      return { tab: 'personal-info', drawer: 'person' };
    case 'clubs':
      return { tab: 'clubs', drawer: second === 'create' ? 'club-create' : null };
    case 'teams':
      return { tab: 'teams', drawer: second === 'create' ? 'team-create' : null };
    case 'matches':
      return { tab: 'matches', drawer: null };
    default:
      return { tab: 'personal-info', drawer: second === 'edit' ? 'person' : null };
  }
}

/** The path of a tab. */
export const coachTabPath = (coachId: number, tab: CoachTab) =>
  tab === 'personal-info' ? `/coaches/${coachId}` : `/coaches/${coachId}/${tab}`;
