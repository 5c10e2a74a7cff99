import { Classes } from '@blueprintjs/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormErrors } from '@/lib/form-errors';
import type { Person } from '@/components/profile-picker/person-validation';
import {
  EMPTY_PROFILE,
  profilePayload,
  ProfilePicker,
  type ProfileRole,
  type ProfileValue,
  validateProfile,
} from '@/components/profile-picker/profile-picker';
import { lookups } from '@/state/lookups';
import { type FakeApi, fakeApi } from '@/test/fake-api';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const person = (id: number, extra: Partial<Person> = {}): Person => ({
  id,
  name: 'Dejan',
  surname: 'Savić',
  birthDate: '1975-01-01',
  coachId: null,
  playerId: null,
  officialId: null,
  ...extra,
});

const coachDejan = person(1, { birthDate: '1975-01-01', coachId: 10, officialId: 3 });
const playerDejan = person(2, { birthDate: '1999-02-03', playerId: 20 });

let server: FakeApi;
const readsOf = (path: string) => server.reads.filter((url) => url.startsWith(path));

beforeEach(() => {
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  server = fakeApi()
    .on('GET', '/api/Persons/same-name', [coachDejan, playerDejan])
    .on('GET', '/api/Persons/search', [{ id: 2, name: 'Dejan', surname: 'Savić', birthDate: '1999-02-03' }])
    .on('GET', '/api/Persons/{id}', ({ params }) => (params.id === '2' ? playerDejan : undefined));
});

afterEach(() => {
  vi.clearAllMocks();
});

/** The picker with its value kept in state, and the latest value exposed to the test. */
function Harness({ role, errors = {}, onValue }: { role: ProfileRole; errors?: FormErrors; onValue: (v: ProfileValue) => void }) {
  const [value, setValue] = useState<ProfileValue>(EMPTY_PROFILE);
  return (
    <ProfilePicker
      idPrefix="p"
      role={role}
      value={value}
      errors={errors}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('validateProfile', () => {
  it("asks for an option in each form's wording", () => {
    expect(validateProfile(EMPTY_PROFILE, 'coach')).toEqual({ profileOption: 'You have to choose one of these options!' });
    expect(validateProfile(EMPTY_PROFILE, 'player')).toEqual({ profileOption: 'Profile type is required' });
  });

  it('asks for a profile when choosing an existing one, and refuses one that holds the role', () => {
    const existing = { ...EMPTY_PROFILE, option: 'existing' as const };
    expect(validateProfile(existing, 'coach')).toEqual({ personId: 'Profile field is required.' });
    expect(validateProfile(existing, 'official')).toEqual({ personId: 'Profile field is required!' });
    expect(validateProfile({ ...existing, existing: coachDejan }, 'coach')).toEqual({
      personId: 'This person is already a coach!',
    });
    expect(validateProfile({ ...existing, existing: coachDejan }, 'player')).toEqual({});
    expect(profilePayload({ ...existing, existing: coachDejan })).toEqual({ personId: 1 });
  });

  it('checks a new person under person.', () => {
    const errors = validateProfile({ ...EMPTY_PROFILE, option: 'new' }, 'coach');
    expect(errors).toEqual({
      'person.name': 'Name field is required!',
      'person.surname': 'Surname field is required!',
      'person.birthDate': 'Birth date field is required!',
    });
    const filled = {
      ...EMPTY_PROFILE,
      option: 'new' as const,
      person: { ...EMPTY_PROFILE.person, name: ' Ana ', surname: 'Ilić', birthDate: '2001-02-03', email: 'ana@', phone: 'x' },
    };
    expect(validateProfile(filled, 'player')).toEqual({
      'person.email': 'Wrong e-mail format!',
      'person.phone': 'Only numbers and plus sign are allowed!',
    });
    expect(profilePayload({ ...filled, person: { ...filled.person, email: '', phone: '+381 (11) 123' } }).person).toMatchObject({
      name: 'Ana',
      surname: 'Ilić',
      birthDate: '2001-02-03',
      email: null,
      phone: '+381 (11) 123',
    });
  });
});

describe('ProfilePicker', () => {
  it('suggests persons of the same name on blur, marks those who hold the role, and binds to a chosen one', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness role="coach" onValue={onValue} />);
    await user.click(screen.getByLabelText('Create new'));
    await user.type(document.getElementById('p-person-name')!, 'Dejan');
    await user.type(document.getElementById('p-person-surname')!, 'Savić');
    expect(readsOf('/api/Persons/same-name')).toEqual([]);
    await user.tab();

    expect(
      await screen.findByText(
        'Profiles with this name and surname already exists. Click on the profile to bind the club manager role to it.',
      ),
    ).toBeInTheDocument();
    const url = readsOf('/api/Persons/same-name')[0]!;
    expect(new URL(url, 'http://x').searchParams.get('surname')).toBe('Savić');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('01.01.1975.')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Official')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Club Manager')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('This person is already a coach!')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByText('Player')).toBeInTheDocument();

    await user.click(within(rows[2]!).getByRole('button', { name: 'Choose Dejan Savić' }));
    const last = onValue.mock.calls.at(-1)![0] as ProfileValue;
    expect(last.option).toBe('existing');
    expect(last.existing?.id).toBe(2);
    expect(document.getElementById('p-existing')).toHaveValue('Dejan Savić (03.02.1999.)');
  });

  it('finds an existing profile by text after 3 characters and reads its roles', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness role="player" onValue={onValue} />);
    await user.click(screen.getByLabelText('Choose existing'));
    // The popover resets the query as it opens; typing starts after it has.
    await user.click(document.getElementById('p-existing')!);
    await new Promise((done) => setTimeout(done, 50));
    await user.keyboard('De');
    await new Promise((done) => setTimeout(done, 900));
    expect(readsOf('/api/Persons/search')).toEqual([]);
    await user.keyboard('j');
    await user.click(await screen.findByText('Dejan Savić (03.02.1999.)', {}, { timeout: 2000 }));
    await waitFor(() => expect((onValue.mock.calls.at(-1)![0] as ProfileValue).existing?.playerId).toBe(20));
    expect(validateProfile(onValue.mock.calls.at(-1)![0] as ProfileValue, 'player')).toEqual({
      personId: 'This person is already a player!',
    });
  });

  it('shows the messages it is given at its fields', () => {
    render(<Harness role="player" onValue={vi.fn()} errors={{ profileOption: 'Profile type is required' }} />);
    const group = screen.getByText('Profile type is required').closest(`.${Classes.FORM_GROUP}`);
    expect(group).toHaveClass(Classes.INTENT_DANGER);
  });
});
