import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { type FakeApi, fakeApi, noContent, page } from '@/test/fake-api';
import { matchOf } from '@/test/fixtures/matches';
import { signInAs } from '@/test/session';
import type { PlayerDetail } from '@/features/players/players-api';
import { playerView } from '@/features/players/player-view';
import { renderAt } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const POSITIONS = [
  { id: 400, name: 'Goalkeeper', label: 'Goalkeeper' },
  { id: 407, name: 'Center_Forward', label: 'Center Forward' },
];
const player: PlayerDetail = {
  id: 50,
  personId: 31,
  name: 'Marko',
  surname: 'Marković',
  birthDate: '2004-06-01',
  height: '195 cm',
  weight: null,
  dominantHand: 'R',
  primaryPositionId: 407,
  primaryPosition: 'Center Forward',
  person: { id: 31, name: 'Marko', surname: 'Marković', birthDate: '2004-06-01', playerId: 50 },
  clubs: [
    {
      id: 5,
      clubId: 4,
      playerId: 50,
      activeFrom: null,
      activeTo: null,
      club: { id: 4, name: 'VK Partizan', nameUniversal: 'VK Partizan' },
    },
  ],
  teams: [],
  matches: [],
};

let api: FakeApi;
let current: PlayerDetail;

beforeEach(() => {
  current = player;
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  signInAs(['Admin']);
  api = fakeApi()
    .on('GET', '/api/Players/search', page([player]))
    .on('GET', '/api/Players/{id}', () => current)
    .on('PUT', '/api/Players/{id}', ({ body }) => {
      current = { ...current, ...(body as object), primaryPosition: 'Goalkeeper' };
      return current;
    })
    .on('DELETE', '/api/Players/{id}')
    .on('DELETE', '/api/ClubPlayers/{id}', () => {
      current = { ...current, clubs: [] };
      return noContent();
    })
    .on('GET', '/api/Positions', POSITIONS);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('player view by path', () => {
  it('reads the tab and drawer from the path', () => {
    expect(playerView([])).toEqual({ tab: 'info', drawer: null });
    expect(playerView(['edit'])).toEqual({ tab: 'info', drawer: 'edit' });
    expect(playerView(['personal-info'])).toEqual({ tab: 'personal-info', drawer: null });
    expect(playerView(['personal-info', 'edit'])).toEqual({ tab: 'personal-info', drawer: 'person' });
    expect(playerView(['teams', 'create'])).toEqual({ tab: 'teams', drawer: 'team-create' });
  });
});

describe('Players list', () => {
  it('lists players with their primary position, Add player, edit and delete for staff', async () => {
    renderAt('/players?Filter.Team=U19');
    const row = (await screen.findByText('Marković')).closest('tr')!;
    expect(within(row).getByText('Center Forward')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit Marko Marković' })).toBeInTheDocument();
    expect(api.reads.find((url) => url.startsWith('/api/Players/search'))).toBe('/api/Players/search?Filter.Team=U19');
    expect(screen.getByRole('button', { name: 'Add player' })).toBeInTheDocument();
  });

  it('shows a person user the list without Add, edit or delete', async () => {
    signInAs(['Person']);
    renderAt('/players');
    const row = (await screen.findByText('Marković')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Details' })).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add player' })).toBeNull();
  });
});

describe('Player page', () => {
  it('shows the player information and the tabs by route with their empty texts', async () => {
    const user = userEvent.setup();
    const router = renderAt('/players/50');
    expect(await screen.findByRole('heading', { name: 'Marko Marković' })).toBeInTheDocument();
    expect(screen.getByText('195 cm')).toBeInTheDocument();
    expect(screen.getByText('Right')).toBeInTheDocument();
    expect(screen.getByText('Center Forward')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Personal information' }));
    expect(router.state.location.pathname).toBe('/players/50/personal-info');
    expect(screen.getByText('01.06.2004.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Teams' }));
    expect(screen.getByText('This player does not play in any team.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(screen.getByText('This player does not participate in any match.')).toBeInTheDocument();
  });

  it('lists the matches the player takes part in at /matches', async () => {
    current = { ...player, matches: [matchOf({ startDate: new Date(2025, 9, 4, 20, 0).toISOString() })] };
    renderAt('/players/50/matches');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('12–9')).toBeInTheDocument();
    expect(within(row).getByText('04.10.2025. 20:00')).toBeInTheDocument();
    expect(screen.queryByText('This player does not participate in any match.')).toBeNull();
  });

  it('edits the player information in the drawer at /edit', async () => {
    const user = userEvent.setup();
    const router = renderAt('/players/50/edit');
    const height = await screen.findByDisplayValue('195 cm');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Goalkeeper' })).toHaveLength(1));
    await user.clear(height);
    await user.type(height, '196 cm');
    await user.selectOptions(document.getElementById('player-primaryPositionId')!, '400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/players/50'));
    expect(api.writes[0]!.body).toEqual({
      height: '196 cm',
      weight: null,
      dominantHand: 'R',
      primaryPositionId: 400,
    });
    expect(showSuccess).toHaveBeenCalledWith('Player successfully saved.');
    const details = (await screen.findByText('196 cm')).closest('dl')!;
    expect(within(details).getByText('Goalkeeper')).toBeInTheDocument();
  });

  it('removes a club membership after the confirmation', async () => {
    const user = userEvent.setup();
    renderAt('/players/50/clubs');
    const row = (await screen.findByText('VK Partizan')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Remove VK Partizan' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Are you sure you want to remove this entity?')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This player does not play in any club.')).toBeInTheDocument();
    expect(api.urls('DELETE')).toEqual(['/api/ClubPlayers/5']);
    expect(showSuccess).toHaveBeenCalledWith('Club player successfully deleted.');
  });

  it('deletes the player after the question and returns to the list', async () => {
    const user = userEvent.setup();
    const router = renderAt('/players/50');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Are you sure you want to delete this player?')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/players'));
    expect(api.urls('DELETE')).toEqual(['/api/Players/50']);
    expect(showSuccess).toHaveBeenCalledWith('Player successfully deleted.');
  });
});
