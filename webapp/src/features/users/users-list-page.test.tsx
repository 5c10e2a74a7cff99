import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { type FakeApi, fakeApi } from '@/test/fake-api';
import { signInAs } from '@/test/session';
import type { CreatedUser, User } from '@/features/users/users-api';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const jelena = { id: 18, name: 'Jelena', surname: 'Stojanović', birthDate: '1992-08-08' };
const admin: User = {
  id: 1,
  userName: 'admin@polodesk.test',
  email: 'admin@polodesk.test',
  phoneNumber: null,
  typeId: 0,
  type: 'Admin',
  federationId: null,
  clubId: null,
  personId: null,
  emailConfirmed: true,
  person: null,
};
const created: CreatedUser = {
  ...admin,
  id: 3,
  userName: 'jelena@polodesk.test',
  email: 'jelena@polodesk.test',
  typeId: 3,
  type: 'Person',
  personId: 18,
  emailConfirmed: false,
  person: jelena,
  setPasswordUrl: 'http://127.0.0.1:8080/account/set-password?token=abc',
};

let users: User[];
let api: FakeApi;

beforeEach(() => {
  users = [admin];
  signInAs(['Admin']);
  api = fakeApi()
    .on('POST', '/api/Users', () => {
      users = [...users, created];
      return created;
    })
    .on('GET', '/api/Users', () => users)
    .on('GET', '/api/Persons/search', [jelena] as never);
});

afterEach(() => {
  session.status = 'loading';
});

describe('the users list', () => {
  it('lists users with their type and person, and offers Add user to an admin', async () => {
    users = [admin, created];
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/users'] })} />);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'jelena@polodesk.test' })).closest('tr')!;
    expect(within(row).getByText('Person')).toBeInTheDocument();
    expect(within(row).getByText('Jelena Stojanović (08.08.1992.)')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/users/3');
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Email',
      'Type',
      'Federation',
      'Club',
      'Person',
      'Actions',
    ]);
  });

  it('shows the set-password link of a new user once, then closes the drawer', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter(routes, { initialEntries: ['/users/create'] });
    render(<RouterProvider router={router} />);
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'jelena@polodesk.test');
    await user.click(document.getElementById('user-person')!);
    await new Promise((done) => setTimeout(done, 50));
    await user.keyboard('Jel');
    await user.click(await screen.findByText('Jelena Stojanović (08.08.1992.)', undefined, { timeout: 2000 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set-password link' });
    expect(within(dialog).getByText('Give this link to the user. It works once and expires in 7 days.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Set-password link')).toHaveValue(created.setPasswordUrl);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/create');
    expect(showSuccess).toHaveBeenCalledWith('User successfully saved.');
    expect(api.writes[0]!.body).toEqual({
      email: 'jelena@polodesk.test',
      typeId: 3,
      federationId: null,
      clubId: null,
      personId: 18,
      phoneNumber: null,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(await screen.findByRole('link', { name: 'jelena@polodesk.test' })).toBeInTheDocument();
  });
});
