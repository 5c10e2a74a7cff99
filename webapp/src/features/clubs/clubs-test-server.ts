// A fake API for the club and team tests: reference data, clubs and teams in memory, and a log
// of every write.
import { vi } from 'vitest';
import type { Schemas } from '@/api/types';
import type { ClubDetail } from '@/features/clubs/clubs-api';

export const serbia: Schemas['Country'] = { id: 1, name: 'Srbija', nameUniversal: 'Serbia', code: 'RS' };
export const croatia: Schemas['Country'] = { id: 2, name: 'Hrvatska', nameUniversal: 'Croatia', code: 'HR' };
export const beograd: Schemas['City'] = { id: 10, name: 'Beograd', nameUniversal: 'Belgrade', countryId: 1, country: serbia };
export const noviSad: Schemas['City'] = { id: 11, name: 'Novi Sad', nameUniversal: 'Novi Sad', countryId: 1, country: serbia };
export const split: Schemas['City'] = { id: 20, name: 'Split', nameUniversal: 'Split', countryId: 2, country: croatia };
export const vss = { id: 3, name: 'Vaterpolo savez Srbije', nameUniversal: 'Serbian Water Polo Federation' };
export const seniors: Schemas['Category'] = {
  id: 5,
  name: 'Seniori',
  nameUniversal: 'Senior Men',
  gender: 'Male',
  shouldPlayersAdvanceCategoryYearly: false,
};
export const cadets: Schemas['Category'] = { ...seniors, id: 6, name: 'Kadeti U17', nameUniversal: 'Youth Men (U17)' };

const clubFields = {
  shortName: 'PAR',
  description: null,
  activeFrom: '1946-10-04',
  activeTo: null,
  venue: 'SC Banjica',
  president: null,
  address: null,
  web: null,
  email: null,
  phone: null,
  facebook: null,
  youtube: null,
  twitter: null,
  instagram: null,
  isPro: true,
  isNational: false,
  federationId: vss.id,
  federation: vss,
  countryId: serbia.id,
  country: serbia,
  cityId: beograd.id,
  city: { id: beograd.id, name: beograd.name, nameUniversal: beograd.nameUniversal },
  logo: null,
};

export function partizan(overrides: Partial<ClubDetail> = {}): ClubDetail {
  return {
    id: 1,
    name: 'VK Partizan',
    nameUniversal: 'Partizan Water Polo Club',
    ...clubFields,
    teams: [],
    coaches: [],
    players: [],
    ...overrides,
  };
}

export function zvezda(overrides: Partial<ClubDetail> = {}): ClubDetail {
  return partizan({ id: 2, name: 'VK Crvena zvezda', nameUniversal: 'Red Star', shortName: 'CZV', ...overrides });
}

export function teamOf(club: ClubDetail, overrides: Partial<Schemas['TeamDetail']> = {}): Schemas['TeamDetail'] {
  return {
    id: club.id * 100,
    name: club.name,
    nameUniversal: club.nameUniversal,
    shortName: null,
    description: null,
    activeFrom: null,
    activeTo: null,
    venue: null,
    address: null,
    web: null,
    email: null,
    phone: null,
    facebook: null,
    twitter: null,
    youtube: null,
    instagram: null,
    isPro: true,
    clubId: club.id,
    club: { id: club.id, name: club.name, nameUniversal: club.nameUniversal },
    federationId: club.federationId,
    federation: vss,
    categoryId: seniors.id,
    category: { id: seniors.id, name: seniors.name, nameUniversal: seniors.nameUniversal },
    gender: null,
    countryId: null,
    country: null,
    cityId: null,
    city: null,
    logo: null,
    competitionTeams: [],
    homeMatches: [],
    awayMatches: [],
    coaches: [],
    players: [],
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const page = <T>(items: T[]) => ({ pageItems: items, currentPage: 1, pageSize: 10, totalPages: 1, totalItems: items.length });

export interface Write {
  method: string;
  url: string;
  body: unknown;
}

/**
 * Serves the calls the club and team screens make. `answer` may take over any call (return
 * undefined to fall through); writes are logged and answered with what was sent.
 */
export function clubsServer(
  state: { clubs: ClubDetail[]; teams?: Schemas['TeamDetail'][] },
  answer?: (method: string, url: string, body: unknown) => Response | Promise<Response> | undefined,
) {
  const writes: Write[] = [];
  const reads: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    if (method === 'GET') reads.push(url);
    else writes.push({ method, url, body });
    const custom = await answer?.(method, url, body);
    if (custom) return custom;
    const path = url.split('?')[0]!;
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    const teams = state.teams ?? [];
    if (path === '/api/Categories') return jsonResponse(200, [seniors, cadets]);
    if (path === '/api/Positions') return jsonResponse(200, [{ id: 407, name: 'Center_Forward', label: 'Center Forward' }]);
    if (path === '/api/CoachRoles') {
      return jsonResponse(200, [
        { id: 500, name: 'Head_Coach', label: 'Head Coach' },
        { id: 501, name: 'Assistant_Coach', label: 'Assistant Coach' },
      ]);
    }
    if (path === '/api/Teams' && method === 'GET') return jsonResponse(200, teams);
    if (path === '/api/Clubs' && method === 'GET') return jsonResponse(200, state.clubs);
    if (path === '/api/Cities') {
      const countryId = Number(query.get('countryId'));
      return jsonResponse(200, [beograd, noviSad, split].filter((city) => city.countryId === countryId));
    }
    if (path === '/api/Federations/search') return jsonResponse(200, page([vss]));
    if (path === `/api/Federations/${vss.id}`) return jsonResponse(200, vss);
    if (path === '/api/Clubs/search') return jsonResponse(200, page(state.clubs));
    if (path === '/api/Teams/search') return jsonResponse(200, page(teams));
    if (path === '/api/Clubs' && method === 'POST') return jsonResponse(201, { ...partizan(), ...(body as object), id: 99 });
    if (path === '/api/Teams' && method === 'POST') return jsonResponse(201, { ...teamOf(partizan()), ...(body as object), id: 77 });
    const club = /^\/api\/Clubs\/(\d+)$/.exec(path);
    if (club) {
      const found = state.clubs.find((item) => item.id === Number(club[1]));
      if (!found) return jsonResponse(404, { message: 'Not found.' });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (method === 'PUT') return jsonResponse(200, { ...found, ...(body as object) });
      return jsonResponse(200, found);
    }
    const team = /^\/api\/Teams\/(\d+)$/.exec(path);
    if (team) {
      const found = teams.find((item) => item.id === Number(team[1]));
      if (!found) return jsonResponse(404, { message: 'Not found.' });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (method === 'PUT') return jsonResponse(200, { ...found, ...(body as object) });
      return jsonResponse(200, found);
    }
    if (/^\/api\/(Club|Team)(Coaches|Players)\/\d+$/.test(path)) {
      if (method === 'DELETE') return new Response(null, { status: 204 });
      if (method === 'PUT') return jsonResponse(200, { ...(body as object), id: Number(path.split('/').at(-1)) });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { writes, reads, fetchMock };
}
