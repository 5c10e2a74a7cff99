// Logging through a network cut in Chromium against the real binary: mid-period on
// /live-scoring/:id the browser goes offline, five events are typed, the screen shows them as
// not sent and how many wait, the page is reloaded while still offline (the service worker
// gives the app back, the device's copy of the match and the outbox the rest), and when the
// network returns every event reaches the server exactly once, in the order typed.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { editorOf, swimOff, typeKeys } from './live-keys';
import { createLiveMatch, serverEvents } from './match-setup';
import { apiClient, type ApiClient } from './officials-api';
import { DEMO_ADMIN, passwordToken, signInOn } from './sign-in';

const baseUrl = inject('baseUrl');

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchChromium();
  api = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
});

afterAll(async () => {
  await browser?.close();
});

it('keeps five events typed offline through a reload and sends each once, in order, when the network returns', async () => {
  const match = await createLiveMatch(api, `E2E Offline ${Date.now()}`);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await signInOn(page, baseUrl, DEMO_ADMIN, `/live-scoring/${match.id}`);
  const status = page.getByRole('status');
  await status.getByText('Live', { exact: true }).waitFor();
  await swimOff(page, 7, 7, 'home');
  // The app is kept for offline use once its service worker is active.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  const notSent = page.getByRole('group', { name: 'Events' }).getByText('Not sent yet', { exact: true });
  // Five events of five types, each by its keys: Enter saves those that open the editor.
  const typed: { keys: string[]; editor: string | null; typeId: number }[] = [
    { keys: ['w', '5', 's'], editor: 'Shot', typeId: 705 },
    { keys: ['b', '3', 'x'], editor: 'Exclusion', typeId: 704 },
    { keys: ['w', '9', 'c'], editor: 'Card', typeId: 702 },
    { keys: ['b', '4', 'o'], editor: 'Turnover', typeId: 703 },
    { keys: ['t', 'b'], editor: null, typeId: 700 },
  ];
  for (const [index, { keys, editor }] of typed.entries()) {
    await typeKeys(page, ...keys);
    if (editor) {
      await editorOf(page, editor).waitFor();
      await typeKeys(page, 'Enter');
      await editorOf(page, editor).waitFor({ state: 'detached' });
    }
    await expect.poll(() => notSent.count()).toBe(index + 1);
  }
  await status.getByText('5 waiting to be sent', { exact: true }).waitFor();
  expect((await serverEvents(api, match.id)).map((event) => event.typeId)).toEqual([701]);

  await page.reload();
  await status.getByText('5 waiting to be sent', { exact: true }).waitFor();
  await status.getByText(/^Copy from /).waitFor();
  await expect.poll(() => notSent.count()).toBe(5);
  // The swim-off saved before the cut is there too, from the device's copy.
  await expect.poll(() => page.getByRole('group', { name: 'Events' }).locator('tbody tr').count()).toBe(6);

  await context.setOffline(false);
  await status.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 });
  await status.getByText(/waiting to be sent/).waitFor({ state: 'detached', timeout: 30_000 });
  await status.getByText(/^Copy from /).waitFor({ state: 'detached' });
  await expect.poll(() => notSent.count()).toBe(0);
  const events = await serverEvents(api, match.id);
  expect(events.map((event) => event.typeId)).toEqual([701, ...typed.map((event) => event.typeId)]);
  // Exactly once: five distinct clientIds, and the ids in the order typed.
  const sent = events.slice(1);
  expect(new Set(sent.map((event) => event.clientId)).size).toBe(5);
  expect(sent.every((event) => event.clientId !== null)).toBe(true);
  expect(sent.map((event) => event.id)).toEqual([...sent.map((event) => event.id)].sort((a, b) => a - b));
  await context.close();
});
