import { Classes } from '@blueprintjs/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { solidPng } from './logo-png';
import { type Credentials, DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
const DEMO_CLUB: Credentials = { email: 'club@polodesk.test', password: 'polodesk-club' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  return context.newPage();
}

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

/** A POST with the signed-in user's token, for data the test needs but does not drive through screens. */
async function apiPost(page: Page, path: string, body: unknown): Promise<{ status: number; body: { id: number } }> {
  return page.evaluate(
    async ([url, payload]) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('polodesk.user:'));
      const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token ?? ''}` },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as { id: number } };
    },
    [path, body] as const,
  );
}

it('adds a team with its club and category, shows its tabs, removes its player and coach, edits and deletes it', async () => {
  const page = await newPage();
  const stamp = Date.now();
  const teamName = `E2E Team ${stamp}`;

  await signIn(page, baseUrl, DEMO_ADMIN, '/teams');
  await page.getByRole('heading', { name: 'Teams' }).waitFor();
  await page.locator('a[href^="/teams/"]', { hasText: /^VK Partizan U19$/ }).waitFor();

  await page.getByRole('button', { name: 'Add team' }).click();
  await page.waitForURL(`${baseUrl}/teams/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  await drawer.getByText('Add team').waitFor();
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await drawer.locator('#team-name').fill(teamName);
  await save.click();
  await drawer.getByText('Universal name field is required!', { exact: true }).waitFor();
  await drawer.getByText('Club field is required!', { exact: true }).waitFor();
  await drawer.getByText('Category field is required!', { exact: true }).waitFor();

  await drawer.locator('#team-nameUniversal').fill(teamName);
  // Clubs are found on the server by their universal name.
  await drawer.locator('#team-club').fill('Partizan');
  await page.getByRole('option', { name: /^VK Partizan/ }).click();
  await drawer.locator('#team-category').click();
  await page.getByRole('option', { name: /Kadeti U17/ }).click();
  expect(await drawer.locator('#team-club').inputValue()).toBe('VK Partizan');
  expect(await drawer.locator('#team-category').inputValue()).toBe('Kadeti U17');
  await drawer.locator('#team-logo').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: solidPng(257, 20) });
  await drawer.getByText('Image resolution is too big. Max resolution is 256x256.', { exact: true }).waitFor();
  await drawer.locator('#team-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(256, 256) });
  await drawer.getByRole('img', { name: 'Logo preview' }).waitFor();
  await save.click();
  await visible(page, 'Team successfully saved.');
  await page.waitForURL(`${baseUrl}/teams`);

  // The list filters on the server, by universal name and by club.
  await page.getByRole('textbox', { name: 'Universal name', exact: true }).fill(teamName);
  await page.getByRole('textbox', { name: 'Club', exact: true }).fill('Partizan');
  await page.waitForURL((url) => url.searchParams.get('Filter.Club') === 'Partizan');
  const row = page.getByRole('row').filter({ hasText: teamName });
  await row.waitFor();
  expect(await row.innerText()).toContain('Kadeti U17');
  await expect.poll(() => page.getByRole('row').count()).toBe(2);
  await row.getByRole('link', { name: 'Details' }).click();
  await page.waitForURL(/\/teams\/\d+$/);
  const teamPath = new URL(page.url()).pathname;
  const teamId = Number(teamPath.split('/').at(-1));
  await page.getByRole('heading', { name: teamName }).waitFor();
  await page.getByRole('img', { name: `${teamName} logo` }).waitFor();

  for (const [tab, path, empty] of [
    ['Competitions', 'competitions', 'The team does not compete in any competition.'],
    ['Matches', 'matches', 'There are no matches for this team.'],
    ['Club Managers', 'coaches', 'There are no coaches in this team.'],
    ['Players', 'players', 'There are no players in this team.'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForURL(`${baseUrl}${teamPath}/${path}`);
    await visible(page, empty);
  }

  // The Add player drawer opens by route with the player form, and closes back to the tab.
  await page.getByRole('button', { name: 'Add player' }).click();
  await page.waitForURL(`${baseUrl}${teamPath}/players/create`);
  await page.locator(`.${Classes.DRAWER}`).getByText('Add player', { exact: true }).waitFor();
  await page.locator(`.${Classes.DRAWER}`).getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(`${baseUrl}${teamPath}/players`);

  // A player and a coach of the team, made through the API, are removed on their tabs.
  const person = (name: string) => ({ name, surname: `Surname ${stamp}`, birthDate: '2008-03-04' });
  expect((await apiPost(page, '/api/Players', { person: person('Pera'), teams: [{ teamId, positionId: 401, capNumber: 7 }] })).status).toBe(201);
  expect((await apiPost(page, '/api/Coaches', { person: person('Mika'), teams: [{ teamId }] })).status).toBe(201);
  await page.reload();
  const playerRow = page.getByRole('row').filter({ hasText: 'Pera' });
  await playerRow.waitFor();
  expect(await playerRow.innerText()).toContain('7');
  await playerRow.getByRole('button', { name: /^Remove Pera/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await visible(page, 'Team player successfully deleted.');
  await visible(page, 'There are no players in this team.');

  await page.getByRole('tab', { name: 'Club Managers' }).click();
  const coachRow = page.getByRole('row').filter({ hasText: 'Mika' });
  await coachRow.waitFor();
  expect(await coachRow.innerText()).toContain('Head Coach');
  await coachRow.getByRole('button', { name: /^Remove Mika/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await visible(page, 'Team coach successfully deleted.');
  await visible(page, 'There are no coaches in this team.');

  // Edit opens with the team loaded, also as a deep link.
  await page.goto(`${baseUrl}${teamPath}/edit`);
  const editDrawer = page.locator(`.${Classes.DRAWER}`);
  await editDrawer.getByText('Edit team').waitFor();
  await expect.poll(() => editDrawer.locator('#team-club').inputValue()).toBe('VK Partizan');
  expect(await editDrawer.locator('#team-name').inputValue()).toBe(teamName);
  await editDrawer.locator('#team-shortName').fill('E2E');
  await editDrawer.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Team successfully saved.');
  await page.waitForURL(`${baseUrl}${teamPath}`);
  await page.getByText('E2E', { exact: true }).waitFor();

  // /club is the Club tab: the team's club with a link to its page.
  await page.goto(`${baseUrl}${teamPath}/club`);
  await page.getByRole('tab', { name: 'Club', selected: true }).waitFor();
  await page.getByRole('link', { name: "Open the club's page" }).click();
  await page.waitForURL(/\/clubs\/\d+$/);
  await page.getByRole('heading', { name: 'VK Partizan' }).waitFor();

  // Delete, after the warning about competitions and matches.
  await page.goto(`${baseUrl}${teamPath}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await alert.getByText('Are you sure you want to remove this team?', { exact: true }).waitFor();
  await alert
    .getByText('Deleting a team will remove it from all competitions and delete all matches it participated in.', { exact: true })
    .waitFor();
  await alert.getByRole('button', { name: 'Delete' }).click();
  await visible(page, 'Team successfully deleted.');
  await page.waitForURL(`${baseUrl}/teams`);
  await page.goto(`${baseUrl}${teamPath}`);
  await page.waitForURL(`${baseUrl}/not-found`);
  await page.context().close();
});

it("lets a club account change only its own club's teams", async () => {
  const page = await newPage();
  await signIn(page, baseUrl, DEMO_CLUB, '/teams?Filter.Club=VK');
  const zvezdaTeam = page.locator('a[href^="/teams/"]', { hasText: /^VK Crvena zvezda$/ });
  await zvezdaTeam.waitFor();
  const edits = page.getByRole('button', { name: /^Edit / });
  const labels = async () => (await edits.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).sort();
  await expect.poll(labels).toEqual(['Edit VK Partizan', 'Edit VK Partizan U19']);
  expect(await page.getByRole('button', { name: 'Add team' }).count()).toBe(1);

  const zvezda = await zvezdaTeam.getAttribute('href');
  await page.goto(`${baseUrl}${zvezda}/edit`);
  await page.waitForURL(`${baseUrl}/not-found`);
  await page.context().close();
});
