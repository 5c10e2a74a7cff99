// Starts `polodesk serve --demo` (server.ts), hands its URL and the binary to the tests and
// stops it afterwards. POLODESK_E2E_URL=http://... runs the tests against a server that is
// already running instead; tests that start a server of their own still use POLODESK_BIN.
import type { TestProject } from 'vitest/node';
import { polodeskBin, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    bin: string;
  }
}

export default async function setup(project: TestProject) {
  const bin = polodeskBin();
  project.provide('bin', bin);
  const external = process.env.POLODESK_E2E_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    return;
  }
  const server = await startServer(bin);
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}
