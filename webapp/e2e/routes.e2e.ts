// Every route of spec 01 §2 (and the match routes of spec 02 §2 that exist so far) opens by direct URL, as the admin: no console error, no blank page,
// no detour to /not-found, and the create and edit routes open their drawer.
import { Classes } from '@blueprintjs/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');

let browser: Browser;
let page: Page;
let token: string;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const grant = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'polodesk-cli',
      username: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
      scope: 'openid polodesk-api',
    }),
  });
  token = ((await grant.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  await browser?.close();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Entity {
  id: number;
}

/** One of everything the routes name, made through the API. */
async function registry() {
  const federation = (await api<Entity[]>('GET', '/api/Federations'))[0]!;
  const club = (await api<Entity[]>('GET', '/api/Clubs'))[0]!;
  const category = (await api<Entity[]>('GET', '/api/Categories'))[0]!;
  const city = (await api<Entity[]>('GET', '/api/Cities'))[0]!;
  const user = (await api<Entity[]>('GET', '/api/Users'))[0]!;
  const team = await api<Entity>('POST', '/api/Teams', {
    name: 'Routes U19',
    nameUniversal: 'Routes U19',
    clubId: club.id,
    categoryId: category.id,
  });
  const competition = await api<Entity>('POST', '/api/Competitions', {
    name: 'Routes Cup',
    nameUniversal: 'Routes Cup',
    federationId: federation.id,
  });
  await api('POST', '/api/CompetitionTeams', { competitionId: competition.id, teamId: team.id });
  const rival = await api<Entity>('POST', '/api/Teams', {
    name: 'Routes U19 B',
    nameUniversal: 'Routes U19 B',
    clubId: club.id,
    categoryId: category.id,
  });
  await api('POST', '/api/CompetitionTeams', { competitionId: competition.id, teamId: rival.id });
  const match = await api<Entity>('POST', '/api/Matches', {
    homeTeamId: team.id,
    awayTeamId: rival.id,
    competitionId: competition.id,
    startDate: '2026-03-14T19:45:00Z',
  });
  const person = (name: string) => ({ name, surname: 'Routić', birthDate: '1990-01-01' });
  const coach = await api<Entity>('POST', '/api/Coaches', {
    person: person('Coach'),
    clubs: [{ clubId: club.id }],
    teams: [{ teamId: team.id }],
  });
  const player = await api<Entity>('POST', '/api/Players', {
    person: person('Player'),
    clubs: [{ clubId: club.id }],
    teams: [{ teamId: team.id, positionId: 401, capNumber: 7 }],
  });
  const official = await api<Entity & { federations: Entity[] }>('POST', '/api/Officials', {
    person: person('Official'),
    federations: [{ federationId: federation.id, roles: [600] }],
  });
  return { federation, club, team, competition, match, coach, player, official, role: official.federations[0]!, city, user };
}

type Registry = Awaited<ReturnType<typeof registry>>;

/** The routes by area: each area is a test of its own, so a slow machine's walk of some
 * hundred pages (each waited on until the network is idle) stays within one test's time. */
const AREAS: [string, (r: Registry) => string[]][] = [
  ['home and federations', (r) => {
    const f = `/federations/${r.federation.id}`;
    return [
      '/',
      '/federations', '/federations/create', f, `${f}/edit`,
      `${f}/clubs`, `${f}/clubs/create`, `${f}/competitions`, `${f}/competitions/create`,
      `${f}/officials`, `${f}/officials/create`, `${f}/officials/${r.official.id}/edit`,
    ];
  }],
  ['clubs and teams', (r) => {
    const c = `/clubs/${r.club.id}`;
    const t = `/teams/${r.team.id}`;
    return [
      '/clubs', '/clubs/create', c, `${c}/edit`, `${c}/teams`, `${c}/teams/create`,
      `${c}/coaches`, `${c}/coaches/create`, `${c}/coaches/${r.coach.id}/edit`,
      `${c}/players`, `${c}/players/create`, `${c}/players/${r.player.id}/edit`,
      '/teams', '/teams/create', t, `${t}/edit`, `${t}/club`, `${t}/competitions`, `${t}/matches`,
      `${t}/coaches`, `${t}/coaches/create`, `${t}/coaches/${r.coach.id}/edit`,
      `${t}/players`, `${t}/players/create`, `${t}/players/${r.player.id}/edit`,
    ];
  }],
  ['competitions and officials', (r) => {
    const k = `/competitions/${r.competition.id}`;
    const o = `/officials/${r.official.id}`;
    return [
      '/competitions', '/competitions/create', k, `${k}/edit`,
      `${k}/teams`, `${k}/teams/create`, `${k}/teams/${r.team.id}/edit`, `${k}/matches`, `${k}/standings`,
      '/officials', '/officials/create', o, `${o}/edit`, `${o}/personal-info`, `${o}/personal-info/edit`,
      `${o}/roles`, `${o}/roles/create`, `${o}/roles/${r.role.id}/edit`, `${o}/matches`,
    ];
  }],
  ['coaches and players', (r) => {
    const m = `/coaches/${r.coach.id}`;
    const p = `/players/${r.player.id}`;
    return [
      '/coaches', '/coaches/create', m, `${m}/edit`, `${m}/personal-info`, `${m}/personal-info/edit`,
      `${m}/clubs`, `${m}/clubs/create`, `${m}/teams`, `${m}/teams/create`, `${m}/matches`,
      '/players', '/players/create', p, `${p}/edit`, `${p}/personal-info`, `${p}/personal-info/edit`,
      `${p}/clubs`, `${p}/clubs/create`, `${p}/teams`, `${p}/teams/create`, `${p}/matches`,
    ];
  }],
  ['matches, users and cities', (r) => {
    const g = `/matches/${r.match.id}`;
    return [
      '/matches', '/matches/create', g, `${g}/edit`, `${g}/lineups`, `${g}/officials`, `/match-report/${r.match.id}`,
      '/users', '/users/create', `/users/${r.user.id}`, `/users/${r.user.id}/edit`,
      '/cities', '/cities/create', `/cities/${r.city.id}`, `/cities/${r.city.id}/edit`,
      '/not-found',
    ];
  }],
];

let made: Registry;
const errors: string[] = [];

beforeAll(async () => {
  made = await registry();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await signIn(page, baseUrl, DEMO_ADMIN);
});

it.each(AREAS)('opens every route of %s by its URL', async (_area, routesOf) => {
  errors.length = 0;
  const problems: string[] = [];
  for (const route of routesOf(made)) {
    await page.goto(`${baseUrl}${route}`);
    await page.waitForLoadState('networkidle');
    await page.locator('.pd-loading').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    const url = new URL(page.url());
    if (url.pathname !== route) problems.push(`${route}: ended at ${url.pathname}`);
    const text = (await page.locator('.pd-content').innerText()).trim();
    if (text.length < 10) problems.push(`${route}: blank page`);
    const drawer = route.endsWith('/create') || route.endsWith('/edit');
    if (drawer && !(await page.locator(`.${Classes.DRAWER}`).first().isVisible())) {
      problems.push(`${route}: no drawer`);
    }
  }
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});
