import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { PlayerForm } from '@/features/players/player-form';
import type { Schemas } from '@/api/types';
import { fieldGroup, input, saveButton, typeInPicker } from '@/test/dom';
import { type FakeApi, fakeApi } from '@/test/fake-api';
import { partizan, serveClubs, teamOf } from '@/test/fixtures/clubs';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const PARTIZAN = partizan({ id: 4 });
const TEAMS = [
  teamOf(PARTIZAN, { id: 7, name: 'Partizan U19' }),
  teamOf(partizan({ id: 5, name: 'VK Jug', nameUniversal: 'VK Jug' }), { id: 8, name: 'Jug U17' }),
];
const POSITIONS: Schemas['CodeItem'][] = [
  { id: 400, name: 'Goalkeeper', label: 'Goalkeeper' },
  { id: 407, name: 'Center_Forward', label: 'Center Forward' },
];
const marko = { id: 31, name: 'Marko', surname: 'Marković', birthDate: '2004-06-01' };

let server: FakeApi;

beforeEach(() => {
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  server = serveClubs(fakeApi(), { clubs: [PARTIZAN], teams: TEAMS })
    .on('GET', '/api/Positions', POSITIONS)
    .on('GET', '/api/Persons/search', [marko])
    .on('GET', '/api/Persons/{id}', ({ params }) =>
      params.id === '31' ? { ...marko, coachId: 3, playerId: null, officialId: null } : undefined,
    )
    // The created player is what was sent, with its ids.
    .on('POST', '/api/Players', ({ body }) => ({ id: 50, personId: 31, ...(body as object) }) as Schemas['PlayerDetail']);
});

afterEach(() => {
  vi.clearAllMocks();
});

const posts = () => server.writes.filter((call) => call.method === 'POST');

describe('PlayerForm', { timeout: 30_000 }, () => {
  it("words the profile message as the player form does and checks the team row's position and cap number", async () => {
    const user = userEvent.setup();
    render(<PlayerForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Add team' }));
    await user.type(input('player-teams-0-capNumber'), '100');
    expect(within(fieldGroup('player-teams-0-capNumber')).getByText('Cap number must be between 1 and 99.')).toBeInTheDocument();
    await user.click(saveButton());
    expect(screen.getByText('Profile type is required')).toBeInTheDocument();
    expect(within(fieldGroup('player-teams-0-team')).getByText('Team field is required!')).toBeInTheDocument();
    expect(within(fieldGroup('player-teams-0-position')).getByText('Position field is required!')).toBeInTheDocument();
    await user.clear(input('player-teams-0-capNumber'));
    await user.type(input('player-teams-0-capNumber'), '0');
    expect(within(fieldGroup('player-teams-0-capNumber')).getByText('Cap number must be between 1 and 99.')).toBeInTheDocument();
    await user.clear(input('player-teams-0-capNumber'));
    await user.type(input('player-teams-0-capNumber'), '99');
    expect(within(fieldGroup('player-teams-0-capNumber')).queryByText('Cap number must be between 1 and 99.')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('creates a player for an existing person with the player information and a team row with a cap number', async () => {
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<PlayerForm fixedTeamId={7} onSaved={onSaved} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('player-teams-0-team')).toHaveValue('Partizan U19'));
    await user.click(screen.getByLabelText('Choose existing'));
    await typeInPicker(user, 'player-profile-existing', 'Mar');
    await user.click(await screen.findByText('Marko Marković (01.06.2004.)', undefined, { timeout: 2000 }));
    await waitFor(() => expect(server.reads).toContain('/api/Persons/31'));

    await user.type(input('player-height'), '195 cm');
    await user.selectOptions(input('player-dominantHand'), 'L');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Center Forward' })).toHaveLength(2));
    await user.selectOptions(input('player-primaryPositionId'), '407');
    await user.selectOptions(input('player-teams-0-position'), '400');
    await user.type(input('player-teams-0-capNumber'), '1');
    fireEvent.change(input('player-teams-0-activeTo'), { target: { value: '30.06.2027.' } });

    await user.click(screen.getByRole('button', { name: 'Add team' }));
    await typeInPicker(user, 'player-teams-1-team', 'U1');
    expect((await screen.findByRole('option', { name: /Partizan U19/ })).querySelector('a')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Remove teams row 2' }));

    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posts()[0]!.body).toEqual({
      personId: 31,
      height: '195 cm',
      weight: null,
      dominantHand: 'L',
      primaryPositionId: 407,
      clubs: [],
      teams: [{ teamId: 7, positionId: 400, capNumber: 1, activeFrom: null, activeTo: '2027-06-30' }],
    });
    expect(showSuccess).toHaveBeenCalledWith('Player successfully saved.');
  });

  it('refuses an existing person who is already a player before sending', async () => {
    server.on('GET', '/api/Persons/{id}', ({ params }) => (params.id === '31' ? { ...marko, playerId: 9 } : undefined));
    const user = userEvent.setup();
    render(<PlayerForm fixedTeamId={7} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByLabelText('Choose existing'));
    await typeInPicker(user, 'player-profile-existing', 'Mar');
    await user.click(await screen.findByText('Marko Marković (01.06.2004.)', undefined, { timeout: 2000 }));
    expect(
      await within(fieldGroup('player-profile-existing')).findByText('This person is already a player!'),
    ).toBeInTheDocument();
    await user.click(saveButton());
    expect(posts()).toHaveLength(0);
  });
});
