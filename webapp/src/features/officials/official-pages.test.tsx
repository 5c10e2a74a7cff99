import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { routes } from '@/app/router';
import { formatDate } from '@/lib/dates';
import type { Role } from '@/lib/permissions';
import { showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { session } from '@/state/session';
import { type FakeApi, fakeApi, noContent, page } from '@/test/fake-api';
import { matchOf } from '@/test/fixtures/matches';
import { officialDetail, officialRole } from '@/test/fixtures/officials';
import { federationOf } from '@/test/fixtures/reference';
import { signInAs } from '@/test/session';
import { confirmDeletion } from '@/test/dialogs';
import { officialView } from '@/features/officials/official-details-page';
import { resetOfficialRoles } from '@/features/officials/officials-api';
import { today } from '@/features/officials/official-validation';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

let official: Schemas['OfficialDetail'];
let server: FakeApi;
const writes = () => server.writes.map((call) => `${call.method} ${call.url}`);

beforeEach(() => {
  official = officialDetail([
    officialRole(31, 1, 'VSS', [
      [600, 'Referee'],
      [605, 'Goal Referee'],
    ]),
    officialRole(32, 2, 'HVS', [[602, 'Secretary']], { activeTo: '2026-12-31' }),
  ]);
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  resetOfficialRoles();
  // Official 7 is the only one; other ids fall through to the fake's 404.
  const seven =
    <T,>(answer: () => T) =>
    ({ params }: { params: Record<string, string> }) =>
      params.id === '7' ? answer() : undefined;
  server = fakeApi()
    .on('GET', '/api/Officials/{id}', seven(() => official))
    .on('DELETE', '/api/Officials/{id}', seven(noContent))
    .on(
      'PUT',
      '/api/Officials/{id}/pin',
      seven(() => {
        official = { ...official, hasPin: true };
        return noContent();
      }),
    )
    .on('DELETE', '/api/FederationOfficials/{id}', ({ params }) => {
      if (params.id !== '32') return undefined;
      official = { ...official, federations: official.federations.filter((f) => f.id !== 32) };
      return noContent();
    })
    .on('GET', '/api/Federations', [federationOf(1, 'VSS'), federationOf(2, 'HVS'), federationOf(3, 'CWPA')])
    .on('GET', '/api/OfficialRoles', [{ id: 600, name: 'Referee', label: 'Referee' }])
    .on('GET', '/api/Officials/search', () => {
      const { id, personId, name, surname, birthDate, title, hasPin, countryOfBirth, cityOfBirth } = official;
      return page([{ id, personId, name, surname, birthDate, title, hasPin, countryOfBirth, cityOfBirth }]);
    });
});

afterEach(() => {
  vi.clearAllMocks();
  session.status = 'loading';
});

/** The open drawer titled `title`. */
async function findDrawer(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: title });
  const drawer = heading.closest<HTMLElement>('.bp6-drawer');
  if (!drawer) throw new Error(`no drawer titled ${title}`);
  return drawer;
}

function renderAt(path: string, roles: Role[] = ['Admin']) {
  signInAs(roles);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('officialView', () => {
  it('reads the tab and the drawer from the path', () => {
    expect(officialView([])).toEqual({ tab: 'info', drawer: null, roleId: null });
    expect(officialView(['edit'])).toEqual({ tab: 'info', drawer: 'edit', roleId: null });
    expect(officialView(['pin', 'edit'])).toEqual({ tab: 'info', drawer: 'pin', roleId: null });
    expect(officialView(['personal-info', 'edit'])).toEqual({ tab: 'personal-info', drawer: 'person', roleId: null });
    expect(officialView(['roles', 'create'])).toEqual({ tab: 'roles', drawer: 'role-create', roleId: null });
    expect(officialView(['roles', '31', 'edit'])).toEqual({ tab: 'roles', drawer: 'role-edit', roleId: 31 });
    expect(officialView(['matches'])).toEqual({ tab: 'matches', drawer: null, roleId: null });
  });
});

describe('the officials list', () => {
  it('loads the page the URL names from the search, with Add official for those who may create', async () => {
    renderAt('/officials?Filter.Surname=Sud&PageSize=25');
    expect(await screen.findByRole('link', { name: 'Zoran' })).toHaveAttribute('href', '/officials/7');
    const search = server.reads.find((url) => url.startsWith('/api/Officials/search'));
    expect(search).toBe('/api/Officials/search?Filter.Surname=Sud&PageSize=25');
    const row = screen.getByRole('link', { name: 'Zoran' }).closest('tr')!;
    expect(within(row).getByText('FINA referee')).toBeInTheDocument();
    expect(within(row).getByText('04.05.1980.')).toBeInTheDocument();
    expect(within(row).getByText('Srbija')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add official' })).toBeInTheDocument();
  });

  it('hides Add official and delete from an official', async () => {
    renderAt('/officials', ['Person', 'Official']);
    await screen.findByRole('link', { name: 'Zoran' });
    expect(screen.queryByRole('button', { name: 'Add official' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Zoran Sudija' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Zoran Sudija' })).toBeInTheDocument();
  });
});

describe('the official page', () => {
  it('shows the tabs by route, and the federations with their roles by label', async () => {
    const user = userEvent.setup();
    const router = renderAt('/officials/7');
    expect(await screen.findByRole('heading', { name: 'Zoran Sudija' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Official information', selected: true })).toBeInTheDocument();
    expect(screen.getByText('FINA referee')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Federations' }));
    expect(router.state.location.pathname).toBe('/officials/7/roles');
    const vss = screen.getByRole('link', { name: 'VSS' }).closest('tr')!;
    expect(within(vss).getByText('Referee, Goal Referee')).toBeInTheDocument();
    expect(within(vss).getByText('01.01.2025.')).toBeInTheDocument();
    const hvs = screen.getByRole('link', { name: 'HVS' }).closest('tr')!;
    expect(within(hvs).getByText('31.12.2026.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Personal information' }));
    expect(router.state.location.pathname).toBe('/officials/7/personal-info');
    expect(screen.getByText('Bulevar 1')).toBeInTheDocument();
    expect(screen.getByText('Srbija')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Matches' }));
    expect(router.state.location.pathname).toBe('/officials/7/matches');
    expect(screen.getByText('The official does not participate in any match.')).toBeInTheDocument();
  });

  it('lists the matches the official takes part in', async () => {
    official = { ...official, matches: [matchOf({ status: 'Third_Period', statusId: 203 })] };
    renderAt('/officials/7/matches');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Partizan Seniori')).toBeInTheDocument();
    expect(within(table).getByText('Third Period')).toBeInTheDocument();
    expect(screen.queryByText('The official does not participate in any match.')).toBeNull();
  });

  it('opens the tab a deep link names', async () => {
    renderAt('/officials/7/roles');
    expect(await screen.findByRole('tab', { name: 'Federations', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'HVS' })).toBeInTheDocument();
  });

  it('changes the PIN in a drawer 500 wide, with the PIN messages', async () => {
    const user = userEvent.setup();
    const router = renderAt('/officials/7');
    await user.click(await screen.findByRole('button', { name: 'Change PIN' }));
    expect(router.state.location.pathname).toBe('/officials/7/pin/edit');
    const drawer = await findDrawer('Change PIN');
    expect(drawer.style.width).toBe('500px');
    const pin = within(drawer).getByLabelText(/^PIN/);
    await user.type(pin, '1a');
    expect(within(drawer).getByText('Only numbers are allowed!')).toBeInTheDocument();
    await user.clear(pin);
    await user.type(pin, '12');
    expect(within(drawer).getByText('Too short PIN!')).toBeInTheDocument();
    await user.type(pin, '345');
    expect(within(drawer).getByText('Too long PIN!')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(writes()).toEqual([]);
    await user.type(pin, '{Backspace}');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/officials/7'));
    expect(writes()).toEqual(['PUT /api/Officials/7/pin']);
    expect(server.writes.find((call) => call.url === '/api/Officials/7/pin')!.body).toEqual({ id: 7, pin: '1234' });
    expect(showSuccess).toHaveBeenCalledWith('PIN successfully updated.');
    expect(await screen.findByText('Set')).toBeInTheDocument();
  });

  it('removes a federation role after the confirmation', async () => {
    const user = userEvent.setup();
    renderAt('/officials/7/roles');
    await user.click(await screen.findByRole('button', { name: 'Delete roles in HVS' }));
    await confirmDeletion(user, 'Are you sure you want to remove this entity?');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'HVS' })).toBeNull());
    expect(writes()).toEqual(['DELETE /api/FederationOfficials/32']);
    expect(showSuccess).toHaveBeenCalledWith('Federation official successfully deleted.');
  });

  it('adds a role only in a federation the official does not hold', async () => {
    const user = userEvent.setup();
    renderAt('/officials/7/roles/create');
    const drawer = await findDrawer('Add federation');
    const federation = within(drawer).getByLabelText(/^Federation/);
    await user.click(federation);
    await new Promise((done) => setTimeout(done, 50));
    for (const held of ['VSS', 'HVS']) {
      expect(within(await screen.findByRole('option', { name: held })).getByText(held).closest('a')).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(screen.getByRole('option', { name: 'CWPA' })).getByText('CWPA').closest('a')).not.toHaveAttribute('aria-disabled');
    // Active from starts today and cannot be cleared.
    const activeFrom = within(drawer).getByLabelText(/^Active from/);
    expect(activeFrom).toHaveValue(formatDate(today()));
    fireEvent.change(activeFrom, { target: { value: '' } });
    expect(within(drawer).getByLabelText(/^Active from/)).toHaveValue(formatDate(today()));
  });

  it('deletes the official after the confirmation and returns to the list', async () => {
    const user = userEvent.setup();
    const router = renderAt('/officials/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await confirmDeletion(user, 'Are you sure you want to delete this official?');
    await waitFor(() => expect(router.state.location.pathname).toBe('/officials'));
    expect(writes()).toContain('DELETE /api/Officials/7');
    expect(showSuccess).toHaveBeenCalledWith('Official successfully deleted.');
  });

  it('shows an official Edit and Change PIN but not Delete or the role actions', async () => {
    renderAt('/officials/7', ['Person', 'Official']);
    expect(await screen.findByRole('button', { name: 'Change PIN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Federations' }));
    expect(screen.queryByRole('button', { name: 'Add federation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete roles in VSS' })).toBeNull();
  });

  it('sends an unknown official to the 404 page', async () => {
    const router = renderAt('/officials/99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});
