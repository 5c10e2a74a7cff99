import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, headless; playwright-core never downloads a browser of its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The two sizes the registry's screens are tested at: a desk's laptop and a tablet upright. */
export const VIEWPORTS: readonly { width: number; height: number }[] = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
];

/** A page in a context of its own (its own storage, so its own session) at `viewport`. */
export async function pageAt(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}
