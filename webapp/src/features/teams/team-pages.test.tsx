import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { matchOf } from '@/test/fixtures/matches';
import { profileWith, signInAs } from '@/test/session';
import { fakeApi } from '@/test/fake-api';
import { partizan, serveClubs, teamOf, zvezda } from '@/test/fixtures/clubs';
import { withCountries } from '@/test/countries';
import { teamPathState } from '@/features/teams/team-details-page';
import { renderAt } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const partizanTeam = teamOf(partizan(), {
  coaches: [
    {
      id: 61,
      teamId: 100,
      coachId: 7,
      roleId: 500,
      role: 'Head Coach',
      activeFrom: null,
      activeTo: null,
      coach: { id: 7, personId: 70, name: 'Dejan', surname: 'Savić' },
    },
  ],
  players: [
    {
      id: 71,
      teamId: 100,
      playerId: 8,
      positionId: 407,
      position: 'Center Forward',
      capNumber: 9,
      activeFrom: '2024-09-01',
      activeTo: null,
      player: { id: 8, personId: 80, name: 'Nikola', surname: 'Jakšić' },
    },
  ],
  competitionTeams: [
    {
      id: 81,
      competitionId: 4,
      teamId: 100,
      description: null,
      isDisqualified: false,
      isSeed: true,
      competition: { id: 4, name: 'Superliga', nameUniversal: 'Super League' },
    },
  ],
});
const zvezdaTeam = teamOf(zvezda());

withCountries();

describe('teamPathState', () => {
  it.each([
    ['/teams/5', 'details', null],
    ['/teams/5/edit', 'details', 'edit'],
    ['/teams/5/club', 'club', null],
    ['/teams/5/competitions', 'competitions', null],
    ['/teams/5/matches', 'matches', null],
    ['/teams/5/coaches/create', 'coaches', 'create'],
    ['/teams/5/players/8/edit', 'players', 'edit'],
  ] as const)('%s is the %s tab with drawer %s', (path, tab, drawer) => {
    expect(teamPathState(path)).toMatchObject({ tab, drawer });
  });
});

describe('the teams list', { timeout: 30_000 }, () => {
  it("asks the server with the URL's filters and shows a club account Edit and Delete on its club's teams only", async () => {
    signInAs(['Club']);
    session.profile = profileWith(['Club'], {
      access: { admin: false, federations: [], clubs: [1], teams: [], matches: [], officials: [] },
    });
    const server = serveClubs(fakeApi(), { clubs: [partizan(), zvezda()], teams: [partizanTeam, zvezdaTeam] });
    renderAt('/teams?Filter.Category=Seniori&SortBy=club&SortOrder=descend');
    expect(await screen.findByRole('button', { name: 'Edit VK Partizan' })).toBeInTheDocument();
    expect(server.reads.find((url) => url.startsWith('/api/Teams/search'))).toBe(
      '/api/Teams/search?Filter.Category=Seniori&SortBy=club&SortOrder=descend',
    );
    expect(screen.getByRole('button', { name: 'Edit VK Partizan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete VK Partizan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit VK Crvena zvezda' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add team' })).toBeInTheDocument();
  });

  it('lets a coach edit the team it coaches but not delete or add teams', async () => {
    signInAs(['Coach']);
    session.profile = profileWith(['Coach'], {
      access: { admin: false, federations: [], clubs: [], teams: [200], matches: [], officials: [] },
    });
    serveClubs(fakeApi(), { clubs: [partizan(), zvezda()], teams: [partizanTeam, zvezdaTeam] });
    renderAt('/teams');
    expect(await screen.findByRole('button', { name: 'Edit VK Crvena zvezda' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit VK Partizan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add team' })).toBeNull();
  });

  it('deletes a team after the warning about competitions and matches', async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan()], teams: [partizanTeam] });
    const user = userEvent.setup();
    renderAt('/teams');
    await user.click(await screen.findByRole('button', { name: 'Delete VK Partizan' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Are you sure you want to remove this team?')).toBeInTheDocument();
    expect(
      within(alert).getByText('Deleting a team will remove it from all competitions and delete all matches it participated in.'),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Team successfully deleted.'));
    expect(server.writes).toEqual([{ method: 'DELETE', url: '/api/Teams/100', body: undefined }]);
  });
});

describe('the team page', { timeout: 30_000 }, () => {
  it('lists the home and away matches together, latest first', async () => {
    signInAs(['Admin']);
    const home = matchOf({ id: 1, homeTeamId: 100, homeTeamDisplayName: 'VK Partizan', startDate: '2025-10-04T18:00:00Z' });
    const away = matchOf({
      id: 2,
      awayTeamId: 100,
      awayTeamDisplayName: 'VK Partizan',
      homeTeamDisplayName: 'VK Jug',
      homeTeamGoalsTotal: 10,
      awayTeamGoalsTotal: 11,
      startDate: '2025-10-11T18:00:00Z',
      status: 'Not_Started',
    });
    serveClubs(fakeApi(), { clubs: [partizan()], teams: [{ ...partizanTeam, homeMatches: [home], awayMatches: [away] }] });
    renderAt('/teams/100/matches');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['VK Jug', 'VK Partizan']);
    // Not started: no score yet, whatever the figures say.
    expect(within(rows[0]!).getByText('—')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not Started')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('12–9')).toBeInTheDocument();
    expect(screen.queryByText('There are no matches for this team.')).toBeNull();
  });

  it('shows every tab by route with its rows', async () => {
    signInAs(['Admin']);
    serveClubs(fakeApi(), { clubs: [partizan()], teams: [partizanTeam] });
    const user = userEvent.setup();
    const router = renderAt('/teams/100');
    expect(await screen.findByRole('heading', { name: 'VK Partizan' })).toBeInTheDocument();
    expect(screen.getByText('Seniori')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Club' }));
    expect(router.state.location.pathname).toBe('/teams/100/club');
    expect(await screen.findByRole('link', { name: "Open the club's page" })).toHaveAttribute('href', '/clubs/1');
    await user.click(screen.getByRole('tab', { name: 'Competitions' }));
    expect(router.state.location.pathname).toBe('/teams/100/competitions');
    expect(screen.getByText('Superliga')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(router.state.location.pathname).toBe('/teams/100/matches');
    expect(screen.getByText('There are no matches for this team.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Club Managers' }));
    expect(screen.getByText('Head Coach')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Club Manager' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Players' }));
    expect(router.state.location.pathname).toBe('/teams/100/players');
    expect(screen.getByText('Center Forward')).toBeInTheDocument();
    expect(screen.getByText('01.09.2024.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add player' }));
    expect(router.state.location.pathname).toBe('/teams/100/players/create');
    expect(await screen.findByRole('heading', { name: 'Add player' })).toBeInTheDocument();
  });

  it('shows the empty texts of a team without competitions, coaches or players', async () => {
    signInAs(['Admin']);
    serveClubs(fakeApi(), { clubs: [zvezda()], teams: [zvezdaTeam] });
    const router = renderAt('/teams/200/competitions');
    expect(await screen.findByText('The team does not compete in any competition.')).toBeInTheDocument();
    await router.navigate('/teams/200/coaches');
    expect(await screen.findByText('There are no coaches in this team.')).toBeInTheDocument();
    await router.navigate('/teams/200/players');
    expect(await screen.findByText('There are no players in this team.')).toBeInTheDocument();
  });

  it('removes a team player and a team coach', async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan()], teams: [partizanTeam] });
    const user = userEvent.setup();
    renderAt('/teams/100/players');
    await user.click(await screen.findByRole('button', { name: 'Remove Nikola Jakšić' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Team player successfully deleted.'));
    await user.click(screen.getByRole('tab', { name: 'Club Managers' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Dejan Savić' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Team coach successfully deleted.'));
    expect(server.writes.map((write) => `${write.method} ${write.url}`)).toEqual([
      'DELETE /api/TeamPlayers/71',
      'DELETE /api/TeamCoaches/61',
    ]);
  });

  it("sends a club account to /not-found on another club's team edit or add routes", async () => {
    signInAs(['Club']);
    session.profile = profileWith(['Club'], {
      access: { admin: false, federations: [], clubs: [1], teams: [], matches: [], officials: [] },
    });
    serveClubs(fakeApi(), { clubs: [partizan(), zvezda()], teams: [partizanTeam, zvezdaTeam] });
    const router = renderAt('/teams/200/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    await router.navigate('/teams/200/players/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    await router.navigate('/teams/100/edit');
    expect(await screen.findByRole('heading', { name: 'Edit team' })).toBeInTheDocument();
  });

  it("edits a player's position, cap number and period in the team by route", async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan()], teams: [partizanTeam] });
    const user = userEvent.setup();
    const router = renderAt('/teams/100/players/8/edit');
    expect(await screen.findByRole('heading', { name: 'Edit player' })).toBeInTheDocument();
    const cap = document.getElementById('team-player-capNumber') as HTMLInputElement;
    expect(cap).toHaveValue(9);
    await user.clear(cap);
    await user.type(cap, '100');
    expect(await screen.findByText('Cap number must be between 1 and 99.')).toBeInTheDocument();
    await user.clear(cap);
    await user.type(cap, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/100/players'));
    expect(showSuccess).toHaveBeenCalledWith('Player successfully saved.');
    expect(server.writes).toEqual([
      {
        method: 'PUT',
        url: '/api/TeamPlayers/71',
        body: { teamId: 100, positionId: 407, capNumber: 10, activeFrom: '2024-09-01', activeTo: null, playerId: 8 },
      },
    ]);
  });

  it("changes a club manager's role on the team", async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan()], teams: [partizanTeam] });
    const user = userEvent.setup();
    renderAt('/teams/100/coaches');
    await user.click(await screen.findByRole('button', { name: 'Edit Dejan Savić' }));
    expect(await screen.findByRole('heading', { name: 'Edit Club Manager' })).toBeInTheDocument();
    const role = document.getElementById('team-coach-role') as HTMLSelectElement;
    await waitFor(() => expect(role.options.length).toBeGreaterThan(1));
    await user.selectOptions(role, '501');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Club Manager successfully saved.'));
    expect(server.writes[0]).toMatchObject({ method: 'PUT', url: '/api/TeamCoaches/61', body: { teamId: 100, coachId: 7, roleId: 501 } });
  });

  it("opens /teams/:teamId/club on the Club tab with the club's details", async () => {
    signInAs(['Admin']);
    serveClubs(fakeApi(), { clubs: [partizan()], teams: [partizanTeam] });
    const router = renderAt('/teams/100/club');
    expect(await screen.findByRole('link', { name: "Open the club's page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teams/100/club');
    expect(screen.getByRole('tab', { name: 'Club', selected: true })).toBeInTheDocument();
  });
});
