// Calls the Officials and Dashboard browser tests make directly to the API, to set up what the
// flow under test needs (federations, an official with a user account) without clicking it.
import type { Page } from 'playwright-core';

/** A personal API token of the user signed in on `page` (GET /api/Users/api-token). */
export async function apiTokenOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const key = Object.keys(window.localStorage).find((name) => name.startsWith('polodesk.user:'));
    const stored = key ? window.localStorage.getItem(key) : null;
    if (!stored) throw new Error('No signed-in user is stored in this page.');
    const { access_token: accessToken } = JSON.parse(stored) as { access_token: string };
    const response = await fetch('/api/Users/api-token', { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`GET /api/Users/api-token answered ${response.status}`);
    return ((await response.json()) as { token: string }).token;
  });
}

/** A minimal JSON client with a bearer token, failing on any status it was not told to expect. */
export function apiClient(baseUrl: string, token: string) {
  async function call<T>(method: string, path: string, body?: unknown, expected = [200, 201, 204]): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }
  return {
    call,
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
    delete: (path: string) => call<void>('DELETE', path),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

interface Named {
  id: number;
  name: string;
}

/** Serbia's id in the demo data (its universal name is Serbia, its name Srbija). */
export async function serbiaId(api: ApiClient): Promise<number> {
  const countries = await api.get<(Named & { nameUniversal: string })[]>('/api/Countries');
  const serbia = countries.find((country) => country.nameUniversal === 'Serbia' || country.name === 'Srbija');
  if (!serbia) throw new Error('The demo data has no Serbia.');
  return serbia.id;
}

/** Creates a federation with the required fields only. */
export async function createFederation(api: ApiClient, name: string, countryId: number): Promise<Named> {
  return api.post<Named>('/api/Federations', { name, nameUniversal: name, countryId, activeFrom: '2020-01-01' });
}

/** Counts of a server-paged list: the search's totalItems with one item a page. */
export async function totalOf(api: ApiClient, path: string): Promise<number> {
  return (await api.get<{ totalItems: number }>(`${path}?PageSize=1`)).totalItems;
}
