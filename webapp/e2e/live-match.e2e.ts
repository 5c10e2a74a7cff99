// A whole match logged live from the keyboard in Chromium against the real binary (issue 14,
// "Done when"): the admin logs four periods on /live-scoring/:id, each opened by its swim-off,
// with goals placed on the pool and the goal, a shot saved because its target is on goal, the
// exclusions, a 5m penalty, a timeout, a challenge, a card and a turnover; the federation's user
// follows it on the match report in a second browser context, with the published clock; the
// server's log is checked against what was typed; then Finish Match, the log confirmed with the
// two officials' PINs (a wrong one first), and the standings and the report show the result.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { clockState, editorOf, pickPoint, savedBy, seconds, swimOff, timeLeft, typeKeys } from './live-keys';
import { createLiveMatch, type LiveMatch, serverEvents, shownClock } from './match-setup';
import { apiClient, type ApiClient } from './officials-api';
import { DEMO_ADMIN, passwordToken, signInOn } from './sign-in';

const baseUrl = inject('baseUrl');
const FEDERATION = { email: 'federation@polodesk.test', password: 'polodesk-federation' };

/** How soon an event saved on one device must show on the other (issue: within a second). */
const LIVE_MS = 2_500;

let browser: Browser;
let api: ApiClient;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  api = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
});

afterAll(async () => {
  await browser?.close();
});

async function openPage(errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

/** The rows of the report's match log, as the watcher sees them. */
const reportRows = (page: Page) => page.getByRole('table', { name: 'Match log' }).locator('tbody tr');

it('logs a whole match from the keyboard, followed live elsewhere, then finished', async () => {
  const match: LiveMatch = await createLiveMatch(api, `E2E Live ${Date.now()}`);
  const errors: string[] = [];
  const secretary = await openPage(errors);
  const watcher = await openPage(errors);

  await signInOn(watcher, baseUrl, FEDERATION, `/match-report/${match.id}`);
  await watcher.getByText('No events were logged for this match.').waitFor();
  await signInOn(secretary, baseUrl, DEMO_ADMIN, `/live-scoring/${match.id}`);
  await expect.poll(() => timeLeft(secretary).textContent()).toBe('08:00');

  let logged = 0;
  /** The watcher's report shows `count` more events within LIVE_MS of their save. */
  async function watcherSees(count: number, score?: string) {
    logged += count;
    await expect.poll(() => reportRows(watcher).count(), { timeout: LIVE_MS, interval: 100 }).toBe(logged);
    if (score) await expect.poll(() => watcher.getByLabel('Final score').innerText(), { timeout: LIVE_MS, interval: 100 }).toBe(score);
  }
  /** The clock on the watcher's report and the secretary's agree to a second, and both run or not. */
  async function sameClock() {
    const state = (await clockState(secretary).innerText()).trim();
    await expect
      .poll(
        async () => {
          const shown = await shownClock(watcher);
          const mine = seconds((await timeLeft(secretary).innerText()).trim());
          return shown !== null && shown.state === state && Math.abs(seconds(shown.time) - mine) <= 1;
        },
        { timeout: LIVE_MS, interval: 100 },
      )
      .toBe(true);
  }
  /** Opens an event by its keys, types the rest in its editor once open, and saves it with Enter. */
  const save = (type: string, open: string[], fill: string[] = []) =>
    savedBy(secretary, async () => {
      await typeKeys(secretary, ...open);
      await editorOf(secretary, type).waitFor();
      await typeKeys(secretary, ...fill, 'Enter');
    });

  // 1st period: the swim-off starts the clock; a goal placed on pool and goal; a missed shot on
  // target is saved by the away keeper; an exclusion.
  await swimOff(secretary, 7, 7, 'home');
  await watcherSees(1);
  await sameClock();

  await typeKeys(secretary, 'w', '4', 'g');
  const goal = editorOf(secretary, 'Goal');
  await goal.waitFor();
  await pickPoint(goal, 'Location', 0.5, 0.4);
  await pickPoint(goal, 'Target', 0.3, 0.7);
  await savedBy(secretary, () => typeKeys(secretary, 'Enter'));
  await goal.waitFor({ state: 'detached' });
  await watcherSees(1, '1–0');
  // A goal stops the clock; Space runs it again.
  await clockState(secretary).filter({ hasText: 'Stopped' }).waitFor();
  await sameClock();
  await typeKeys(secretary, ' ');
  await clockState(secretary).filter({ hasText: 'Running' }).waitFor();
  await sameClock();

  await typeKeys(secretary, 'b', '6', 's');
  const miss = editorOf(secretary, 'Shot');
  await miss.waitFor();
  await pickPoint(miss, 'Location', 0.6, 0.5);
  await pickPoint(miss, 'Target', 0.5, 0.6);
  await expect.poll(() => miss.getByLabel('Saved by').innerText()).toContain('1');
  await savedBy(secretary, () => typeKeys(secretary, 'Enter'));
  await watcherSees(1);

  await save('Exclusion', ['w', '3', 'x']);
  await watcherSees(1);
  await typeKeys(secretary, ' ');
  await clockState(secretary).filter({ hasText: 'Stopped' }).waitFor();
  await sameClock();
  await typeKeys(secretary, 'n');
  await expect.poll(() => timeLeft(secretary).textContent()).toBe('08:00');

  // 2nd period: a goal with its assist, a double exclusion, a timeout.
  await swimOff(secretary, 7, 7, 'away');
  await watcherSees(1);
  await save('Goal', ['b', 'g'], ['8', '2']);
  await watcherSees(1, '1–1');
  await typeKeys(secretary, ' ');
  await clockState(secretary).filter({ hasText: 'Running' }).waitFor();
  await typeKeys(secretary, 'b', 'x');
  const exclusion = editorOf(secretary, 'Exclusion');
  await exclusion.waitFor();
  await typeKeys(secretary, '5', '2');
  await exclusion.getByLabel('Double exclusion').focus();
  await typeKeys(secretary, ' ');
  await exclusion.getByText(/^Also logged for /).waitFor();
  await savedBy(secretary, () => typeKeys(secretary, 'Enter'));
  await watcherSees(2);
  await savedBy(secretary, () => typeKeys(secretary, 't', 'w'));
  await watcherSees(1);
  await clockState(secretary).filter({ hasText: 'Stopped' }).waitFor();
  await sameClock();
  await typeKeys(secretary, 'n');

  // 3rd period: a 5m penalty, a challenge, a card.
  await swimOff(secretary, 7, 7, 'home');
  await watcherSees(1);
  await save('Exclusion', ['b', '9', 'p']);
  await watcherSees(1);
  await savedBy(secretary, () => typeKeys(secretary, 'h', 'b'));
  await watcherSees(1);
  await save('Card', ['w', '9', 'c']);
  await watcherSees(1);
  await typeKeys(secretary, 'n');

  // 4th period: a turnover and the winning goal.
  await swimOff(secretary, 7, 7, 'away');
  await watcherSees(1);
  await save('Turnover', ['b', 'o'], ['4', '8']);
  await watcherSees(1);
  await save('Goal', ['w', '7', 'g']);
  await watcherSees(1, '2–1');
  await sameClock();

  // The server holds what was typed.
  const events = await serverEvents(api, match.id);
  const byType = (typeId: number) => events.filter((event) => event.typeId === typeId);
  expect(events).toHaveLength(logged);
  expect(events.map((event) => event.periodId)).toEqual([1200, 1200, 1200, 1200, 1201, 1201, 1201, 1201, 1201, 1202, 1202, 1202, 1202, 1203, 1203, 1203]);
  const { home, away } = match;
  expect(byType(701).map((event) => [event.periodId, event.swimoff?.winnerTeamId])).toEqual([
    [1200, home.id],
    [1201, away.id],
    [1202, home.id],
    [1203, away.id],
  ]);
  const shots = byType(705).map((event) => event.shot!);
  expect(shots.map((shot) => [shot.teamId, shot.takenById, shot.isGoal, shot.savedById, shot.assistedById])).toEqual([
    [home.id, home.capOf(4), true, null, null],
    [away.id, away.capOf(6), false, home.capOf(1), null],
    [away.id, away.capOf(8), true, null, away.capOf(2)],
    [home.id, home.capOf(7), true, null, null],
  ]);
  expect([shots[0]!.locationX, shots[0]!.locationY, shots[0]!.targetX, shots[0]!.targetY].every((value) => value !== null)).toBe(true);
  expect(shots[1]!.targetX).toBeGreaterThan(0.167);
  const exclusions = byType(704).map((event) => event.exclusion!);
  expect(exclusions.map((row) => [row.teamId, row.excludedPlayerId, row.isDoubleExclusion])).toEqual(
    expect.arrayContaining([
      [home.id, home.capOf(3), false],
      [away.id, away.capOf(5), true],
      [home.id, home.capOf(2), true],
      [away.id, away.capOf(9), false],
    ]),
  );
  expect(byType(700).map((event) => event.timeout?.teamId)).toEqual([home.id]);
  expect(byType(706).map((event) => event.challenge?.teamId)).toEqual([away.id]);
  expect(byType(702).map((event) => event.card?.cardedPlayerId)).toEqual([home.capOf(9)]);
  expect(byType(703).map((event) => event.turnover?.lostPossesionPlayerId)).toEqual([away.capOf(4)]);

  // Finish Match, asked first.
  await secretary.getByRole('menuitem', { name: 'Finish Match' }).click();
  await secretary.getByText('Are you sure you want to finish the match?', { exact: true }).waitFor();
  const finished = secretary.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(`/api/Matches/${match.id}`));
  await secretary.getByRole('button', { name: 'Finish Match' }).click();
  expect((await finished).ok()).toBe(true);
  expect((await api.get<{ status: string }>(`/api/Matches/${match.id}`)).status).toBe('Finished');

  await secretary.goto(`${baseUrl}/match-log/${match.id}`);
  const [first, second] = match.referees;
  for (const [referee, wrongFirst] of [[first, true], [second, false]] as const) {
    await secretary.getByRole('menuitem', { name: 'Confirm Log' }).click();
    const drawer = secretary.locator('.bp6-drawer').filter({ hasText: 'Confirm match log' });
    await drawer.waitFor();
    await drawer.locator('#confirm-official').click();
    await secretary.getByRole('option', { name: new RegExp(referee.name) }).click();
    if (wrongFirst) {
      await drawer.locator('#confirm-pin').fill(referee.pin === '0000' ? '1111' : '0000');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await drawer.getByText('Wrong PIN!', { exact: true }).waitFor();
    }
    await drawer.locator('#confirm-pin').fill(referee.pin);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await secretary.getByText('Match log successfully confirmed!', { exact: true }).first().waitFor();
    await drawer.waitFor({ state: 'detached' });
  }
  const confirmed = await api.get<{ officials: { id: number; confirmed: boolean }[] }>(`/api/Matches/${match.id}`);
  expect(confirmed.officials.map((official) => official.confirmed)).toEqual([true, true]);

  // The standings count the win (after Update Standings), the report and its statistics show it.
  await secretary.goto(`${baseUrl}/competitions/${match.competitionId}/standings`);
  await secretary.getByRole('button', { name: 'Update Standings' }).click();
  await secretary.getByText('Standings successfully updated.').waitFor();
  const standing = secretary.getByRole('region', { name: 'Overall standings' }).locator('tbody tr');
  await expect.poll(() => standing.count()).toBe(2);
  const cells = async (row: number) => (await standing.nth(row).locator('td').allTextContents()).map((text) => text.trim());
  expect((await cells(0)).slice(0, 4)).toEqual(['1', home.name, '1', '1']);
  expect((await cells(0)).slice(8, 12)).toEqual(['2', '1', '+1', '3']);
  expect((await cells(1)).slice(0, 4)).toEqual(['2', away.name, '1', '0']);

  await secretary.goto(`${baseUrl}/match-report/${match.id}`);
  expect(await secretary.getByLabel('Final score').innerText()).toBe('2–1');
  const homeStats = secretary.getByRole('region', { name: `${home.name} statistics` });
  await expect.poll(async () => (await homeStats.locator('tfoot tr').innerText()).replace(/\s+/g, ' '), { timeout: 10_000 }).toMatch(/^Team totals 2\/2 /);
  expect(await reportRows(secretary).count()).toBe(logged);


  expect(errors).toEqual([]);
});
