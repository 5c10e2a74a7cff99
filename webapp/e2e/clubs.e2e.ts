import { mkdir } from 'node:fs/promises';
import { Classes } from '@blueprintjs/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium, pageAt, VIEWPORTS } from './browser';
import { solidPng } from './logo-png';
import { type Credentials, DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);
const DEMO_CLUB: Credentials = { email: 'club@polodesk.test', password: 'polodesk-club' };

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});


const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

/** Whether an element lies wholly within the window: a tablet shows it without scrolling sideways. */
const inWindow = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth && box.bottom <= window.innerHeight;
  });

// A desk screen and a tablet (where the sidebar collapses and the drawer takes most of the width).
for (const viewport of VIEWPORTS) {
  // Screenshots keep their names at the desk size; the tablet's carry its width.
  const shot = (name: string) => new URL(viewport.width === 1366 ? `${name}.png` : `${name}-${viewport.width}.png`, SCREENSHOTS).pathname;

  it(`adds a club with a logo (refusing one over 256x256), opens a team in it, and deletes the club with its teams at ${viewport.width} px`, async () => {
    const page = await pageAt(browser, viewport);
    const stamp = Date.now();
    const clubName = `E2E Club ${stamp}`;
    const clubUniversal = `E2E Universal Club ${stamp}`;
    const teamName = `E2E Team ${stamp}`;

    await signIn(page, baseUrl, DEMO_ADMIN, '/clubs');
    await page.getByRole('heading', { name: 'Clubs' }).waitFor();
    // The demo clubs come from the server's search.
    await page.getByRole('link', { name: 'VK Partizan', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add club' }).click();
    await page.waitForURL(`${baseUrl}/clubs/create`);
    const drawer = page.locator(`.${Classes.DRAWER}`);
    await drawer.getByText('Add club', { exact: true }).waitFor();
    const save = drawer.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    // The rules show at the fields before anything is sent.
    await drawer.locator('#club-name').fill('x');
    await drawer.locator('#club-name').fill('');
    await drawer.locator('#club-phone').fill('011-123');
    await save.click();
    await drawer.getByText('Name field is required!', { exact: true }).waitFor();
    await drawer.getByText('Universal name field is required!', { exact: true }).waitFor();
    await drawer.getByText('Only numbers and plus sign are allowed!', { exact: true }).waitFor();
    await drawer.locator('#club-phone').fill('+381 11 123');

    // A PNG larger than 256x256 is refused in the browser; a small one shows 55 high.
    await drawer.locator('#club-logo').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: solidPng(300, 300) });
    await drawer.getByText('Image resolution is too big. Max resolution is 256x256.', { exact: true }).waitFor();
    expect(await drawer.getByRole('img', { name: 'Logo preview' }).count()).toBe(0);
    await drawer.locator('#club-logo').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: solidPng(64, 48) });
    const preview = drawer.getByRole('img', { name: 'Logo preview' });
    await preview.waitFor();
    expect(await preview.evaluate((image: HTMLImageElement) => image.getBoundingClientRect().height)).toBe(55);
    expect(await drawer.getByText('Image resolution is too big. Max resolution is 256x256.', { exact: true }).count()).toBe(0);

    // A name that is taken is pointed out, not refused; another name clears the warning.
    await drawer.locator('#club-name').fill('vk partizan');
    const taken = drawer.getByRole('status').filter({ hasText: 'A club with this name already exists: VK Partizan.' });
    await taken.waitFor();
    expect(await taken.getByRole('link', { name: 'VK Partizan' }).getAttribute('href')).toMatch(/^\/clubs\/\d+$/);
    // The warning and its link show whole beside the field, at either size.
    expect(await inWindow(taken)).toBe(true);
    expect(await inWindow(taken.getByRole('link', { name: 'VK Partizan' }))).toBe(true);
    await drawer.locator('#club-name').fill(clubName);
    await drawer.locator('#club-nameUniversal').fill(clubUniversal);
    await taken.waitFor({ state: 'detached' });
    // Choosing a country loads its cities; the city is cleared when the country changes.
    await drawer.locator('#club-country').fill('Serb');
    await page.getByRole('option', { name: /Serbia/ }).click();
    await drawer.locator('#club-city').click();
    await page.getByRole('option', { name: /Beograd/ }).first().click();
    expect(await drawer.locator('#club-city').inputValue()).toBe('Beograd');
    await drawer.locator('#club-country').fill('Croat');
    await page.getByRole('option', { name: /Croatia/ }).click();
    expect(await drawer.locator('#club-city').inputValue()).toBe('');
    await drawer.locator('#club-country').fill('Serb');
    await page.getByRole('option', { name: /Serbia/ }).click();
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: shot('club-drawer') });
    await drawer.locator('#club-federation').click();
    await page.getByRole('option', { name: /Vaterpolo savez Srbije/ }).click();
    await save.click();
    await visible(page, 'Club successfully saved.');
    await page.waitForURL(`${baseUrl}/clubs`);
    // The new club may sort onto another page of the list: its toast opens it.
    const toast = page.locator(`.${Classes.TOAST}`).filter({ hasText: 'Club successfully saved.' });
    expect(await inWindow(toast.getByRole('button', { name: 'Open' }))).toBe(true);
    await toast.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/\/clubs\/\d+$/);
    await page.getByRole('heading', { name: clubName }).waitFor();
    await page.goto(`${baseUrl}/clubs`);
    await page.getByRole('link', { name: 'VK Partizan', exact: true }).waitFor();
    await page.screenshot({ path: shot('clubs-list') });
    // The server-paged list finds it by universal name, with the filter in the URL.
    await page.getByRole('textbox', { name: 'Universal name', exact: true }).fill(clubUniversal);
    await page.waitForURL((url) => url.searchParams.get('Filter.NameUniversal') === clubUniversal);
    const row = page.getByRole('row').filter({ hasText: clubName });
    await row.waitFor();
    expect(await row.innerText()).toContain('Vaterpolo savez Srbije');
    await row.getByRole('link', { name: 'Details' }).click();
    await page.waitForURL(/\/clubs\/\d+$/);
    const clubPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: clubName }).waitFor();
    await page.getByRole('img', { name: `${clubName} logo` }).first().waitFor();

    await page.screenshot({ path: shot('club-details'), fullPage: true });

    // Teams tab: empty, then a team added with the club locked.
    await page.getByRole('tab', { name: 'Teams' }).click();
    await page.waitForURL(`${baseUrl}${clubPath}/teams`);
    await visible(page, 'There are no teams in this club');
    await page.getByRole('tab', { name: 'Club Managers' }).click();
    await visible(page, 'There are no coaches in this club');
    await page.getByRole('tab', { name: 'Players' }).click();
    await visible(page, 'There are no players in this club');
    await page.getByRole('tab', { name: 'Teams' }).click();
    await page.getByRole('button', { name: 'Add team' }).click();
    await page.waitForURL(`${baseUrl}${clubPath}/teams/create`);
    const teamDrawer = page.locator(`.${Classes.DRAWER}`);
    await expect.poll(() => teamDrawer.locator('#team-club').inputValue()).toBe(clubName);
    expect(await teamDrawer.locator('#team-club').isDisabled()).toBe(true);
    await teamDrawer.locator('#team-name').fill(teamName);
    await teamDrawer.locator('#team-nameUniversal').fill(teamName);
    await teamDrawer.getByRole('button', { name: 'Save', exact: true }).click();
    await teamDrawer.getByText('Category field is required!', { exact: true }).waitFor();
    await teamDrawer.locator('#team-category').click();
    await page.getByRole('option', { name: /Seniori/ }).click();
    await teamDrawer.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page, 'Team successfully saved.');
    await page.waitForURL(`${baseUrl}${clubPath}/teams`);
    const teamLink = page.getByRole('link', { name: teamName, exact: true });
    await teamLink.waitFor();
    const teamPath = await teamLink.getAttribute('href');
    await page.screenshot({ path: shot('club-teams') });
    expect(teamPath).toMatch(/^\/teams\/\d+$/);

    // Deleting the club warns about its teams and users, then takes the team with it.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByText('Are you sure you want to remove this club?', { exact: true }).waitFor();
    await alert.getByText('All teams of this club and all users with a Club role in it will also be deleted.', { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'Delete' }).click();
    await visible(page, 'Club successfully deleted.');
    await page.waitForURL(`${baseUrl}/clubs`);

    await page.goto(`${baseUrl}/teams?Filter.NameUniversal=${encodeURIComponent(teamName)}`);
    await visible(page, 'There are no teams.');
    await page.goto(`${baseUrl}${teamPath}`);
    await page.waitForURL(`${baseUrl}/not-found`);
    await page.goto(`${baseUrl}${clubPath}`);
    await page.waitForURL(`${baseUrl}/not-found`);
    await page.context().close();
  });
}

it('lets a club account edit only its own club', async () => {
  const page = await pageAt(browser, { width: 1400, height: 900 });
  await signIn(page, baseUrl, DEMO_CLUB, '/clubs');
  await page.getByRole('link', { name: 'VK Partizan', exact: true }).waitFor();
  await page.getByRole('link', { name: 'VK Crvena zvezda', exact: true }).waitFor();

  // Edit shows on VK Partizan only; club accounts neither add nor delete clubs.
  const edits = page.getByRole('button', { name: /^Edit / });
  await expect.poll(() => edits.count()).toBe(1);
  expect(await edits.first().getAttribute('aria-label')).toBe('Edit VK Partizan');
  expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Add club' }).count()).toBe(0);

  // Its own club opens for editing...
  const partizan = await page.getByRole('link', { name: 'VK Partizan', exact: true }).getAttribute('href');
  await page.goto(`${baseUrl}${partizan}/edit`);
  await page.locator(`.${Classes.DRAWER}`).getByText('Edit club', { exact: true }).waitFor();
  expect(await page.locator('#club-name').inputValue()).toBe('VK Partizan');
  // ...without the Categories field, which is only for new clubs.
  expect(await page.locator('#club-categories').count()).toBe(0);

  // ...another club's edit route leads to the 404 page, and its page has no Edit.
  await page.goto(`${baseUrl}/clubs`);
  const zvezda = await page.getByRole('link', { name: 'VK Crvena zvezda', exact: true }).getAttribute('href');
  await page.goto(`${baseUrl}${zvezda}`);
  await page.getByRole('heading', { name: 'VK Crvena zvezda' }).waitFor();
  expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
  await page.goto(`${baseUrl}${zvezda}/edit`);
  await page.waitForURL(`${baseUrl}/not-found`);
  await page.getByRole('heading', { name: 'Ooops... Error 404' }).waitFor();
  await page.context().close();
});
