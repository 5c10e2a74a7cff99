import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TwoStepStatus } from '@/features/auth/account-api';
import { showError, showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { renderAt } from '@/test/dom';
import { type FakeApi, failure, fakeApi, json, noContent } from '@/test/fake-api';
import { profileWith, signInAs } from '@/test/session';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/PoloDesk:someone%40polodesk.test?secret=${KEY}&issuer=PoloDesk`;
const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}-xxxx`);
const WRONG_PASSWORD = { currentPassword: ['The current password is not correct.'] };
const WRONG_CODE = 'That code is not right: type the 6 digits your authenticator app shows now.';
const NOTE = 'Each code signs you in once without your phone. Keep them somewhere safe: they are not shown again.';

let api: FakeApi;
/** What GET /api/Users/me/two-step answers; the tests' writes change it as the server would. */
let status: TwoStepStatus;

beforeEach(() => {
  vi.clearAllMocks();
  status = { on: false, recoveryCodesLeft: 0, required: false };
  api = fakeApi();
  api.on('GET', '/api/Users/me/sessions', []);
  api.on('GET', '/api/Users/me/activity', []);
  api.on('GET', '/api/Users/me/api-token', () => failure(404, 'You have no API token.'));
  api.on('GET', '/api/Users/me/two-step', () => ({ ...status }));
  signInAs(['Club']);
});

afterEach(() => {
  vi.restoreAllMocks();
  session.status = 'loading';
});

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);
const writes = () => api.writes.map(({ method, url, body }) => ({ method, url, body }));

type UserEvents = ReturnType<typeof userEvent.setup>;

/** The server's answers to turning on: a key for the right password, recovery codes for the right code. */
function answerTurningOn() {
  api.on('POST', '/api/Users/me/two-step', ({ body }) =>
    body.currentPassword === 'my-password'
      ? json(200, { key: KEY, uri: URI })
      : failure(400, 'One or more validation errors occurred.', WRONG_PASSWORD),
  );
  api.on('POST', '/api/Users/me/two-step/confirm', ({ body }) => {
    if (body.code !== '123 456') return failure(400, 'One or more validation errors occurred.', { code: [WRONG_CODE] });
    status = { ...status, on: true, recoveryCodesLeft: 10 };
    return json(200, { codes: CODES });
  });
}

/** Opens the dialog from the card, which explains two-step sign-in while it is off. */
async function openTurnOn(user: UserEvents) {
  expect(
    await screen.findByText('After your password, PoloDesk also asks for a code from an authenticator app on your phone.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
  const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step sign-in' });
  expect(field(dialog, 'Current password')).toHaveValue('');
  expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  return dialog;
}

/** Sends the right password with Enter, which leads to the app's QR code and key. */
async function passPassword(user: UserEvents, dialog: HTMLElement) {
  await user.type(field(dialog, 'Current password'), 'my-password{Enter}');
  expect(await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
}

describe('two-step sign-in on the account page', () => {
  it('turns on: the password, the QR code and key, the code, then the recovery codes shown once', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn((_: Blob) => 'blob:recovery-codes');
    // jsdom makes no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    answerTurningOn();
    renderAt('/authentication/profile');
    let dialog = await openTurnOn(user);
    await user.type(field(dialog, 'Current password'), 'not-my-password{Enter}');
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openTurnOn(user);
    await passPassword(user, dialog);
    // Enter sent the password alone: the code waits for its own.
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/Users/me/two-step', body: { currentPassword: 'not-my-password' } },
      { method: 'POST', url: '/api/Users/me/two-step', body: { currentPassword: 'my-password' } },
    ]);
    expect(within(dialog).getByLabelText('Key')).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(within(dialog).getByRole('button', { name: 'Turn on' })).toBeDisabled();

    await user.type(field(dialog, 'Code'), '123 456{Enter}');
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(within(dialog).getByText(NOTE)).toBeInTheDocument();
    expect(writes().at(-1)).toEqual({ method: 'POST', url: '/api/Users/me/two-step/confirm', body: { code: '123 456' } });
    expect(showSuccess).toHaveBeenCalledWith('Two-step sign-in is on.');

    await user.click(within(dialog).getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(`${CODES.join('\n')}\n`);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(downloads).toEqual(['polodesk-recovery-codes.txt blob:recovery-codes']);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(`${CODES.join('\n')}\n`);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(screen.getByText('Two-step sign-in is on.')).toBeInTheDocument();
    expect(screen.queryByText('code-0-xxxx')).toBeNull();
    expect(api.reads.filter((url) => url === '/api/Users/me/two-step')).toHaveLength(2);
  }, 30_000);

  it("shows the server's message on a wrong code, and turns on with the right one", async () => {
    const user = userEvent.setup();
    answerTurningOn();
    renderAt('/authentication/profile');
    const dialog = await openTurnOn(user);
    await passPassword(user, dialog);
    await user.type(field(dialog, 'Code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(WRONG_CODE)).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).toBeNull();
    expect(showSuccess).not.toHaveBeenCalled();

    await user.clear(field(dialog, 'Code'));
    expect(within(dialog).queryByText(WRONG_CODE)).toBeNull();
    await user.type(field(dialog, 'Code'), '123 456{Enter}');
    expect(await within(dialog).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(writes().slice(1)).toEqual([
      { method: 'POST', url: '/api/Users/me/two-step/confirm', body: { code: '654321' } },
      { method: 'POST', url: '/api/Users/me/two-step/confirm', body: { code: '123 456' } },
    ]);
  }, 30_000);

  it('turns off with the password, telling when there were too many tries', async () => {
    const user = userEvent.setup();
    status = { on: true, recoveryCodesLeft: 8, required: false };
    let tries = 0;
    api.on('POST', '/api/Users/me/two-step/off', () => {
      tries += 1;
      if (tries === 1) return failure(429, 'Too many tries. Wait a minute and try again.');
      status = { on: false, recoveryCodesLeft: 0, required: false };
      return noContent();
    });
    renderAt('/authentication/profile');
    expect(await screen.findByText('8 recovery codes left.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    await user.type(field(dialog, 'Current password'), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Too many tries. Wait a minute and try again.'));
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(showSuccess).toHaveBeenCalledWith('Two-step sign-in is off.');
    expect(await screen.findByRole('button', { name: 'Turn on two-step sign-in' })).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/Users/me/two-step/off', body: { currentPassword: 'my-password' } },
      { method: 'POST', url: '/api/Users/me/two-step/off', body: { currentPassword: 'my-password' } },
    ]);
  }, 30_000);

  it('makes new recovery codes after the password and shows them once', async () => {
    const user = userEvent.setup();
    status = { on: true, recoveryCodesLeft: 4, required: false };
    api.on('POST', '/api/Users/me/two-step/recovery-codes', ({ body }) => {
      if (body.currentPassword !== 'my-password') return failure(400, 'One or more validation errors occurred.', WRONG_PASSWORD);
      status = { on: true, recoveryCodesLeft: 10, required: false };
      return json(200, { codes: CODES });
    });
    renderAt('/authentication/profile');
    expect(await screen.findByText('4 recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(field(dialog, 'Current password'), 'wrong{Enter}');
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
    await user.clear(field(dialog, 'Current password'));
    await user.type(field(dialog, 'Current password'), 'my-password{Enter}');

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(within(dialog).getByText(NOTE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(writes()).toEqual([
      { method: 'POST', url: '/api/Users/me/two-step/recovery-codes', body: { currentPassword: 'wrong' } },
      { method: 'POST', url: '/api/Users/me/two-step/recovery-codes', body: { currentPassword: 'my-password' } },
    ]);
  }, 30_000);

  it('warns when 3 recovery codes or fewer are left', async () => {
    status = { on: true, recoveryCodesLeft: 3, required: false };
    renderAt('/authentication/profile');
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent('Only 3 recovery codes left: make new ones.');
    expect(screen.getByText('Two-step sign-in is on.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });
});

describe('an account the server requires two-step sign-in of', () => {
  const DUE =
    'Your account must use two-step sign-in. Until it is on, PoloDesk opens only this page: turn it on below with an authenticator app on your phone.';

  it('is sent to the Account page, which asks for it first and opens the rest once it is on', async () => {
    const user = userEvent.setup();
    signInAs(['Admin']);
    session.profile = profileWith(['Admin'], { twoStepDue: true });
    status = { on: false, recoveryCodesLeft: 0, required: true };
    answerTurningOn();
    api.on('GET', '/api/Users/me', () => profileWith(['Admin'], { twoStepDue: status.on === false }));
    const router = renderAt('/clubs');

    const due = await screen.findByRole('alert');
    expect(due).toHaveTextContent(`Turn on two-step sign-in${DUE}`);
    expect(router.state.location.pathname).toBe('/authentication/profile');
    // Its API token would be refused until then, and outlast this sign-in after.
    expect(screen.queryByText('API token')).toBeNull();
    expect(api.reads).not.toContain('/api/Users/me/api-token');

    const dialog = await openTurnOn(user);
    await passPassword(user, dialog);
    await user.type(field(dialog, 'Code'), '123 456{Enter}');
    await within(dialog).findByRole('list', { name: 'Recovery codes' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(session.profile?.twoStepDue).toBe(false);
    expect(await screen.findByText('API token')).toBeInTheDocument();
    // Required, it stays on: no way to turn it off here.
    expect(screen.getByText('Your account must use two-step sign-in, so it stays on.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off two-step sign-in' })).toBeNull();
  }, 30_000);
});
