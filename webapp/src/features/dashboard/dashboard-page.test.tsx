import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import type { Role } from '@/lib/permissions';
import { session } from '@/state/session';
import { type FakeApi, fakeApi } from '@/test/fake-api';
import { officialDetail, officialRole } from '@/test/fixtures/officials';
import { profileWith, signOutSession } from '@/test/session';
import DashboardPage from '@/features/dashboard/dashboard-page';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

let answers: Record<string, unknown>;
let api: FakeApi;

beforeEach(() => {
  answers = {};
  // The dashboard reads counts and details by exact URL; each test lists the answers it needs.
  api = fakeApi().handle(({ url }) => (url in answers ? answers[url] : undefined));
});

afterEach(() => {
  signOutSession();
});

function signIn(roles: Role[], access: Partial<Schemas['Access']> = {}) {
  const profile = profileWith(roles, { name: 'Ana Anić' });
  session.user = { subject: '1', name: 'Ana Anić', accessToken: 't', expiresAt: null };
  session.profile = { ...profile, access: { ...profile.access, ...access } };
  session.status = 'signedIn';
}

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

const page = (total: number) => ({ pageItems: [], currentPage: 1, pageSize: 1, totalPages: total, totalItems: total });

/** The count card titled `title` inside `scope`. */
const card = (title: string, scope: HTMLElement = document.body) => within(scope).getByRole('region', { name: title });

describe('DashboardPage', () => {
  it('counts every area for an administrator, with links and Add shortcuts', async () => {
    signIn(['Admin']);
    Object.assign(answers, {
      '/api/Federations/search?PageSize=1': page(4),
      '/api/Clubs/search?PageSize=1': page(12),
      '/api/Teams/search?PageSize=1': page(30),
      '/api/Competitions/search?PageSize=1': page(2),
      '/api/Officials/search?PageSize=1': page(7),
      '/api/Coaches/search?PageSize=1': page(5),
      '/api/Players/search?PageSize=1': page(250),
      '/api/Users': [{ id: 1 }, { id: 2 }, { id: 3 }],
    });
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Welcome, Ana Anić' })).toBeInTheDocument();
    // Each card by its title: the count, the list it links to and its Add shortcut.
    const expected: Record<string, { count: string; route: string; add: string }> = {
      Federations: { count: '4', route: '/federations', add: 'Add federation' },
      Clubs: { count: '12', route: '/clubs', add: 'Add club' },
      Teams: { count: '30', route: '/teams', add: 'Add team' },
      Competitions: { count: '2', route: '/competitions', add: 'Add competition' },
      Officials: { count: '7', route: '/officials', add: 'Add official' },
      'Club Managers': { count: '5', route: '/coaches', add: 'Add Club Manager' },
      Players: { count: '250', route: '/players', add: 'Add player' },
      Users: { count: '3', route: '/users', add: 'Add user' },
    };
    for (const [title, { count, route, add }] of Object.entries(expected)) {
      await waitFor(() => expect(screen.getByTestId(`count-${title}`)).toHaveTextContent(count));
      expect(within(card(title)).getByRole('link', { name: title })).toHaveAttribute('href', route);
      expect(within(card(title)).getByRole('link', { name: add })).toHaveAttribute('href', `${route}/create`);
    }
    // The cities list has no answer here: its count shows as unknown, and nothing breaks.
    await waitFor(() => expect(screen.getByTestId('count-Cities')).toHaveTextContent('—'));
    // Each count asks for one item only.
    expect(api.reads.filter((url) => url.includes('/search')).every((url) => url.endsWith('?PageSize=1'))).toBe(true);
    expect(screen.queryByRole('region', { name: 'Your account' })).toBeNull();
  });

  it("shows a federation user its federation's clubs, competitions and officials", async () => {
    signIn(['Federation'], { federations: [3] });
    answers['/api/Federations/3'] = { id: 3, name: 'VSS', clubs: [{ id: 1 }, { id: 2 }], competitions: [{ id: 9 }], officials: [] };
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your federation' });
    expect(await within(section).findByRole('link', { name: 'VSS' })).toHaveAttribute('href', '/federations/3');
    expect(within(card('Clubs', section)).getByTestId('count-Clubs')).toHaveTextContent('2');
    expect(within(card('Competitions', section)).getByTestId('count-Competitions')).toHaveTextContent('1');
    expect(within(card('Officials', section)).getByTestId('count-Officials')).toHaveTextContent('0');
    expect(within(section).getByRole('link', { name: 'Clubs' })).toHaveAttribute('href', '/federations/3/clubs');
    expect(within(section).getByRole('link', { name: 'Add club' })).toHaveAttribute('href', '/federations/3/clubs/create');
    expect(within(section).getByRole('link', { name: 'Add official' })).toHaveAttribute('href', '/federations/3/officials/create');
    // No administrator counts for a federation user.
    expect(api.reads).toEqual(['/api/Federations/3']);
    expect(screen.getByRole('region', { name: 'Your account' })).toHaveTextContent('someone@polodesk.test');
  });

  it("shows a club user its club's teams, club managers and players", async () => {
    signIn(['Club'], { clubs: [5] });
    answers['/api/Clubs/5'] = { id: 5, name: 'VK Partizan', teams: [{}, {}, {}], coaches: [{}], players: [{}, {}] };
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your club' });
    await within(section).findByRole('link', { name: 'VK Partizan' });
    expect(within(section).getByTestId('count-Teams')).toHaveTextContent('3');
    expect(within(section).getByTestId('count-Club Managers')).toHaveTextContent('1');
    expect(within(section).getByTestId('count-Players')).toHaveTextContent('2');
    expect(within(section).getByRole('link', { name: 'Add team' })).toHaveAttribute('href', '/clubs/5/teams/create');
    expect(within(section).getByRole('link', { name: 'Add Club Manager' })).toHaveAttribute('href', '/clubs/5/coaches/create');
    expect(within(section).getByRole('link', { name: 'Add player' })).toHaveAttribute('href', '/clubs/5/players/create');
  });

  it('shows an official its profile, PIN state and roles per federation, with Change PIN', async () => {
    signIn(['Person', 'Official'], { officials: [7] });
    answers['/api/Officials/7'] = officialDetail([
      officialRole(1, 3, 'VSS', [
        [600, 'Referee'],
        [601, 'Delegate'],
      ], { activeFrom: '2026-01-01' }),
    ]);
    renderDashboard();
    const section = await screen.findByRole('region', { name: 'Your official profile' });
    expect(await within(section).findByRole('link', { name: 'Zoran Sudija' })).toHaveAttribute('href', '/officials/7');
    expect(section).toHaveTextContent('FINA referee');
    expect(section).toHaveTextContent(/PIN\s*Not set/);
    const row = within(within(section).getByRole('table', { name: 'Federation roles' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('VSS');
    expect(row).toHaveTextContent('Referee, Delegate');
    expect(row).toHaveTextContent('01.01.2026.');
    expect(within(section).getByRole('link', { name: 'Change PIN' })).toHaveAttribute('href', '/officials/7/pin/edit');
    // The areas an official's sidebar lists: federations, competitions, matches, officials.
    const areas = screen.getByRole('region', { name: 'Areas' });
    expect(within(areas).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/federations',
      '/competitions',
      '/matches',
      '/officials',
    ]);
  });

  it('shows a person without other roles only the account and the areas it may open', () => {
    signIn(['Person']);
    renderDashboard();
    const account = screen.getByRole('region', { name: 'Your account' });
    expect(account).toHaveTextContent('Ana Anić');
    expect(account).toHaveTextContent('someone@polodesk.test');
    expect(within(account).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/authentication/profile');
    // A person's sidebar lists no area (spec 01 §2).
    expect(screen.queryByRole('region', { name: 'Areas' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
