import { Classes } from '@blueprintjs/core';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { formatDateTime } from '@/lib/dates';
import { showSuccess } from '@/lib/toaster';
import { type FakeApi, fakeApi, noContent, page } from '@/test/fake-api';
import { standardPoints } from '@/test/fixtures/competitions';
import { matchDetailOf, matchOf, newMatchInput } from '@/test/fixtures/matches';
import { signInAs } from '@/test/session';
import { DELETE_MATCH_QUESTION, NO_OFFICIALS } from '@/features/matches/matches-api';
import { renderAt } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

let match: Schemas['Match'];
let server: FakeApi;

const entry = (id: number, teamId: number, name: string): Schemas['CompetitionTeam'] => ({
  id,
  competitionId: 7,
  teamId,
  team: { id: teamId, name, nameUniversal: name },
  isSeed: false,
  isDisqualified: false,
});

const competition: Schemas['CompetitionDetail'] = {
  id: 7,
  name: 'Prva liga',
  nameUniversal: 'Prva liga',
  federationId: 1,
  matchLogTemplateLanguage: 'en',
  isPro: true,
  isInternational: false,
  gameLogPinConfirmationRequired: false,
  points: standardPoints,
  competitionTeams: [entry(50, 31, 'Partizan Seniori'), entry(51, 32, 'Zvezda Seniori')],
  matches: [],
  teams: [],
};

// Match 900 is the only one; other ids fall through to the fake's 404.
const nine = <T,>(answer: (body: unknown) => T) => ({ params, body }: { params: Record<string, string>; body: unknown }) =>
  params.id === '900' ? answer(body) : undefined;

/** 9–9 in regular time, 4–3 in the shootout (the overtime column), 13–12 in the totals. */
const SHOOTOUT = { homeTeamGoalsQ4: 0, homeTeamGoalsOT: 4, homeTeamGoalsTotal: 13, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true };
const shootoutRow = matchOf({ id: 902, homeTeamDisplayName: 'Vojvodina', awayTeamDisplayName: 'Šabac', ...SHOOTOUT });

function serve(): FakeApi {
  return fakeApi()
    .on(
      'POST',
      '/api/Matches/search',
      page([matchOf(), matchOf({ id: 901, homeTeamDisplayName: 'Jug', status: 'Not_Started', statusId: 200, referees: [] }), shootoutRow]),
    )
    .on('GET', '/api/Competitions', [competition])
    .on('GET', '/api/Competitions/{id}', ({ params }) => (params.id === '7' ? competition : undefined))
    .on('POST', '/api/Matches', matchOf({ id: 950 }))
    .on('GET', '/api/Matches/{id}', nine(() => match))
    .on('DELETE', '/api/Matches/{id}', nine(noContent))
    .on(
      'PUT',
      '/api/Matches/{id}',
      nine((body) => {
        match = { ...match, venue: (body as { venue: string }).venue };
        return noContent();
      }),
    )
    .on('GET', '/api/Events/{id}', nine(() => []));
}

/** The bodies sent to `method url`, in order. */
const bodiesOf = (method: string, url: string) => server.calls.filter((call) => call.method === method && call.url === url).map((call) => call.body);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

beforeEach(() => {
  signInAs(['Admin']);
  match = matchDetailOf();
  server = serve();
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('the Matches list', { timeout: 30_000 }, () => {
  it('searches latest first by default and shows the spec columns with Details, Log and Report links', async () => {
    renderAt('/matches');
    const first = (await screen.findByText('Partizan Seniori')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Id', 'Home', 'Away', 'Score', 'Start', 'Competition', 'Referees', 'Delegates', 'Venue', 'Round', 'Status', 'Actions']);
    expect(cells(first)).toEqual([
      '900',
      'Partizan Seniori',
      'Zvezda Seniori',
      '12–9',
      formatDateTime('2025-10-04T18:00:00Z'),
      'Prva liga',
      'Zoran Sudija',
      '',
      'Banjica',
      '1',
      'Finished',
      'DetailsLogReport',
    ]);
    expect(cells(screen.getByText('Jug').closest('tr')!)[10]).toBe('Not Started');
    expect(within(first).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/matches/900');
    expect(within(first).getByRole('link', { name: 'Log' })).toHaveAttribute('href', '/match-log/900');
    expect(within(first).getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/match-report/900');
    expect(bodiesOf('POST', '/api/Matches/search')[0]).toEqual({ filter: {} });
  });

  it("shows a match a shootout decided as the regular time's score with the shootout beside it, never the two added up", async () => {
    renderAt('/matches');
    const row = (await screen.findByText('Vojvodina')).closest('tr')!;
    expect(cells(row).slice(0, 4)).toEqual(['902', 'Vojvodina', 'Šabac', '9–9, 4–3 pen.']);
    expect(row).not.toHaveTextContent('13–12');
    // On one line in the table (white-space: nowrap); a match not started yet has no score.
    expect(within(row).getAllByRole('cell')[3]).toHaveClass('pd-score-cell');
    expect(cells(screen.getByText('Jug').closest('tr')!)[3]).toBe('—');
  });

  it('sends the chosen date preset and status to the search and keeps them in the URL', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches');
    await screen.findByText('Partizan Seniori');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start' }), 'This month');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Finished');
    await waitFor(() => expect(router.state.location.search).toBe('?Filter.StartDatePreset=thisMonth&Filter.Status=206'));
    await waitFor(() => {
      expect(bodiesOf('POST', '/api/Matches/search').at(-1)).toEqual({ filter: { startDatePreset: 'thisMonth', status: 206 } });
    });
  });
});

describe('the Add match drawer', () => {
  it('is hidden from a club user', async () => {
    signInAs(['Club']);
    renderAt('/matches');
    await screen.findByText('Partizan Seniori');
    expect(screen.queryByRole('button', { name: 'Add match' })).toBeNull();
  });

  it('says what is missing, offers each team only once, and posts a new match', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches');
    await user.click(await screen.findByRole('button', { name: 'Add match' }));
    expect(router.state.location.pathname).toBe('/matches/create');
    await screen.findByText('Add match', { selector: `.${Classes.HEADING}` });
    const drawer = document.querySelector<HTMLElement>(`.${Classes.DRAWER}`)!;
    await user.type(within(drawer).getByLabelText('Venue'), 'Banjica');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    for (const message of ['Competition field is required!', 'Home team field is required!', 'Away team field is required!', 'Start is required!']) {
      expect(within(drawer).getByText(message)).toBeInTheDocument();
    }
    expect(server.log).not.toContain('POST /api/Matches');

    await waitFor(() => expect(within(drawer).getByRole('option', { name: 'Prva liga' })).toBeInTheDocument());
    await user.selectOptions(within(drawer).getByLabelText('Competition *'), 'Prva liga');
    await waitFor(() => expect(within(within(drawer).getByLabelText('Home team *')).getByRole('option', { name: 'Partizan Seniori' })).toBeInTheDocument());
    await user.selectOptions(within(drawer).getByLabelText('Home team *'), 'Partizan Seniori');
    const away = within(drawer).getByLabelText('Away team *');
    expect(within(away).queryByRole('option', { name: 'Partizan Seniori' })).toBeNull();
    await user.selectOptions(away, 'Zvezda Seniori');
    const day = within(drawer).getByPlaceholderText('DD.MM.YYYY.');
    expect(day).toHaveAttribute('aria-label', 'Start day');
    await user.type(day, '14.03.2026.');
    await user.tab();
    await user.type(within(drawer).getByLabelText('Start time'), '19:45');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.log).toContain('POST /api/Matches'));
    expect(bodiesOf('POST', '/api/Matches')[0]).toEqual(newMatchInput());
    expect(showSuccess).toHaveBeenCalledWith('Match successfully saved.', expect.objectContaining({ text: 'Open' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches'));
    // The toast opens the new match, wherever the list sorts it.
    const [, open] = vi.mocked(showSuccess).mock.calls.at(-1)!;
    act(() => open!.onClick());
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/matches\/\d+$/));
  }, 30_000);
});

describe('the match details', () => {
  it('shows the read-only fields with start as DD.MM.YYYY. HH:mm, the score by period and the status with spaces', async () => {
    match = matchDetailOf({ status: 'Second_Period', statusId: 202, endDate: '2025-10-04T19:40:00Z' });
    renderAt('/matches/900');
    expect(await screen.findByRole('heading', { name: 'Partizan Seniori – Zvezda Seniori' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Competition')).toBe('Prva liga');
    expect(value('Description')).toBe('Derby');
    expect(value('Game number')).toBe('G-12');
    expect(value('Country')).toBe('Srbija');
    expect(value('City')).toBe('Beograd');
    expect(value('Start')).toBe(formatDateTime('2025-10-04T18:00:00Z'));
    expect(value('Start')).toMatch(/^\d{2}\.\d{2}\.\d{4}\. \d{2}:\d{2}$/);
    expect(value('End')).toBe(formatDateTime('2025-10-04T19:40:00Z'));
    expect(value('Match segment')).toBe('Quarter');
    expect(value('Segment length')).toBe('8');
    expect(value('Status')).toBe('Second Period');
    const score = screen.getByRole('table', { name: 'Score by period' });
    const titles = ['Team', '1st Period', '2nd Period', '3rd Period', '4th Period', 'Overtime', 'Total'];
    expect(titles.map((name) => within(score).getByRole('columnheader', { name }))).toEqual(within(score).getAllByRole('columnheader'));
    expect(cells(within(score).getAllByRole('row')[2]!)).toEqual(['2', '2', '2', '3', '0', '9']);
    expect(screen.getByRole('button', { name: 'Match report' })).toHaveAttribute('href', '/match-report/900');
  });

  it("shows the score, or after a shootout the regular time's score with the shootout beside it", async () => {
    renderAt('/matches/900');
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    await screen.findByRole('heading', { name: 'Partizan Seniori – Zvezda Seniori' });
    expect(value('Score')).toBe('12–9');
    cleanup();
    match = matchDetailOf(SHOOTOUT);
    renderAt('/matches/900');
    await screen.findByRole('heading', { name: 'Partizan Seniori – Zvezda Seniori' });
    expect(value('Score')).toBe('9–9, 4–3 pen.');
    expect(screen.getByRole('columnheader', { name: 'Overtime / Shootout' })).toBeInTheDocument();
  });

  it('shows both lineups in slots 1 to 16 with keepers and coaches on the Lineups tab', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches/900');
    await user.click(await screen.findByRole('tab', { name: 'Lineups' }));
    expect(router.state.location.pathname).toBe('/matches/900/lineups');
    const home = screen.getByRole('region', { name: 'Partizan Seniori lineup' });
    const rows = within(home).getAllByRole('table')[0]!.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(16);
    expect(cells(rows[0] as HTMLElement)).toEqual(['1GK', '1', 'Novak Đurić']);
    expect(cells(rows[6] as HTMLElement)).toEqual(['7', '7', 'Marko Marković']);
    expect(cells(rows[12] as HTMLElement)).toEqual(['13GK', '', '—']);
    expect(within(home).getByText('Dejan Savić').closest('tr')).toHaveTextContent('Head Coach');
    const away = screen.getByRole('region', { name: 'Zvezda Seniori lineup' });
    expect(within(away).getByText('Luka Lukić')).toBeInTheDocument();
    expect(within(away).getByText('Uroš Stevanović').closest('tr')).toHaveTextContent('Assistant Coach');
  });

  it('lists the officials with their confirmations, or says there are none', async () => {
    renderAt('/matches/900/officials');
    const table = await screen.findByRole('table', { name: 'Match officials' });
    const [, referee, delegate] = within(table).getAllByRole('row');
    expect(cells(referee!).slice(0, 3)).toEqual(['Zoran Sudija', 'Referee', ` ${formatDateTime('2025-10-04T20:00:00Z')}`]);
    expect(cells(delegate!).slice(0, 3)).toEqual(['Ana Delegat', 'Delegate', 'No']);
  });

  it('says there are no officials in this federation when none are assigned', async () => {
    match = matchDetailOf({ officials: [] });
    renderAt('/matches/900/officials');
    expect(await screen.findByText(NO_OFFICIALS)).toBeInTheDocument();
  });

  it('deletes the match after the question and returns to the list', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches/900');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DELETE_MATCH_QUESTION)).toBeInTheDocument();
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches'));
    expect(server.log).toContain('DELETE /api/Matches/900');
    expect(showSuccess).toHaveBeenCalledWith('Match successfully deleted.');
  });

  it('edits the match in its drawer, sending the whole match with its status, and shows the change', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches/900');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/matches/900/edit');
    await screen.findByText('Edit match', { selector: `.${Classes.HEADING}` });
    const drawer = document.querySelector<HTMLElement>(`.${Classes.DRAWER}`)!;
    const venue = within(drawer).getByLabelText('Venue');
    expect(venue).toHaveValue('Banjica');
    expect(within(drawer).getByLabelText('Start time')).toHaveValue(formatDateTime(match.startDate).slice(-5));
    await user.clear(venue);
    await user.type(venue, 'Tašmajdan');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/900'));
    expect(server.writes.find((call) => call.method === 'PUT')!.body).toEqual({
      competitionId: 7,
      homeTeamId: 31,
      awayTeamId: 32,
      startDate: '2025-10-04T18:00:00.000Z',
      venue: 'Tašmajdan',
      round: '1',
      number: 'G-12',
      description: 'Derby',
      matchSegmentLength: 8,
      countryId: 1,
      cityId: 10,
      matchSegmentId: 303,
      endDate: null,
      statusId: 206,
    });
    expect(showSuccess).toHaveBeenCalledWith('Match successfully saved.');
    await waitFor(() => expect(screen.getByText('Venue', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Tašmajdan'));
  }, 30_000);

  it('shows no Edit or Delete to a club user, whose matches are read only', async () => {
    signInAs(['Club']);
    renderAt('/matches/900');
    await screen.findByRole('heading', { name: 'Partizan Seniori – Zvezda Seniori' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
