import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { matchOf, newMatchInput } from '@/test/fixtures/matches';
import { profileWith, signInAs } from '@/test/session';
import type { CompetitionDetail } from '@/features/competitions/competitions-api';
import { ADD_MORE_TEAMS, NO_STANDINGS, type StandingGroup } from '@/features/competitions/competitions-api';
import { competitionScreen, NO_MATCHES } from '@/features/competitions/competition-page';
import { fakeApi, noContent } from '@/test/fake-api';
import { serveReference, standardPoints } from '@/test/fixtures/competitions';
import { renderAt } from '@/test/dom';
import { confirmDeletion } from '@/test/dialogs';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const ref = (id: number, name: string) => ({ id, name, nameUniversal: name });

function team(id: number, name: string): Schemas['Team'] {
  return { id, name, nameUniversal: name, clubId: 3, club: ref(3, 'VK Partizan'), categoryId: 1, category: ref(1, 'Seniori'), isPro: false, federationId: 1 };
}
const partizan = team(31, 'Partizan Seniori');
const zvezda = team(32, 'Zvezda Seniori');

let competition: CompetitionDetail;

const ranking = (teamId: number, name: string, overrides: Partial<Schemas['RankingView']>): Schemas['RankingView'] => ({
  id: teamId,
  competitionId: 7,
  teamId,
  team: ref(teamId, name),
  rank: 1,
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  shootoutWon: 0,
  shootoutLost: 0,
  goalsScored: 0,
  goalsConceded: 0,
  goalsDiff: 0,
  points: 0,
  tieBreak: null,
  ...overrides,
});
/** Partizan first on 5 points, Zvezda second on 1, sent out of rank order. */
const standings: StandingGroup[] = [
  {
    standingType: 'Overall',
    rankings: [
      ranking(32, 'Zvezda Seniori', { rank: 2, played: 2, lost: 1, shootoutLost: 1, goalsScored: 15, goalsConceded: 20, goalsDiff: -5, points: 1, tieBreak: 'behind Partizan Seniori on head-to-head points (0–3)' }),
      ranking(31, 'Partizan Seniori', { rank: 1, played: 2, won: 1, shootoutWon: 1, goalsScored: 20, goalsConceded: 15, goalsDiff: 5, points: 5, tieBreak: 'ahead of Zvezda Seniori on head-to-head points (3–0)' }),
    ],
  },
  { standingType: 'Home', rankings: [ranking(31, 'Partizan Seniori', { played: 1, won: 1, points: 3 })] },
  { standingType: 'Away', rankings: [ranking(32, 'Zvezda Seniori', { played: 1, lost: 1 })] },
];
const entry = (id: number, t: Schemas['Team']): Schemas['CompetitionTeam'] => ({
  id,
  competitionId: 7,
  teamId: t.id,
  team: ref(t.id, t.name),
  isSeed: false,
  isDisqualified: false,
});

function serve() {
  return serveReference(fakeApi())
    .on('GET', '/api/Competitions/{id}', ({ params }) => (params.id === '7' ? competition : undefined))
    .on('GET', '/api/Teams', ({ query }) => (query.get('federationId') === '1' ? [partizan, zvezda] : undefined))
    .on('POST', '/api/CompetitionTeams', ({ body }) => {
      const added = entry(90, body.teamId === partizan.id ? partizan : zvezda);
      competition = { ...competition, competitionTeams: [...competition.competitionTeams, added] };
      return added;
    })
    .on('DELETE', '/api/CompetitionTeams/{id}', ({ params }) => {
      competition = { ...competition, competitionTeams: competition.competitionTeams.filter((e) => e.id !== Number(params.id)) };
      return noContent();
    });
}

beforeEach(() => {
  signInAs(['Admin']);
  competition = {
    id: 7,
    name: 'Prva liga',
    nameUniversal: 'First League',
    federationId: 1,
    federation: ref(1, 'Vaterpolo savez Srbije'),
    matchLogTemplateLanguage: 'en',
    isPro: true,
    isInternational: false,
    gameLogPinConfirmationRequired: false,
    startDate: '2025-10-04',
    points: standardPoints,
    competitionTeams: [],
    matches: [],
    teams: [],
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.status = 'loading';
});

describe('competitionScreen', () => {
  it('reads the tab and drawer from the path', () => {
    expect(competitionScreen([])).toEqual({ tab: 'details', drawer: null, teamId: null });
    expect(competitionScreen(['edit'])).toEqual({ tab: 'details', drawer: 'edit', teamId: null });
    expect(competitionScreen(['teams', 'create'])).toEqual({ tab: 'teams', drawer: 'add-team', teamId: null });
    expect(competitionScreen(['teams', '31', 'edit'])).toEqual({ tab: 'teams', drawer: 'edit-team', teamId: 31 });
    expect(competitionScreen(['matches', 'create'])).toEqual({ tab: 'matches', drawer: 'add-match', teamId: null });
    expect(competitionScreen(['standings'])).toEqual({ tab: 'standings', drawer: null, teamId: null });
  });
});

describe('the competition page', { timeout: 30_000 }, () => {
  it('shows the details with dates as DD.MM.YYYY. and switches tabs by route', async () => {
    serve();
    const user = userEvent.setup();
    const router = renderAt('/competitions/7');
    expect(await screen.findByRole('heading', { name: 'Prva liga' })).toBeInTheDocument();
    expect(screen.getByText('04.10.2025.')).toBeInTheDocument();
    expect(screen.getByText('3 / 1 / 0 / 2 / 1 (win / draw / loss / shootout win / shootout loss)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vaterpolo savez Srbije' })).toHaveAttribute('href', '/federations/1');
    await user.click(screen.getByRole('tab', { name: 'Teams' }));
    expect(router.state.location.pathname).toBe('/competitions/7/teams');
    expect(await screen.findByText('No team competes in this competition.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Standings' }));
    expect(router.state.location.pathname).toBe('/competitions/7/standings');
    await user.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(router.state.location.pathname).toBe('/competitions/7/matches');
    expect(screen.getByText('There are no matches in this competition.')).toBeInTheDocument();
  });

  it('lists the competition\'s matches in the Matches tab with links to their details, log and report', async () => {
    competition.matches = [matchOf({ startDate: new Date(2025, 9, 4, 20, 0).toISOString(), round: 'Final' })];
    serve();
    renderAt('/competitions/7/matches');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Partizan Seniori',
      'Zvezda Seniori',
      '12–9',
      '04.10.2025. 20:00',
      'Prva liga',
      'Banjica',
      'Final',
      'Finished',
      'DetailsLogReport',
    ]);
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/matches/900');
    expect(within(row).getByRole('link', { name: 'Log' })).toHaveAttribute('href', '/match-log/900');
    expect(within(row).getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/match-report/900');
  });

  it('shows the Overall, Home and Away standings by rank, sorts on a header click, and updates them for staff', async () => {
    let updates = 0;
    const server = serveReference(fakeApi())
      .on('GET', '/api/Competitions/{id}', competition)
      .on('GET', '/api/Competitions/{id}/standings', standings)
      .on('POST', '/api/Competitions/{id}/standings', () => {
        updates += 1;
        const [overall, ...rest] = standings;
        return [{ ...overall!, rankings: overall!.rankings.map((row) => ({ ...row, points: row.points + 10 })) }, ...rest];
      });
    const user = userEvent.setup();
    renderAt('/competitions/7/standings');
    const overall = await screen.findByRole('region', { name: 'Overall standings' });
    expect(screen.getByText('Points: 3 for a win, 1 for a draw, 0 for a loss, 2 for a shootout win, 1 for a shootout loss.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Home standings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Away standings' })).toBeInTheDocument();
    // The columns by their names, in order (a phone shows some short: # P W D L Pts).
    const titles = ['Rank', 'Team', 'Played', 'Won', 'Drawn', 'Lost', 'SO won', 'SO lost', 'GF', 'GA', 'GD', 'Points', 'Tie-break'];
    expect(titles.map((name) => within(overall).getByRole('columnheader', { name }))).toEqual(within(overall).getAllByRole('columnheader'));
    // Each cell's own figure or name (the team's cell also holds its tie-break note for a phone).
    const rows = () =>
      within(overall)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.firstChild?.textContent ?? ''));
    // The server sends Zvezda first; the table still starts at rank 1.
    expect(rows()).toEqual([
      ['1', 'Partizan Seniori', '2', '1', '0', '0', '1', '0', '20', '15', '+5', '5', 'ahead of Zvezda Seniori on head-to-head points (3–0)'],
      ['2', 'Zvezda Seniori', '2', '0', '0', '1', '0', '1', '15', '20', '−5', '1', 'behind Partizan Seniori on head-to-head points (0–3)'],
    ]);
    const teamCell = within(overall).getAllByRole('row')[1]!.querySelectorAll('td')[1]!;
    expect(teamCell.querySelector('.pd-phone-only')).toHaveTextContent('ahead of Zvezda Seniori on head-to-head points (3–0)');
    await user.click(within(overall).getByRole('button', { name: /^GF/ }));
    expect(rows().map((row) => row[1])).toEqual(['Zvezda Seniori', 'Partizan Seniori']);
    await user.click(within(overall).getByRole('button', { name: /^GF/ }));
    expect(rows().map((row) => row[1])).toEqual(['Partizan Seniori', 'Zvezda Seniori']);

    await user.click(screen.getByRole('button', { name: 'Update Standings' }));
    await waitFor(() => expect(rows()[0]![11]).toBe('15'));
    expect(updates).toBe(1);
    expect(server.writes.map((call) => call.url)).toEqual(['/api/Competitions/7/standings']);
  });

  it('says no standings could be loaded, and hides Update Standings without create on Matches', async () => {
    signInAs(['Official']);
    serve();
    renderAt('/competitions/7/standings');
    expect(await screen.findByText(NO_STANDINGS)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Standings' })).toBeNull();
  });

  it('disables Add match with the tooltip below two teams, and adds a team through the drawer', async () => {
    competition.competitionTeams = [entry(50, zvezda)];
    competition.teams = [zvezda];
    const server = serve();
    const user = userEvent.setup();
    const router = renderAt('/competitions/7/teams');
    const addMatch = await screen.findByRole('button', { name: 'Add match' });
    expect(addMatch).toBeDisabled();
    await user.hover(addMatch.parentElement!);
    expect(await screen.findByText(ADD_MORE_TEAMS)).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'Zvezda Seniori' }).closest('tr')!;
    expect(within(row).getByText('VK Partizan')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add team' }));
    expect(router.state.location.pathname).toBe('/competitions/7/teams/create');
    expect(await screen.findByText('Add team to competition')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('Team field is required!')).toBeNull();
    await user.click(document.getElementById('competition-team-seed')!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team field is required!')).toBeInTheDocument();
    await user.click(document.getElementById('competition-team-team')!);
    // The team already in the competition is shown but cannot be chosen again.
    const taken = await screen.findByRole('option', { name: /Zvezda Seniori/ });
    expect(within(taken).getByText('Zvezda Seniori').closest('a')).toHaveAttribute('aria-disabled', 'true');
    const free = screen.getByRole('option', { name: /Partizan Seniori/ });
    await user.click(within(free).getByText('Partizan Seniori'));
    await user.type(document.getElementById('competition-team-description')!, 'Holder');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/competitions/7/teams'));
    expect(showSuccess).toHaveBeenCalledWith('Competition team successfully saved.');
    expect(server.writes[0]!.body).toEqual({ competitionId: 7, teamId: 31, description: 'Holder', isSeed: true, isDisqualified: false });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add match' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add match' }));
    expect(router.state.location.pathname).toBe('/competitions/7/matches/create');
  });

  it('adds a match with the competition fixed and its teams offered, then lists it one click from its log', async () => {
    competition.competitionTeams = [entry(50, partizan), entry(51, zvezda)];
    const server = serve().on('POST', '/api/Matches', ({ body }) => {
      const added = matchOf({ id: 950, status: 'Not_Started', statusId: 200, venue: body.venue ?? null });
      competition = { ...competition, matches: [added] };
      return added;
    });
    const user = userEvent.setup();
    const router = renderAt('/competitions/7/matches');
    expect(await screen.findByText(NO_MATCHES)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add match' }));
    expect(router.state.location.pathname).toBe('/competitions/7/matches/create');
    await screen.findByText('Add match', { selector: `.${Classes.HEADING}` });
    const drawer = document.querySelector<HTMLElement>(`.${Classes.DRAWER}`)!;
    const competitionSelect = within(drawer).getByLabelText('Competition *');
    expect(competitionSelect).toBeDisabled();
    expect(competitionSelect).toHaveDisplayValue('Prva liga');
    const home = within(drawer).getByLabelText('Home team *');
    await waitFor(() => expect(within(home).getByRole('option', { name: 'Partizan Seniori' })).toBeInTheDocument());
    await user.selectOptions(home, 'Partizan Seniori');
    await user.selectOptions(within(drawer).getByLabelText('Away team *'), 'Zvezda Seniori');
    await user.type(within(drawer).getByPlaceholderText('DD.MM.YYYY.'), '14.03.2026.');
    await user.tab();
    await user.type(within(drawer).getByLabelText('Start time'), '19:45');
    await user.type(within(drawer).getByLabelText('Venue'), 'Banjica');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/competitions/7/matches'));
    expect(server.writes.map((call) => [call.method, call.url, call.body])).toEqual([['POST', '/api/Matches', newMatchInput()]]);
    expect(showSuccess).toHaveBeenCalledWith('Match successfully saved.');
    const row = (await screen.findByRole('link', { name: 'Log' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Log' })).toHaveAttribute('href', '/match-log/950');
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/matches/950');
  });

  it('keeps the Add match drawer closed on a deep link while the competition has fewer than two teams', async () => {
    competition.competitionTeams = [entry(50, zvezda)];
    serve();
    renderAt('/competitions/7/matches/create');
    expect(await screen.findByRole('button', { name: 'Add match' })).toBeDisabled();
    expect(document.querySelector(`.${Classes.DRAWER}`)).toBeNull();
  });

  it('removes a team after the confirmation', async () => {
    competition.competitionTeams = [entry(50, zvezda)];
    serve();
    const user = userEvent.setup();
    renderAt('/competitions/7/teams');
    await user.click(await screen.findByRole('button', { name: 'Remove Zvezda Seniori' }));
    await confirmDeletion(user, 'Are you sure you want to remove this team?');
    expect(await screen.findByText('No team competes in this competition.')).toBeInTheDocument();
    expect(showSuccess).toHaveBeenCalledWith('Competition team successfully deleted.');
  });

  it('opens the Edit team drawer of a deep link with the entry loaded', async () => {
    competition.competitionTeams = [{ ...entry(50, zvezda), description: 'Seeded', isSeed: true }];
    serve();
    renderAt('/competitions/7/teams/32/edit');
    expect(await screen.findByText('Edit team')).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('competition-team-team')).toHaveValue('Zvezda Seniori'));
    expect(document.getElementById('competition-team-team')).toBeDisabled();
    expect(document.getElementById('competition-team-description')).toHaveValue('Seeded');
    expect(document.getElementById('competition-team-seed')).toBeChecked();
  });

  it('hides Edit, Delete and the team controls from a federation user of another federation', async () => {
    serve();
    session.profile = profileWith(['Federation'], { access: { admin: false, federations: [2], clubs: [], teams: [], matches: [], officials: [] } });
    renderAt('/competitions/7/teams');
    expect(await screen.findByRole('heading', { name: 'Prva liga' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add team' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add match' })).toBeNull();
  });

  it('sends an unknown competition to the 404 page', async () => {
    serveReference(fakeApi());
    const router = renderAt('/competitions/404');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});
