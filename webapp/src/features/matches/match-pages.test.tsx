import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { formatDateTime } from '@/lib/dates';
import { showSuccess } from '@/lib/toaster';
import { type FakeApi, fakeApi, noContent, page } from '@/test/fake-api';
import { standardPoints } from '@/test/fixtures/competitions';
import { matchDetailOf, matchOf, newMatchInput, statsOf } from '@/test/fixtures/matches';
import { signInAs } from '@/test/session';
import { DELETE_MATCH_QUESTION, NO_OFFICIALS } from '@/features/matches/matches-api';
import { NO_EVENTS } from '@/features/matches/match-report-page';
import { renderAt } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

let match: Schemas['Match'];
let events: Schemas['EventView'][];
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

function serve(): FakeApi {
  return fakeApi()
    .on(
      'POST',
      '/api/Matches/search',
      page([matchOf(), matchOf({ id: 901, homeTeamDisplayName: 'Jug', status: 'Not_Started', statusId: 200, referees: [] })]),
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
    .on('GET', '/api/Events/{id}', nine(() => events))
    .on(
      'GET',
      '/api/Matches/{id}/stats',
      nine(() => ({
        home: statsOf({ goals: 12, totalShots: 20, exclusions: 4 }),
        away: statsOf({ goals: 9, totalShots: 18 }),
        players: match.players.map((entry) => ({
          playerId: entry.playerId,
          teamId: entry.teamId,
          stats: statsOf(entry.playerId === 507 ? { goals: 3, totalShots: 5, assisted: 1 } : {}),
        })),
      })),
    );
}

/** The bodies sent to `method url`, in order. */
const bodiesOf = (method: string, url: string) => server.calls.filter((call) => call.method === method && call.url === url).map((call) => call.body);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

beforeEach(() => {
  signInAs(['Admin']);
  match = matchDetailOf();
  events = [];
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
    expect(showSuccess).toHaveBeenCalledWith('Match successfully saved.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches'));
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
    expect(within(score).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Team', '1st Period', '2nd Period', '3rd Period', '4th Period', 'Overtime', 'Total',
    ]);
    expect(cells(within(score).getAllByRole('row')[2]!)).toEqual(['2', '2', '2', '3', '0', '9']);
    expect(screen.getByRole('button', { name: 'Match report' })).toHaveAttribute('href', '/match-report/900');
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

describe('the match report', () => {
  it('shows the header with the shootout, the team comparison, the log in order, each player\'s statistics with team totals from one stats call, and the officials, without the sidebar', async () => {
    match = matchDetailOf({ homeTeamGoalsQ4: 0, homeTeamGoalsOT: 4, homeTeamGoalsTotal: 13, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true });
    events = [
      { id: 1, matchId: 900, typeId: 701, periodId: 1200, minute: 8, seconds: 0, swimoff: { homeTeamSwimmerId: 507, awayTeamSwimmerId: 605, winnerSwimmerId: 507, winnerTeamId: 31 } },
      { id: 2, matchId: 900, typeId: 705, periodId: 1200, minute: 6, seconds: 30, shot: { teamId: 31, typeId: 1100, takenById: 507, isGoal: true } },
      { id: 3, matchId: 900, typeId: 700, periodId: 1201, minute: 2, seconds: 15, timeout: { teamId: 32 } },
    ];
    renderAt('/match-report/900');
    // 9–9 after regular time (the totals less the overtime column), 4–3 in the shootout.
    expect(await screen.findByLabelText('Final score')).toHaveTextContent(/^9–9 \(4–3 pen\.\)$/);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Score by period' })).getByRole('columnheader', { name: 'Overtime / Shootout' })).toBeInTheDocument();
    const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([detail('Venue'), detail('City'), detail('Status')]).toEqual(['Banjica', 'Beograd', 'Finished']);

    const log = screen.getByRole('table', { name: 'Match log' });
    expect(within(log).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['1st Period', '08:00', 'Partizan Seniori', '#7 Marko Marković', 'Swim-off', 'Won against #5 Luka Lukić'],
      ['1st Period', '06:30', 'Partizan Seniori', '#7 Marko Marković', 'Shot', 'Goal, Regular attack'],
      ['2nd Period', '02:15', 'Zvezda Seniori', '', 'Timeout', ''],
    ]);

    const home = screen.getByRole('region', { name: 'Partizan Seniori statistics' });
    await waitFor(() => expect(cells(within(home).getByText('Marko Marković').closest('tr')!).slice(0, 4)).toEqual(['7', 'Marko Marković', '3/5', '1']));
    await waitFor(() => expect(within(home).getByText('Team totals').closest('tr')).toHaveTextContent('Team totals12/20'));
    expect(cells(within(home).getByText('Novak Đurić').closest('tr')!).slice(0, 3)).toEqual(['1', 'Novak Đurić', '0/0']);
    expect(server.reads.filter((url) => url.includes('stats'))).toEqual(['/api/Matches/900/stats']);

    const comparison = screen.getByRole('table', { name: 'Team comparison' });
    const row = (label: string) => within(comparison).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(cells(row('Goals / shots'))).toEqual(['12/20 (60%)', '9/18 (50%)']);
    expect(cells(row('Exclusions committed'))).toEqual(['4', '0']);
    // Zvezda's one timeout event.
    expect(cells(row('Timeouts'))).toEqual(['0', '1']);

    const officials = screen.getByRole('table', { name: 'Match officials' });
    expect(within(officials).getByText('Zoran Sudija').closest('tr')).toHaveTextContent('Referee');
    expect(screen.getByRole('button', { name: 'Match details' })).toHaveAttribute('href', '/matches/900');
  });

  it('marks each team\'s shots on the pool and the goal by outcome, and narrows them to one shooter', async () => {
    const user = userEvent.setup();
    const shot = (id: number, fields: Partial<Schemas['Shot']> & { teamId: number; takenById: number }): Schemas['EventView'] => ({
      id,
      matchId: 900,
      typeId: 705,
      periodId: 1200,
      minute: 8 - id,
      seconds: 0,
      shot: { typeId: 1100, ...fields },
    });
    events = [
      shot(1, { teamId: 31, takenById: 507, isGoal: true, locationX: 0.5, locationY: 0.3, targetX: 0.3, targetY: 0.5 }),
      shot(2, { teamId: 31, takenById: 507, savedById: 601, locationX: 0.4, locationY: 0.4, targetX: 0.5, targetY: 0.7 }),
      shot(3, { teamId: 31, takenById: 501, locationX: 0.9, locationY: 0.6 }),
      shot(4, { teamId: 31, takenById: 507, blockedById: 605 }),
      shot(5, { teamId: 32, takenById: 605, isGoal: true, locationX: 0.5, locationY: 0.2 }),
    ];
    renderAt('/match-report/900');
    const home = await screen.findByRole('region', { name: 'Partizan Seniori shots' });
    const marks = (picture: string) => {
      const svg = within(home).getByRole('img', { name: picture });
      return Object.fromEntries(['goal', 'saved', 'blocked', 'missed'].map((outcome) => [outcome, svg.querySelectorAll(`[data-outcome="${outcome}"]`).length]));
    };
    expect(marks('Shot locations')).toEqual({ goal: 1, saved: 1, blocked: 0, missed: 1 });
    expect(marks('Goal targets')).toEqual({ goal: 1, saved: 1, blocked: 0, missed: 0 });
    expect(within(home).getByText('Shot locations').closest('figcaption')).toHaveTextContent('1 shot without a location');
    expect(within(home).getByText('Goal targets').closest('figcaption')).toHaveTextContent('2 shots without a target');
    const legend = within(home).getByRole('list', { name: 'Partizan Seniori shot outcomes' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Goal 1', 'Saved 1', 'Blocked 1', 'Missed 1']);

    const player = within(home).getByRole('combobox', { name: 'Player' });
    expect(within(player).getAllByRole('option').map((option) => option.textContent)).toEqual(['All players', '#1 Novak Đurić', '#7 Marko Marković']);
    await user.selectOptions(player, '#7 Marko Marković');
    expect(marks('Shot locations')).toEqual({ goal: 1, saved: 1, blocked: 0, missed: 0 });
    expect(within(home).getByText('Shot locations').closest('figcaption')).toHaveTextContent('1 shot without a location');
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Goal 1', 'Saved 1', 'Blocked 1', 'Missed 0']);

    const away = screen.getByRole('region', { name: 'Zvezda Seniori shots' });
    expect(within(away).getByRole('img', { name: 'Shot locations' }).querySelectorAll('[data-outcome]')).toHaveLength(1);
  });

  it('says when no event was logged, and shows the plain score of a match no shootout decided', async () => {
    renderAt('/match-report/900');
    expect(await screen.findByText(NO_EVENTS)).toBeInTheDocument();
    expect(screen.getByLabelText('Final score')).toHaveTextContent(/^12–9$/);
  });
});
