// The read side of matches in Chromium against the real binary. Everything it looks at is made
// through the API as the admin (a club of the first federation, two teams with two players
// each, a competition, two officials, one match with lineups and a few events, then finished), so
// it does not depend on the demo data. Then it opens the competition's standings, the Matches
// list, the match's tabs, edits the match's round and opens its report, and checks what they show;
// last it adds the second official to the match, edits that official's role and follows the Log links.
import { Classes } from '@blueprintjs/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { apiClient, type ApiClient } from './officials-api';
import { DEMO_ADMIN, passwordToken, signIn } from './sign-in';

const baseUrl = inject('baseUrl');

let browser: Browser;
let client: ApiClient;

beforeAll(async () => {
  browser = await launchChromium();
  client = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
});

afterAll(async () => {
  await browser?.close();
});

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => client.call<T>(method, path, body);

interface Named {
  id: number;
  name: string;
}

/** The cells of a table's body rows, once it has any (every table read here has rows). */
const rowTexts = async (page: Page, table: string) => {
  const rows = page.locator(table).locator('tbody tr');
  await rows.first().waitFor();
  return rows.evaluateAll((all) => all.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => (cell.textContent ?? '').trim())));
};

it('shows a finished match in the standings, the Matches list, its details tabs (editing its round) and its report, then adds an official, edits its role and opens the log', async () => {
  const stamp = Date.now();
  const federation = (await api<Named[]>('GET', '/api/Federations'))[0]!;
  const category = (await api<Named[]>('GET', '/api/Categories'))[0]!;
  const club = await api<Named>('POST', '/api/Clubs', {
    name: `E2E Match Club ${stamp}`,
    nameUniversal: `E2E Match Club ${stamp}`,
    federationId: federation.id,
  });
  const team = (label: string) =>
    api<Named>('POST', '/api/Teams', {
      name: `E2E ${label} ${stamp}`,
      nameUniversal: `E2E ${label} ${stamp}`,
      clubId: club.id,
      categoryId: category.id,
    });
  const home = await team('Orcas');
  const away = await team('Marlins');
  const competition = await api<Named>('POST', '/api/Competitions', {
    name: `E2E Match League ${stamp}`,
    nameUniversal: `E2E Match League ${stamp}`,
    federationId: federation.id,
  });
  for (const entered of [home, away]) {
    await api('POST', '/api/CompetitionTeams', { competitionId: competition.id, teamId: entered.id });
  }
  const player = async (teamId: number, name: string, surname: string, capNumber: number) =>
    api<Named>('POST', '/api/Players', {
      person: { name, surname, birthDate: '1995-03-04' },
      clubs: [{ clubId: club.id }],
      teams: [{ teamId, positionId: capNumber === 1 ? 400 : 401, capNumber }],
    });
  const homeKeeper = await player(home.id, 'Ivo', `Keeper${stamp}`, 1);
  const homeScorer = await player(home.id, 'Filip', `Scorer${stamp}`, 7);
  const awayKeeper = await player(away.id, 'Nikola', `Goalie${stamp}`, 1);
  const awayScorer = await player(away.id, 'Sava', `Shooter${stamp}`, 9);
  const official = await api<Named>('POST', '/api/Officials', {
    person: { name: 'Rade', surname: `Referee${stamp}`, birthDate: '1980-01-01' },
    federations: [{ federationId: federation.id, roles: [600] }],
  });
  const secretary = await api<Named>('POST', '/api/Officials', {
    person: { name: 'Mila', surname: `Secretary${stamp}`, birthDate: '1985-01-01' },
    federations: [{ federationId: federation.id, roles: [602] }],
  });

  // A match that starts now, so the This week preset finds it.
  const startDate = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const fields = { homeTeamId: home.id, awayTeamId: away.id, competitionId: competition.id, startDate, venue: `Pool ${stamp}`, round: '3' };
  const match = await api<Named>('POST', '/api/Matches', fields);
  await api('PUT', `/api/Matches/${match.id}/log`, {
    matchId: match.id,
    matchPlayers: [
      { teamId: home.id, playerId: homeKeeper.id, number: 1 },
      { teamId: home.id, playerId: homeScorer.id, number: 7 },
      { teamId: away.id, playerId: awayKeeper.id, number: 1 },
      { teamId: away.id, playerId: awayScorer.id, number: 9 },
    ],
    matchOfficials: [{ officialId: official.id, roleId: 600 }],
  });
  await api('PUT', `/api/Matches/${match.id}`, { ...fields, matchSegmentLength: 8, statusId: 201 });
  const event = (periodId: number, minute: number, typeId: number, kind: string, record: unknown) =>
    api('POST', '/api/Events', { matchId: match.id, typeId, periodId, minute, seconds: 0, [kind]: record });
  await event(1200, 8, 701, 'swimoff', {
    homeTeamSwimmerId: homeScorer.id,
    awayTeamSwimmerId: awayScorer.id,
    winnerSwimmerId: homeScorer.id,
    winnerTeamId: home.id,
  });
  await event(1200, 6, 705, 'shot', { teamId: home.id, typeId: 1100, takenById: homeScorer.id, isGoal: true });
  await event(1201, 5, 705, 'shot', { teamId: away.id, typeId: 1100, takenById: awayScorer.id, isGoal: true });
  await event(1202, 4, 705, 'shot', { teamId: home.id, typeId: 1100, takenById: homeScorer.id, isGoal: true });
  await event(1203, 3, 705, 'shot', { teamId: away.id, typeId: 1100, takenById: awayScorer.id, savedById: homeKeeper.id });
  await event(1203, 2, 700, 'timeout', { teamId: away.id });
  await api('PUT', `/api/Matches/${match.id}`, { ...fields, matchSegmentLength: 8, statusId: 206 });

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // Standings: the winner first with 3 points and +1, the loser second.
  await signIn(page, baseUrl, DEMO_ADMIN, `/competitions/${competition.id}/standings`);
  const overall = page.getByRole('region', { name: 'Overall standings' });
  await overall.waitFor();
  const standing = await rowTexts(page, 'section[aria-label="Overall standings"] table');
  expect(standing.map((row) => [row[0], row[1], row[2], row[3], row[5], row[8], row[9], row[10], row[11]])).toEqual([
    ['1', home.name, '1', '1', '0', '2', '1', '+1', '3'],
    ['2', away.name, '1', '0', '1', '1', '2', '−1', '0'],
  ]);
  await page.getByRole('region', { name: 'Home standings' }).waitFor();
  await page.getByRole('button', { name: 'Update Standings' }).click();
  await page.getByText('Standings successfully updated.').waitFor();

  // The Matches list: in the sidebar, filtered by the home team and this week.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Matches' }).click();
  await page.getByRole('heading', { name: 'Matches' }).waitFor();
  await page.getByRole('combobox', { name: 'Start', exact: true }).selectOption('thisWeek');
  await page.getByRole('textbox', { name: 'Home team' }).fill(home.name);
  const row = page.locator('tbody tr', { hasText: home.name });
  await row.waitFor();
  await expect.poll(() => page.locator('.pd-data-table tbody tr').count(), { timeout: 10_000 }).toBe(1);
  const cells = (await row.locator('td').allTextContents()).map((text) => text.trim());
  expect(cells[0]).toBe(String(match.id));
  expect(cells.slice(1, 4)).toEqual([home.name, away.name, '2–1']);
  expect(cells[4]).toMatch(/^\d{2}\.\d{2}\.\d{4}\. \d{2}:\d{2}$/);
  expect(cells.slice(5)).toEqual([competition.name, `Rade Referee${stamp}`, '', `Pool ${stamp}`, '3', 'Finished', 'DetailsLogReport']);
  expect(await row.getByRole('link', { name: 'Log' }).getAttribute('href')).toBe(`/match-log/${match.id}`);

  // Details, then its Lineups and Officials tabs.
  await row.getByRole('link', { name: 'Details' }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}`);
  await page.getByRole('heading', { name: `${home.name} – ${away.name}` }).waitFor();
  const value = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
  expect(await value('Competition')).toBe(competition.name);
  expect(await value('Status')).toBe('Finished');
  expect(await value('Score')).toBe('2–1');
  expect(await value('Start')).toMatch(/^\d{2}\.\d{2}\.\d{4}\. \d{2}:\d{2}$/);
  await page.getByRole('tab', { name: 'Lineups' }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}/lineups`);
  const homeLineup = await rowTexts(page, `section[aria-label="${home.name} lineup"] table >> nth=0`);
  expect(homeLineup).toHaveLength(16);
  expect(homeLineup[0]).toEqual(['1GK', '1', `Ivo Keeper${stamp}`]);
  expect(homeLineup[6]).toEqual(['7', '7', `Filip Scorer${stamp}`]);
  await page.getByRole('tab', { name: 'Officials' }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}/officials`);
  expect(await rowTexts(page, 'table[aria-label="Match officials"]')).toEqual([[`Rade Referee${stamp}`, 'Referee', 'No', '']]);

  // Edit match: the round changes, the status stays Finished.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}/edit`);
  const round = page.getByLabel('Round', { exact: true });
  expect(await round.inputValue()).toBe('3');
  await round.fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}`);
  await expect.poll(() => value('Round'), { timeout: 10_000 }).toBe('4');
  expect(await value('Status')).toBe('Finished');
  expect(await value('Venue')).toBe(`Pool ${stamp}`);

  // The report, without the sidebar.
  await page.getByRole('button', { name: 'Match report' }).click();
  await page.waitForURL(`${baseUrl}/match-report/${match.id}`);
  await page.getByLabel('Final score').waitFor();
  expect(await page.getByLabel('Final score').innerText()).toBe('2–1');
  expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
  const log = await rowTexts(page, 'table[aria-label="Match log"]');
  expect(log.map((entry) => entry.slice(0, 5))).toEqual([
    ['1st Period', '08:00', home.name, `#7 Filip Scorer${stamp}`, 'Swim-off'],
    ['1st Period', '06:00', home.name, `#7 Filip Scorer${stamp}`, 'Shot'],
    ['2nd Period', '05:00', away.name, `#9 Sava Shooter${stamp}`, 'Shot'],
    ['3rd Period', '04:00', home.name, `#7 Filip Scorer${stamp}`, 'Shot'],
    ['4th Period', '03:00', away.name, `#9 Sava Shooter${stamp}`, 'Shot'],
    ['4th Period', '02:00', away.name, '', 'Timeout'],
  ]);
  expect(log[4]![5]).toBe(`Saved, Regular attack, saved by #1 Ivo Keeper${stamp}`);
  const homeStats = page.getByRole('region', { name: `${home.name} statistics` });
  // Statistics arrive after the page: poll until they are in.
  const statCells = async (name: string) =>
    (await homeStats.locator('tr', { hasText: name }).locator('td').allTextContents()).map((text) => text.trim());
  const slowly = { timeout: 10_000 };
  await expect.poll(async () => (await statCells(`Filip Scorer${stamp}`)).slice(0, 4), slowly).toEqual(['7', `Filip Scorer${stamp}`, '2/2', '0']);
  // Saves is the sixth cell: the keeper saved one shot.
  await expect.poll(async () => (await statCells(`Ivo Keeper${stamp}`))[5], slowly).toBe('1');
  await expect.poll(async () => (await homeStats.locator('tfoot tr').innerText()).replace(/\s+/g, ' '), slowly).toMatch(/^Team totals 2\/2 /);
  expect(await rowTexts(page, 'table[aria-label="Match officials"]')).toEqual([[`Rade Referee${stamp}`, 'Referee', 'No']]);

  // Add official: the match's referee cannot be chosen again; the secretary joins as Secretary.
  await page.getByRole('button', { name: 'Match details' }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}`);
  await page.getByRole('tab', { name: 'Officials' }).click();
  await page.getByRole('button', { name: 'Add official' }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}/officials/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  await drawer.locator('#match-official-official').click();
  await drawer.locator('#match-official-official').fill(`Referee${stamp}`);
  expect(await page.getByRole('option', { name: new RegExp(`Rade Referee${stamp}`) }).locator('a').getAttribute('aria-disabled')).toBe('true');
  await drawer.locator('#match-official-official').fill(`Secretary${stamp}`);
  await page.getByRole('option', { name: new RegExp(`Mila Secretary${stamp}`) }).click();
  await save.click();
  await drawer.getByText('Role field is required!').waitFor();
  await drawer.locator('#match-official-role').click();
  await page.getByRole('option', { name: 'Secretary', exact: true }).click();
  await save.click();
  await page.getByText('Official successfully saved.').first().waitFor();
  await page.waitForURL(`${baseUrl}/matches/${match.id}/officials`);
  await expect
    .poll(() => rowTexts(page, 'table[aria-label="Match officials"]'), slowly)
    .toEqual([[`Rade Referee${stamp}`, 'Referee', 'No', ''], [`Mila Secretary${stamp}`, 'Secretary', 'No', '']]);

  // Edit its role at /officials/:officialId/edit.
  await page.getByRole('button', { name: `Edit Mila Secretary${stamp}` }).click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}/officials/${secretary.id}/edit`);
  await expect.poll(() => drawer.locator('#match-official-role').inputValue()).toBe('Secretary');
  await drawer.locator('#match-official-role').click();
  await page.getByRole('option', { name: 'Timekeeper', exact: true }).click();
  await save.click();
  await page.waitForURL(`${baseUrl}/matches/${match.id}/officials`);
  await expect
    .poll(() => rowTexts(page, 'table[aria-label="Match officials"]'), slowly)
    .toEqual([[`Rade Referee${stamp}`, 'Referee', 'No', ''], [`Mila Secretary${stamp}`, 'Timekeeper', 'No', '']]);
  const { officials } = await api<{ officials: { officialId: number; roleId: number }[] }>('GET', `/api/Matches/${match.id}`);
  expect(officials.map(({ officialId, roleId }) => [officialId, roleId])).toEqual([
    [official.id, 600],
    [secretary.id, 603],
  ]);

  // The details' Match log link opens the match log.
  await page.getByRole('button', { name: 'Match log' }).click();
  await page.waitForURL(`${baseUrl}/match-log/${match.id}`);
  expect(errors).toEqual([]);
  await context.close();
});
