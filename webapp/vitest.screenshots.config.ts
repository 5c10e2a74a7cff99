import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// `cargo xtask screenshots`: the main screens of the real binary with its demo data.
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['screenshots/**/*.shots.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
