// The Federations area in Chromium against the real binary: an admin adds a federation, opens
// each tab by its URL, adds a competition from the federation page, edits and deletes it; the
// demo federation user edits only their own federation.
import { Classes } from '@blueprintjs/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { type Credentials, DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
const DEMO_FEDERATION: Credentials = { email: 'federation@polodesk.test', password: 'polodesk-federation' };

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

/** The admin's API token, for looking up the demo data. */
async function adminToken(): Promise<string> {
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
  return ((await grant.json()) as { access_token: string }).access_token;
}

async function federationsByName(): Promise<Map<string, number>> {
  const response = await fetch(`${baseUrl}/api/Federations`, { headers: { Authorization: `Bearer ${await adminToken()}` } });
  const federations = (await response.json()) as { id: number; name: string }[];
  return new Map(federations.map((federation) => [federation.name, federation.id]));
}

it('adds a federation, opens each tab by URL, adds a competition there, edits and deletes the federation', async () => {
  const page = await newPage();
  const stamp = Date.now();
  const name = `E2E Federation ${stamp}`;
  const universal = `E2E Universal Federation ${stamp}`;
  const competitionName = `E2E Federation Cup ${stamp}`;

  await signIn(page, baseUrl, DEMO_ADMIN, '/federations');
  await page.getByRole('heading', { name: 'Federations' }).waitFor();
  await page.getByRole('link', { name: 'Vaterpolo savez Srbije', exact: true }).waitFor();

  // Add federation: the rules of spec 01 §5 at the fields, then a valid save.
  await page.getByRole('button', { name: 'Add federation' }).click();
  await page.waitForURL(`${baseUrl}/federations/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  await drawer.getByText('Add federation', { exact: true }).waitFor();
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await drawer.locator('#federation-name').fill(name);
  await save.click();
  await drawer.getByText('Universal name field is required!').waitFor();
  await drawer.getByText('Country field is required!').waitFor();
  await drawer.getByText('Active from field is required!').waitFor();
  await drawer.locator('#federation-nameUniversal').fill(universal);
  await drawer.locator('#federation-shortName').fill('E2EF');
  await drawer.locator('#federation-country').fill('Serb');
  await page.getByRole('option', { name: /Serbia/ }).click();
  await drawer.locator('#federation-activeFrom').fill('03.02.2001.');
  await drawer.locator('#federation-categories').click();
  await page.getByRole('option', { name: /Senior Men/ }).click();
  await drawer.locator(`.${Classes.TAG}`).getByText('Seniori', { exact: true }).waitFor();
  await drawer.locator('#federation-name').click();
  await save.click();
  await visible(page, 'Federation successfully saved.');
  await page.waitForURL(`${baseUrl}/federations`);

  // The server-paged list finds it by its filter, and the URL holds the filter.
  await page.getByRole('textbox', { name: 'Universal name', exact: true }).fill(universal);
  await page.waitForURL(/Filter\.NameUniversal=/);
  const row = page.getByRole('row').filter({ hasText: name });
  // The header and the one federation the filter finds.
  await expect.poll(() => page.getByRole('row').count()).toBe(2);
  expect(await row.innerText()).toContain('03.02.2001.');
  await row.getByRole('link', { name: 'Details' }).click();
  await page.waitForURL(/\/federations\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const base = `${baseUrl}/federations/${id}`;
  await page.getByRole('heading', { name }).waitFor();
  // A federation's categories come by their universal names.
  await visible(page, 'Senior Men');

  // Each tab has its own route and opens directly.
  for (const [tab, empty] of [
    ['clubs', 'There are no clubs in this federation.'],
    ['competitions', 'There are no competitions in this federation.'],
    ['officials', 'There are no officials in this federation.'],
  ] as const) {
    await page.goto(`${base}/${tab}`);
    await visible(page, empty);
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe(tab[0]!.toUpperCase() + tab.slice(1));
  }
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.waitForURL(base);

  // Add club opens with the federation locked.
  await page.goto(`${base}/clubs`);
  await page.getByRole('button', { name: 'Add club' }).click();
  await page.waitForURL(`${base}/clubs/create`);
  await drawer.getByText('Add club', { exact: true }).waitFor();
  await expect.poll(() => drawer.locator('#club-federation').inputValue()).toBe(name);
  expect(await drawer.locator('#club-federation').isDisabled()).toBe(true);
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(`${base}/clubs`);
  // The closing drawer leaves the page before the next one opens.
  await expect.poll(() => drawer.count()).toBe(0);

  // Add competition from the federation page: the federation is locked and the row appears.
  await page.getByRole('tab', { name: 'Competitions' }).click();
  await page.waitForURL(`${base}/competitions`);
  await page.getByRole('button', { name: 'Add competition' }).click();
  await page.waitForURL(`${base}/competitions/create`);
  await drawer.getByText('Add competition', { exact: true }).waitFor();
  await expect.poll(() => drawer.locator('#competition-federation').inputValue()).toBe(name);
  expect(await drawer.locator('#competition-federation').isDisabled()).toBe(true);
  await drawer.locator('#competition-name').fill(competitionName);
  await drawer.locator('#competition-nameUniversal').fill(competitionName);
  await drawer.locator('#competition-season').fill('2025/26');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Competition successfully saved.');
  await page.waitForURL(`${base}/competitions`);
  await page.getByRole('link', { name: competitionName }).waitFor();

  // The edit drawer opens by its URL with the federation loaded, and saves.
  await page.goto(`${base}/edit`);
  await drawer.getByText('Edit federation', { exact: true }).waitFor();
  expect(await drawer.locator('#federation-name').inputValue()).toBe(name);
  await drawer.locator('#federation-president').fill('E2E President');
  await drawer.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Federation successfully saved.');
  await page.waitForURL(base);
  await visible(page, 'E2E President');

  // Delete with the federation warning; back to the list.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await alert.getByText(/deletes all its clubs, teams, competitions, matches and users/).waitFor();
  await alert.getByRole('button', { name: 'Delete' }).click();
  await visible(page, 'Federation successfully deleted.');
  await page.waitForURL(`${baseUrl}/federations`);
  await page.goto(base);
  await page.waitForURL(`${baseUrl}/not-found`);
  await page.close();
});

it('lets the demo federation user edit their own federation only', async () => {
  const ids = await federationsByName();
  const own = ids.get('Vaterpolo savez Srbije');
  const other = ids.get('Vaterpolo savez Vojvodine');
  expect(own).toBeDefined();
  expect(other).toBeDefined();

  const page = await newPage();
  await signIn(page, baseUrl, DEMO_FEDERATION, `/federations/${other}`);
  await page.getByRole('heading', { name: 'Vaterpolo savez Vojvodine' }).waitFor();
  await page.getByRole('tab', { name: 'Clubs' }).waitFor();
  expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  await page.getByRole('tab', { name: 'Clubs' }).click();
  await page.waitForURL(`${baseUrl}/federations/${other}/clubs`);
  await page.getByRole('table').or(page.getByText('There are no clubs in this federation.')).first().waitFor();
  expect(await page.getByRole('button', { name: 'Add club' }).count()).toBe(0);

  await page.goto(`${baseUrl}/federations/${own}`);
  await page.getByRole('heading', { name: 'Vaterpolo savez Srbije' }).waitFor();
  await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  await page.getByRole('tab', { name: 'Clubs' }).click();
  await page.getByRole('button', { name: 'Add club' }).waitFor();

  // The list offers no Add federation and Edit only on the own row.
  await page.goto(`${baseUrl}/federations`);
  await page.getByRole('link', { name: 'Vaterpolo savez Vojvodine', exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Add federation' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Edit Vaterpolo savez Srbije' }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Edit Vaterpolo savez Vojvodine' }).count()).toBe(0);
  await page.close();
});
