import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { UserForm } from '@/features/users/user-form';
import type { User } from '@/features/users/users-api';
import { withType } from '@/features/users/user-validation';
import { fieldGroup, saveButton } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const ana = { id: 11, name: 'Ana', surname: 'Jovanović', birthDate: '1994-05-17' };
const jelena = { id: 18, name: 'Jelena', surname: 'Stojanović', birthDate: '1992-08-08' };

const personUser: User = {
  id: 5,
  userName: 'ana@polodesk.test',
  email: 'ana@polodesk.test',
  phoneNumber: '+381 21 555 01',
  typeId: 3,
  type: 'Person',
  federationId: null,
  clubId: null,
  personId: 11,
  emailConfirmed: true,
  person: ana,
};

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

function serve(handler: Handler) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
}

/** The demo server of these tests: persons search, clubs, no federations yet. */
const demoServer: Handler = (url, init) => {
  if (url.startsWith('/api/Persons/search')) {
    const input = new URL(url, 'http://x').searchParams.get('input') ?? '';
    return jsonResponse(200, [ana, jelena].filter((person) => person.name.startsWith(input)));
  }
  if (url === '/api/Clubs') return jsonResponse(200, [{ id: 9, name: 'VK Vojvodina' }]);
  if (url === '/api/Federations') return jsonResponse(404, { message: 'Not found.' });
  if (init.method === 'PUT') return jsonResponse(200, { ...personUser, ...JSON.parse(String(init.body)) });
  return jsonResponse(500, {});
};

const writes = () => fetchMock.mock.calls.filter(([, init]) => init.method !== undefined && init.method !== 'GET');

/** Focuses a picker, lets its popover open (which resets the query), then types. */
async function typeInPicker(user: ReturnType<typeof userEvent.setup>, id: string, text: string) {
  await user.click(input(id)!);
  await new Promise((done) => setTimeout(done, 50));
  await user.keyboard(text);
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement | null;

beforeEach(() => serve(demoServer));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('UserForm', () => {
  it('offers the Federation, Club and Person types, not Admin', () => {
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Federation',
      'Club',
      'Person',
    ]);
  });

  it('disables the email of an existing user and keeps Save disabled until a change', async () => {
    render(<UserForm user={personUser} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('user-email')).toBeDisabled();
    expect(input('user-email')).toHaveValue('ana@polodesk.test');
    expect(input('user-person')).toHaveValue('Ana Jovanović (17.05.1994.)');
    expect(saveButton()).toBeDisabled();
  });

  it.each([
    ['Federation', 'user-federation', 'Federation field is required!'],
    ['Club', 'user-club', 'Club field is required!'],
    ['Person', 'user-person', 'Person field is required!'],
  ])('requires the %s picker for that type', async (type, pickerId, message) => {
    const user = userEvent.setup();
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(input('user-email')!, 'new@polodesk.test');
    await user.click(screen.getByRole('radio', { name: type }));
    await user.click(saveButton());
    expect(within(fieldGroup(pickerId)).getByText(message)).toBeInTheDocument();
    for (const other of ['Federation field is required!', 'Club field is required!', 'Person field is required!']) {
      if (other !== message) expect(screen.queryByText(other)).toBeNull();
    }
    expect(writes()).toHaveLength(0);
  });

  it('checks the email: required, format, at most 100 characters', async () => {
    const user = userEvent.setup();
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const email = input('user-email')!;
    await user.type(email, 'x');
    await user.clear(email);
    expect(within(fieldGroup('user-email')).getByText('Email field is required!')).toBeInTheDocument();
    await user.type(email, 'not-an-email');
    expect(within(fieldGroup('user-email')).getByText('Wrong e-mail format!')).toBeInTheDocument();
    await user.clear(email);
    await user.click(email);
    await user.paste(`${'a'.repeat(95)}@x.com`);
    expect(within(fieldGroup('user-email')).getByText('Too long input!')).toBeInTheDocument();
  });

  it('clears the chosen person, club and federation when the type changes', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<UserForm user={personUser} onSaved={onSaved} onCancel={vi.fn()} />);
    expect(input('user-person')).toHaveValue('Ana Jovanović (17.05.1994.)');

    await user.click(screen.getByRole('radio', { name: 'Club' }));
    expect(input('user-person')).toBeNull();
    expect(input('user-club')).toHaveValue('');
    await user.click(input('user-club')!);
    await user.click(await screen.findByText('VK Vojvodina'));
    expect(input('user-club')).toHaveValue('VK Vojvodina');

    await user.click(screen.getByRole('radio', { name: 'Person' }));
    expect(input('user-person')).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Club' }));
    expect(input('user-club')).toHaveValue('');
    await user.click(saveButton());
    expect(within(fieldGroup('user-club')).getByText('Club field is required!')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('sends only the picker of the chosen type and the email unchanged', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<UserForm user={personUser} onSaved={onSaved} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Club' }));
    await user.click(input('user-club')!);
    await user.click(await screen.findByText('VK Vojvodina'));
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = writes()[0]!;
    expect(url).toBe('/api/Users/5');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ana@polodesk.test',
      typeId: 2,
      federationId: null,
      clubId: 9,
      personId: null,
      phoneNumber: '+381 21 555 01',
    });
    expect(showSuccess).toHaveBeenCalledWith('User successfully saved.');
  });

  it('searches persons from 3 typed letters and shows them with their birth date', async () => {
    const user = userEvent.setup();
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await typeInPicker(user, 'user-person', 'Je');
    await new Promise((done) => setTimeout(done, 900));
    expect(fetchMock.mock.calls.some(([url]) => url.startsWith('/api/Persons/search'))).toBe(false);
    expect(screen.getByText('There are no selectable options.')).toBeInTheDocument();
    await user.keyboard('l');
    await user.click(await screen.findByText('Jelena Stojanović (08.08.1992.)', undefined, { timeout: 2000 }));
    expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/Persons/search')).map(([url]) => url)).toEqual([
      '/api/Persons/search?input=Jel',
    ]);
    expect(input('user-person')).toHaveValue('Jelena Stojanović (08.08.1992.)');
  });

  it('shows no options, not an error, while the server has no federations', async () => {
    const user = userEvent.setup();
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Federation' }));
    await user.click(input('user-federation')!);
    expect(await screen.findByText('There are no selectable options.', undefined, { timeout: 2000 })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/Federations')).toBe(true));
    expect(showError).not.toHaveBeenCalled();
  });

  it("toasts the server's message when saving fails", async () => {
    serve((url, init) =>
      init.method === 'POST' ? jsonResponse(400, { message: 'This email is taken.', errors: { email: ['This email is taken.'] } }) : demoServer(url, init),
    );
    const user = userEvent.setup();
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(input('user-email')!, 'admin@polodesk.test');
    await typeInPicker(user, 'user-person', 'Ana');
    await user.click(await screen.findByText('Ana Jovanović (17.05.1994.)', undefined, { timeout: 2000 }));
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('This email is taken.'));
    expect(within(fieldGroup('user-email')).getByText('This email is taken.')).toBeInTheDocument();
    expect(JSON.parse(String(writes()[0]![1].body))).toEqual({
      email: 'admin@polodesk.test',
      typeId: 3,
      federationId: null,
      clubId: null,
      personId: 11,
      phoneNumber: null,
    });
  });
});

describe('withType', () => {
  it('clears federation, club and person', () => {
    expect(withType({ email: 'a@b.c', typeId: 3, federationId: 1, clubId: 2, person: ana }, 1)).toEqual({
      email: 'a@b.c',
      typeId: 1,
      federationId: null,
      clubId: null,
      person: null,
    });
  });
});
