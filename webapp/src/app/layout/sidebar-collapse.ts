import { proxy, useSnapshot } from 'valtio';
import { useMediaQuery } from '@/app/layout/use-media-query';
import { storedFlag, ui } from '@/state/ui';

/** At or below this width (a tablet held upright, a small laptop) the sidebar collapses on its own. */
export const NARROW_WINDOW = '(max-width: 1024px)';

const TOGGLED_KEY = 'polodesk.sidebarToggled';

/** Whether the user opened or closed the sidebar themselves in this tab's session. */
export const sidebarChoice = proxy({ toggled: storedFlag('sessionStorage', TOGGLED_KEY) });

/**
 * Whether the sidebar shows collapsed: the user's own choice once they toggled it in this
 * session; until then it follows the window, collapsed when narrow and open when wide.
 */
export function useSidebarCollapsed(): boolean {
  const narrow = useMediaQuery(NARROW_WINDOW);
  const { toggled } = useSnapshot(sidebarChoice);
  const { sidebarCollapsed } = useSnapshot(ui);
  return toggled ? sidebarCollapsed : narrow;
}

/** The user's click on the collapse button: flips what shows now and keeps it for the session. */
export function toggleSidebarByUser(collapsedNow: boolean): void {
  ui.sidebarCollapsed = !collapsedNow;
  sidebarChoice.toggled = true;
  try {
    globalThis.sessionStorage?.setItem(TOGGLED_KEY, 'true');
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for the page only.
  }
}

/** Forgets the user's choice (tests; a new session starts without one). */
export function resetSidebarChoice(): void {
  sidebarChoice.toggled = false;
  try {
    globalThis.sessionStorage?.removeItem(TOGGLED_KEY);
  } catch {
    // Nothing stored.
  }
}
