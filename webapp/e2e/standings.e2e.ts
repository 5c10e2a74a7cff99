// A competition's standings as a federation secretary reads them, on a desk screen and on a
// tablet: the points rule above the tables, and tie-break notes that read from each row's side
// and name the other team (the demo league's 5th and 6th are level on 9 points).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium, VIEWPORTS } from './browser';
import { DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

for (const viewport of VIEWPORTS) {
  it(`explains the order of teams level on points at ${viewport.width} px`, async () => {
    const page = await browser.newPage({ viewport });
    await signIn(page, baseUrl, DEMO_ADMIN);
    await page.goto(`${baseUrl}/competitions/1/standings`);
    const overall = page.getByRole('region', { name: 'Overall standings' });
    await overall.getByRole('row').nth(1).waitFor();
    expect(
      await page
        .getByText('Points: 3 for a win, 1 for a draw, 0 for a loss, 2 for a shootout win, 1 for a shootout loss.')
        .isVisible(),
    ).toBe(true);
    // A row by its team cell: the other row's note names the team too.
    const row = (team: string) =>
      overall.getByRole('row').filter({ has: page.getByRole('cell', { name: team, exact: true }) });
    expect(await row('VK Vojvodina').getByRole('cell').last().innerText()).toBe(
      'ahead of VK Šabac on head-to-head points (3–0)',
    );
    expect(await row('VK Šabac').getByRole('cell').last().innerText()).toBe(
      'behind VK Vojvodina on head-to-head points (0–3)',
    );
    await page.close();
  });
}
