import { proxy, subscribe } from 'valtio';

const STORAGE_KEY = 'polodesk.sidebarCollapsed';

/** A yes/no kept in the browser's `localStorage` or this tab's `sessionStorage`; no when unreadable. */
export function storedFlag(storage: 'localStorage' | 'sessionStorage', key: string): boolean {
  try {
    return globalThis[storage]?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

/** Layout preferences of this browser. */
export const ui = proxy({ sidebarCollapsed: storedFlag('localStorage', STORAGE_KEY) });

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
