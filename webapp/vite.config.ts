/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Rust server that `vite dev` forwards API, identity and live-hub calls to.
const apiTarget = process.env.POLODESK_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // Trailing slashes keep /api-docs.html (the API reference page's dev entry) local.
      '/api/': apiTarget,
      '/connect/': apiTarget,
      '/.well-known/': apiTarget,
      '/_configuration/': apiTarget,
      // The server's own pages: set-password links point here.
      '/account/': apiTarget,
      '/hubs/': { target: apiTarget, ws: true },
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
