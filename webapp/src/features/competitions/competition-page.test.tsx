import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { routes } from '@/app/router';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { matchOf, profileWith, signInAs } from '@/test-utils';
import type { CompetitionDetail } from '@/features/competitions/competitions-api';
import { ADD_MORE_TEAMS } from '@/features/competitions/competitions-api';
import { competitionScreen } from '@/features/competitions/competition-page';
import { jsonResponse, referenceServer, standardPoints } from '@/features/competitions/test-server';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const ref = (id: number, name: string) => ({ id, name, nameUniversal: name });

function team(id: number, name: string): Schemas['Team'] {
  return { id, name, nameUniversal: name, clubId: 3, club: ref(3, 'VK Partizan'), categoryId: 1, category: ref(1, 'Seniori'), isPro: false, federationId: 1 };
}
const partizan = team(31, 'Partizan Seniori');
const zvezda = team(32, 'Zvezda Seniori');

let competition: CompetitionDetail;
const entry = (id: number, t: Schemas['Team']): Schemas['CompetitionTeam'] => ({
  id,
  competitionId: 7,
  teamId: t.id,
  team: ref(t.id, t.name),
  isSeed: false,
  isDisqualified: false,
});

function serve() {
  return referenceServer((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/Competitions/7' && method === 'GET') return jsonResponse(200, competition);
    if (url === '/api/Teams?federationId=1') return jsonResponse(200, [partizan, zvezda]);
    if (url === '/api/CompetitionTeams' && method === 'POST') {
      const body = JSON.parse(String(init.body)) as { teamId: number };
      const added = entry(90, body.teamId === partizan.id ? partizan : zvezda);
      competition = { ...competition, competitionTeams: [...competition.competitionTeams, added] };
      return jsonResponse(201, added);
    }
    if (url === '/api/CompetitionTeams/50' && method === 'DELETE') {
      competition = { ...competition, competitionTeams: competition.competitionTeams.filter((e) => e.id !== 50) };
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
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

  it('lists the competition\'s matches in the Matches tab and keeps the standings placeholder', async () => {
    competition.matches = [matchOf({ startDate: new Date(2025, 9, 4, 20, 0).toISOString(), round: 'Final' })];
    serve();
    const user = userEvent.setup();
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
    ]);
    await user.click(screen.getByRole('tab', { name: 'Standings' }));
    expect(screen.getByText('The standings of this competition come with the match schedule.')).toBeInTheDocument();
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
    expect(server.body()).toEqual({ competitionId: 7, teamId: 31, description: 'Holder', isSeed: true, isDisqualified: false });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add match' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add match' }));
    expect(router.state.location.pathname).toBe('/competitions/7/matches/create');
  });

  it('removes a team after the confirmation', async () => {
    competition.competitionTeams = [entry(50, zvezda)];
    serve();
    const user = userEvent.setup();
    renderAt('/competitions/7/teams');
    await user.click(await screen.findByRole('button', { name: 'Remove Zvezda Seniori' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Are you sure you want to remove this team?')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
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
    referenceServer();
    const router = renderAt('/competitions/404');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});
