import { type MemberDrawer, type MemberTab, memberTabPath, memberView } from '@/components/person-pages/member-view';

/** What the path below /coaches/:coachId shows: the tab and the drawer open over it (spec 01 §2). */
export type CoachTab = MemberTab;

export interface CoachView {
  tab: CoachTab;
  drawer: MemberDrawer;
}

/**
 * Reads the tab and drawer from the path's segments after the coach's id. Personal information
 * is the coach's first tab, at /coaches/:coachId (also /personal-info); a coach has no fields of
 * its own, so /edit opens the profile as /personal-info/edit does.
 */
export const coachView = (rest: readonly string[]): CoachView =>
  memberView(rest) ?? { tab: 'personal-info', drawer: rest[0] === 'edit' ? 'person' : null };

/** The path of a tab. */
export const coachTabPath = (coachId: number, tab: CoachTab) => memberTabPath(`/coaches/${coachId}`, 'personal-info', tab);
