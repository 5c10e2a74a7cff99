// The Competitions area (non-match parts) in Chromium against the real binary: an admin adds a
// competition, enters two teams made through the API, adds a match between them from the
// competition and opens its log from the Matches tab, edits and removes an entry, and deletes the
// competition.
import { Classes } from '@blueprintjs/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { apiAs, DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
const ADD_MORE_TEAMS = 'Add more teams to the competition before creating a match';

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchChromium();
  const grant = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'polodesk-cli',
      username: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
      scope: 'openid polodesk-api',
    }),
  });
  token = ((await grant.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await browser?.close();
});

const api = <T>(method: string, path: string, body?: unknown): Promise<T> => apiAs(baseUrl, token)<T>(method, path, body);

interface Named {
  id: number;
  name: string;
}

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

it('adds a competition, enters two teams, adds a match from it, edits and removes an entry, and deletes it', async () => {
  const stamp = Date.now();
  const name = `E2E League ${stamp}`;
  const universal = `E2E Universal League ${stamp}`;

  // A club of the demo federation with two teams, through the API.
  const federation = (await api<Named[]>('GET', '/api/Federations')).find((f) => f.name === 'Vaterpolo savez Srbije')!;
  const category = (await api<Named[]>('GET', '/api/Categories'))[0]!;
  const club = await api<Named>('POST', '/api/Clubs', {
    name: `E2E Competition Club ${stamp}`,
    nameUniversal: `E2E Competition Club ${stamp}`,
    federationId: federation.id,
  });
  const team = (label: string) =>
    api<Named>('POST', '/api/Teams', {
      name: `E2E ${label} ${stamp}`,
      nameUniversal: `E2E ${label} ${stamp}`,
      clubId: club.id,
      categoryId: category.id,
    });
  const first = await team('Sharks');
  const second = await team('Dolphins');

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, baseUrl, DEMO_ADMIN, '/competitions');
  await page.getByRole('heading', { name: 'Competitions' }).waitFor();

  // Add competition: the federation is required; the template language defaults to en.
  await page.getByRole('button', { name: 'Add competition' }).click();
  await page.waitForURL(`${baseUrl}/competitions/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  await drawer.getByText('Add competition', { exact: true }).waitFor();
  await drawer.locator('#competition-name').fill(name);
  await drawer.locator('#competition-nameUniversal').fill(universal);
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  await drawer.getByText('Federation field is required!').waitFor();
  expect(await drawer.getByRole('radio', { name: 'en' }).isChecked()).toBe(true);
  await drawer.locator('#competition-federation').click();
  await drawer.locator('#competition-federation').fill('savez Srb');
  await page.getByRole('option', { name: /Vaterpolo savez Srbije/ }).click();
  await drawer.locator('#competition-category').click();
  await drawer.locator('#competition-category').fill(category.name);
  await page.getByRole('option', { name: new RegExp(category.name) }).first().click();
  await drawer.locator('#competition-startDate').fill('04.10.2025.');
  await drawer.getByText('Professional', { exact: true }).click();
  await save.click();
  await visible(page, 'Competition successfully saved.');
  await page.waitForURL(`${baseUrl}/competitions`);

  // The server-paged list finds it; its Details link opens the competition.
  await page.getByRole('textbox', { name: 'Universal name', exact: true }).fill(universal);
  await page.waitForURL(/Filter\.NameUniversal=/);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.waitFor();
  expect(await row.innerText()).toContain('04.10.2025.');
  await row.getByRole('link', { name: 'Details' }).click();
  await page.waitForURL(/\/competitions\/\d+$/);
  const base = new URL(page.url()).pathname;
  await page.getByRole('heading', { name }).waitFor();
  await visible(page, 'Vaterpolo savez Srbije');

  // No team yet: the empty text, and Add match disabled with its tooltip.
  await page.goto(`${baseUrl}${base}/teams`);
  await visible(page, 'No team competes in this competition.');
  const addMatch = page.getByRole('button', { name: 'Add match' });
  expect(await addMatch.isDisabled()).toBe(true);
  await addMatch.hover({ force: true });
  await visible(page, ADD_MORE_TEAMS);

  // Two teams through the Add team to competition drawer.
  for (const [entered, seed] of [
    [first, false],
    [second, true],
  ] as const) {
    await page.getByRole('button', { name: 'Add team' }).click();
    await page.waitForURL(`${baseUrl}${base}/teams/create`);
    await drawer.getByText('Add team to competition', { exact: true }).waitFor();
    await drawer.locator('#competition-team-team').click();
    await drawer.locator('#competition-team-team').fill(entered.name);
    await page.getByRole('option', { name: new RegExp(entered.name) }).click();
    if (seed) await drawer.getByText('Seed', { exact: true }).click();
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Competition team successfully saved.');
    await page.waitForURL(`${baseUrl}${base}/teams`);
    await page.getByRole('link', { name: entered.name }).waitFor();
  }
  await expect.poll(() => page.getByRole('row').count()).toBe(3);

  // Two teams: Add match is enabled and opens the match form with the competition fixed.
  await expect.poll(() => addMatch.isEnabled()).toBe(true);
  await addMatch.click();
  await page.waitForURL(`${baseUrl}${base}/matches/create`);
  await drawer.getByText('Add match', { exact: true }).waitFor();
  const competitionSelect = drawer.locator('#match-competition');
  expect(await competitionSelect.isDisabled()).toBe(true);
  await expect.poll(() => competitionSelect.locator('option:checked').innerText()).toBe(name);
  await expect.poll(() => drawer.locator('#match-home option').allInnerTexts()).toEqual(['Choose a team', first.name, second.name]);
  await drawer.locator('#match-home').selectOption({ label: first.name });
  await drawer.locator('#match-away').selectOption({ label: second.name });
  await drawer.getByLabel('Start day').fill('14.03.2026.');
  await drawer.getByLabel('Start day').press('Tab');
  await drawer.getByLabel('Start time').fill('19:45');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Match successfully saved.');
  await page.waitForURL(`${baseUrl}${base}/matches`);

  // The new match is listed, its log one click away.
  const matchRow = page.getByRole('row').filter({ hasText: first.name });
  await matchRow.getByRole('link', { name: 'Log' }).click();
  await page.waitForURL(/\/match-log\/\d+$/);
  const matchId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(await api<{ competitionId: number; homeTeamId: number; awayTeamId: number }>('GET', `/api/Matches/${matchId}`)).toMatchObject({
    homeTeamId: first.id,
    awayTeamId: second.id,
  });
  // The entries below are removed, which a match of theirs would prevent.
  await api('DELETE', `/api/Matches/${matchId}`);
  await page.goto(`${baseUrl}${base}/standings`);
  expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Standings');

  // Edit team by its URL: the entry is loaded and saved.
  await page.goto(`${baseUrl}${base}/teams/${second.id}/edit`);
  await drawer.getByText('Edit team', { exact: true }).waitFor();
  await expect.poll(() => drawer.locator('#competition-team-team').inputValue()).toBe(second.name);
  expect(await drawer.locator('#competition-team-seed').isChecked()).toBe(true);
  await drawer.locator('#competition-team-description').fill('Last year’s winner');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Competition team successfully saved.');
  await page.waitForURL(`${baseUrl}${base}/teams`);
  await visible(page, 'Last year’s winner');

  // Removing an entry leaves one team, and Add match is disabled again.
  await page.getByRole('button', { name: `Remove ${first.name}` }).click();
  const alert = page.getByRole('alertdialog');
  await alert.getByText('Are you sure you want to remove this team?').waitFor();
  await alert.getByRole('button', { name: 'Delete' }).click();
  await visible(page, 'Competition team successfully deleted.');
  await page.getByRole('link', { name: first.name }).waitFor({ state: 'detached' });
  await expect.poll(() => addMatch.isDisabled()).toBe(true);

  // Delete the competition; back to the list.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await alert.getByText('Are you sure you want to delete this competition?').waitFor();
  await alert.getByRole('button', { name: 'Delete' }).click();
  await visible(page, 'Competition successfully deleted.');
  await page.waitForURL(`${baseUrl}/competitions`);
  await context.close();
});
