import { mkdir } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { startServer } from './server';
import { DEMO_ADMIN, newClubAccount, sidebarItems, signIn, signOut, submitSignInForm } from './sign-in';

const baseUrl = inject('baseUrl');
const SCREENSHOTS = new URL('../test-results/', import.meta.url);

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** What an authenticator app with `key` (base32, as the dialog shows it) shows `stepsAhead` steps from now. */
function appCode(key: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replaceAll(' ', '')), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

const toAccount = async () => {
  await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
};

/** Turns two-step sign-in on from the Account page as a user with an app would; the app's key and the recovery codes. */
async function turnOn(password: string, screenshots = false): Promise<{ key: string; codes: string[] }> {
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
  await dialog.getByLabel('Current password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const key = await dialog.getByLabel('Key', { exact: true }).inputValue();
  expect(key.replaceAll(' ', '')).toMatch(/^[A-Z2-7]{32}$/);
  if (screenshots) await page.screenshot({ path: new URL('two-step-setup.png', SCREENSHOTS).pathname });

  await dialog.getByLabel('Code', { exact: true }).fill('000000' === appCode(key) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await dialog.getByText('That code is not right: type the 6 digits your authenticator app shows now.').waitFor();
  await dialog.getByLabel('Code', { exact: true }).fill(appCode(key));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  const codes = await list.getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  if (screenshots) await page.screenshot({ path: new URL('two-step-recovery-codes.png', SCREENSHOTS).pathname });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByText('10 recovery codes left.').waitFor();
  return { key, codes };
}

it('turns two-step sign-in on from the account page, then asks for the code at sign-in', async () => {
  const account = await newClubAccount(baseUrl, 'e2e-two-step');
  await signIn(page, baseUrl, account);
  await toAccount();
  const { key, codes } = await turnOn(account.password, true);

  // Signed out, the password alone no longer signs in: the page asks for the app's code.
  await signOut(page);
  await page.goto(`${baseUrl}/clubs`);
  await submitSignInForm(page, account);
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
  await page.screenshot({ path: new URL('two-step-sign-in.png', SCREENSHOTS).pathname });
  // The step after the one that turned it on: that one's code is spent.
  await page.locator('#code').fill(appCode(key, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(`${baseUrl}/clubs`);
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).waitFor();

  // A recovery code signs in once, in place of the phone.
  await signOut(page);
  await page.goto(`${baseUrl}/`);
  await submitSignInForm(page, account);
  await page.locator('#code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).waitFor();
  await toAccount();
  await page.getByText('9 recovery codes left.').waitFor();

  // Turned off with the password, the next sign-in asks for no code.
  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-step sign-in' });
  await off.getByLabel('Current password', { exact: true }).fill(account.password);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).waitFor();
  await signOut(page);
  await signIn(page, baseUrl, account);
});

it('on a server that requires it of administrators, an administrator turns it on before anything else', async () => {
  const server = await startServer(inject('bin'), ['--require-two-step', 'administrators']);
  try {
    await page.goto(`${server.baseUrl}/clubs`);
    await submitSignInForm(page, DEMO_ADMIN);
    await page.waitForURL(`${server.baseUrl}/authentication/profile`);
    const due = page.getByRole('alert');
    await due.getByText(
      'Your account must use two-step sign-in. Until it is on, PoloDesk opens only this page: turn it on below with an authenticator app on your phone.',
    ).waitFor();
    await page.screenshot({ path: new URL('two-step-required.png', SCREENSHOTS).pathname });
    // No other page opens: the menu offers none, and a typed address leads back here.
    expect(await sidebarItems(page)).toEqual(['Account', 'Logout']);
    await page.goto(`${server.baseUrl}/clubs`);
    await page.waitForURL(`${server.baseUrl}/authentication/profile`);
    await due.waitFor();
    expect(await page.getByRole('heading', { name: 'API token' }).count()).toBe(0);

    await turnOn(DEMO_ADMIN.password);
    await due.waitFor({ state: 'detached' });
    await page.getByText('Your account must use two-step sign-in, so it stays on.').waitFor();
    expect(await page.getByRole('button', { name: 'Turn off two-step sign-in' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'API token' }).waitFor();
    await page.getByRole('menuitem', { name: 'Clubs', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/clubs`);
    await page.getByRole('heading', { name: 'Clubs', exact: true }).waitFor();
  } finally {
    await server.stop();
  }
});
