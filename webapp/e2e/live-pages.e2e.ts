// The pages for visitors in Chromium against the real binary, in a browser context that never
// signs in: /live lists a match of the demo league played now, its row opens /live/:id; a goal
// saved through the API as the admin (as the secretary's device would) shows in the
// play-by-play and the score without a reload; the scoreboard and the embedded score show it too.
// The match is made through the API: the demo league's first fixture again, starting now, with
// the lineups of its teams' last match, then started. The demo league must be public.
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { freshMatch } from '../bench/live-match';
import { launchChromium } from './browser';
import { startServer } from './server';
import { apiClient, type ApiClient } from './officials-api';
import { DEMO_ADMIN, passwordToken } from './sign-in';

type Match = Schemas['Match'];

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);
/** How soon an event saved elsewhere must show on a visitor's page. */
const LIVE_MS = 2_500;

let browser: Browser;
let api: ApiClient;
let visitor: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  api = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
});

afterAll(async () => {
  await browser?.close();
});

/** A new match of the demo league with lineups, in its first period. */
async function matchInPlay(): Promise<Match> {
  const match = await freshMatch(api);
  await api.put(`/api/Matches/${match.id}`, {
    competitionId: match.competitionId,
    homeTeamId: match.homeTeamId,
    awayTeamId: match.awayTeamId,
    countryId: match.countryId,
    cityId: match.cityId,
    venue: match.venue,
    startDate: match.startDate,
    matchSegmentLength: 8,
    statusId: 201,
  });
  // Signed out, as a visitor asks: a 404 here means the demo league is not public.
  const open = await fetch(`${baseUrl}/api/Public/Matches/${match.id}`);
  if (open.status !== 200) throw new Error(`GET /api/Public/Matches/${match.id} answered ${open.status}: is the demo league public?`);
  return api.get<Match>(`/api/Matches/${match.id}`);
}

/**
 * Counts the times the page's hub connections joined the match's group: a page of the app
 * opened by a link keeps the tab's connection, leaving the group with the page it leaves and
 * joining it again with the one it opens.
 */
function joinsOf(page: Page, matchId: number): { count: number } {
  const joins = { count: 0 };
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes('"type":"Joined"') && text.includes(`"matchId":${matchId}`)) joins.count += 1;
    }),
  );
  return joins;
}

/** The hub's address the page connected to, to check it carries no token. */
function hubUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

it('follows a match without signing in: the list, the live page, the scoreboard and the embedded score', async () => {
  const match = await matchInPlay();
  const scorer = match.players.find((entry) => entry.teamId === match.homeTeamId)!;
  const scorerShown = `#${scorer.capNumber} ${scorer.player!.name} ${scorer.player!.surname}`;

  visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await visitor.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const sockets = hubUrls(page);
  const joins = joinsOf(page, match.id);

  // /live: the match is listed under its competition, in progress.
  await page.goto(`${baseUrl}/live`);
  const competition = page.getByRole('region', { name: match.competitionDisplayName });
  await competition.waitFor();
  const row = competition.locator(`a[href="/live/${match.id}"]`);
  await row.waitFor();
  expect(await row.getByLabel('Score').textContent()).toBe('0:0');
  await expect.poll(() => joins.count).toBeGreaterThanOrEqual(1);
  expect(await page.title()).toMatch(/^Live matches .* · PoloDesk$/);
  expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

  // Its row opens the live page, which joins the group again (the list left it).
  await row.click();
  await page.waitForURL(`${baseUrl}/live/${match.id}`);
  await expect.poll(() => page.getByLabel('Score', { exact: true }).textContent()).toBe('0:0');
  await expect.poll(() => joins.count).toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.getByRole('status', { name: 'Connection' }).innerText()).toContain('Live');
  expect(await page.getByText('Nothing has happened yet.').count()).toBe(1);
  expect(sockets.length).toBeGreaterThan(0);
  for (const url of sockets) expect(url).not.toContain('access_token');

  // A goal saved elsewhere shows at once, without a reload (the marker would be gone).
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await api.post('/api/Events', {
    matchId: match.id,
    typeId: 705,
    periodId: 1200,
    minute: 6,
    seconds: 42,
    shot: { teamId: match.homeTeamId, typeId: 1100, takenById: scorer.playerId, isGoal: true },
  });
  const plays = page.getByRole('table', { name: 'Play-by-play' });
  await plays.getByRole('cell', { name: scorerShown }).waitFor({ timeout: LIVE_MS });
  await expect.poll(() => page.getByLabel('Score', { exact: true }).textContent(), { timeout: LIVE_MS }).toBe('1:0');
  const cells = await plays.locator('tbody tr').first().locator('td').allTextContents();
  expect(cells.slice(0, 4)).toEqual(['Q1', '06:42', match.homeTeamDisplayName, scorerShown]);
  expect(cells[5]).toBe('1–0');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await page.title()).toBe(`${match.homeTeamDisplayName} 1:0 ${match.awayTeamDisplayName} · PoloDesk`);

  // The scoreboard for the pool's screen.
  await page.goto(`${baseUrl}/live/${match.id}/scoreboard`);
  await expect.poll(() => page.getByLabel('Score', { exact: true }).textContent()).toBe('1:0');
  expect(await page.getByText(match.homeTeamDisplayName, { exact: true }).count()).toBe(1);
  expect(await page.getByRole('img', { name: /2 timeouts left$/ }).count()).toBe(2);

  // The embedded score, as a club's website shows it in an iframe.
  await page.setViewportSize({ width: 320, height: 120 });
  await page.goto(`${baseUrl}/embed/match/${match.id}`);
  const widget = page.getByLabel('Live score');
  await expect.poll(() => widget.getByLabel('Score', { exact: true }).textContent()).toBe('1:0');
  const follow = widget.getByRole('link', { name: 'Follow live' });
  expect(await follow.getAttribute('href')).toBe(`/live/${match.id}`);
  expect(await follow.getAttribute('target')).toBe('_blank');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

  // A match that is not public (or not there) is not available.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${baseUrl}/live/999999999`);
  await page.getByText('This match is not available.').waitFor();

  expect(errors).toEqual([]);
});

it("sizes the scoreboard's team names to their column: words whole, the crests in one line", async () => {
  // A demo match with a team whose name has a long word (VK Singidunum).
  const matches = await api.get<Match[]>('/api/Matches');
  const longWord = (name: string) => Math.max(...name.split(' ').map((word) => word.length));
  const match = matches.find((candidate) => longWord(candidate.homeTeamDisplayName) >= 10 || longWord(candidate.awayTeamDisplayName) >= 10);
  if (!match) throw new Error('the demo data has no team with a long word in its name');
  const screenContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await screenContext.newPage();
  await page.goto(`${baseUrl}/live/${match.id}/scoreboard`);
  await page.locator('.pd-board-name').nth(1).waitFor();
  const brokenWords = await page.locator('.pd-board-name').evaluateAll((names) =>
    names.flatMap((name) => {
      name.innerHTML = (name.textContent ?? '')
        .split(' ')
        .map((word) => `<span>${word}</span>`)
        .join(' ');
      return [...name.querySelectorAll('span')].filter((word) => word.getClientRects().length > 1).map((word) => word.textContent);
    }),
  );
  expect(brokenWords).toEqual([]);
  const crestTops = await page.locator('.pd-board-crest').evaluateAll((crests) => crests.map((crest) => crest.getBoundingClientRect().top));
  expect(crestTops[0]).toBe(crestTops[1]);
  await screenContext.close();
});

it('reads a played match and its standings on a phone without scrolling sideways', async () => {
  // The demo league's first played match (the lowest id: other tests add matches of their own).
  const [played] = (await api.get<Match[]>('/api/Matches')).filter((match) => match.status === 'Finished').sort((a, b) => a.id - b.id);
  if (!played) throw new Error('the demo data has no finished match');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(`${baseUrl}/live/${played.id}`);
  await page.getByRole('table', { name: 'Play-by-play' }).waitFor();
  await page.getByRole('region', { name: `${played.homeTeamDisplayName} shots` }).waitFor();
  expect(await page.getByLabel('Match state').textContent()).toBe('Final');
  // Nothing says "Live" beside a final score.
  expect(await page.getByRole('status', { name: 'Connection' }).count()).toBe(0);

  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  // The score by period shows Q1 … OT, so its Total column is in view without scrolling the table.
  const total = await page.getByRole('table', { name: 'Score by period' }).getByRole('columnheader', { name: 'Total' }).boundingBox();
  expect(total!.x + total!.width).toBeLessThanOrEqual(width);
  const first = page.getByRole('columnheader', { name: '1st Period' });
  expect(await first.getByText('Q1', { exact: true }).isVisible()).toBe(true);
  expect((await first.getByText('1st Period', { exact: true }).boundingBox())!.width).toBeLessThanOrEqual(1);
  // Every play's cells lie within the page: each event is a block, not a row of six columns.
  const rightmost = await page
    .getByRole('table', { name: 'Play-by-play' })
    .locator('td')
    .evaluateAll((cells) => Math.max(...cells.map((cell) => cell.getBoundingClientRect().right)));
  expect(rightmost).toBeLessThanOrEqual(width);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('live-match-phone.png', SCREENSHOTS).pathname });

  // The competition's standings show # Team P W D L GD Pts; Points is in view.
  await page.goto(`${baseUrl}/live/competition/${played.competitionId}`);
  const overall = page.getByRole('region', { name: 'Overall standings' });
  const points = overall.getByRole('columnheader', { name: 'Points' });
  await points.waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  const box = (await points.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await overall.getByRole('columnheader', { name: 'GF' }).isVisible()).toBe(false);
  await page.screenshot({ path: new URL('live-standings-phone.png', SCREENSHOTS).pathname, fullPage: true });
  await phone.close();
});

it('offers the last and the next day with matches on a day without any', async () => {
  // The demo data as loaded (the other tests here start matches, which every day lists).
  const server = await startServer(inject('bin'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    // A Wednesday between the demo's round 7 (Saturday 14 November) and round 8 (the 28th).
    await page.goto(`${server.baseUrl}/live?date=2026-11-25`);
    await page.getByText('No matches on this day.').waitFor();
    const next = page.getByRole('button', { name: 'Next matches: Sat 28.11.2026.' });
    await next.waitFor();
    expect(await page.getByRole('button', { name: 'Last matches: Sat 14.11.2026.' }).count()).toBe(1);
    await next.click();
    await page.waitForURL(`${server.baseUrl}/live?date=2026-11-28`);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Sat 28.11.2026.');
    const league = page.getByRole('region', { name: 'Superliga Srbije 2026/27' });
    await league.waitFor();
    expect(await league.getByRole('listitem').count()).toBe(4);
  } finally {
    await context.close();
    await server.stop();
  }
});
