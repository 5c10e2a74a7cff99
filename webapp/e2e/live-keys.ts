// The live scoring screen driven as the secretary drives it (docs/keyboard.md): keys typed on the
// page, saves awaited on the server's answer, the clock read off the screen.
import type { Locator, Page, Response } from 'playwright-core';

/** Types keys one by one; ' ' is Space, longer names (Enter, Escape) are pressed as they are. */
export async function typeKeys(page: Page, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    if (key.length > 1) await page.keyboard.press(key);
    else await page.keyboard.press(key === ' ' ? 'Space' : key);
  }
}

const isEventWrite = (response: Response, method: string) =>
  response.request().method() === method && new URL(response.url()).pathname.startsWith('/api/Events');

/** Runs `act` and waits for the event POST it causes, failing on any answer but 201. */
export async function savedBy(page: Page, act: () => Promise<void>): Promise<void> {
  const answer = page.waitForResponse((response) => isEventWrite(response, 'POST'), { timeout: 15_000 });
  await act();
  const response = await answer;
  if (response.status() !== 201) throw new Error(`POST /api/Events answered ${response.status()}: ${await response.text()}`);
}

/** The editor of a new event of `type` (its form's name, e.g. "New Goal"). */
export const editorOf = (page: Page, type: string): Locator => page.getByRole('form', { name: `New ${type}` });

/** Clicks a point of a picture picker (Location, Target), in the picture's 0..1 coordinates. */
export async function pickPoint(editor: Locator, label: string, x: number, y: number): Promise<void> {
  const picture = editor.getByRole('img', { name: label });
  const box = await picture.boundingBox();
  if (!box) throw new Error(`The ${label} picture is not shown.`);
  await picture.click({ position: { x: box.width * x, y: box.height * y } });
}

/** The secretary's clock as the screen shows it. */
export const timeLeft = (page: Page): Locator => page.locator('output[aria-label="Time left"]');
export const clockState = (page: Page): Locator => page.getByRole('region', { name: 'Clock' }).locator('.pd-clock-state');

export const seconds = (time: string): number => {
  const [minutes, rest] = time.split(':').map(Number);
  return (minutes ?? 0) * 60 + (rest ?? 0);
};

/**
 * The period's swim-off as the keys open it (docs/keyboard.md): Space asks for the goalkeepers,
 * Enter confirms them and opens the swim-off, the two caps give the home and away swimmers,
 * Space picks the winner (the home swimmer first, → moves to the away one), Enter saves it,
 * which starts the clock.
 */
export async function swimOff(page: Page, homeCap: number, awayCap: number, winner: 'home' | 'away'): Promise<void> {
  await typeKeys(page, ' ');
  const prompt = page.getByRole('region', { name: 'Please confirm selected active goalkeepers' });
  await prompt.waitFor();
  await typeKeys(page, 'Enter');
  const editor = editorOf(page, 'Swim-off');
  await editor.waitFor();
  await typeKeys(page, String(homeCap), String(awayCap), ...(winner === 'away' ? ['ArrowRight'] : []), ' ');
  await savedBy(page, () => typeKeys(page, 'Enter'));
  await editor.waitFor({ state: 'detached' });
  await clockState(page).filter({ hasText: 'Running' }).waitFor();
}
