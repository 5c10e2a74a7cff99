import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { apiClient, apiTokenOf, createFederation, serbiaId, totalOf } from './officials-api';
import { DEMO_ADMIN, signIn, submitSignInForm } from './sign-in';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});

// Each test signs in on its own, without the other's cookies or stored tokens.
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
});

/** The number a dashboard count card shows. */
const countShown = (title: string, scope = page.locator('body')) =>
  scope.getByRole('region', { name: title, exact: true }).getByTestId(`count-${title}`).innerText();

it('shows the administrator every area counted as the server counts it, with Add shortcuts', async () => {
  await signIn(page, baseUrl, DEMO_ADMIN);
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
  const api = apiClient(baseUrl, await apiTokenOf(page));

  const searches: [string, string][] = [
    ['Federations', '/api/Federations/search'],
    ['Clubs', '/api/Clubs/search'],
    ['Teams', '/api/Teams/search'],
    ['Officials', '/api/Officials/search'],
    ['Players', '/api/Players/search'],
  ];
  for (const [title, path] of searches) {
    const total = await totalOf(api, path);
    await expect.poll(() => countShown(title), { message: title }).toBe(String(total));
  }
  const users = await api.get<unknown[]>('/api/Users');
  await expect.poll(() => countShown('Users')).toBe(String(users.length));
  expect(await page.getByRole('link', { name: 'Add federation' }).getAttribute('href')).toBe('/federations/create');
  expect(await page.getByRole('link', { name: 'Add official' }).getAttribute('href')).toBe('/officials/create');

  // A new federation shows in the count after a reload.
  const before = Number(await countShown('Federations'));
  await createFederation(api, `E2E Dashboard ${Date.now()}`, await serbiaId(api));
  await page.reload();
  await expect.poll(() => countShown('Federations')).toBe(String(before + 1));

  // The shortcut opens the area's Add drawer.
  await page.getByRole('link', { name: 'Add official' }).click();
  await page.waitForURL(`${baseUrl}/officials/create`);
  await page.getByText('Add official').first().waitFor();
});

it("shows an official user its official profile and roles, and only the official's shortcuts", async () => {
  const stamp = Date.now();
  const email = `e2e-official-${stamp}@polodesk.test`;
  const password = 'e2e-official-42';
  const surname = `Delegat${stamp}`;

  // As the admin, through the API: a federation, an official with a new person, and a Person
  // user for that person.
  await signIn(page, baseUrl, DEMO_ADMIN);
  const api = apiClient(baseUrl, await apiTokenOf(page));
  const federation = await createFederation(api, `E2E Dashboard Officials ${stamp}`, await serbiaId(api));
  const official = await api.post<{ id: number; personId: number }>('/api/Officials', {
    person: { name: 'Mila', surname, birthDate: '1985-02-03' },
    title: 'National delegate',
    federations: [{ federationId: federation.id, roles: [601, 602] }],
  });
  const user = await api.post<{ setPasswordUrl: string }>('/api/Users', { email, typeId: 3, personId: official.personId });
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.clear());

  // The new user sets a password with the link and signs in.
  await page.goto(user.setPasswordUrl);
  await page.locator('#password').fill(password);
  await page.locator('#confirm').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await submitSignInForm(page, { email, password });
  await page.waitForURL(`${baseUrl}/`);

  const section = page.getByRole('region', { name: 'Your official profile' });
  const name = section.getByRole('link', { name: `Mila ${surname}` });
  await name.waitFor();
  expect(await name.getAttribute('href')).toBe(`/officials/${official.id}`);
  const text = await section.innerText();
  expect(text).toContain('National delegate');
  expect(text).toMatch(/PIN\s+Not set/);
  const row = section.getByRole('row').filter({ hasText: federation.name });
  expect(await row.innerText()).toContain('Delegate, Secretary');
  expect(await section.getByRole('link', { name: 'Change PIN' }).getAttribute('href')).toBe(`/officials/${official.id}/pin/edit`);
  expect(await page.getByRole('region', { name: 'Your account' }).innerText()).toContain(email);
  // No registry counts for a person.
  expect(await page.getByTestId('count-Federations').count()).toBe(0);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('dashboard-official.png', SCREENSHOTS).pathname, fullPage: true });

  // The official opens its own profile from the dashboard.
  await name.click();
  await page.waitForURL(`${baseUrl}/officials/${official.id}`);
  await page.getByRole('heading', { name: `Mila ${surname}`, exact: true, level: 2 }).waitFor();
});
