import { mkdir } from 'node:fs/promises';
import { Classes } from '@blueprintjs/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
});

const visible = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

it('runs the shell, adds a city, finds it after a reload, deletes it and shows the 404 page', async () => {
  const cityName = `E2E City ${Date.now()}`;

  // Shell: sidebar and footer, for the demo admin.
  await signIn(page, baseUrl, DEMO_ADMIN);
  const sidebar = page.getByRole('navigation', { name: 'Main menu' });
  await sidebar.getByText('PoloDesk', { exact: true }).waitFor();
  for (const item of ['Home', 'Federations', 'Clubs', 'Teams', 'Competitions', 'Matches', 'Club Managers', 'Players', 'Officials', 'Users', 'Cities', 'Account', 'Logout']) {
    await expect.poll(() => sidebar.getByRole('menuitem', { name: item, exact: true }).count(), { message: item }).toBe(1);
  }
  const footer = (await page.locator('footer').innerText()).trim();
  expect(footer).toContain('PoloDesk');
  expect(footer).toContain(String(new Date().getFullYear()));

  // Cities list, Add city drawer, validation before sending.
  await sidebar.getByRole('menuitem', { name: 'Cities', exact: true }).click();
  await page.getByRole('heading', { name: 'Cities' }).waitFor();
  await page.getByRole('button', { name: 'Add city' }).click();
  await page.waitForURL(`${baseUrl}/cities/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  await drawer.getByText('Add city').waitFor();
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await drawer.locator('#city-name').fill('x');
  await drawer.locator('#city-name').fill('');
  await save.click();
  await drawer.getByText('Required field').first().waitFor();
  await drawer.getByText('Country is required!').waitFor();

  // A valid city saves and the drawer returns to the list.
  await drawer.locator('#city-name').fill(cityName);
  await drawer.locator('#city-name-universal').fill(cityName);
  // The demo data names countries in their own language (Srbija) with the English universal name.
  await drawer.locator('#city-country').fill('Serb');
  await page.getByRole('option', { name: /Serbia/ }).click();
  const countryName = await drawer.locator('#city-country').inputValue();
  expect(countryName).toMatch(/^(Srbija|Serbia)$/);
  await save.click();
  await visible('City successfully saved.');
  await page.waitForURL(`${baseUrl}/cities`);

  // After a reload the list still holds it.
  await page.reload();
  const filter = page.getByPlaceholder('Filter by name, universal name or country');
  await filter.fill(cityName);
  const row = page.getByRole('row').filter({ hasText: cityName });
  await row.waitFor();
  expect(await row.innerText()).toContain(countryName);
  expect(page.url()).toContain('filter=');
  await filter.fill('');
  await page.getByRole('row').nth(1).waitFor();
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('cities-list.png', SCREENSHOTS).pathname, fullPage: true });
  await filter.fill(cityName);
  await row.waitFor();

  // Delete after the confirmation.
  await row.getByRole('button', { name: `Delete ${cityName}` }).click();
  const alert = page.getByRole('alertdialog');
  await alert.getByText('Are you sure you want to delete this city?').waitFor();
  await alert.getByRole('button', { name: 'Delete' }).click();
  await visible('City successfully deleted');
  await row.waitFor({ state: 'detached' });
  expect(await page.getByRole('row').filter({ hasText: cityName }).count()).toBe(0);

  // Unknown routes show the 404 page.
  await page.goto(`${baseUrl}/some/unknown/route`);
  await page.getByRole('heading', { name: 'Ooops... Error 404' }).waitFor();
  await visible('We are sorry, but the page you are looking for does not exist.');
  expect(await page.getByRole('link', { name: 'Back to homepage' }).getAttribute('href')).toBe('/');
});

it('keeps every letter typed quickly into the list filter, and a letter typed mid-word where it was put', async () => {
  // The filter lives in the address; each letter must show in the keystroke's own render, or a
  // quick typist loses letters (React cannot control an input from a router's transition).
  const typist = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(typist, baseUrl, DEMO_ADMIN, '/cities');
  const filter = typist.getByPlaceholder('Filter by name, universal name or country');
  await typist.getByRole('row').nth(1).waitFor();
  const word = 'beogradnovisadkragujevacnis';
  for (let round = 0; round < 3; round++) {
    await filter.fill('');
    await filter.pressSequentially(word);
    expect(await filter.inputValue()).toBe(word);
    await expect.poll(() => new URL(typist.url()).searchParams.get('filter')).toBe(word);
  }
  await filter.fill('beograd');
  await filter.press('Home');
  for (let step = 0; step < 3; step++) await filter.press('ArrowRight');
  await filter.pressSequentially('XY');
  expect(await filter.inputValue()).toBe('beoXYgrad');
  await expect.poll(() => new URL(typist.url()).searchParams.get('filter')).toBe('beoXYgrad');
});
