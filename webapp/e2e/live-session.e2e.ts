// Live updates in Chromium against the real binary: one browser context follows a match on its
// details page and on the /socket test page, another on its report. Events saved through the API
// (as another device would) show on all three within a second, without a reload; the /socket
// page goes offline with its context and reconnects by itself. The match is made through the API.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { apiClient, type ApiClient } from './officials-api';
import { DEMO_ADMIN, passwordToken, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
/** The bound: an event saved on one device shows on another within a second. */
const LIVE_MS = 1000;

let browser: Browser;
let client: ApiClient;

beforeAll(async () => {
  browser = await launchChromium();
  client = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
});

afterAll(async () => {
  await browser?.close();
});

interface Named {
  id: number;
  name: string;
}

/** A started match between two new teams with one player each in their lineups. */
async function startedMatch() {
  const stamp = Date.now();
  const federation = (await client.get<Named[]>('/api/Federations'))[0]!;
  const category = (await client.get<Named[]>('/api/Categories'))[0]!;
  const named = (label: string) => ({ name: `E2E ${label} ${stamp}`, nameUniversal: `E2E ${label} ${stamp}` });
  const club = await client.post<Named>('/api/Clubs', { ...named('Live Club'), federationId: federation.id });
  const home = await client.post<Named>('/api/Teams', { ...named('Sharks'), clubId: club.id, categoryId: category.id });
  const away = await client.post<Named>('/api/Teams', { ...named('Eels'), clubId: club.id, categoryId: category.id });
  const competition = await client.post<Named>('/api/Competitions', { ...named('Live League'), federationId: federation.id });
  for (const team of [home, away]) await client.post('/api/CompetitionTeams', { competitionId: competition.id, teamId: team.id });
  const player = (teamId: number, name: string, capNumber: number) =>
    client.post<Named>('/api/Players', {
      person: { name, surname: `Live${stamp}`, birthDate: '1996-05-06' },
      clubs: [{ clubId: club.id }],
      teams: [{ teamId, positionId: 401, capNumber }],
    });
  const scorer = await player(home.id, 'Luka', 7);
  const defender = await player(away.id, 'Marko', 5);
  const fields = {
    homeTeamId: home.id,
    awayTeamId: away.id,
    competitionId: competition.id,
    startDate: new Date().toISOString(),
    venue: `Live pool ${stamp}`,
  };
  const match = await client.post<Named>('/api/Matches', fields);
  await client.put(`/api/Matches/${match.id}/log`, {
    matchId: match.id,
    matchPlayers: [
      { teamId: home.id, playerId: scorer.id, number: 7 },
      { teamId: away.id, playerId: defender.id, number: 5 },
    ],
  });
  await client.put(`/api/Matches/${match.id}`, { ...fields, matchSegmentLength: 8, statusId: 201 });
  return { match, home, scorer: { id: scorer.id, shown: `#7 Luka Live${stamp}` } };
}

/** Resolves once the page's hub connection has joined a match group. */
function joinedGroup(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"Joined"')) resolve();
      }),
    );
  });
}

/** Opens `path` on `page` and waits until its hub connection joined the match's group. */
async function openLive(page: Page, path: string): Promise<void> {
  const joined = joinedGroup(page);
  await page.goto(`${baseUrl}${path}`);
  await joined;
}

/** A new browser context (another device) signed in as the admin, following `path` live. */
async function signedInPage(path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  // The report has no sidebar to tell that sign-in finished: sign in on the dashboard first.
  await signIn(page, baseUrl, DEMO_ADMIN);
  await openLive(page, path);
  return page;
}

/** Saves an event through the API; resolves to the moment the server answered. */
async function logEvent(body: Record<string, unknown>): Promise<{ id: number; at: number }> {
  const saved = await client.post<{ id: number }>('/api/Events', body);
  return { id: saved.id, at: Date.now() };
}

/** Waits for what a page shows, failing if it takes longer than LIVE_MS after `since`. */
const within = (since: number, locator: ReturnType<Page['getByText']>) =>
  locator.waitFor({ timeout: Math.max(1, LIVE_MS - (Date.now() - since)) });

it("shows an event saved elsewhere on the details, the report and /socket of other devices within a second", async () => {
  const { match, home, scorer } = await startedMatch();
  const details = await signedInPage(`/matches/${match.id}`);
  const socket = await details.context().newPage();
  await openLive(socket, `/socket?matchId=${match.id}`);
  const report = await signedInPage(`/match-report/${match.id}`);
  await details.getByRole('heading', { name: /E2E Sharks/ }).waitFor();
  await report.getByText('No events were logged for this match.').waitFor();
  const connection = socket.getByLabel('Connection', { exact: true });
  await expect.poll(() => connection.textContent()).toBe('Online');
  await socket.getByText('No event received yet.').waitFor();

  const goal = await logEvent({
    matchId: match.id,
    typeId: 705,
    periodId: 1200,
    minute: 6,
    seconds: 42,
    shot: { teamId: home.id, typeId: 1100, takenById: scorer.id, isGoal: true },
  });
  await within(goal.at, report.getByRole('cell', { name: scorer.shown }));
  await within(goal.at, details.locator('dd', { hasText: /^1–0$/ }));
  await within(goal.at, socket.getByText(`#${goal.id}`, { exact: true }));
  const latest = socket.getByLabel('Latest event');
  const shown = await latest.locator('dd').allTextContents();
  expect(shown.slice(0, 7)).toEqual(['Created', `#${goal.id}`, 'Shot', home.name, scorer.shown, '1st Period', '06:42']);
  expect(shown[7]).toMatch(/^Goal/);
  expect(await socket.getByLabel('Raw message').textContent()).toContain(`"id": ${goal.id}`);
  expect(await report.getByLabel('Final score').textContent()).toBe('1–0');

  // Offline the /socket page says so; back online it reconnects by itself and hears the next event.
  await socket.context().setOffline(true);
  await expect.poll(() => connection.textContent()).toBe('Offline');
  await socket.context().setOffline(false);
  await expect.poll(() => connection.textContent(), { timeout: 10_000 }).toBe('Online');
  const timeout = await logEvent({ matchId: match.id, typeId: 700, periodId: 1201, minute: 5, seconds: 0, timeout: { teamId: home.id } });
  await within(timeout.at, socket.getByText(`#${timeout.id}`, { exact: true }));
  await within(timeout.at, report.getByRole('cell', { name: '05:00' }));

  // What went by while the report was offline, it catches up with once it reconnects.
  await report.context().setOffline(true);
  await client.delete(`/api/Events/${goal.id}`);
  await report.context().setOffline(false);
  await expect.poll(() => report.getByLabel('Final score').textContent(), { timeout: 15_000 }).toBe('0–0');
  await expect.poll(() => details.locator('dd', { hasText: /^0–0$/ }).count()).toBe(1);

  // Resync loads the match and its log again on demand.
  const loads: string[] = [];
  report.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/Events/${match.id}`) loads.push(request.method());
  });
  await report.getByRole('button', { name: 'Resync' }).click();
  await expect.poll(() => loads).toEqual(['GET']);
});
