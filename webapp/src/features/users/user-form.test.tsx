import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { UserForm } from '@/features/users/user-form';
import type { User } from '@/features/users/users-api';
import { withType } from '@/features/users/user-validation';
import { fieldGroup, saveButton } from '@/test/dom';
import { type FakeApi, failure, fakeApi } from '@/test/fake-api';
import { partizan } from '@/test/fixtures/clubs';

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

/** The demo server of these tests: persons search, clubs, no federations yet. */
function serve(): FakeApi {
  return fakeApi()
    .on('GET', '/api/Persons/search', ({ query }) => [ana, jelena].filter((person) => person.name.startsWith(query.get('input') ?? '')))
    .on('GET', '/api/Clubs', [partizan({ id: 9, name: 'VK Vojvodina' })])
    .on('GET', '/api/Federations', () => failure(404, 'Not found.'))
    .on('PUT', '/api/Users/{id}', ({ body }) => ({ ...personUser, ...(body as Partial<User>) }));
}

let server: FakeApi;
const personSearches = () => server.reads.filter((url) => url.startsWith('/api/Persons/search'));

/** Focuses a picker, lets its popover open (which resets the query), then types. */
async function typeInPicker(user: ReturnType<typeof userEvent.setup>, id: string, text: string) {
  await user.click(input(id)!);
  await new Promise((done) => setTimeout(done, 50));
  await user.keyboard(text);
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement | null;

beforeEach(() => {
  server = serve();
});

afterEach(() => {
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
    expect(server.writes).toHaveLength(0);
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
    expect(server.writes).toHaveLength(0);
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
    expect(server.writes[0]).toMatchObject({ method: 'PUT', url: '/api/Users/5' });
    expect(server.writes[0]!.body).toEqual({
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
    expect(personSearches()).toEqual([]);
    expect(screen.getByText('There are no selectable options.')).toBeInTheDocument();
    await user.keyboard('l');
    await user.click(await screen.findByText('Jelena Stojanović (08.08.1992.)', undefined, { timeout: 2000 }));
    expect(personSearches()).toEqual(['/api/Persons/search?input=Jel']);
    expect(input('user-person')).toHaveValue('Jelena Stojanović (08.08.1992.)');
  });

  it('shows no options, not an error, while the server has no federations', async () => {
    const user = userEvent.setup();
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('radio', { name: 'Federation' }));
    await user.click(input('user-federation')!);
    expect(await screen.findByText('There are no selectable options.', undefined, { timeout: 2000 })).toBeInTheDocument();
    // The list is loaded once per session, so an earlier test of this file may have asked for it;
    // every test here answers it with the 404 of a server without federations.
    expect(showError).not.toHaveBeenCalled();
  });

  it("toasts the server's message when saving fails", async () => {
    server.on('POST', '/api/Users', () => failure(400, 'This email is taken.', { email: ['This email is taken.'] }));
    const user = userEvent.setup();
    render(<UserForm user={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(input('user-email')!, 'admin@polodesk.test');
    await typeInPicker(user, 'user-person', 'Ana');
    await user.click(await screen.findByText('Ana Jovanović (17.05.1994.)', undefined, { timeout: 2000 }));
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('This email is taken.'));
    expect(within(fieldGroup('user-email')).getByText('This email is taken.')).toBeInTheDocument();
    expect(server.writes[0]!.body).toEqual({
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
