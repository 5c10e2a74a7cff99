/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The Rust server that `vite dev` forwards API, identity and live-hub calls to.
const apiTarget = process.env.POLODESK_API ?? 'http://127.0.0.1:8080';

/** The repository's fonts (OFL), which the scoresheet PDF embeds as the CLI's does: outside the app's folder. */
const fontsDir = fileURLToPath(new URL('../assets/fonts', import.meta.url));

// Navigations that are not screens of the app: the server answers them (the silent sign-in page
// is a file of its own), never the cached app.
const SERVER_PATHS = [/^\/api\//, /^\/hubs\//, /^\/connect\//, /^\/account\//, /^\/\.well-known\//, /^\/_configuration\//, /^\/authentication\/silent-callback/];

/**
 * The service worker keeps the app itself (every file of the bundle but the API reference) so a
 * secretary who reloads with the pool's Wi-Fi down gets the screen back; the data comes from the
 * app's own stores (the outbox, the match copies, the session's settings and profile). A new
 * release waits for the user's reload.
 */
const serviceWorker = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'PoloDesk',
    short_name: 'PoloDesk',
    description: 'Water polo competitions and live match scoring',
    display: 'standalone',
    start_url: '/',
    background_color: '#ffffff',
    theme_color: '#2d72d2',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,woff,woff2,ttf,eot}'],
    // jsPDF's optional html2canvas, canvg (index.es) and DOMPurify chunks: the scoresheet never
    // loads them, so the app shell does not carry them either.
    globIgnores: ['api-docs.html', 'assets/api-docs-*', 'assets/html2canvas-*', 'assets/index.es-*', 'assets/purify.es-*'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: SERVER_PATHS,
    cleanupOutdatedCaches: true,
  },
});

export default defineConfig({
  plugins: [react(), serviceWorker],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@fonts': fontsDir },
  },
  server: {
    // The dev server serves the app's folder and, for the scoresheet's `?url` imports, the fonts.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), fontsDir] },
    proxy: {
      // Trailing slashes keep /api-docs.html (the API reference page's dev entry) local.
      '/api/': apiTarget,
      '/connect/': apiTarget,
      '/.well-known/': apiTarget,
      '/_configuration/': apiTarget,
      // The server's own pages: set-password links point here.
      '/account/': apiTarget,
      '/hubs/': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // Three pages: the React app, the API reference the server serves at /api/docs, and the
    // silent sign-in callback (dist/authentication/silent-callback.html) that runs in an iframe.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'api-docs': fileURLToPath(new URL('./api-docs.html', import.meta.url)),
        'silent-callback': fileURLToPath(new URL('./authentication/silent-callback.html', import.meta.url)),
      },
    },
    // The API reference page alone carries Swagger UI (about 1.5 MB); the app chunks stay small.
    chunkSizeWarningLimit: 1600,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    css: false,
  },
});
