// `cargo xtask bench live`: 200 events logged from the keyboard on the live scoring screen, with
// the match log of the same match open in a second browser context (the second device). Per
// event: the Enter that saves → the page's POST /api/Events leaving (the editor, the session and
// the outbox's IndexedDB write before it) → its 201, and → the event's row on the second
// device's screen. Both pages note their times in epoch milliseconds
// (performance.timeOrigin + now) in the one browser process, so the two clocks are the same.
// The samples go to $LIVE_BENCH_OUT (JSON), which the xtask side reads and summarises.
import { writeFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser';
import { apiClient } from '../e2e/officials-api';
import { DEMO_ADMIN, passwordToken, signIn } from '../e2e/sign-in';
import { freshMatch } from './live-match';

const EVENTS = 200;
const ROWS = '[aria-label="Events"] tbody tr';
const EDITOR = '.event-editor[role="form"]';

declare global {
  interface Window {
    /** What the instrumented page saw, in epoch milliseconds. */
    liveBench: { enters: number[]; created: { sent: number; at: number; status: number }[]; rows: { dom: number; frame: number }[] };
  }
}

/** The scorer's page: when each Enter went down, when each POST /api/Events came back and how. */
function watchScorer() {
  const now = () => performance.timeOrigin + performance.now();
  window.liveBench = { enters: [], created: [], rows: [] };
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') window.liveBench.enters.push(performance.timeOrigin + event.timeStamp);
    },
    true,
  );
  const send = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const sent = now();
    const response = await send(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET') === 'POST' && new URL(url, location.href).pathname === '/api/Events') {
      window.liveBench.created.push({ sent, at: now(), status: response.status });
    }
    return response;
  };
}

/**
 * The second device: when the event list first held each count of rows, as the DOM changed and
 * at the next frame after it (the row painted).
 */
function watchViewer(rows: string) {
  const now = () => performance.timeOrigin + performance.now();
  window.liveBench = { enters: [], created: [], rows: [] };
  new MutationObserver(() => {
    const count = document.querySelectorAll(rows).length;
    const seen = window.liveBench.rows;
    if (count <= seen.length) return;
    const dom = now();
    const fresh = Array.from({ length: count - seen.length }, () => ({ dom, frame: 0 }));
    seen.push(...fresh);
    requestAnimationFrame(() => {
      const frame = now();
      for (const row of fresh) row.frame = frame;
    });
  }).observe(document, { childList: true, subtree: true });
}

/** The keys of event `i`: missed shots and goals, white and blue in turn, caps 2 to 9. */
function keysOf(i: number): string[] {
  const team = i % 2 === 0 ? 'w' : 'b';
  const cap = String(2 + (Math.floor(i / 2) % 8));
  return [team, cap, i % 4 === 3 ? 'g' : 's'];
}

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** A page of its own browser context (a device), instrumented, signed in as the administrator, at `path`. */
async function openSignedIn(baseUrl: string, path: string, instrument: (page: Page) => Promise<unknown>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await instrument(page);
  await signIn(page, baseUrl, DEMO_ADMIN);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

it(`logs ${EVENTS} events from the keyboard, watched on a second device`, async () => {
  const baseUrl = inject('baseUrl');
  const api = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
  const match = await freshMatch(api);

  const viewer = await openSignedIn(baseUrl, `/match-log/${match.id}`, (page) => page.addInitScript(watchViewer, ROWS));
  // Both pages follow the match on the hub before the first key.
  await viewer.getByText('Live', { exact: true }).waitFor();
  const scorer = await openSignedIn(baseUrl, `/live-scoring/${match.id}`, (page) => page.addInitScript(watchScorer));
  await scorer.getByText('Live', { exact: true }).waitFor();

  for (let i = 0; i < EVENTS; i += 1) {
    for (const key of keysOf(i)) await scorer.keyboard.press(key);
    await scorer.locator(EDITOR).waitFor();
    await scorer.keyboard.press('Enter');
    await scorer.waitForFunction((n) => window.liveBench.created.length === n, i + 1);
    await viewer.waitForFunction((n) => window.liveBench.rows.length >= n && window.liveBench.rows[n - 1]!.frame > 0, i + 1);
    await scorer.locator(EDITOR).waitFor({ state: 'detached' });
  }

  const scored = await scorer.evaluate(() => window.liveBench);
  const seen = await viewer.evaluate(() => window.liveBench);
  expect(scored.enters).toHaveLength(EVENTS);
  expect(scored.created.map((c) => c.status)).toEqual(Array(EVENTS).fill(201));
  expect(seen.rows).toHaveLength(EVENTS);
  const since = (times: number[]) => times.map((at, i) => at - scored.enters[i]!);
  const samples = {
    events: EVENTS,
    sent: since(scored.created.map((c) => c.sent)),
    created: since(scored.created.map((c) => c.at)),
    seenDom: since(seen.rows.map((r) => r.dom)),
    seen: since(seen.rows.map((r) => r.frame)),
  };
  const out = process.env.LIVE_BENCH_OUT;
  if (out) await writeFile(out, JSON.stringify(samples));
  await Promise.all(contexts.map((context) => context.close()));
});
