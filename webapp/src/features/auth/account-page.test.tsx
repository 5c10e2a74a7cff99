import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { type FakeApi, failure, fakeApi, noContent } from '@/test/fake-api';
import { signInAs } from '@/test/session';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

let api: FakeApi;

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

const field = (label: string) => screen.getByLabelText(label);

beforeEach(() => {
  api = fakeApi();
  api.on('GET', '/api/Users/me/sessions', []);
  api.on('GET', '/api/Users/me/activity', []);
  api.on('GET', '/api/Users/me/api-token', () => failure(404, 'You have no API token.'));
  api.on('GET', '/api/Users/me/two-step', { on: false, recoveryCodesLeft: 0, required: false });
});

afterEach(() => {
  session.status = 'loading';
});

describe('the account page', () => {
  it('changes the password, then signs this device out', async () => {
    const user = userEvent.setup();
    signInAs(['Club']);
    api.on('PUT', '/api/Users/me/password', ({ body }) =>
      body.currentPassword === 'old-password'
        ? noContent()
        : failure(400, 'One or more validation errors occurred.', {
            currentPassword: ['The current password is not correct.'],
          }),
    );
    renderAt('/authentication/profile');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(field('Current password'), 'wrong-password');
    await user.type(field('New password'), 'short');
    await user.type(field('Confirm new password'), 'shor');
    await user.tab();
    expect(within(dialog).getByText('Password must be at least 8 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match.')).toBeInTheDocument();
    await user.click(save);
    expect(api.writes).toHaveLength(0);

    await user.clear(field('New password'));
    await user.type(field('New password'), 'wrong-password');
    expect(within(dialog).getByText('The new password must be different from the current one.')).toBeInTheDocument();
    await user.clear(field('New password'));
    await user.type(field('New password'), 'a-new-password');
    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'a-new-password');
    await user.click(save);
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
    expect(session.status).toBe('signedIn');

    await user.clear(field('Current password'));
    await user.type(field('Current password'), 'old-password{Enter}');
    await waitFor(() => expect(session.status).toBe('signedOut'));
    expect(api.writes.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/Users/me/password',
      body: { currentPassword: 'old-password', password: 'a-new-password' },
    });
    expect(showSuccess).toHaveBeenCalledWith('Your password is changed. Sign in again with the new password.');
    expect(await screen.findByText('You are not signed in.')).toBeInTheDocument();
  }, 30_000);

  it('signs out everywhere after a confirmation', async () => {
    const user = userEvent.setup();
    signInAs(['Club']);
    api.on('DELETE', '/api/Users/me/sessions');
    renderAt('/authentication/profile');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(
      await screen.findByText(
        'Sign out of PoloDesk on every device, this one included? Scripts using your API token keep working.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.writes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const alert = await screen.findByRole('alertdialog');
    await user.click(within(alert).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(session.status).toBe('signedOut'));
    expect(api.writes.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/Users/me/sessions']);
    expect(showSuccess).toHaveBeenCalledWith('You are signed out on every device.');
  });

  it('lists where the user is signed in, this device first, and signs another device out', async () => {
    const user = userEvent.setup();
    signInAs(['Club']);
    const seconds = (...parts: [number, number, number, number, number]) => new Date(...parts).getTime() / 1000;
    const expiresAt = seconds(2026, 11, 28, 9, 5);
    const signIns = [
      {
        id: 9,
        app: 'Console',
        device: 'PoloDesk 0.1.0 on Linux',
        address: null,
        signedInAt: seconds(2026, 10, 20, 18, 0),
        lastUsedAt: seconds(2026, 10, 28, 11, 15),
        expiresAt,
        current: false,
      },
      {
        id: 7,
        app: 'Web app',
        device: 'Firefox on Windows',
        address: '192.0.2.1',
        signedInAt: seconds(2026, 10, 28, 9, 5),
        lastUsedAt: seconds(2026, 10, 28, 10, 40),
        expiresAt,
        current: true,
      },
    ];
    api.on('GET', '/api/Users/me/sessions', signIns);
    api.on('DELETE', '/api/Users/me/sessions/{id}');
    renderAt('/authentication/profile');
    await screen.findByRole('table');
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows().map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Firefox on Windows This device', 'Web app', '28.11.2026. 10:40', '28.11.2026. 09:05', '192.0.2.1', ''],
      ['PoloDesk 0.1.0 on Linux ', 'Console', '28.11.2026. 11:15', '20.11.2026. 18:00', '—', 'Sign out'],
    ]);
    expect(within(rows()[0]!).queryByRole('button')).toBeNull();

    await user.click(within(rows()[1]!).getByRole('button', { name: 'Sign out' }));
    const alert = await screen.findByRole('alertdialog');
    expect(
      within(alert).getByText('Sign out Console on PoloDesk 0.1.0 on Linux? It will have to sign in again with the password.'),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Firefox on Windows');
    expect(api.writes.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /api/Users/me/sessions/9']);
    expect(showSuccess).toHaveBeenCalledWith('That device is signed out.');
    expect(session.status).toBe('signedIn');
  }, 30_000);

  it("shows the account's recent activity, marking wrong guesses and an administrator's change", async () => {
    signInAs(['Club']);
    const at = (hour: number, minute: number) => new Date(2026, 10, 28, hour, minute).getTime() / 1000;
    const none = { by: null, app: null, device: null, address: null, count: null };
    api.on('GET', '/api/Users/me/activity', [
      { ...none, id: 9, at: at(13, 10), kind: 'signedOutEverywhere', by: 'administrator' },
      { ...none, id: 8, at: at(13, 0), kind: 'signedOutEverywhere', by: 'own' },
      { ...none, id: 7, at: at(12, 40), kind: 'apiTokenIssued' },
      { ...none, id: 6, at: at(12, 30), kind: 'signedIn', app: 'Web app', device: 'Firefox on Windows', address: '192.0.2.1' },
      { ...none, id: 5, at: at(12, 20), kind: 'passwordChanged', by: 'administrator' },
      { ...none, id: 4, at: at(12, 10), kind: 'wrongSecondStep', address: '198.51.100.7' },
      { ...none, id: 3, at: at(12, 5), kind: 'wrongPasswords', address: '198.51.100.7', count: 3 },
      { ...none, id: 2, at: at(11, 0), kind: 'twoStepOn' },
      { ...none, id: 1, at: at(10, 0), kind: 'passwordChanged', by: 'link' },
    ]);
    renderAt('/authentication/profile');
    const table = await screen.findByRole('table', { name: 'Recent activity' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['28.11.2026. 13:10', 'Signed out everywhere by an administrator', '—'],
      ['28.11.2026. 13:00', 'Signed out everywhere', '—'],
      ['28.11.2026. 12:40', 'API token issued', '—'],
      ['28.11.2026. 12:30', 'Signed in: Web app on Firefox on Windows', '192.0.2.1'],
      ['28.11.2026. 12:20', 'Password set by an administrator', '—'],
      ['28.11.2026. 12:10', 'The right password, then a wrong code', '198.51.100.7'],
      ['28.11.2026. 12:05', '3 wrong passwords in a row', '198.51.100.7'],
      ['28.11.2026. 11:00', 'Two-step sign-in turned on', '—'],
      ['28.11.2026. 10:00', 'Password chosen with a set-password link', '—'],
    ]);
    const warned = rows.map((row) => row.querySelector('.pd-activity-warning') !== null);
    expect(warned).toEqual([true, false, false, false, true, true, true, false, false]);
    expect(
      screen.getByText(
        'Sign-ins, wrong passwords and changes to how you sign in, the latest first. If one was not you, change your password and sign out everywhere.',
      ),
    ).toBeInTheDocument();
  }, 30_000);

  it('says when nothing has happened to the account yet', async () => {
    signInAs(['Club']);
    renderAt('/authentication/profile');
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
  });

  it('issues an API token, shows it once, and revokes it', async () => {
    const user = userEvent.setup();
    signInAs(['Club']);
    const createdAt = new Date(2026, 10, 28, 9, 5).getTime() / 1000;
    const expiresAt = new Date(2027, 10, 28, 9, 5).getTime() / 1000;
    api.on('GET', '/api/Users/api-token', { token: 'pd_secret', createdAt, expiresAt });
    api.on('DELETE', '/api/Users/me/api-token');
    renderAt('/authentication/profile');
    expect(await screen.findByText('You have no API token.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Issue a token' }));
    const dialog = await screen.findByRole('dialog', { name: 'API token' });
    expect(within(dialog).getByLabelText('API token')).toHaveValue('pd_secret');
    expect(within(dialog).getByText(/Copy it now: it is not shown again\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Issued 28.11.2026. Works until 28.11.2027.')).toBeInTheDocument();
    expect(screen.queryByText('pd_secret')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Revoke your API token? Scripts using it are refused at once.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('You have no API token.')).toBeInTheDocument();
    expect(api.log.filter((call) => call.includes('api-token'))).toEqual([
      'GET /api/Users/me/api-token',
      'GET /api/Users/api-token',
      'DELETE /api/Users/me/api-token',
    ]);
    expect(showSuccess).toHaveBeenCalledWith('Your API token is revoked.');
  }, 30_000);

  it("warns in the API token's last month", async () => {
    signInAs(['Club']);
    const now = Date.now() / 1000;
    const expiresAt = now + 10 * 86_400;
    api.on('GET', '/api/Users/me/api-token', { createdAt: expiresAt - 365 * 86_400, expiresAt });
    renderAt('/authentication/profile');
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent(/^Your API token stops working on \d\d\.\d\d\.\d{4}\. Issue a new one/);
  });
});
