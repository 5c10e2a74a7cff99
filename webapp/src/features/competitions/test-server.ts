// A fake API for the federation and competition tests: reference lists plus whatever a test adds.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import type { Schemas } from '@/api/types';

// Lazy pages load in their own chunks; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

export type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const serbia: Schemas['Country'] = { id: 1, name: 'Srbija', nameUniversal: 'Serbia', code: 'RS' };
export const croatia: Schemas['Country'] = { id: 2, name: 'Hrvatska', nameUniversal: 'Croatia', code: 'HR' };
export const beograd: Schemas['City'] = { id: 10, name: 'Beograd', nameUniversal: 'Belgrade', countryId: 1, country: serbia };
export const split: Schemas['City'] = { id: 20, name: 'Split', nameUniversal: 'Split', countryId: 2, country: croatia };

export const seniors: Schemas['Category'] = {
  id: 1,
  name: 'Seniori',
  nameUniversal: 'Senior Men',
  gender: 'Male',
  shouldPlayersAdvanceCategoryYearly: false,
};
export const juniors: Schemas['Category'] = { ...seniors, id: 2, name: 'Juniori', nameUniversal: 'Junior Men' };
/** The points a competition gets when none are chosen (the server's defaults). */
export const standardPoints: Schemas['PointsRule'] = { win: 3, draw: 1, loss: 0, shootoutWin: 2, shootoutLoss: 1 };

export const league: Schemas['CompetitionType'] = { id: 1, name: 'Liga', nameUniversal: 'League' };

export function federationOf(id: number, name: string): Schemas['Federation'] {
  return {
    id,
    name,
    nameUniversal: name,
    countryId: 1,
    country: serbia,
    activeFrom: '1990-05-12',
    isPro: false,
    categoryIds: [],
    categories: [],
  };
}

export const vss = federationOf(1, 'Vaterpolo savez Srbije');
export const vsv = federationOf(2, 'Vaterpolo savez Vojvodine');

/** Answers the reference calls; other calls go to `handler` first, then 404. */
export function referenceServer(handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const own = await handler(url, init);
    if (own) return own;
    const method = init.method ?? 'GET';
    if (method === 'GET') {
      if (url === '/api/Countries') return jsonResponse(200, [serbia, croatia]);
      if (url === '/api/Countries/1') return jsonResponse(200, { ...serbia, cities: [beograd] });
      if (url === '/api/Countries/2') return jsonResponse(200, { ...croatia, cities: [split] });
      if (url === '/api/Categories') return jsonResponse(200, [seniors, juniors]);
      if (url === '/api/CompetitionTypes') return jsonResponse(200, [league]);
      if (url === '/api/Federations') return jsonResponse(200, [vss, vsv]);
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    writes: () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET'),
    body: (index = 0) => JSON.parse(String(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')[index]![1]!.body)) as unknown,
  };
}
