import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { failure, type FakeApi, fakeApi, json, noContent, page } from '@/test/fake-api';
import { signInAs } from '@/test/session';
import type { CoachDetail } from '@/features/coaches/coaches-api';
import { coachView } from '@/features/coaches/coach-view';
import { renderAt } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const person = {
  id: 30,
  name: 'Dejan',
  surname: 'Savić',
  birthDate: '1975-01-01',
  email: 'dejan@polodesk.test',
  coachId: 12,
  playerId: null,
  officialId: null,
};
const coach: CoachDetail = {
  id: 12,
  personId: 30,
  name: 'Dejan',
  surname: 'Savić',
  birthDate: '1975-01-01',
  countryOfBirth: { id: 1, name: 'Srbija', nameUniversal: 'Serbia' },
  cityOfBirth: null,
  person,
  clubs: [],
  matches: [],
  teams: [
    {
      id: 3,
      teamId: 7,
      coachId: 12,
      roleId: 501,
      role: 'Assistant Coach',
      activeFrom: '2025-09-01',
      activeTo: null,
      team: { id: 7, name: 'Partizan U19', nameUniversal: 'Partizan U19' },
    },
  ],
};

let api: FakeApi;
let current: CoachDetail;

beforeEach(() => {
  current = coach;
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  signInAs(['Admin']);
  api = fakeApi()
    .on('GET', '/api/Coaches/search', page([coach]))
    .on('GET', '/api/Coaches/{id}', ({ params }) => (params.id === '12' ? current : failure(404, 'Coach not found.')))
    .on('DELETE', '/api/Coaches/{id}')
    .on('DELETE', '/api/TeamCoaches/{id}', () => {
      current = { ...current, teams: [] };
      return noContent();
    })
    .on('PUT', '/api/Persons/{id}', ({ body }) => {
      current = { ...current, person: { ...person, ...(body as object) } };
      return current.person;
    });
  // The lists a page reads besides its own are empty.
  api.otherwise = () => json(200, []);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('coach view by path', () => {
  it('reads the tab and drawer from the path', () => {
    expect(coachView([])).toEqual({ tab: 'personal-info', drawer: null });
    expect(coachView(['edit'])).toEqual({ tab: 'personal-info', drawer: 'person' });
    expect(coachView(['personal-info', 'edit'])).toEqual({ tab: 'personal-info', drawer: 'person' });
    expect(coachView(['clubs', 'create'])).toEqual({ tab: 'clubs', drawer: 'club-create' });
    expect(coachView(['teams'])).toEqual({ tab: 'teams', drawer: null });
    expect(coachView(['matches'])).toEqual({ tab: 'matches', drawer: null });
  });
});

describe('Club Managers list', () => {
  it('lists club managers from the search with the URL query, with Add and Details', async () => {
    renderAt('/coaches?Filter.Surname=sav&PageSize=25');
    // The first render of the file imports the app's routes: give it more than the default second.
    expect(await screen.findByRole('heading', { name: 'Club Managers' }, { timeout: 5000 })).toBeInTheDocument();
    const row = (await screen.findByText('Savić')).closest('tr')!;
    expect(within(row).getByText('01.01.1975.')).toBeInTheDocument();
    expect(within(row).getByText('Srbija')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/coaches/12');
    expect(api.reads.find((url) => url.startsWith('/api/Coaches/search'))).toBe(
      '/api/Coaches/search?Filter.Surname=sav&PageSize=25',
    );
    expect(screen.getByRole('button', { name: 'Add Club Manager' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit Dejan Savić' })).toBeInTheDocument();
  });

  it('shows no Add or Delete to an official, who may only read', async () => {
    signInAs(['Official']);
    renderAt('/coaches');
    await screen.findByText('Savić');
    expect(screen.queryByRole('button', { name: 'Add Club Manager' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Dejan Savić' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Dejan Savić' })).toBeNull();
  });

  it('opens the Add Club Manager drawer by route', async () => {
    renderAt('/coaches/create');
    expect(await screen.findByText('Add Club Manager', { selector: 'h4' })).toBeInTheDocument();
    expect(screen.getByLabelText('Create new')).toBeInTheDocument();
  });
});

describe('Club Manager page', () => {
  it('shows the personal information and switches tabs by route, with the empty texts', async () => {
    const user = userEvent.setup();
    const router = renderAt('/coaches/12');
    expect(await screen.findByRole('heading', { name: 'Dejan Savić' })).toBeInTheDocument();
    expect(screen.getByText('dejan@polodesk.test')).toBeInTheDocument();
    expect(screen.getByText('Club Manager')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Clubs' }));
    expect(router.state.location.pathname).toBe('/coaches/12/clubs');
    expect(screen.getByText('This club manager does not manage any club')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(router.state.location.pathname).toBe('/coaches/12/matches');
    expect(screen.getByText('This club manager does not participate in any match.')).toBeInTheDocument();
  });

  it('removes a team membership after the confirmation', async () => {
    const user = userEvent.setup();
    renderAt('/coaches/12/teams');
    const row = (await screen.findByText('Partizan U19')).closest('tr')!;
    expect(within(row).getByText('Assistant Coach')).toBeInTheDocument();
    expect(within(row).getByText('01.09.2025.')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Remove Partizan U19' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Are you sure you want to remove this entity?')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This club manager does not manage any team')).toBeInTheDocument();
    expect(api.urls('DELETE')).toEqual(['/api/TeamCoaches/3']);
    expect(showSuccess).toHaveBeenCalledWith('Team coach successfully deleted.');
  });

  it.each(['/coaches/12/personal-info/edit', '/coaches/12/edit'])('edits the profile in a drawer opened by a deep link to %s', async (path) => {
    const user = userEvent.setup();
    const router = renderAt(path);
    const name = await screen.findByDisplayValue('Dejan');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Deki');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coaches/12'));
    expect(showSuccess).toHaveBeenCalledWith('Person successfully saved.');
    expect(api.urls('PUT')).toEqual(['/api/Persons/30']);
    expect(await screen.findByText('Deki')).toBeInTheDocument();
  });

  it('deletes the club manager and returns to the list', async () => {
    const user = userEvent.setup();
    const router = renderAt('/coaches/12');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Are you sure you want to remove this club manager?')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coaches'));
    expect(api.urls('DELETE')).toEqual(['/api/Coaches/12']);
    expect(showSuccess).toHaveBeenCalledWith('Club Manager successfully deleted.');
  });

  it('sends an unknown club manager or tab to the 404 page', async () => {
    const router = renderAt('/coaches/99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    renderAt('/coaches/12/nothing');
    expect(await screen.findAllByRole('heading', { name: 'Ooops... Error 404' })).not.toHaveLength(0);
  });
});
