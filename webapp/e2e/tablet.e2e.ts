import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium, pageAt } from './browser';
import { apiAs, DEMO_ADMIN, passwordToken, signIn, signInOn } from './sign-in';

// A tablet at the pool or a federation desk (768 px wide), or a phone (390): the sidebar collapses on its own, wide
// lists scroll inside their frame with the Actions column in view, and nothing scrolls the page
// sideways, not even a long unbroken club name.
const baseUrl = inject('baseUrl');
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1366, height: 860 };
const PHONE = { width: 390, height: 844 };
/** A match of the demo data with a log, for the report. */
const REPORT_MATCH = 18;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});


const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The page's own width against the window's: more means the page scrolls sideways. */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The first table frame's scrolling width and visible width. */
const frameWidths = (page: Page) =>
  page.locator('.pd-table-frame').first().evaluate((frame) => ({ scroll: frame.scrollWidth, client: frame.clientWidth }));

/** Which sides of the first table frame are marked as having more to scroll to. */
const moreOnEdges = (page: Page) =>
  page
    .locator('.pd-table-edges')
    .first()
    .evaluate((edges) => ({ left: edges.hasAttribute('data-more-left'), right: edges.hasAttribute('data-more-right') }));

/** Whether the first row's Actions cell lies within the window, left to right. */
const firstActionsInView = (page: Page) =>
  page
    .locator('tbody tr')
    .first()
    .locator('td.pd-actions-cell')
    .evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
    });

async function openList(page: Page, path: string, heading: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.locator('tbody tr td.pd-actions-cell').first().waitFor();
}

it('collapses the sidebar at 768 px and keeps wide lists, a long name and the report within the window', async () => {
  const page = await pageAt(browser, TABLET);
  await signIn(page, baseUrl, DEMO_ADMIN, '/');
  await sidebar(page).getByRole('button', { name: 'Expand menu' }).waitFor();
  expect(await sidebar(page).evaluate((nav) => nav.getBoundingClientRect().width)).toBeLessThan(100);

  for (const [path, heading] of [
    ['/matches', 'Matches'],
    ['/players', 'Players'],
  ] as const) {
    await openList(page, path, heading);
    expect(await pageOverflow(page), path).toBeLessThanOrEqual(0);
    const frame = await frameWidths(page);
    // The matches are wider than the tablet: they scroll inside their frame, whose edges say
    // which way more of them lies. The players just fit.
    if (path === '/matches') {
      expect(frame.scroll, path).toBeGreaterThan(frame.client);
      await expect.poll(() => moreOnEdges(page), { message: path }).toEqual({ left: false, right: true });
      await page.locator('.pd-table-frame').first().evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
      await expect.poll(() => moreOnEdges(page), { message: path }).toEqual({ left: true, right: false });
    } else expect(frame.scroll, path).toBeGreaterThanOrEqual(frame.client);
    expect(await firstActionsInView(page), path).toBe(true);
  }

  // A club named with 199 characters and no space (the limit is 200) wraps in its cell.
  const token = await passwordToken(baseUrl, DEMO_ADMIN);
  const api = apiAs(baseUrl, token);
  const federation = (await api<{ id: number; name: string }[]>('GET', '/api/Federations'))[0]!;
  const prefix = `Tablet${Date.now()}`;
  const longName = `${prefix}${'W'.repeat(199 - prefix.length)}`;
  expect(longName).toHaveLength(199);
  const club = await api<{ id: number }>('POST', '/api/Clubs', {
    name: longName,
    nameUniversal: longName,
    federationId: federation.id,
  });
  try {
    await openList(page, `/clubs?Filter.NameUniversal=${prefix}`, 'Clubs');
    await page.getByRole('link', { name: longName }).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The name wraps in a cell of at most 22em (and padding), so the table is not stretched to
    // the 2,700 px the name takes on one line.
    const nameCell = await page.getByRole('link', { name: longName }).evaluate((link) => {
      const cell = link.closest('td')!;
      return { width: cell.getBoundingClientRect().width, height: cell.getBoundingClientRect().height };
    });
    expect(nameCell.width).toBeLessThan(360);
    expect(nameCell.height).toBeGreaterThan(60);
    expect((await frameWidths(page)).scroll).toBeLessThan(1800);
    expect(await firstActionsInView(page)).toBe(true);
  } finally {
    await api('DELETE', `/api/Clubs/${club.id}`);
  }

  // The match report (without the sidebar) fits too.
  await page.goto(`${baseUrl}/match-report/${REPORT_MATCH}`);
  await page.locator('.pd-match-report table').first().waitFor();
  await page.getByRole('table', { name: 'Match log' }).waitFor();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // Live scoring on a tablet held upright: white, the clock and blue side by side, each team's
  // thirteen players whole in view from the start, with their names.
  await page.goto(`${baseUrl}/live-scoring/${REPORT_MATCH}`);
  const clock = page.getByRole('region', { name: 'Clock' });
  await clock.waitFor();
  expect(await pageOverflow(page), 'live scoring').toBeLessThanOrEqual(0);
  const box = (locator: Locator) => locator.evaluate((node) => node.getBoundingClientRect().toJSON() as DOMRect);
  const clockBox = await box(clock);
  const white = await box(page.locator('.pd-team-home'));
  const blue = await box(page.locator('.pd-team-away'));
  expect(white.right).toBeLessThanOrEqual(clockBox.left);
  expect(blue.left).toBeGreaterThanOrEqual(clockBox.right);
  expect(blue.right).toBeLessThanOrEqual(TABLET.width);
  for (const team of [white, blue]) expect(team.bottom).toBeLessThanOrEqual(TABLET.height);
  expect(clockBox.bottom).toBeLessThanOrEqual(TABLET.height);
  // Room for a name (before, a few letters and an ellipsis: "Bo…"); 100 px shows most whole.
  const nameRoom = await page
    .locator('.pd-player:not(:has(.pd-player-keeper)) .pd-player-name')
    .evaluateAll((names) => Math.min(...names.map((name) => name.clientWidth)));
  expect(nameRoom).toBeGreaterThanOrEqual(100);
  await page.context().close();
});

it('keeps a phone\'s pages within the window: headers with many actions, rows of tabs, long values and the report', async () => {
  const page = await pageAt(browser, PHONE);
  // Other tests add accounts, so the user is opened by its id rather than found in the list's pages.
  const users = await apiAs(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN))<{ id: number; email: string }[]>('GET', '/api/Users');
  const federationUser = users.find((user) => user.email === 'federation@polodesk.test')!;
  await signIn(page, baseUrl, DEMO_ADMIN, `/users/${federationUser.id}`);
  await page.getByRole('heading', { name: 'federation@polodesk.test' }).waitFor();
  await page.getByRole('table', { name: 'Recent activity' }).or(page.getByText('Nothing has happened yet.')).waitFor();
  expect(await pageOverflow(page), 'a user').toBeLessThanOrEqual(0);
  // Four actions go under the title, in rows, and the email breaks inside its card.
  const header = await page.locator('.pd-page-actions').evaluate((actions) => actions.getBoundingClientRect().right);
  expect(header).toBeLessThanOrEqual(PHONE.width);

  for (const [path, ready] of [
    ['/teams/1', 'tab'],
    ['/players/1', 'tab'],
    ['/matches/18', 'tab'],
    ['/federations/1/clubs', 'table'],
    ['/competitions/1/teams', 'table'],
    // A referee confirming the log at the pool: the menu above the log, the officials framed.
    [`/match-log/${REPORT_MATCH}`, 'tab'],
    [`/matches/${REPORT_MATCH}/officials`, 'table'],
  ] as const) {
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole(ready).first().waitFor();
    expect(await pageOverflow(page), path).toBeLessThanOrEqual(0);
  }
  // The row of tabs scrolls on its own: its last tab is reached by scrolling the row, not the page.
  await page.goto(`${baseUrl}/teams/1`);
  const tabs = page.getByRole('tablist');
  const widths = await tabs.evaluate((list) => ({ scroll: list.scrollWidth, client: list.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);

  // A form's drawer (600 px on a wider screen) and the referee's confirmation take the screen's width.
  for (const path of ['/clubs/1/edit', `/match-log/${REPORT_MATCH}/confirm`]) {
    await page.goto(`${baseUrl}${path}`);
    const drawer = page.locator('.pd-entity-drawer');
    await drawer.getByRole('button', { name: 'Cancel' }).waitFor();
    // Once it has slid in.
    const edges = () => drawer.evaluate((node) => [node.getBoundingClientRect().left, node.getBoundingClientRect().right]);
    await expect.poll(edges, { message: path, timeout: 5_000 }).toEqual([0, PHONE.width]);
  }

  await page.goto(`${baseUrl}/match-report/${REPORT_MATCH}`);
  await page.getByRole('table', { name: 'Match log' }).waitFor();
  expect(await pageOverflow(page), 'the report').toBeLessThanOrEqual(0);
  // The score keeps to one line between the names.
  const score = await page.getByLabel('Final score').evaluate((node) => node.getBoundingClientRect().height);
  expect(score).toBeLessThan(40);
  // A club's long name in the score by period (the demo's are short, so one is put in) breaks
  // between its words, not inside one: the figures keep to their own width.
  const brokenWords = await page
    .getByRole('table', { name: 'Score by period' })
    .locator('th[scope=row]')
    .first()
    .evaluate((cell) => {
      cell.innerHTML = 'ASD Circolo Canottieri Napoli Nuoto'
        .split(' ')
        .map((word) => `<span>${word}</span>`)
        .join(' ');
      return [...cell.querySelectorAll('span')].filter((word) => word.getClientRects().length > 1).map((word) => word.textContent);
    });
  expect(brokenWords).toEqual([]);
  await page.context().close();
});

it('keeps the sidebar open at 1366 px', async () => {
  const page = await pageAt(browser, DESKTOP);
  await signInOn(page, baseUrl, DEMO_ADMIN, '/matches');
  await sidebar(page).getByRole('button', { name: 'Collapse menu' }).waitFor();
  expect(await sidebar(page).evaluate((nav) => nav.getBoundingClientRect().width)).toBeGreaterThan(200);
  await page.locator('tbody tr td.pd-actions-cell').first().waitFor();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.context().close();
});
