import { Classes } from '@blueprintjs/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, pageAt, VIEWPORTS } from './browser';
import { apiAs, type Credentials, DEMO_ADMIN, passwordToken, signIn } from './sign-in';

// Issue #19: the registry forms' pickers offer only what the signed-in user may choose, as the
// server's ownership rules decide, on a desk and on a tablet.
const baseUrl = inject('baseUrl');
const DEMO_FEDERATION: Credentials = { email: 'federation@polodesk.test', password: 'polodesk-federation' };
const DEMO_CLUB: Credentials = { email: 'club@polodesk.test', password: 'polodesk-club' };
const DEMO_OFFICIAL: Credentials = { email: 'official@polodesk.test', password: 'polodesk-official' };
const SERBIA = 'Vaterpolo savez Srbije';
const VOJVODINA = 'Vaterpolo savez Vojvodine';
const NO_OPTIONS = 'There are no selectable options.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});


const drawerOf = (page: Page) => page.locator(`.${Classes.DRAWER}`);

/** The texts of the options an open picker shows (its popover's menu). */
async function shownOptions(page: Page): Promise<string[]> {
  const menu = page.locator(`.${Classes.POPOVER}`).getByRole('option');
  await menu.first().waitFor();
  return menu.evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));
}

/** Opens a picker, types `text` and answers the options it offers once they have loaded. */
async function optionsFor(page: Page, input: Locator, text = ''): Promise<string[]> {
  await input.click();
  await input.fill(text);
  // The server search waits 300 ms after the last key; 'Loading...' shows meanwhile.
  await expect.poll(async () => (await shownOptions(page)).join('|')).not.toContain('Loading...');
  const options = await shownOptions(page);
  await page.keyboard.press('Escape');
  return options;
}

/** Opens VK Partizan's edit drawer as the signed-in user. */
async function editPartizan(page: Page): Promise<Locator> {
  await page.getByRole('link', { name: 'VK Partizan', exact: true }).first().waitFor();
  const href = await page.getByRole('link', { name: 'VK Partizan', exact: true }).first().getAttribute('href');
  await page.goto(`${baseUrl}${href}/edit`);
  const drawer = drawerOf(page);
  await drawer.getByText('Edit club', { exact: true }).waitFor();
  await expect.poll(() => drawer.locator('#club-federation').inputValue()).toBe(SERBIA);
  return drawer;
}

const startsWith = (options: string[], name: string) => options.some((option) => option.startsWith(name));

describe.each(VIEWPORTS)('pickers at $width×$height', (viewport) => {
  it('offers federation staff only their own federation and clubs', async () => {
    const page = await pageAt(browser, viewport);
    await signIn(page, baseUrl, DEMO_FEDERATION, '/clubs');
    const drawer = await editPartizan(page);
    const federation = drawer.locator('#club-federation');
    expect(await federation.isDisabled()).toBe(false);
    const options = await optionsFor(page, federation);
    expect(startsWith(options, SERBIA)).toBe(true);
    expect(startsWith(options, VOJVODINA)).toBe(false);
    expect(await optionsFor(page, federation, 'Vojvod')).toEqual([NO_OPTIONS]);

    // A new team is fielded for a club of the federation only: VK Vojvodina is not offered.
    await page.goto(`${baseUrl}/teams/create`);
    await drawer.getByText('Add team', { exact: true }).waitFor();
    const club = drawer.locator('#team-club');
    expect(await optionsFor(page, club, 'Vojvodina')).toEqual([NO_OPTIONS]);
    expect(startsWith(await optionsFor(page, club, 'Partiz'), 'VK Partizan')).toBe(true);

    // A new competition starts in the federation's one federation, the only one offered.
    await page.goto(`${baseUrl}/competitions/create`);
    await drawer.getByText('Add competition', { exact: true }).waitFor();
    const competitionFederation = drawer.locator('#competition-federation');
    await expect.poll(() => competitionFederation.inputValue()).toBe(SERBIA);
    const choices = await optionsFor(page, competitionFederation);
    expect(startsWith(choices, VOJVODINA)).toBe(false);
    await page.context().close();
  });

  it('locks the club account’s Federation picker and offers it only its club in a new player’s rows', async () => {
    const page = await pageAt(browser, viewport);
    await signIn(page, baseUrl, DEMO_CLUB, '/clubs');
    const drawer = await editPartizan(page);
    expect(await drawer.locator('#club-federation').isDisabled()).toBe(true);
    await drawer.getByText('Only federation staff move a club to another federation.', { exact: true }).waitFor();

    // Add player: a new club row starts with VK Partizan, the only club offered.
    await page.goto(`${baseUrl}/players/create`);
    await drawer.getByText('Add player', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Add club' }).click();
    const clubRow = drawer.locator('#player-clubs-0-club');
    await expect.poll(() => clubRow.inputValue()).toBe('VK Partizan');
    expect(await optionsFor(page, clubRow)).toEqual(['VK Partizan']);
    // Its team rows offer VK Partizan's teams only.
    await drawer.getByRole('button', { name: 'Add team' }).click();
    const teams = await optionsFor(page, drawer.locator('#player-teams-0-team'));
    expect(teams.length).toBeGreaterThan(0);
    expect(teams.every((team) => team.includes('VK Partizan'))).toBe(true);
    await page.context().close();
  });

  it('locks the competition and teams of a match for its official', async () => {
    const api = apiAs(baseUrl, await passwordToken(baseUrl, DEMO_OFFICIAL));
    const me = await api<{ access: { matches: number[] } }>('GET', '/api/Users/me');
    const matchId = me.access.matches[0];
    expect(matchId).toBeDefined();
    const page = await pageAt(browser, viewport);
    await signIn(page, baseUrl, DEMO_OFFICIAL, `/matches/${matchId}/edit`);
    const drawer = drawerOf(page);
    await drawer.getByText('Edit match', { exact: true }).waitFor();
    for (const id of ['#match-competition', '#match-home', '#match-away']) {
      await expect.poll(() => drawer.locator(id).inputValue(), { message: id }).not.toBe('');
      expect(await drawer.locator(id).isDisabled(), id).toBe(true);
    }
    await drawer.getByText('Only federation staff move a match to another competition or change its teams.', { exact: true }).waitFor();
    // The rest of the match stays editable.
    expect(await drawer.locator('#match-venue').isDisabled()).toBe(false);
    await page.context().close();
  });

  it('offers an admin every federation', async () => {
    const page = await pageAt(browser, viewport);
    await signIn(page, baseUrl, DEMO_ADMIN, '/clubs');
    const drawer = await editPartizan(page);
    const options = await optionsFor(page, drawer.locator('#club-federation'));
    expect(startsWith(options, SERBIA)).toBe(true);
    expect(startsWith(options, VOJVODINA)).toBe(true);
    expect(await drawer.getByText('Only federation staff move a club to another federation.').count()).toBe(0);
    await page.context().close();
  });
});
