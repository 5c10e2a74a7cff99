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

it('adds a club manager with a new person, a club and a team, marks the person on a second try, edits the profile and removes a membership', async () => {
  const stamp = Date.now();
  const surname = `Savić${stamp}`;
  const teamName = `E2E Coaches ${stamp}`;

  await signIn(page, baseUrl, DEMO_ADMIN, '/coaches');
  await page.getByRole('heading', { name: 'Club Managers' }).waitFor();

  // A team to coach, made through the API.
  const clubs = await apiCall<Named[]>('GET', '/api/Clubs');
  const partizan = clubs.find((club) => club.name === 'VK Partizan') ?? clubs[0]!;
  const categories = await apiCall<Named[]>('GET', '/api/Categories');
  await apiCall('POST', '/api/Teams', {
    name: teamName,
    nameUniversal: teamName,
    clubId: partizan.id,
    categoryId: categories[0]!.id,
  });

  // Add Club Manager: the messages first, then a new person with a club and a team.
  await page.getByRole('button', { name: 'Add Club Manager' }).click();
  await page.waitForURL(`${baseUrl}/coaches/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  await drawer.getByText('Add Club Manager').waitFor();
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await drawer.getByRole('button', { name: 'Add club' }).click();
  await save.click();
  await drawer.getByText('You have to choose one of these options!', { exact: true }).waitFor();
  await drawer.getByText('Club field is required!', { exact: true }).waitFor();
  await drawer.getByRole('button', { name: 'Remove clubs row 1' }).click();
  await drawer.getByText('Club or Team field is required.', { exact: true }).waitFor();

  await drawer.getByText('Create new', { exact: true }).click();
  await drawer.getByText('Name field is required!', { exact: true }).waitFor();
  await drawer.locator('#coach-profile-person-name').fill('Dejan');
  await drawer.locator('#coach-profile-person-surname').fill(surname);
  await drawer.locator('#coach-profile-person-birthDate').fill('01.01.1975.');
  await drawer.getByRole('button', { name: 'Add club' }).click();
  await pick('coach-clubs-0-club', partizan.name.slice(0, 5), partizan.name);
  // The chosen club is disabled in a second row until that row goes.
  await drawer.getByRole('button', { name: 'Add club' }).click();
  await page.locator('#coach-clubs-1-club').click();
  await page.locator('#coach-clubs-1-club').fill(partizan.name);
  const taken = page.getByRole('option', { name: new RegExp(`^${partizan.name}`) }).locator('a');
  expect(await taken.getAttribute('aria-disabled')).toBe('true');
  await drawer.getByRole('heading', { name: 'Clubs' }).click();
  await drawer.getByRole('button', { name: 'Remove clubs row 2' }).click();
  await drawer.getByRole('button', { name: 'Add team' }).click();
  await pick('coach-teams-0-team', teamName, teamName);
  await expect.poll(() => drawer.locator('#coach-teams-0-role option:checked').innerText()).toBe('Head Coach');
  await save.click();
  await visible('Club Manager successfully saved.');
  await page.waitForURL(`${baseUrl}/coaches`);

  // The list finds the new club manager by surname through the server's filter.
  await page.getByRole('textbox', { name: 'Surname', exact: true }).fill(surname);
  await page.waitForURL(/Filter\.Surname=/);
  const row = page.getByRole('row').filter({ hasText: surname });
  await row.waitFor();
  expect(await row.innerText()).toContain('01.01.1975.');
  await row.getByRole('link', { name: 'Details' }).click();
  await page.getByRole('heading', { name: `Dejan ${surname}` }).waitFor();
  const coachPath = new URL(page.url()).pathname;
  await page.getByRole('tab', { name: 'Clubs' }).click();
  await page.waitForURL(`${baseUrl}${coachPath}/clubs`);
  await page.getByRole('row').filter({ hasText: partizan.name }).waitFor();
  await page.getByRole('tab', { name: 'Teams' }).click();
  const teamRow = page.getByRole('row').filter({ hasText: teamName });
  await teamRow.waitFor();
  expect(await teamRow.innerText()).toContain('Head Coach');
  await page.getByRole('tab', { name: 'Matches' }).click();
  await visible('This club manager does not participate in any match.');

  // Edit the profile by its route; a reload of the page shows the change.
  await page.getByRole('tab', { name: 'Personal information' }).click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.waitForURL(`${baseUrl}${coachPath}/personal-info/edit`);
  await drawer.locator('#person-nationality').fill('Serbian');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await visible('Person successfully saved.');
  await page.waitForURL(`${baseUrl}${coachPath}`);
  await page.reload();
  await visible('Serbian');

  // Remove the team membership.
  await page.getByRole('tab', { name: 'Teams' }).click();
  await teamRow.getByRole('button', { name: `Remove ${teamName}` }).click();
  const alert = page.getByRole('alertdialog');
  await alert.getByText('Are you sure you want to remove this entity?').waitFor();
  await alert.getByRole('button', { name: 'Delete' }).click();
  await visible('Team coach successfully deleted.');
  await visible('This club manager does not manage any team');

  // A second Add Club Manager with the same name suggests the person, marked as a coach already.
  await page.goto(`${baseUrl}/coaches/create`);
  await drawer.getByText('Create new', { exact: true }).click();
  await drawer.locator('#coach-profile-person-name').fill('Dejan');
  await drawer.locator('#coach-profile-person-surname').fill(surname);
  await drawer.locator('#coach-profile-person-birthDate').focus();
  await drawer
    .getByText('Profiles with this name and surname already exists. Click on the profile to bind the club manager role to it.')
    .waitFor();
  const suggestion = drawer.getByRole('row').filter({ hasText: surname });
  expect(await suggestion.innerText()).toContain('Club Manager');
  await suggestion.getByText('This person is already a coach!').waitFor();
  expect(await suggestion.getByRole('button').count()).toBe(0);
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(`${baseUrl}/coaches`);
});
