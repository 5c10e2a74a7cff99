// A match a penalty shootout decided, as the pages list and show it, in Chromium against the real
// binary's demo: match 18 of the Superliga (round 5), VK Novi Beograd – VK Radnički, 9–9 after
// regular time (3+1+3+2, 2+3+1+3) and 4–3 in the shootout, which the totals add up to 13–12.
// At a desktop and a tablet width the Matches list, a team's and the competition's Matches tabs,
// the details, the report and the public pages show "9–9, 4–3 pen.", never 13–12, and the
// list's score cell keeps it on one line.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium, VIEWPORTS } from './browser';
import { DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');

const MATCH_ID = 18;
const HOME = 'VK Novi Beograd';
const AWAY = 'VK Radnički';
const HOME_TEAM_ID = 5;
const COMPETITION_ID = 1;
const RESULT = '9–9, 4–3 pen.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The row of match 18 in the table on the page, by its Details link. */
const matchRow = (page: Page): Locator => page.locator('tbody tr', { has: page.locator(`a[href="/matches/${MATCH_ID}"]`) });

/** The row's cell under the Score column, and how many lines its text takes. */
async function scoreCell(page: Page): Promise<{ text: string; lines: number; whiteSpace: string }> {
  const row = matchRow(page);
  await row.waitFor();
  const headers = await page.locator('thead th').allTextContents();
  const index = headers.findIndex((header) => header.trim() === 'Score');
  expect(index).toBeGreaterThanOrEqual(0);
  return row.locator('td').nth(index).evaluate((cell) => {
    // The lines the text itself takes (the cell's inner frame is a box of its own).
    const tops = new Set<number>();
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
    }
    return { text: (cell.textContent ?? '').trim(), lines: tops.size, whiteSpace: getComputedStyle(cell).whiteSpace };
  });
}

async function expectListed(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  const cell = await scoreCell(page);
  expect(cell, path).toEqual({ text: RESULT, lines: 1, whiteSpace: 'nowrap' });
  expect(await matchRow(page).textContent(), path).not.toContain('13–12');
}

for (const viewport of VIEWPORTS) {
  it(`lists and shows the demo's shootout match as ${RESULT} at ${viewport.width}×${viewport.height}`, async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    try {
      await signIn(page, baseUrl, DEMO_ADMIN, '/matches?Filter.Round=5');
      const cell = await scoreCell(page);
      expect(cell).toEqual({ text: RESULT, lines: 1, whiteSpace: 'nowrap' });
      const row = matchRow(page);
      expect(await row.textContent()).toContain(HOME);
      expect(await row.textContent()).toContain(AWAY);
      expect(await row.textContent()).not.toContain('13–12');
      // The other matches of the round keep their plain score.
      const other = page.locator('tbody tr', { has: page.locator('a[href="/matches/17"]') });
      expect(await other.textContent()).toContain('12–11');

      await row.getByRole('link', { name: 'Details' }).click();
      await page.waitForURL(`${baseUrl}/matches/${MATCH_ID}`);
      const score = page.locator('dt', { hasText: /^Score$/ }).locator('xpath=following-sibling::dd[1]');
      await score.waitFor();
      expect((await score.textContent())?.trim()).toBe(RESULT);
      await page.getByRole('columnheader', { name: 'Overtime / Shootout' }).waitFor();

      await expectListed(page, `/teams/${HOME_TEAM_ID}/matches`);
      await expectListed(page, `/competitions/${COMPETITION_ID}/matches`);

      await page.goto(`${baseUrl}/match-report/${MATCH_ID}`);
      const final = page.getByLabel('Final score');
      await final.waitFor();
      expect((await final.textContent())?.trim()).toBe(RESULT);

      // The public match page: the regular time's score big, the shootout in its state.
      await page.goto(`${baseUrl}/live/${MATCH_ID}`);
      const big = page.getByLabel('Score', { exact: true });
      await big.waitFor();
      expect((await big.textContent())?.trim()).toBe('9:9');
      expect((await page.getByLabel('Match state').textContent())?.replace(/\s+/g, ' ').trim()).toBe('Final (4–3 pen.)');

      // The public day list: the regular time's score, the shootout in the row's state.
      await page.goto(`${baseUrl}/live?date=2026-10-31`);
      const live = page.locator(`a[href="/live/${MATCH_ID}"]`);
      await live.waitFor();
      const liveText = (await live.textContent())?.replace(/\s+/g, ' ');
      expect(liveText).toContain('Final (4–3 pen.)');
      expect(liveText).toContain(`${HOME}9:9${AWAY}`);
    } finally {
      await context.close();
    }
  });
}
