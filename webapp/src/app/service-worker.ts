/**
 * Registers the service worker of the production build (see vite.config.ts), which keeps the
 * app so it opens without the network. A new release is taken only when the user says so: a
 * reload in the middle of logging a match is theirs to choose.
 */
import { registerSW } from 'virtual:pwa-register';
import { showNotice } from '@/lib/toaster';

export const NEW_VERSION = 'A new version of PoloDesk is ready.';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      void showNotice(NEW_VERSION, { text: 'Reload', onClick: () => void update(true) });
    },
    onRegisterError(error: unknown) {
      console.error('The app could not be kept for offline use.', error);
    },
  });
}
