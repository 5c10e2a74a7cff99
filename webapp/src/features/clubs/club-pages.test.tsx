import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toaster';
import { refreshToken, session } from '@/state/session';
import { profileWith, signInAs } from '@/test/session';
import { clubPathState } from '@/features/clubs/club-details-page';
import { fakeApi } from '@/test/fake-api';
import { partizan, serveClubs, teamOf, zvezda } from '@/test/fixtures/clubs';
import { withCountries } from '@/test/countries';
import { renderAt } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));
vi.mock('@/state/session', async (original) => ({
  ...(await original<typeof import('@/state/session')>()),
  refreshToken: vi.fn(async () => true),
}));

/** Signs in as the demo club account, whose club is VK Partizan (id 1). */
function signInAsClubStaff() {
  signInAs(['Club']);
  session.profile = profileWith(['Club'], {
    access: { admin: false, federations: [], clubs: [1], teams: [], matches: [], officials: [] },
  });
}

const coachLink = {
  id: 41,
  clubId: 1,
  coachId: 7,
  activeFrom: '2020-09-01',
  activeTo: null,
  coach: { id: 7, personId: 70, name: 'Dejan', surname: 'Savić' },
};
const playerLink = {
  id: 51,
  clubId: 1,
  playerId: 8,
  activeFrom: null,
  activeTo: null,
  player: { id: 8, personId: 80, name: 'Nikola', surname: 'Jakšić' },
};

withCountries();

describe('clubPathState', () => {
  it.each([
    ['/clubs/5', 'details', null],
    ['/clubs/5/edit', 'details', 'edit'],
    ['/clubs/5/teams', 'teams', null],
    ['/clubs/5/teams/create', 'teams', 'create'],
    ['/clubs/5/coaches/7/edit', 'coaches', 'edit'],
    ['/clubs/5/players', 'players', null],
  ] as const)('%s is the %s tab with drawer %s', (path, tab, drawer) => {
    expect(clubPathState(path)).toMatchObject({ tab, drawer });
  });
});

it('names the member of an edit route', () => {
  expect(clubPathState('/clubs/5/coaches/7/edit').memberId).toBe(7);
  expect(clubPathState('/clubs/5/players/8/edit').memberId).toBe(8);
  expect(clubPathState('/clubs/5/edit').memberId).toBeNull();
});

describe('the clubs list', { timeout: 30_000 }, () => {
  it('asks the server with the filters of the URL and offers Edit and Delete on every club to an admin', async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan(), zvezda()] });
    renderAt('/clubs?Filter.Country=Srbija&Filter.IsPro=true&PageSize=25');
    expect(await screen.findByRole('link', { name: 'VK Partizan' })).toHaveAttribute('href', '/clubs/1');
    expect(server.reads.find((url) => url.startsWith('/api/Clubs/search'))).toBe(
      '/api/Clubs/search?Filter.Country=Srbija&Filter.IsPro=true&PageSize=25',
    );
    const row = screen.getByRole('link', { name: 'VK Partizan' }).closest('tr')!;
    expect(within(row).getByText('Vaterpolo savez Srbije')).toBeInTheDocument();
    expect(within(row).getByText('04.10.1946.')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/clubs/1');
    expect(screen.getByRole('button', { name: 'Edit VK Crvena zvezda' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete VK Crvena zvezda' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add club' })).toBeInTheDocument();
  });

  it('shows a club account Edit on its own club only, and neither Add nor Delete', async () => {
    signInAsClubStaff();
    serveClubs(fakeApi(), { clubs: [partizan(), zvezda()] });
    renderAt('/clubs');
    expect(await screen.findByRole('button', { name: 'Edit VK Partizan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit VK Crvena zvezda' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add club' })).toBeNull();
  });

  it('deletes a club after the question and the warning about its teams and users, and renews the token', async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan(), zvezda()] });
    const user = userEvent.setup();
    renderAt('/clubs');
    await user.click(await screen.findByRole('button', { name: 'Delete VK Crvena zvezda' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Are you sure you want to remove this club?')).toBeInTheDocument();
    expect(
      within(alert).getByText('All teams of this club and all users with a Club role in it will also be deleted.'),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Club successfully deleted.'));
    expect(server.writes).toEqual([{ method: 'DELETE', url: '/api/Clubs/2', body: undefined }]);
    expect(refreshToken).toHaveBeenCalled();
  });

  it('opens the Add club drawer by route and closes it back to the list with its query', async () => {
    signInAs(['Admin']);
    serveClubs(fakeApi(), { clubs: [partizan()] });
    const user = userEvent.setup();
    const router = renderAt('/clubs/create?Filter.ShortName=PAR');
    expect(await screen.findByRole('heading', { name: 'Add club' })).toBeInTheDocument();
    expect(document.getElementById('club-categories')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clubs'));
    expect(router.state.location.search).toBe('?Filter.ShortName=PAR');
  });
});

describe('the club page', { timeout: 30_000 }, () => {
  it('shows the details and switches tabs by route, with the empty texts', async () => {
    signInAs(['Admin']);
    serveClubs(fakeApi(), { clubs: [partizan()] });
    const user = userEvent.setup();
    const router = renderAt('/clubs/1');
    expect(await screen.findByRole('heading', { name: 'VK Partizan' })).toBeInTheDocument();
    expect(screen.getByText('SC Banjica')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vaterpolo savez Srbije' })).toHaveAttribute('href', '/federations/3');

    await user.click(screen.getByRole('tab', { name: 'Teams' }));
    expect(router.state.location.pathname).toBe('/clubs/1/teams');
    expect(screen.getByText('There are no teams in this club')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Club Managers' }));
    expect(router.state.location.pathname).toBe('/clubs/1/coaches');
    expect(screen.getByText('There are no coaches in this club')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Players' }));
    expect(router.state.location.pathname).toBe('/clubs/1/players');
    expect(screen.getByText('There are no players in this club')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(router.state.location.pathname).toBe('/clubs/1');
  });

  it('lists the teams, club managers and players, and removes a club coach and a club player', async () => {
    signInAs(['Admin']);
    const club = partizan({ teams: [teamOf(partizan())], coaches: [coachLink], players: [playerLink] });
    const server = serveClubs(fakeApi(), { clubs: [club] });
    const user = userEvent.setup();
    renderAt('/clubs/1/teams');
    expect(await screen.findByRole('link', { name: 'VK Partizan' })).toHaveAttribute('href', '/teams/100');
    expect(screen.getByText('Seniori')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Club Managers' }));
    expect(screen.getByText('Savić')).toBeInTheDocument();
    expect(screen.getByText('01.09.2020.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/coaches/7');
    await user.click(screen.getByRole('button', { name: 'Remove Dejan Savić' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Club coach successfully deleted.'));

    await user.click(screen.getByRole('tab', { name: 'Players' }));
    await user.click(await screen.findByRole('button', { name: 'Remove Nikola Jakšić' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Club player successfully deleted.'));
    expect(server.writes.map((write) => `${write.method} ${write.url}`)).toEqual([
      'DELETE /api/ClubCoaches/41',
      'DELETE /api/ClubPlayers/51',
    ]);
  });

  it('opens the edit drawer by deep link with the club loaded and returns to the details after saving', async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan()] });
    const user = userEvent.setup();
    const router = renderAt('/clubs/1/edit');
    expect(await screen.findByText('Edit club')).toBeInTheDocument();
    const name = document.getElementById('club-name') as HTMLInputElement;
    expect(name).toHaveValue('VK Partizan');
    await user.type(name, ' Beograd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clubs/1'));
    expect(showSuccess).toHaveBeenCalledWith('Club successfully saved.');
    expect(server.writes[0]).toMatchObject({ method: 'PUT', url: '/api/Clubs/1' });
  });

  it('opens Add team with the club locked', async () => {
    signInAs(['Admin']);
    serveClubs(fakeApi(), { clubs: [partizan()] });
    renderAt('/clubs/1/teams/create');
    expect(await screen.findByRole('heading', { name: 'Add team' })).toBeInTheDocument();
    const club = document.getElementById('team-club') as HTMLInputElement;
    await waitFor(() => expect(club).toHaveValue('VK Partizan'));
    expect(club).toBeDisabled();
  });

  it("sends a club account to /not-found on another club's edit route, and hides Edit there", async () => {
    signInAsClubStaff();
    serveClubs(fakeApi(), { clubs: [partizan(), zvezda()] });
    const router = renderAt('/clubs/2/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));

    await router.navigate('/clubs/2');
    expect(await screen.findByRole('heading', { name: 'VK Crvena zvezda' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    await router.navigate('/clubs/1');
    expect(await screen.findByRole('heading', { name: 'VK Partizan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("edits a club manager's period in the club by route", async () => {
    signInAs(['Admin']);
    const server = serveClubs(fakeApi(), { clubs: [partizan({ coaches: [coachLink], players: [playerLink] })] });
    const user = userEvent.setup();
    const router = renderAt('/clubs/1/coaches');
    await user.click(await screen.findByRole('button', { name: 'Edit Dejan Savić' }));
    expect(router.state.location.pathname).toBe('/clubs/1/coaches/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit Club Manager' })).toBeInTheDocument();
    expect(document.getElementById('membership-activeFrom')).toHaveValue('01.09.2020.');
    await user.type(document.getElementById('membership-activeTo')!, '01.01.2019.');
    expect(await screen.findByText('Active to must not be before active from.')).toBeInTheDocument();
    await user.clear(document.getElementById('membership-activeTo')!);
    await user.type(document.getElementById('membership-activeTo')!, '30.06.2025.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clubs/1/coaches'));
    expect(showSuccess).toHaveBeenCalledWith('Club Manager successfully saved.');
    expect(server.writes).toEqual([
      { method: 'PUT', url: '/api/ClubCoaches/41', body: { clubId: 1, coachId: 7, activeFrom: '2020-09-01', activeTo: '2025-06-30' } },
    ]);

    // A member the club does not have is a 404.
    await router.navigate('/clubs/1/players/99/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });

  it('answers an unknown club with /not-found', async () => {
    signInAs(['Admin']);
    serveClubs(fakeApi(), { clubs: [] });
    const router = renderAt('/clubs/404');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});
