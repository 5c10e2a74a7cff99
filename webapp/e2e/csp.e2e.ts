// The security headers as a browser meets them: every kind of page (sign-in, staff screens, the
// live scoring screen, the report and its PDF export, the public live pages, the scoreboard, the
// embeddable widget, the API reference) works under the server's Content-Security-Policy with no
// violation reported, and only the widget may be framed by another site.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { DEMO_ADMIN, signInOn } from './sign-in';

const baseUrl = inject('baseUrl');
/** The demo season's match decided by a penalty shootout. */
const SHOOTOUT = 18;

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * A page that records every CSP violation its documents report (the event is reported to the
 * console too, which a later navigation does not erase).
 */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('CSP violation') || text.includes('Content Security Policy')) violations.push(`${page.url()}: ${text}`);
  });
  return { page, violations };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.pd-loading').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

it('signs in and opens the staff screens, live scoring and the report with no violation', async () => {
  const { page, violations } = await watchedPage();
  await signInOn(page, baseUrl, DEMO_ADMIN, `/match-report/${SHOOTOUT}`);
  await settle(page);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'Export to PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Scoresheet_.*\.pdf$/);
  for (const route of ['/', '/clubs/1', '/competitions/1/standings', `/matches/${SHOOTOUT}`, `/match-log/${SHOOTOUT}`, '/socket']) {
    await page.goto(`${baseUrl}${route}`);
    await settle(page);
  }
  await page.goto(`${baseUrl}/api/docs`);
  await page.locator('.swagger-ui').first().waitFor({ timeout: 15_000 });
  await page.getByText('PoloDesk', { exact: false }).first().waitFor();
  expect(violations).toEqual([]);
  // The watch itself works: an image from another site is refused and reported.
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'https://tracker.example/pixel.png';
    document.body.append(image);
  });
  await expect.poll(() => violations.length, { timeout: 5_000 }).toBe(1);
  expect(violations[0]).toContain('img-src');
  await page.close();
});

it('opens the public live pages, the scoreboard and the widget with no violation', async () => {
  const { page, violations } = await watchedPage();
  for (const route of ['/live', `/live/${SHOOTOUT}`, `/live/${SHOOTOUT}/scoreboard`, '/live/competition/1', `/embed/match/${SHOOTOUT}`]) {
    await page.goto(`${baseUrl}${route}`);
    await settle(page);
  }
  await page.getByText('VK Novi Beograd').first().waitFor();
  expect(violations).toEqual([]);
  await page.close();
});

it('lets another site frame only the widget', async () => {
  const { page } = await watchedPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('frame-ancestors')) refused.push(message.text());
  });
  // A club's website, another origin (another port of this machine), framing the widget and a
  // staff screen.
  const site = createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html');
    response.end(
      `<iframe id="widget" width="600" height="400" src="${baseUrl}/embed/match/${SHOOTOUT}"></iframe>` +
        `<iframe id="staff" src="${baseUrl}/clubs"></iframe>`,
    );
  });
  await new Promise<void>((ready) => site.listen(0, '127.0.0.1', ready));
  const { port } = site.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/`);
  const widget = page.frameLocator('#widget');
  await widget.getByText('VK Novi Beograd').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(refused.join('\n')).toContain("frame-ancestors 'self'");
  await page.close();
  site.close();
});
