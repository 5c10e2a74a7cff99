import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

// `cargo xtask bench live`: the browser side of the live logging latency benchmark, against the
// real `polodesk` binary serving the demo on a fresh folder (e2e/global-setup.ts).
export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['bench/**/*.run.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
