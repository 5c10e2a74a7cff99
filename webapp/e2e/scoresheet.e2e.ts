// The scoresheet PDF from the browser against the real binary: Export to PDF in the match log's
// menu and on the match report downloads the demo shootout match's scoresheet under the spec's
// name (Scoresheet_{home}_{away}_{date}.pdf), and the file reads back (poppler's pdftotext) with
// the match's players, codes and result.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { DEMO_ADMIN, signInOn } from './sign-in';

const baseUrl = inject('baseUrl');
/** The demo season's match decided by a penalty shootout. */
const SHOOTOUT = 18;
const FILE_NAME = 'Scoresheet_VK Novi Beograd_VK Radnički_31.10.2026.pdf';

let browser: Browser;
const folder = mkdtempSync(join(tmpdir(), 'polodesk-scoresheet-'));

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Clicks `control` and answers the downloaded file's suggested name and its text. */
async function download(page: Page, click: () => Promise<void>, as: string): Promise<[string, string]> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  const path = join(folder, as);
  await file.saveAs(path);
  return [file.suggestedFilename(), execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })];
}

function expectTheShootoutSheet(text: string) {
  for (const name of ['Todorović Mateja', 'Šarić Sava', 'Đorđević Uroš', 'Čolić Uroš', 'Gocić Nikša']) {
    expect(text).toContain(name);
  }
  for (const code of ['PSG', 'EG', ' E ', ' G ', '#']) expect(text).toContain(code);
  expect(text).toContain('9:9 (4:3)');
  expect(text).toContain('Penalty shootout 4:3');
}

it('exports the scoresheet from the match log menu', async () => {
  const page = await browser.newPage();
  await signInOn(page, baseUrl, DEMO_ADMIN, `/match-log/${SHOOTOUT}`);
  const item = page.getByRole('menuitem', { name: 'Export to PDF' });
  const [name, text] = await download(page, () => item.click(), 'from-log.pdf');
  expect(name).toBe(FILE_NAME);
  expectTheShootoutSheet(text);
  await page.getByText(`Scoresheet saved: ${FILE_NAME}`).waitFor();
  await page.close();
});

it('exports the scoresheet from the match report', async () => {
  const page = await browser.newPage();
  await signInOn(page, baseUrl, DEMO_ADMIN, `/match-report/${SHOOTOUT}`);
  const button = page.getByRole('button', { name: 'Export to PDF' });
  const [name, text] = await download(page, () => button.click(), 'from-report.pdf');
  expect(name).toBe(FILE_NAME);
  expectTheShootoutSheet(text);
  await page.close();
});
