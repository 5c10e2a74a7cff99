import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { fakeApi, json } from '@/test/fake-api';
import { signInAs } from '@/test/session';
import type { User } from '@/features/users/users-api';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

afterEach(() => {
  session.status = 'loading';
});

describe("a user's page", () => {
  const club: User = {
    id: 7,
    userName: 'club@polodesk.test',
    email: 'club@polodesk.test',
    phoneNumber: null,
    typeId: 2,
    type: 'Club',
    federationId: null,
    clubId: null,
    personId: null,
    emailConfirmed: true,
    person: null,
  };

  it("lets an administrator end the user's sign-ins", async () => {
    const user = userEvent.setup();
    signInAs(['Admin']);
    const api = fakeApi().on('GET', '/api/Users/{id}', club).on('DELETE', '/api/Users/{id}/sessions');
    renderAt('/users/7');
    await user.click(await screen.findByRole('button', { name: 'End sign-ins' }));
    const alert = await screen.findByRole('alertdialog');
    expect(
      within(alert).getByText(
        'End every sign-in of this user? They must sign in again on every device; their API token keeps working.',
      ),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'End sign-ins' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Every sign-in of this user has ended.'));
    expect(api.writes.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/Users/7/sessions']);
    expect(session.status).toBe('signedIn');
  });

  it('gives an administrator a new set-password link for the user, shown once', async () => {
    const user = userEvent.setup();
    signInAs(['Admin']);
    const url = 'http://polodesk.test/account/set-password?token=fresh';
    const api = fakeApi()
      .on('GET', '/api/Users/{id}', club)
      .on('POST', '/api/Users/{id}/set-password-link', () => json(200, { setPasswordUrl: url, expiresAt: 1 }));
    renderAt('/users/7');
    await user.click(await screen.findByRole('button', { name: 'New set-password link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set-password link' });
    expect(within(dialog).getByLabelText('Set-password link')).toHaveValue(url);
    expect(
      within(dialog).getByText(
        'Give this link to the user. It works once and expires in 7 days. Their earlier links stop working; their password works until they choose a new one.',
      ),
    ).toBeInTheDocument();
    expect(api.writes.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/Users/7/set-password-link']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
