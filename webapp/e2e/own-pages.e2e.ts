// What a club account, a coach and an official find of their own (issue #19), on a desk screen
// and on a tablet: their club in the sidebar, opening its page, and an official's Matches tab
// with the upcoming matches first, their role in each and whether they confirmed the played ones.
import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { launchChromium, pageAt, VIEWPORTS } from './browser';
import { apiAs, type Credentials, DEMO_ADMIN, passwordToken, sidebarItems, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);
const DEMO_CLUB: Credentials = { email: 'club@polodesk.test', password: 'polodesk-club' };
const DEMO_COACH: Credentials = { email: 'coach@polodesk.test', password: 'polodesk-coach' };
const DEMO_OFFICIAL: Credentials = { email: 'official@polodesk.test', password: 'polodesk-official' };

interface Profile {
  access: { clubs: number[] };
  officialId?: number | null;
}

interface MatchOfficial {
  id: number;
  officialId: number;
  roleId: number;
  confirmed: boolean;
  confirmedAt?: string | null;
}

interface Match {
  id: number;
  startDate: string;
  statusId: number;
  homeTeamDisplayName: string;
  awayTeamDisplayName: string;
  officials: MatchOfficial[];
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});


const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Whether an element lies within the window, left to right. */
const inWindow = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
  });

/** A table's cell texts by column title, for the row `index` (0 is the first after the head). */
async function rowByTitle(table: Locator, index: number): Promise<Record<string, string>> {
  const titles = await table.getByRole('columnheader').allInnerTexts();
  const cells = await table.locator('tbody tr').nth(index).getByRole('cell').allInnerTexts();
  return Object.fromEntries(titles.map((title, i) => [title.trim(), (cells[i] ?? '').replace(/\s+/g, ' ').trim()]));
}

/**
 * Signs in as `credentials` and opens the club from the sidebar: it is named, right after Home,
 * marked as the page while its page is open, and the only entry marked.
 */
async function opensOwnClub(page: Page, credentials: Credentials, club: { id: number; name: string }) {
  await signIn(page, baseUrl, credentials, '/');
  await expect.poll(() => sidebarItems(page).then((items) => items.slice(0, 2))).toEqual(['Home', club.name]);
  const item = sidebar(page).getByRole('menuitem', { name: club.name, exact: true });
  expect(await item.getAttribute('href')).toBe(`/clubs/${club.id}`);
  await item.click();
  await page.waitForURL(`${baseUrl}/clubs/${club.id}`);
  await page.getByRole('heading', { name: club.name, exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Details' }).waitFor();
  await expect.poll(() => item.getAttribute('class')).toContain('bp6-active');
  expect(await sidebar(page).locator('.bp6-menu-item.bp6-active').count()).toBe(1);
}

for (const viewport of VIEWPORTS) {
  it(`shows a club account its club in the sidebar, which opens the club's page, at ${viewport.width} px`, async () => {
    const api = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_CLUB));
    const { access } = await api<Profile>('GET', '/api/Users/me');
    expect(access.clubs).toHaveLength(1);
    const club = await api<{ id: number; name: string }>('GET', `/api/Clubs/${access.clubs[0]}`);
    expect(club.name).toBe('VK Partizan');

    const page = await pageAt(browser, viewport);
    await opensOwnClub(page, DEMO_CLUB, club);
    // A club account has no Clubs entry (spec 01 §2): its club is its way in.
    expect(await sidebarItems(page)).not.toContain('Clubs');
    await page.screenshot({ path: new URL(`own-club-sidebar-${viewport.width}.png`, SCREENSHOTS).pathname });
    await page.context().close();
  });

  it(`shows a coach the club they manage beside the clubs list at ${viewport.width} px`, async () => {
    const page = await pageAt(browser, viewport);
    const admin = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
    const partizan = (await admin<{ id: number; name: string }[]>('GET', '/api/Clubs')).find((club) => club.name === 'VK Partizan')!;
    await opensOwnClub(page, DEMO_COACH, partizan);
    expect(await sidebarItems(page)).toEqual(['Home', 'VK Partizan', 'Clubs', 'Teams', 'Account', 'Logout']);
    expect(await sidebar(page).getByRole('menuitem', { name: 'Clubs', exact: true }).getAttribute('class')).not.toContain('bp6-active');
    await page.context().close();
  });

  it(`lists an official's upcoming match first with their role, then the played ones with their confirmation, at ${viewport.width} px`, async () => {
    const official = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_OFFICIAL));
    const officialId = (await official<Profile>('GET', '/api/Users/me')).officialId!;
    const admin = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));

    // The demo has Lazar Petković referee played rounds only: he referees the soonest match to come.
    const search = await admin<{ pageItems: Match[] }>('POST', '/api/Matches/search', { pageIndex: 1, pageSize: 100 });
    const next = search.pageItems
      .filter((match) => match.statusId === 200 && Date.parse(match.startDate) > Date.now())
      .filter((match) => !match.officials.some((row) => row.officialId === officialId))
      .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))[0]!;
    const added = await admin<MatchOfficial>('POST', '/api/MatchOfficials', { matchId: next.id, officialId, roleId: 600 });
    try {
      const detail = await admin<{ name: string; surname: string; matches: Match[] }>('GET', `/api/Officials/${officialId}`);
      expect(`${detail.name} ${detail.surname}`).toBe('Lazar Petković');
      const played = detail.matches.filter((match) => match.statusId === 206).sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
      const latest = played[0]!;
      const confirmedAt = latest.officials.find((row) => row.officialId === officialId)!.confirmedAt!;

      const page = await pageAt(browser, viewport);
      await signIn(page, baseUrl, DEMO_OFFICIAL, `/officials/${officialId}/matches`);
      await page.getByRole('heading', { name: 'Lazar Petković' }).waitFor();
      const upcoming = page.getByRole('table', { name: 'Upcoming matches' });
      const playedTable = page.getByRole('table', { name: 'Played matches' });
      await upcoming.locator('tbody tr').first().waitFor();
      await playedTable.locator('tbody tr').first().waitFor();

      // Upcoming comes first, above Played.
      const top = async (locator: Locator) => (await locator.boundingBox())!.y;
      expect(await top(upcoming)).toBeLessThan(await top(playedTable));
      expect(await page.getByRole('region', { name: 'Upcoming matches' }).getByRole('heading').innerText()).toMatch(/^Upcoming\s*\d+$/);

      const first = await rowByTitle(upcoming, 0);
      expect(first).toMatchObject({
        Home: next.homeTeamDisplayName,
        Away: next.awayTeamDisplayName,
        Start: formatDateTime(next.startDate),
        Role: 'Referee',
        Confirmed: '—',
        Status: 'Not Started',
      });
      const playedFirst = await rowByTitle(playedTable, 0);
      expect(playedFirst).toMatchObject({
        Home: latest.homeTeamDisplayName,
        Start: formatDateTime(latest.startDate),
        Role: 'Referee',
        Confirmed: `Confirmed ${formatDateTime(confirmedAt)}`,
        Status: 'Finished',
      });
      expect(await playedTable.locator('tbody tr').count()).toBe(played.length);
      // The role and the confirmation follow the start, in view without scrolling the table, even on a tablet.
      const roleCell = (table: Locator) => table.locator('tbody tr').first().getByRole('cell').nth(4);
      expect(await inWindow(roleCell(upcoming))).toBe(true);
      expect(await inWindow(roleCell(playedTable).locator('xpath=following-sibling::td[1]'))).toBe(true);
      await page.screenshot({ path: new URL(`official-matches-${viewport.width}.png`, SCREENSHOTS).pathname, fullPage: true });
      await page.context().close();
    } finally {
      await admin('DELETE', `/api/MatchOfficials/${added.id}`);
    }
  });
}

it("opens an official's live scoring only on a match of theirs: another match's log reads, without Live scoring", async () => {
  const official = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_OFFICIAL));
  const officialId = (await official<Profile>('GET', '/api/Users/me')).officialId!;
  const admin = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
  const search = await admin<{ pageItems: Match[] }>('POST', '/api/Matches/search', { pageIndex: 1, pageSize: 100 });
  const upcoming = search.pageItems.filter((match) => match.statusId === 200);
  const [theirs, other] = upcoming.filter((match) => !match.officials.some((row) => row.officialId === officialId));
  const added = await admin<MatchOfficial>('POST', '/api/MatchOfficials', { matchId: theirs!.id, officialId, roleId: 600 });
  const page = await pageAt(browser, VIEWPORTS[0]!);
  try {
    // The server would refuse each event there, so the screen is not offered.
    await signIn(page, baseUrl, DEMO_OFFICIAL, `/live-scoring/${other!.id}`);
    await page.waitForURL(`${baseUrl}/not-found`);
    await page.goto(`${baseUrl}/match-log/${other!.id}`);
    const menu = page.getByRole('menu', { name: 'Match log menu' });
    await menu.getByText('Match Report').waitFor();
    expect(await menu.getByText('Live scoring').count()).toBe(0);

    await page.goto(`${baseUrl}/match-log/${theirs!.id}`);
    await menu.getByText('Live scoring').click();
    await page.waitForURL(`${baseUrl}/live-scoring/${theirs!.id}`);
    await page.getByLabel('Time left').waitFor();
  } finally {
    await page.context().close();
    await admin('DELETE', `/api/MatchOfficials/${added.id}`);
  }
});
