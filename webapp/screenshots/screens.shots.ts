// Renders the main screens, signed in as the demo administrator, into docs/screenshots/.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from '../e2e/browser';
import { DEMO_ADMIN, signIn } from '../e2e/sign-in';

const OUT = resolve('../docs/screenshots');

interface Screen {
  file: string;
  /** A path, or a function that finds one through the API (for detail pages). */
  path: string | ((api: (path: string) => Promise<unknown>) => Promise<string>);
  /** Text that shows once the screen has its data. */
  ready: string;
  /** Only this part of the page (a CSS selector), when the whole would be too much. */
  part?: string;
  /** Another screen size than the desk's 1400×860 (a tablet). */
  viewport?: { width: number; height: number };
}

const first = (list: unknown): { id: number } => {
  const items = Array.isArray(list) ? list : (list as { pageItems: unknown[] }).pageItems;
  return items[0] as { id: number };
};

const SCREENS: Screen[] = [
  { file: 'dashboard.png', path: '/', ready: 'Federations' },
  { file: 'federations.png', path: '/federations', ready: 'Vaterpolo savez Srbije' },
  {
    file: 'federation-officials.png',
    path: async (api) => `/federations/${first(await api('/api/Federations/search?Filter.ShortName=VSS')).id}/officials`,
    ready: 'Referee',
  },
  { file: 'clubs.png', path: '/clubs', ready: 'VK Partizan' },
  {
    file: 'club-players.png',
    path: async (api) => `/clubs/${first(await api('/api/Clubs/search?Filter.NameUniversal=Partizan')).id}/players`,
    ready: 'VK Partizan',
  },
  {
    file: 'team-players.png',
    path: async (api) => `/teams/${first(await api('/api/Teams/search?Filter.NameUniversal=Partizan&SortBy=name')).id}/players`,
    ready: 'Goalkeeper',
  },
  { file: 'competitions.png', path: '/competitions', ready: 'Superliga' },
  {
    file: 'competition-teams.png',
    path: async (api) => `/competitions/${first(await api('/api/Competitions/search?Filter.NameUniversal=Superleague')).id}/teams`,
    ready: 'VK Partizan',
  },
  {
    file: 'competition-standings.png',
    path: async (api) => `/competitions/${first(await api('/api/Competitions/search?Filter.NameUniversal=Superleague')).id}/standings`,
    ready: 'head-to-head points',
  },
  { file: 'matches.png', path: '/matches', ready: 'Superliga Srbije' },
  // The same list on a tablet at the pool: the sidebar folded, the table in its frame.
  { file: 'matches-tablet.png', path: '/matches', ready: 'Superliga Srbije', viewport: { width: 768, height: 1024 } },
  {
    // The league match decided by a penalty shootout.
    file: 'match-report.png',
    path: async (api) => {
      const all = (await api('/api/Matches')) as { id: number; decidedByShootout: boolean }[];
      const shootout = all.find((m) => m.decidedByShootout);
      if (!shootout) throw new Error('the demo season has no shootout match');
      return `/match-report/${shootout.id}`;
    },
    ready: 'Statistics',
  },
  {
    // The same match's shot maps: where each team shot from and where the shots went.
    file: 'match-report-shots.png',
    path: async (api) => {
      const all = (await api('/api/Matches')) as { id: number; decidedByShootout: boolean }[];
      return `/match-report/${all.find((m) => m.decidedByShootout)?.id ?? 0}`;
    },
    ready: 'Team comparison',
    part: '.pd-shot-maps-grid',
  },
  { file: 'club-managers.png', path: '/coaches', ready: 'Club Managers' },
  { file: 'players.png', path: '/players?PageSize=25', ready: 'Players' },
  {
    file: 'player.png',
    path: async (api) => `/players/${first(await api('/api/Players/search?PageSize=1')).id}`,
    ready: 'Players',
  },
  { file: 'officials.png', path: '/officials', ready: 'Officials' },
  { file: 'add-club-manager.png', path: '/coaches/create', ready: 'Create new' },
  { file: 'users.png', path: '/users', ready: 'admin@polodesk.test' },
  { file: 'cities.png', path: '/cities', ready: 'Beograd' },
];

const DESK = { width: 1400, height: 860 };

let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(OUT, { recursive: true });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: DESK });
});

afterAll(async () => {
  await browser?.close();
});

it('renders every main screen', async () => {
  const baseUrl = inject('baseUrl');
  await signIn(page, baseUrl, DEMO_ADMIN);
  // Detail paths are looked up through the API, with a token of the CLI's password grant.
  const grant = await fetch(`${baseUrl}/connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'polodesk-cli',
      username: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
      scope: 'openid',
    }),
  });
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const api = async (path: string): Promise<unknown> =>
    (await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  for (const screen of SCREENS) {
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(api);
    await page.setViewportSize(screen.viewport ?? DESK);
    await page.goto(`${baseUrl}${path}`);
    await page.getByText(screen.ready, { exact: false }).filter({ visible: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    if (screen.part) {
      await page.locator(screen.part).screenshot({ path: resolve(OUT, screen.file) });
    } else {
      await page.screenshot({ path: resolve(OUT, screen.file) });
    }
    expect(page.url()).toBe(`${baseUrl}${path}`);
  }
});
