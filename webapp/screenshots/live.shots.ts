// Renders the match screens into docs/screenshots/: the match log of a played demo match, and the
// live scoring screen of the next demo match logged from the keyboard into its first period
// (docs/keyboard.md), with its cheat sheet open.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { nextDemoMatch } from '../bench/live-match';
import { launchChromium } from '../e2e/browser';
import { apiClient } from '../e2e/officials-api';
import { DEMO_ADMIN, passwordToken, signIn } from '../e2e/sign-in';

const OUT = resolve('../docs/screenshots');
const EDITOR = '.event-editor[role="form"]';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

/** Types `keys` one by one, as a secretary does, letting the screen draw between them. */
async function type(keys: string) {
  for (const key of keys.split(' ')) {
    await page.keyboard.press(key === 'Space' ? ' ' : key);
    await page.waitForTimeout(120);
  }
}

/** Types an event's keys, then its Enter once the editor shows, and waits for the editor to close. */
async function logEvent(keys: string) {
  await type(keys);
  await page.locator(EDITOR).waitFor();
  await page.keyboard.press('Enter');
  await page.locator(EDITOR).waitFor({ state: 'detached' });
}

/**
 * The first period of a match, from its swim-off on: the clock stopped and moved back between
 * events (as after each stoppage of play), a goal each side, two exclusions of blue 5, a timeout.
 */
async function playFirstPeriod() {
  await logEvent('w 7 f 7');
  await type('Space - { { Space');
  await logEvent('w 4 s');
  await type('Space - Space');
  await logEvent('b 5 x');
  await type('Space { { Space');
  await logEvent('w 2 g');
  await type('- Space');
  await logEvent('b 9 g');
  await type('{ Space t w { { Space');
  await logEvent('b 5 x');
  await type('Space - Space');
  await logEvent('w 9 o');
  await type('Space { Space');
  await logEvent('w 8 g');
}

it('renders the match log and live scoring', async () => {
  const baseUrl = inject('baseUrl');
  const api = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
  await signIn(page, baseUrl, DEMO_ADMIN);

  const played = (await api.get<Schemas['Match'][]>('/api/Matches')).filter((m) => m.status === 'Finished');
  const last = played.sort((a, b) => (b.startDate ?? '').localeCompare(a.startDate ?? ''))[0]!;
  await page.goto(`${baseUrl}/match-log/${last.id}`);
  await page.getByText('Save Match Log').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: resolve(OUT, 'match-log.png') });

  const match = await nextDemoMatch(api);
  // Tall enough for the period's nine events under the clock.
  await page.setViewportSize({ width: 1400, height: 1060 });
  await page.goto(`${baseUrl}/live-scoring/${match.id}`);
  await page.getByText('Live', { exact: true }).waitFor();
  await playFirstPeriod();
  // The goal stopped the clock; it runs again for a few seconds before the picture.
  await type('Space');
  await page.waitForTimeout(3_000);
  await page.locator('[aria-label="Events"] tbody tr').nth(8).waitFor();
  expect(await page.locator('[aria-label="Events"] tbody tr').count()).toBe(9);
  await page.screenshot({ path: resolve(OUT, 'live-scoring.png') });

  await type('?');
  await page.getByRole('dialog').waitFor();
  // The sheet fades in: the picture waits for its transition to end.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.screenshot({ path: resolve(OUT, 'live-scoring-keys.png') });

  // The same match as visitors follow it, signed out (the demo league is public), while the
  // secretary's screen above keeps publishing its clock.
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  await visitor.goto(`${baseUrl}/live/${match.id}`);
  await visitor.getByRole('table', { name: 'Play-by-play' }).waitFor();
  await visitor.waitForLoadState('networkidle');
  await visitor.screenshot({ path: resolve(OUT, 'live-match-public.png'), fullPage: true });
  await visitor.setViewportSize({ width: 1600, height: 900 });
  await visitor.goto(`${baseUrl}/live/${match.id}/scoreboard`);
  await visitor.getByLabel('Score', { exact: true }).waitFor();
  // The clock comes from the hub on joining, once the match is in progress.
  await visitor.getByRole('timer', { name: 'Match clock' }).waitFor({ timeout: 5_000 }).catch(() => undefined);
  // The fullscreen toggle hides itself a few seconds after the page opens.
  await visitor.waitForTimeout(3_500);
  await visitor.screenshot({ path: resolve(OUT, 'scoreboard.png') });
  await visitor.close();
});
