// `polodesk serve --demo` on a free loopback port with a fresh data folder, until stopped: the
// suite's own server (global-setup.ts), and the servers a test needs with other options.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const STARTUP_TIMEOUT_MS = 60_000;

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** The binary the suite runs: POLODESK_BIN, or the release build. */
export function polodeskBin(): string {
  return resolve(process.env.POLODESK_BIN ?? '../target/release/polodesk');
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`polodesk exited with code ${child.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`polodesk did not answer ${baseUrl}/api/health within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

/** A binary built before `npm run build` answers / without the app; say so instead of timing out. */
async function expectWebApp(baseUrl: string, bin: string): Promise<void> {
  const response = await fetch(`${baseUrl}/`);
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.includes('text/html')) {
    throw new Error(`${bin} does not serve the web app (GET / answered ${response.status}): ${await response.text()}`);
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `bin serve --demo` with `options` and waits until it serves the web app. */
export async function startServer(bin: string, options: readonly string[] = []): Promise<RunningServer> {
  if (!existsSync(bin)) {
    throw new Error(`The polodesk binary is missing at ${bin}; build it (cargo xtask) or set POLODESK_BIN.`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'polodesk-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ['serve', '--data', dataDir, '--addr', `127.0.0.1:${port}`, '--demo', ...options], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
    await expectWebApp(baseUrl, bin);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
