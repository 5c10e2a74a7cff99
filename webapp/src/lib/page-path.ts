/**
 * The tab and drawer an entity page's path names: /clubs/5 (the first tab), /clubs/5/edit,
 * /clubs/5/teams, /clubs/5/teams/create, /clubs/5/coaches/7/edit (`memberId` 7).
 */
export function pagePathState<T extends string>(
  pathname: string,
  tabs: readonly T[],
): { tab: T; drawer: 'edit' | 'create' | null; memberId: number | null } {
  const parts = pathname.split('/').filter((part) => part !== '');
  const tab = tabs.find((name) => name === parts[2]) ?? tabs[0]!;
  const last = parts.at(-1);
  const drawer = last === 'edit' ? 'edit' : last === 'create' ? 'create' : null;
  const memberId = tab !== tabs[0] && drawer === 'edit' && parts.length === 5 ? Number(parts[3]) : null;
  return { tab, drawer, memberId };
}
