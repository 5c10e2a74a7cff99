import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import {
  type Credentials,
  DEMO_ADMIN,
  newClubAccount,
  passwordToken,
  signIn,
  signOut,
  submitSignInForm,
} from './sign-in';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** A browser of its own: another device of the same user. */
async function device(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

/** A club account of its own, so changing its password touches no other test's account. */
const clubAccount = (): Promise<Credentials & { id: number }> => newClubAccount(baseUrl, 'e2e-account');

/** The rows of a Recent activity table once it has `count` of them: what happened, and from where. */
async function activityRows(page: Page, count: number): Promise<(string | undefined)[][]> {
  const rows = page.getByRole('table', { name: 'Recent activity' }).locator('tbody tr');
  await rows.nth(count - 1).waitFor();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent?.trim())),
  );
}

const toAccount = async (page: Page) => {
  await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
};

it('changes the password from the account page, which ends the sign-ins of every device', async () => {
  const account = await clubAccount();
  const [laptop, tablet] = [await device(), await device()];
  await signIn(laptop, baseUrl, account);
  await signIn(tablet, baseUrl, account, '/clubs');

  await toAccount(laptop);
  await laptop.getByRole('button', { name: 'Change password' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await dialog.getByLabel('New password', { exact: true }).fill('e2e-second-password');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('e2e-second-passwor');
  await dialog.getByLabel('Confirm new password', { exact: true }).press('Tab');
  await dialog.getByText('Passwords do not match.').waitFor();
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('e2e-second-password');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('The current password is not correct.').waitFor();
  await mkdir(SCREENSHOTS, { recursive: true });
  await laptop.screenshot({ path: new URL('account-change-password.png', SCREENSHOTS).pathname });

  await dialog.getByLabel('Current password', { exact: true }).fill(account.password);
  await dialog.getByLabel('Current password', { exact: true }).press('Enter');
  await laptop.getByText('Your password is changed. Sign in again with the new password.').waitFor();
  await laptop.getByText('You are not signed in.').waitFor();

  // The other device's next call finds its sign-in ended and asks for the password again.
  await tablet.getByRole('menuitem', { name: 'Teams', exact: true }).click();
  await tablet.locator('#email').waitFor();
  await submitSignInForm(tablet, account);
  await tablet.getByText('Invalid email or password.', { exact: true }).waitFor();
  await submitSignInForm(tablet, { ...account, password: 'e2e-second-password' });
  await tablet.getByRole('heading', { name: 'Teams' }).waitFor();

  // Signing out everywhere from that device ends the laptop's new sign-in too.
  await signIn(laptop, baseUrl, { ...account, password: 'e2e-second-password' });
  await toAccount(tablet);
  await tablet.getByRole('button', { name: 'Sign out everywhere' }).click();
  await tablet.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await tablet.getByText('You are not signed in.').waitFor();
  await laptop.getByRole('menuitem', { name: 'Teams', exact: true }).click();
  await laptop.locator('#email').waitFor();
  expect(laptop.url().startsWith(`${baseUrl}/connect/authorize`)).toBe(true);
});

it('hands the refresh token back on logout, so it cannot be used after', async () => {
  const account = await clubAccount();
  const page = await device();
  await signIn(page, baseUrl, account);
  const refreshToken = await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((name) => name.startsWith('polodesk.user:'));
    return key ? (JSON.parse(window.localStorage.getItem(key)!) as { refresh_token?: string }).refresh_token : undefined;
  });
  expect(refreshToken).toBeTruthy();
  await signOut(page);
  const grant = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'polodesk-web', refresh_token: refreshToken! }),
  });
  expect(grant.status).toBe(400);
  expect(((await grant.json()) as { error: string }).error).toBe('invalid_grant');
});

it('lists the sign-ins of every device and signs another one out from here', async () => {
  const account = await clubAccount();
  const [laptop, tablet] = [await device(), await device()];
  await signIn(laptop, baseUrl, account);
  await signIn(tablet, baseUrl, account, '/clubs');
  // A script signs in too, from the command line.
  await passwordToken(baseUrl, account);

  await toAccount(laptop);
  const card = laptop.locator('.pd-sign-ins');
  const rows = card.locator('tbody tr');
  await rows.nth(2).waitFor();
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent?.trim())),
  );
  expect(cells.sort()).toEqual(
    [['Chrome on Linux This device', 'Web app'], ['Chrome on Linux', 'Web app'], ['Unknown device', 'Command line']].sort(),
  );
  await mkdir(SCREENSHOTS, { recursive: true });
  await laptop.screenshot({ path: new URL('account-sign-ins.png', SCREENSHOTS).pathname, fullPage: true });

  const tabletRow = rows.filter({ hasText: 'Web app' }).filter({ hasNotText: 'This device' });
  await tabletRow.getByRole('button', { name: 'Sign out' }).click();
  await laptop.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
  await laptop.getByText('That device is signed out.').waitFor();
  await expect.poll(() => rows.count()).toBe(2);

  // The tablet's next call finds its sign-in ended, and its browser asks for the password.
  await tablet.getByRole('menuitem', { name: 'Teams', exact: true }).click();
  await tablet.locator('#email').waitFor();
  expect(tablet.url().startsWith(`${baseUrl}/connect/authorize`)).toBe(true);
  // The laptop goes on.
  await laptop.getByRole('menuitem', { name: 'Teams', exact: true }).click();
  await laptop.getByRole('heading', { name: 'Teams' }).waitFor();
});

it('shows on the account page the wrong passwords someone tried, then the sign-in', async () => {
  const account = await clubAccount();
  // Someone else guesses at the account's password on the sign-in page.
  const stranger = await device();
  await stranger.goto(`${baseUrl}/`);
  for (const guess of ['letmein-2026', 'letmein-2027']) {
    const answered = stranger.waitForResponse((response) => response.request().method() === 'POST');
    await submitSignInForm(stranger, { email: account.email, password: guess });
    await answered;
    await stranger.getByText('Invalid email or password.').waitFor();
  }

  const page = await device();
  await signIn(page, baseUrl, account);
  await toAccount(page);
  const seen = [
    ['Signed in: Web app on Chrome on Linux', '127.0.0.1'],
    ['2 wrong passwords in a row', '127.0.0.1'],
    // The account's first password, as `newClubAccount` set it.
    ['Password set by an administrator', '—'],
  ];
  expect(await activityRows(page, 3)).toEqual(seen);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.locator('.pd-activity').screenshot({ path: new URL('account-activity.png', SCREENSHOTS).pathname });

  // The user tells an administrator it was not them: the user's page shows the same history.
  const admin = await device();
  await signIn(admin, baseUrl, DEMO_ADMIN, `/users/${account.id}`);
  await admin.getByRole('heading', { name: account.email }).waitFor();
  expect(await activityRows(admin, 3)).toEqual(seen);
  await admin.locator('.pd-activity').screenshot({ path: new URL('user-activity.png', SCREENSHOTS).pathname });
});

it('issues an API token on the account page that a script can use, then revokes it', async () => {
  const account = await clubAccount();
  const page = await device();
  await signIn(page, baseUrl, account);
  await toAccount(page);
  await page.getByText('You have no API token.').waitFor();
  await page.getByRole('button', { name: 'Issue a token' }).click();
  const dialog = page.getByRole('dialog', { name: 'API token' });
  const token = await dialog.getByRole('textbox', { name: 'API token' }).inputValue();
  expect(token).toMatch(/^pd_/);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL('account-api-token.png', SCREENSHOTS).pathname });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByText(/^Issued \d\d\.\d\d\.\d{4}\. Works until \d\d\.\d\d\.\d{4}\.$/).waitFor();
  await page.screenshot({ path: new URL('account-page.png', SCREENSHOTS).pathname, fullPage: true });

  const script = () => fetch(`${baseUrl}/api/Users/me`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await script()).status).toBe(200);
  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('Your API token is revoked.').waitFor();
  await page.getByText('You have no API token.').waitFor();
  expect((await script()).status).toBe(401);
});
