import { mkdir } from 'node:fs/promises';
import { Classes } from '@blueprintjs/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { DEMO_ADMIN, DEMO_PERSON, sidebarItems, signIn, signOut, submitSignInForm } from './sign-in';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);

const ALL_ITEMS = ['Home', 'Federations', 'Clubs', 'Teams', 'Competitions', 'Matches', 'Club Managers', 'Players', 'Officials', 'Users', 'Cities'];

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
});

// Each test starts without cookies or stored tokens.
beforeEach(async () => {
  await context?.close();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Blueprint draws its own radio indicator over the input, so the label takes the click. */
const chooseType = (scope: ReturnType<Page['locator']>, type: string) =>
  scope.locator('label').filter({ has: page.getByRole('radio', { name: type }) }).click();

const visible = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

it('sends a visitor to the sign-in page, refuses a wrong password and returns to the page after sign-in', async () => {
  await page.goto(`${baseUrl}/cities`);
  await page.locator('#email').waitFor();
  expect(page.url().startsWith(`${baseUrl}/connect/authorize`)).toBe(true);

  await submitSignInForm(page, { email: DEMO_ADMIN.email, password: 'not-the-password' });
  await visible('Invalid email or password.');

  await submitSignInForm(page, DEMO_ADMIN);
  await page.waitForURL(`${baseUrl}/cities`);
  await page.getByRole('heading', { name: 'Cities' }).waitFor();

  // The admin sees every module, then Account and Logout.
  await expect.poll(() => sidebarItems(page)).toEqual([...ALL_ITEMS, 'Account', 'Logout']);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('signed-in-admin.png', SCREENSHOTS).pathname });

  // Without the stored tokens, silent sign-in (hidden iframe, the server's session cookie)
  // signs in again without the sign-in form.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(`${baseUrl}/users`);
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  expect(page.url()).toBe(`${baseUrl}/users`);

  // Account shows the profile.
  await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await page.getByRole('heading', { name: 'Account' }).waitFor();
  await visible(DEMO_ADMIN.email);

  await signOut(page);
  expect(page.url()).toBe(`${baseUrl}/authentication/logged-out`);
  await expect.poll(() => sidebarItems(page)).toEqual(['Login']);
  expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/authentication/login');

  // Signed out, a module page needs sign-in again.
  await page.goto(`${baseUrl}/users`);
  await page.locator('#email').waitFor();
});

it('shows a person only Home and keeps them out of the users screens', async () => {
  await signIn(page, baseUrl, DEMO_PERSON);
  await expect.poll(() => sidebarItems(page)).toEqual(['Home', 'Account', 'Logout']);

  await page.goto(`${baseUrl}/users`);
  await page.waitForURL(`${baseUrl}/not-found`);
  await page.getByRole('heading', { name: 'Ooops... Error 404' }).waitFor();

  // A logout reached by a link, not from within the page, signs nobody out.
  await page.goto(`${baseUrl}/authentication/logout`);
  await visible('The logout was not initiated from within the page.');
  await page.goto(`${baseUrl}/`);
  await expect.poll(() => sidebarItems(page)).toEqual(['Home', 'Account', 'Logout']);

  await signOut(page);
});

it('refuses a return URL of another origin', async () => {
  await page.goto(`${baseUrl}/authentication/login?returnUrl=${encodeURIComponent('https://example.com/')}`);
  await visible('Invalid return url. The return url needs to have the same origin as the current page.');
});

it('refuses a sign-in callback it did not start, even with a code the issuer really gave', async () => {
  // Login CSRF: someone signs in with their own account outside the app and sends the
  // callback link, code and all, hoping the app signs its user in as them.
  const authorize = await fetch(`${baseUrl}/connect/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      client_id: 'polodesk-web',
      redirect_uri: `${baseUrl}/authentication/login-callback`,
      response_type: 'code',
      scope: 'openid profile polodesk-api',
      state: 'a-state-this-browser-never-made',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      email: DEMO_PERSON.email,
      password: DEMO_PERSON.password,
    }),
  });
  expect(authorize.status).toBe(303);
  const callback = new URL(authorize.headers.get('location') ?? '', baseUrl);
  expect(callback.searchParams.get('code')).toBeTruthy();

  await page.goto(callback.href);
  await visible('Login failed');
  const stored = await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('polodesk.user:')));
  expect(stored).toEqual([]);
  await page.goto(`${baseUrl}/`);
  await page.locator('#email').waitFor();
});

it('lets the admin create a person user who sets a password with the link and signs in', async () => {
  const email = `e2e-${Date.now()}@polodesk.test`;
  const password = 'e2e-password-42';

  await signIn(page, baseUrl, DEMO_ADMIN, '/users');
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  await page.getByRole('button', { name: 'Add user' }).click();
  await page.waitForURL(`${baseUrl}/users/create`);
  const drawer = page.locator(`.${Classes.DRAWER}`);
  await drawer.getByText('Add user').waitFor();

  // Validation by type before anything is sent.
  const save = drawer.getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true);
  await drawer.locator('#user-email').fill('not-an-email');
  await drawer.getByText('Wrong e-mail format!').waitFor();
  await chooseType(drawer, 'Club');
  await save.click();
  await drawer.getByText('Club field is required!').waitFor();

  // A Person-type user for a demo person, found by three or more letters.
  await drawer.locator('#user-email').fill(email);
  await chooseType(drawer, 'Person');
  const person = drawer.locator('#user-person');
  await person.click();
  await page.waitForTimeout(100);
  await person.pressSequentially('Jelena', { delay: 30 });
  await page.getByRole('option', { name: 'Jelena Stojanović (08.08.1992.)' }).click();
  await save.click();

  // The set-password link shows once, before the drawer closes.
  const dialog = page.getByRole('dialog', { name: 'Set-password link' });
  await dialog.getByText('Give this link to the user. It works once and expires in 7 days.').waitFor();
  await visible('User successfully saved.');
  const link = await dialog.getByRole('textbox', { name: 'Set-password link' }).inputValue();
  expect(link).toMatch(/^https?:\/\/.+/);
  expect(page.url()).toBe(`${baseUrl}/users/create`);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.waitForURL(`${baseUrl}/users`);
  await page.getByRole('row').filter({ hasText: email }).waitFor();

  await signOut(page);

  // The new user chooses a password on the server's page and signs in.
  await page.goto(link);
  await page.locator('#password').fill(password);
  await page.locator('#confirm').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await submitSignInForm(page, { email, password });
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).waitFor();
  await expect.poll(() => sidebarItems(page)).toEqual(['Home', 'Account', 'Logout']);
  await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await visible(email);
});
