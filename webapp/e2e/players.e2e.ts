import { Classes } from '@blueprintjs/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

const visible = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

/** A call with the signed-in user's token, for data the test needs but does not drive through screens. */
async function apiCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([verb, url, payload]) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('polodesk.user:'));
      const token = (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch(url, {
        method: verb,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token ?? ''}` },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, text: await response.text() };
    },
    [method, path, body] as const,
  );
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

interface Named {
  id: number;
  name: string;
}

/** Focuses a picker, lets its popover open, types, and clicks the option whose text starts with `option`. */
async function pick(inputId: string, text: string, option: string) {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(text);
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).click();
  // The list closes, so the next picker's options are the only ones on the page.
  await expect.poll(() => page.locator(`.${Classes.POPOVER}`).getByRole('option').count()).toBe(0);
}

it('adds a player for a person made through the API, chosen from the same-name suggestion, with a team and cap number; edits and deletes it', async () => {
  const stamp = Date.now();
  const surname = `Marković${stamp}`;
  const teamName = `E2E Players ${stamp}`;

  await signIn(page, baseUrl, DEMO_ADMIN, '/players');
  await page.getByRole('heading', { name: 'Players' }).waitFor();

  // A team to play in and the person to bind, made through the API.
  const clubs = await apiCall<Named[]>('GET', '/api/Clubs');
  const categories = await apiCall<Named[]>('GET', '/api/Categories');
  await apiCall('POST', '/api/Teams', { name: teamName, nameUniversal: teamName, clubId: clubs[0]!.id, categoryId: categories[0]!.id });
  const person = await apiCall<Named>('POST', '/api/Persons', { name: 'Marko', surname, birthDate: '2004-06-01' });

  await page.getByRole('button', { name: 'Add player' }).click();
  await page.waitForURL(`${baseUrl}/players/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  await drawer.getByText('Add player').waitFor();
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  await drawer.getByRole('button', { name: 'Add team' }).click();
  await save.click();
  await drawer.getByText('Profile type is required', { exact: true }).waitFor();
  await drawer.getByText('Team field is required!', { exact: true }).waitFor();
  await drawer.getByText('Position field is required!', { exact: true }).waitFor();

  // Typing the person's name and surname suggests the profile on blur; choosing it binds the player to it.
  await drawer.getByText('Create new', { exact: true }).click();
  await drawer.locator('#player-profile-person-name').fill('Marko');
  await drawer.locator('#player-profile-person-surname').fill(surname);
  await drawer.locator('#player-profile-person-birthDate').focus();
  await drawer
    .getByText('Profiles with this name and surname already exists. Click on the profile to bind the player role to it.')
    .waitFor();
  const suggestion = drawer.getByRole('row').filter({ hasText: surname });
  expect(await suggestion.innerText()).toContain('01.06.2004.');
  await suggestion.getByRole('button', { name: `Choose Marko ${surname}` }).click();
  expect(await drawer.locator('#player-profile-existing').inputValue()).toBe(`Marko ${surname} (01.06.2004.)`);

  await pick('player-teams-0-team', teamName, teamName);
  await drawer.locator('#player-teams-0-position').selectOption({ label: 'Driver' });
  await drawer.locator('#player-teams-0-capNumber').fill('100');
  await drawer.getByText('Cap number must be between 1 and 99.', { exact: true }).waitFor();
  await drawer.locator('#player-teams-0-capNumber').fill('7');
  await drawer.locator('#player-primaryPositionId').selectOption({ label: 'Driver' });
  await save.click();
  await visible('Player successfully saved.');
  await page.waitForURL(`${baseUrl}/players`);

  // The person now holds the player role; the list finds the player by surname.
  const stored = await apiCall<{ playerId: number | null }>('GET', `/api/Persons/${person.id}`);
  expect(stored.playerId).not.toBeNull();
  await page.getByRole('textbox', { name: 'Surname', exact: true }).fill(surname);
  const row = page.getByRole('row').filter({ hasText: surname });
  await row.waitFor();
  expect(await row.innerText()).toContain('Driver');
  await row.getByRole('link', { name: 'Details' }).click();
  await page.waitForURL(`${baseUrl}/players/${stored.playerId}`);
  await page.getByRole('heading', { name: `Marko ${surname}` }).waitFor();

  await page.getByRole('tab', { name: 'Teams' }).click();
  await page.waitForURL(`${baseUrl}/players/${stored.playerId}/teams`);
  const teamRow = page.getByRole('row').filter({ hasText: teamName });
  await teamRow.waitFor();
  expect((await teamRow.innerText()).split(/\s+/)).toEqual(expect.arrayContaining(['Driver', '7']));
  // A player of a team is a player of its club.
  await page.getByRole('tab', { name: 'Clubs' }).click();
  await page.getByRole('row').filter({ hasText: clubs[0]!.name }).waitFor();

  // Edit the player information by its route.
  await page.goto(`${baseUrl}/players/${stored.playerId}/edit`);
  await drawer.getByText('Edit player').waitFor();
  await drawer.locator('#player-height').fill('190 cm');
  await drawer.locator('#player-dominantHand').selectOption('R');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await visible('Player successfully saved.');
  await page.waitForURL(`${baseUrl}/players/${stored.playerId}`);
  await visible('190 cm');
  await visible('Right');

  // Delete after the question; the list follows.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await alert.getByText('Are you sure you want to delete this player?').waitFor();
  await alert.getByRole('button', { name: 'Delete' }).click();
  await visible('Player successfully deleted.');
  await page.waitForURL(`${baseUrl}/players`);
  const after = await apiCall<{ playerId: number | null }>('GET', `/api/Persons/${person.id}`);
  expect(after.playerId ?? null).toBeNull();
});
