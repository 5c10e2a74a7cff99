import { proxy, subscribe } from 'valtio';

const STORAGE_KEY = 'polodesk.sidebarCollapsed';

function storedCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Layout preferences of this browser. */
export const ui = proxy({ sidebarCollapsed: storedCollapsed() });

subscribe(ui, () => {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, String(ui.sidebarCollapsed));
  } catch {
    // Storage may be unavailable (private mode); the preference then lasts for the page only.
  }
});

export function toggleSidebar(): void {
  ui.sidebarCollapsed = !ui.sidebarCollapsed;
}
