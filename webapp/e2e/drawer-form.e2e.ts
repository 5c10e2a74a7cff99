// How every drawer form answers keys and leaving (issue #13), tried on two forms: Add club and
// Add federation. Enter picks in a picker and confirms a typed date, never saves; Ctrl+Enter
// saves; Escape closes, asking first when something was typed; Back and links ask too; a Save
// with errors focuses the first; 'required' shows only on touched fields or after a Save.
import { Classes } from '@blueprintjs/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { DEMO_ADMIN, signIn } from './sign-in';

const baseUrl = inject('baseUrl');
const DISCARD = 'Discard unsaved changes?';
/** The demo's Serbia, found by its code SRB. */
const SERBIA = 'Srbija';

interface DrawerCase {
  area: string;
  list: string;
  add: string;
  prefix: string;
  /** Field ids after the prefix. */
  universal: string;
  activeFrom: string;
  saved: string;
  /** What the form needs besides the names before it saves. */
  fillRequired?: (drawer: Locator, page: Page) => Promise<void>;
}

const CASES: DrawerCase[] = [
  { area: 'clubs', list: 'Clubs', add: 'Add club', prefix: 'club', universal: 'nameUniversal', activeFrom: 'active-from', saved: 'Club successfully saved.' },
  {
    area: 'federations',
    list: 'Federations',
    add: 'Add federation',
    prefix: 'federation',
    universal: 'nameUniversal',
    activeFrom: 'activeFrom',
    saved: 'Federation successfully saved.',
    fillRequired: async (drawer, page) => {
      await drawer.locator('#federation-country').fill('Srb');
      await page.getByRole('option', { name: /Serbia/ }).waitFor();
      await drawer.locator('#federation-country').press('Enter');
      await expect.poll(() => drawer.locator('#federation-country').inputValue()).toBe(SERBIA);
    },
  },
];

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(page, baseUrl, DEMO_ADMIN, '/');
});

afterAll(async () => {
  await browser?.close();
});

const drawerOf = (current: Page) => current.locator(`.${Classes.DRAWER}`);
const discardQuestion = (current: Page) => current.getByText(DISCARD, { exact: true });

/** Opens the Add drawer from its list, inside the app, so that Back stays in the app too. */
async function openCreate({ area, list, add }: DrawerCase): Promise<Locator> {
  await page.goto(`${baseUrl}/${area}`);
  await page.getByRole('heading', { name: list }).waitFor();
  await page.getByRole('button', { name: add, exact: true }).click();
  await page.waitForURL(`${baseUrl}/${area}/create`);
  const drawer = drawerOf(page);
  await drawer.getByRole('button', { name: 'Save', exact: true }).waitFor();
  return drawer;
}

describe.each(CASES)('the $area drawer', (form) => {
  const field = (drawer: Locator, name: string) => drawer.locator(`#${form.prefix}-${name}`);

  it('picks with Enter in a picker and confirms a typed date with Enter, without saving', async () => {
    const drawer = await openCreate(form);
    // With both names typed, a submit would save a club at once.
    await field(drawer, 'name').fill('Enter Never Saves');
    await field(drawer, form.universal).fill('Enter Never Saves');
    await field(drawer, 'country').fill('Srb');
    await page.getByRole('option', { name: /Serbia/ }).waitFor();
    await field(drawer, 'country').press('Enter');
    await expect.poll(() => field(drawer, 'country').inputValue()).toBe(SERBIA);

    await field(drawer, form.activeFrom).fill('01.02.2024.');
    await field(drawer, form.activeFrom).press('Enter');
    await field(drawer, 'email').fill('enter@polodesk.test');
    await field(drawer, 'phone').fill('+381 11 123');

    // Nothing was sent: the drawer is still open with everything typed.
    expect(page.url()).toBe(`${baseUrl}/${form.area}/create`);
    expect(await field(drawer, form.activeFrom).inputValue()).toBe('01.02.2024.');
    expect(await field(drawer, 'email').inputValue()).toBe('enter@polodesk.test');
    expect(await field(drawer, 'phone').inputValue()).toBe('+381 11 123');
    expect(await field(drawer, 'name').inputValue()).toBe('Enter Never Saves');
    expect(await page.getByText(form.saved, { exact: true }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  it('shows required only on touched fields until a Save, which focuses the first message', async () => {
    const drawer = await openCreate(form);
    await field(drawer, 'nameUniversal').fill('x');
    await field(drawer, 'nameUniversal').fill('');
    await drawer.getByText('Universal name field is required!', { exact: true }).waitFor();
    expect(await drawer.getByText('Name field is required!', { exact: true }).count()).toBe(0);

    await field(drawer, 'instagram').fill('polo');
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await drawer.getByText('Name field is required!', { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`${form.prefix}-name`);
    expect(page.url()).toBe(`${baseUrl}/${form.area}/create`);
    await drawer.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  it('closes with Escape at once when nothing was typed, and asks first when something was', async () => {
    const untouched = await openCreate(form);
    await field(untouched, 'name').focus();
    await page.keyboard.press('Escape');
    await page.waitForURL(`${baseUrl}/${form.area}`);

    const drawer = await openCreate(form);
    await field(drawer, 'name').fill('Typed Then Escaped');
    await field(drawer, 'name').press('Escape');
    await discardQuestion(page).waitFor();
    await page.getByRole('button', { name: 'Keep editing', exact: true }).click();
    await discardQuestion(page).waitFor({ state: 'hidden' });
    expect(await field(drawer, 'name').inputValue()).toBe('Typed Then Escaped');
    expect(page.url()).toBe(`${baseUrl}/${form.area}/create`);

    await field(drawer, 'name').press('Escape');
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.waitForURL(`${baseUrl}/${form.area}`);
  });

  it('asks before Back or a link leaves typed changes', async () => {
    const drawer = await openCreate(form);
    await field(drawer, 'name').fill('Typed Then Left');
    await page.goBack();
    await discardQuestion(page).waitFor();
    await page.getByRole('button', { name: 'Keep editing', exact: true }).click();
    expect(page.url()).toBe(`${baseUrl}/${form.area}/create`);
    expect(await field(drawer, 'name').inputValue()).toBe('Typed Then Left');

    // The drawer's backdrop covers the page, so the link is activated directly, as the keyboard would.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem', { name: 'Home' }).dispatchEvent('click');
    await discardQuestion(page).waitFor();
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it('saves with Ctrl+Enter', async () => {
    const drawer = await openCreate(form);
    const name = `Ctrl Enter ${form.area} ${Date.now()}`;
    await field(drawer, 'name').fill(name);
    await field(drawer, form.universal).fill(name);
    await form.fillRequired?.(drawer, page);
    await field(drawer, form.activeFrom).fill('01.02.2024.');
    await field(drawer, form.activeFrom).press('Enter');
    await field(drawer, 'email').press('Control+Enter');
    await page.getByText(form.saved, { exact: true }).first().waitFor();
    await page.waitForURL(`${baseUrl}/${form.area}`);
  });
});
