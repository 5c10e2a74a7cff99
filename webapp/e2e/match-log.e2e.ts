// The match log in Chromium against the real binary: a secretary changes a lineup slot of a
// demo match that has not started and saves the log; then a referee confirms a finished match
// with his PIN, after a wrong one. The demo competitions do not ask for PINs, so the second
// match is played between two demo teams in a competition made here that does.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { apiClient, type ApiClient } from './officials-api';
import { DEMO_ADMIN, passwordToken, signIn } from './sign-in';

const baseUrl = inject('baseUrl');

let browser: Browser;
let api: ApiClient;

interface Named {
  id: number;
  name: string;
}

interface MatchDetail {
  id: number;
  statusId: number;
  homeTeamId: number;
  awayTeamId: number;
  competitionId: number;
  startDate: string;
  homeTeamDisplayName: string;
  players: { teamId: number; playerId: number; number: number }[];
  officials: { id: number; officialId: number; confirmed: boolean }[];
}

interface TeamDetail {
  players: { playerId: number; capNumber: number | null; player: { name: string; surname: string } }[];
}

beforeAll(async () => {
  browser = await launchChromium();
  api = apiClient(baseUrl, await passwordToken(baseUrl, DEMO_ADMIN));
});

afterAll(async () => {
  await browser?.close();
});

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

async function openLog(matchId: number): Promise<Page> {
  const page = await browser.newPage();
  // The match log has no sidebar: sign in on the dashboard, then open it.
  await signIn(page, baseUrl, DEMO_ADMIN);
  await page.goto(`${baseUrl}/match-log/${matchId}`);
  await page.getByRole('button', { name: 'Save Match Log' }).waitFor();
  return page;
}

/** Picks `name` in the picker `#id`, found by typing the first letters of the surname. */
async function pick(page: Page, id: string, name: string) {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(name.split(' ').at(-1)!.slice(0, 4));
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

it('changes a lineup slot of a demo match and saves the match log', async () => {
  const matches = await api.get<MatchDetail[]>('/api/Matches');
  const match = matches.filter((candidate) => candidate.statusId === 200).at(-1)!;
  const roster = await api.get<TeamDetail>(`/api/Teams/${match.homeTeamId}`);
  const chosen = roster.players[0]!;
  const name = `${chosen.player.name} ${chosen.player.surname}`;

  const page = await openLog(match.id);
  await page.getByRole('region', { name: `${match.homeTeamDisplayName} lineup` }).waitFor();
  await pick(page, 'home-slot-2', name);
  await page.getByRole('button', { name: 'Save Match Log' }).click();
  await visible(page, 'Match log successfully saved.');

  const saved = await api.get<MatchDetail>(`/api/Matches/${match.id}`);
  expect(saved.players).toContainEqual(expect.objectContaining({ teamId: match.homeTeamId, playerId: chosen.playerId, number: 2 }));
  await page.close();
});

it('confirms a finished match with the official PIN after a wrong one', async () => {
  const stamp = Date.now();
  const demo = (await api.get<MatchDetail[]>('/api/Matches')).find((candidate) => candidate.statusId === 206)!;
  const federation = (await api.get<Named[]>('/api/Federations'))[0]!;
  const competition = await api.post<Named>('/api/Competitions', {
    name: `E2E PIN Cup ${stamp}`,
    nameUniversal: `E2E PIN Cup ${stamp}`,
    federationId: federation.id,
    gameLogPinConfirmationRequired: true,
  });
  for (const teamId of [demo.homeTeamId, demo.awayTeamId]) {
    await api.post('/api/CompetitionTeams', { competitionId: competition.id, teamId });
  }
  const fields = { homeTeamId: demo.homeTeamId, awayTeamId: demo.awayTeamId, competitionId: competition.id, startDate: demo.startDate };
  const match = await api.post<Named>('/api/Matches', fields);
  const officials = await api.get<(Named & { surname: string })[]>('/api/Officials');
  const lazar = officials.find((official) => official.name === 'Lazar' && official.surname === 'Petković')!;

  // The secretary assigns the referee in the log before the match; it is then played and finished.
  const page = await openLog(match.id);
  await page.getByRole('button', { name: 'Add official' }).click();
  await pick(page, 'official-1', 'Lazar Petković');
  await page.getByRole('combobox', { name: 'Role of official 1' }).selectOption({ label: 'Referee' });
  await page.getByRole('button', { name: 'Save Match Log' }).click();
  await visible(page, 'Match log successfully saved.');
  await api.put(`/api/Matches/${match.id}`, { ...fields, matchSegmentLength: 8, statusId: 206 });
  await page.reload();
  await page.getByLabel('Status').getByText('Finished').waitFor();

  await page.getByRole('menuitem', { name: 'Confirm Log' }).click();
  await pick(page, 'confirm-official', 'Lazar Petković');
  await page.locator('#confirm-pin').fill('1234');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Wrong PIN!');
  let detail = await api.get<MatchDetail>(`/api/Matches/${match.id}`);
  expect(detail.officials.find((official) => official.officialId === lazar.id)?.confirmed).toBe(false);

  await page.locator('#confirm-pin').fill('1413');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(page, 'Match log successfully confirmed!');
  detail = await api.get<MatchDetail>(`/api/Matches/${match.id}`);
  expect(detail.officials.find((official) => official.officialId === lazar.id)?.confirmed).toBe(true);
  await page.close();
});
