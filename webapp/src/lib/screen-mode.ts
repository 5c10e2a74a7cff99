/** The state of a screen, derived from the URL (spec 01 §4). */
export type ScreenMode = 'closed' | 'read' | 'edit' | 'create';

function segments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * A path ending in `edit` is edit mode and one ending in `create` is create mode. Otherwise a
 * path naming an entity id (a numeric segment) is read mode and anything else, a list, is closed.
 */
export function screenModeFromPath(pathname: string): ScreenMode {
  const parts = segments(pathname);
  const last = parts.at(-1);
  if (last === 'edit') return 'edit';
  if (last === 'create') return 'create';
  return parts.some((part) => /^\d+$/.test(part)) ? 'read' : 'closed';
}

/** Whether a drawer is open in this mode. */
export function isDrawerOpen(mode: ScreenMode): boolean {
  return mode === 'edit' || mode === 'create';
}

/**
 * Where closing a drawer leads: the path without its final `edit` or `create` segment, so an edit
 * drawer on a detail page returns to the details and a create drawer on a list returns to the list.
 */
export function closeDrawerPath(pathname: string): string {
  const parts = segments(pathname);
  const last = parts.at(-1);
  if (last === 'edit' || last === 'create') parts.pop();
  return `/${parts.join('/')}`;
}
