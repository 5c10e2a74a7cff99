import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { fakeApi, json, noContent } from '@/test/fake-api';
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
    twoStep: false,
  };

  /** The value of the details card's row `label`. */
  const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  it("lets an administrator end the user's sign-ins, and shows them in the user's Recent activity", async () => {
    const user = userEvent.setup();
    signInAs(['Admin']);
    const signedIn = { id: 1, at: 1_780_000_000, kind: 'signedIn', app: 'PoloDesk web app', device: 'Firefox on Linux', address: '10.0.0.9' };
    let activity: object[] = [signedIn];
    const api = fakeApi()
      .on('GET', '/api/Users/{id}', club)
      .on('GET', '/api/Users/{id}/activity', () => json(200, activity))
      .on('DELETE', '/api/Users/{id}/sessions', () => {
        activity = [{ id: 2, at: 1_780_000_100, kind: 'signedOutEverywhere', by: 'administrator' }, signedIn];
        return noContent();
      });
    renderAt('/users/7');
    const table = await screen.findByRole('table', { name: 'Recent activity' });
    expect(document.title).toBe('club@polodesk.test · PoloDesk');
    expect(within(table).getAllByRole('row').map((tr) => tr.textContent)).toEqual([
      'WhenWhat happenedAddress',
      expect.stringMatching(/Signed in: PoloDesk web app on Firefox on Linux10\.0\.0\.9$/),
    ]);
    expect(
      screen.getByText(
        'Sign-ins, wrong passwords and changes to how this user signs in, the latest first, as they see them on their Account page.',
      ),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'End sign-ins' }));
    expect(row('Two-step sign-in')).toBe('Off');
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();
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
    // What the administrator just did is in the list at once, marked as not the user's own.
    const ended = await screen.findByText('Signed out everywhere by an administrator');
    expect(within(ended.closest('tr')!).getByText('—')).toBeInTheDocument();
    expect(api.reads.filter((url) => url === '/api/Users/7/activity')).toHaveLength(2);
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

  it("lets an administrator turn off the user's two-step sign-in after a confirmation", async () => {
    const user = userEvent.setup();
    signInAs(['Admin']);
    let shown: User = { ...club, twoStep: true };
    const api = fakeApi()
      .on('GET', '/api/Users/{id}', () => shown)
      .on('GET', '/api/Users/{id}/activity', [])
      .on('DELETE', '/api/Users/{id}/two-step', () => {
        shown = { ...shown, twoStep: false };
        return noContent();
      });
    renderAt('/users/7');
    await user.click(await screen.findByRole('button', { name: 'Turn off two-step sign-in' }));
    expect(row('Two-step sign-in')).toBe('On');
    const alert = await screen.findByRole('alertdialog');
    expect(
      within(alert).getByText(
        'They will sign in with their password alone until they turn it on again. Do this only once you are sure who is asking: for a user who lost both their phone and their recovery codes.',
      ),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Turn off two-step sign-in' }));
    await waitFor(() => expect(row('Two-step sign-in')).toBe('Off'));
    expect(showSuccess).toHaveBeenCalledWith('Two-step sign-in is off for this user.');
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();
    expect(api.log.filter((call) => !call.endsWith('/activity'))).toEqual([
      'GET /api/Users/7',
      'DELETE /api/Users/7/two-step',
      'GET /api/Users/7',
    ]);
    // The user's Recent activity is read again, to show the change.
    await waitFor(() => expect(api.reads.filter((url) => url === '/api/Users/7/activity')).toHaveLength(2));
  });
});
