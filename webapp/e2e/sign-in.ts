import type { Page } from 'playwright-core';

export interface Credentials {
  email: string;
  password: string;
}

/** The demo accounts of `polodesk serve --demo`. */
export const DEMO_ADMIN: Credentials = { email: 'admin@polodesk.test', password: 'polodesk-admin' };
export const DEMO_PERSON: Credentials = { email: 'person@polodesk.test', password: 'polodesk-person' };

/** An access token by the password grant of the command line's client, for API set-up calls. */
export async function passwordToken(baseUrl: string, { email, password }: Credentials): Promise<string> {
  const grant = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', client_id: 'polodesk-cli', username: email, password, scope: 'openid polodesk-api' }),
  });
  if (!grant.ok) throw new Error(`POST /connect/token answered ${grant.status}`);
  return ((await grant.json()) as { access_token: string }).access_token;
}

/** A new club account made by the demo administrator, with a password: `prefix-<time>@polodesk.test`. */
export async function newClubAccount(baseUrl: string, prefix: string): Promise<Credentials & { id: number }> {
  const api = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
  const clubs = await api<{ pageItems: { id: number }[] }>('GET', '/api/Clubs/search?PageSize=1');
  const email = `${prefix}-${Date.now()}@polodesk.test`;
  const user = await api<{ id: number }>('POST', '/api/Users', { email, typeId: 2, clubId: clubs.pageItems[0]!.id });
  const password = 'e2e-first-password';
  await api('PUT', `/api/Users/${user.id}/password`, { password });
  return { email, password, id: user.id };
}

/** Fills the server's sign-in page (inputs #email and #password, button "Sign in") and submits it. */
export async function submitSignInForm(page: Page, { email, password }: Credentials): Promise<void> {
  await page.locator('#email').waitFor();
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens `path` signed out: the guard sends the browser to login, silent sign-in finds no session
 * and the app redirects to the server's sign-in page; after it, the app returns to `path`.
 */
export async function signIn(page: Page, baseUrl: string, credentials: Credentials, path = '/'): Promise<void> {
  await signInOn(page, baseUrl, credentials, path);
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).waitFor();
}

/** `signIn` for a page without the sidebar (live scoring, the report): back on `path` is enough. */
export async function signInOn(page: Page, baseUrl: string, credentials: Credentials, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await submitSignInForm(page, credentials);
  await page.waitForURL(`${baseUrl}${path}`);
}

/** Logs out with the sidebar's Logout item and waits for the logged-out page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await page.getByText('You successfully logged out!', { exact: true }).waitFor();
}

/** The labels of the sidebar's menu items, in order. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem');
  return (await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''))).filter(
    (label) => label !== '',
  );
}

/** The API as `token`'s account calls it: JSON in and out, any answer but 2xx thrown. */
export function apiAs(baseUrl: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}
