import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { referencedMessage } from '@/lib/lineup-draft';
import { showError, showSuccess } from '@/lib/toaster';
import { type FakeApi, fakeApi } from '@/test/fake-api';
import { matchDetailOf } from '@/test/fixtures/matches';
import { partizanRoster, zvezdaRoster } from '@/test/fixtures/rosters';
import { signInAs } from '@/test/session';
import { choose, renderAt } from '@/test/dom';
import { LINEUP_SAVED } from '@/features/matches/match-lineups';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

let match: Schemas['Match'];
let events: Schemas['EventView'][];
let server: FakeApi;

const goalOfMarko: Schemas['EventView'] = {
  id: 1,
  matchId: 900,
  typeId: 705,
  periodId: 1200,
  minute: 6,
  seconds: 0,
  shot: { teamId: 31, typeId: 1100, takenById: 507, isGoal: true },
};

beforeEach(() => {
  signInAs(['Admin']);
  match = matchDetailOf({ status: 'Not_Started', statusId: 200 });
  events = [];
  server = fakeApi()
    .on('GET', '/api/Matches/{id}', () => match)
    .on('GET', '/api/Events/{id}', () => events)
    .on('GET', '/api/Teams/{id}', ({ params }) => (params.id === '31' ? partizanRoster() : zvezdaRoster()))
    .on('PUT', '/api/Matches/{id}/players', () => match);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('the lineup edit route', { timeout: 30_000 }, () => {
  it('opens from the Lineups tab, puts a roster player in a slot and saves both lineups', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches/900/lineups');
    // The first render waits for the page's lazy chunk.
    await user.click(await screen.findByText('Edit lineups', {}, { timeout: 15_000 }));
    expect(router.state.location.pathname).toBe('/matches/900/lineups/edit');
    await waitFor(() => expect(document.getElementById('home-slot-4')).toBeInstanceOf(HTMLInputElement));
    await choose(user, 'home-slot-4', 'Fil', 'Filip Filipović');
    const home = screen.getByRole('region', { name: 'Partizan Seniori lineup' });
    const slot4 = within(home).getAllByRole('row')[4]!;
    expect(within(slot4).getAllByRole('cell')[1]).toHaveTextContent('4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(LINEUP_SAVED));
    const put = server.writes.find((call) => call.url === '/api/Matches/900/players');
    expect(put?.body).toEqual({
      matchId: 900,
      matchPlayers: [
        { teamId: 31, playerId: 501, number: 1, positionId: 400, capNumber: null },
        { teamId: 31, playerId: 504, number: 4, positionId: 401, capNumber: null },
        { teamId: 31, playerId: 507, number: 7, positionId: 401, capNumber: null },
        { teamId: 32, playerId: 601, number: 1, positionId: 400, capNumber: null },
        { teamId: 32, playerId: 605, number: 5, positionId: 401, capNumber: null },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/900/lineups'));
  });

  it('does not offer a player twice in a team, and keeps a player an event names', async () => {
    events = [goalOfMarko];
    const user = userEvent.setup();
    renderAt('/matches/900/lineups/edit');
    await waitFor(() => expect(document.getElementById('home-slot-4')).toBeInstanceOf(HTMLInputElement));
    await user.click(document.getElementById('home-slot-4')!);
    const marko = await screen.findByRole('option', { name: /Marko Marković/ });
    expect(marko.querySelector('a')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Clear Partizan Seniori slot 7' }));
    expect(showError).toHaveBeenCalledWith(referencedMessage('home'));
    expect(document.getElementById('home-slot-7')).toHaveValue('Marko Marković');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the lineups read only once the match has started', async () => {
    match = matchDetailOf({ status: 'First_Period', statusId: 201 });
    renderAt('/matches/900/lineups');
    await screen.findByRole('region', { name: 'Partizan Seniori lineup' });
    expect(screen.queryByRole('button', { name: 'Edit lineups' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
