import { Classes } from '@blueprintjs/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { signInAs } from '@/test/session';
import { OfficialForm } from '@/features/officials/official-form';
import { resetOfficialRoles } from '@/features/officials/officials-api';
import { today } from '@/features/officials/official-validation';
import { fieldGroup, input, saveButton } from '@/test/dom';
import { type FakeApi, failure, fakeApi, held, json } from '@/test/fake-api';
import { federationOf } from '@/test/fixtures/reference';
import type { Schemas } from '@/api/types';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const FEDERATIONS = [federationOf(1, 'VSS'), federationOf(2, 'HVS')];
const ROLES: Schemas['CodeItem'][] = [
  { id: 600, name: 'Referee', label: 'Referee' },
  { id: 601, name: 'Delegate', label: 'Delegate' },
  { id: 605, name: 'Goal_Referee', label: 'Goal Referee' },
];
const official: Schemas['OfficialDetail'] = {
  id: 7,
  personId: 70,
  name: 'Zoran',
  surname: 'Sudija',
  birthDate: '1980-05-04',
  title: 'Referee',
  hasPin: false,
  person: { id: 70, name: 'Zoran', surname: 'Sudija', birthDate: '1980-05-04' },
  federations: [
    {
      id: 31,
      federationId: 1,
      officialId: 7,
      roles: [600],
      activeFrom: '2025-01-01',
      activeTo: null,
      federation: { id: 1, name: 'VSS', nameUniversal: 'VSS' },
      officialRoles: [{ roleId: 600, role: 'Referee' }],
    },
  ],
  matches: [],
};

/** The lookups and the official every form loads; a test's own routes, added after, take precedence. */
function serve(): FakeApi {
  return fakeApi()
    .on('GET', '/api/Federations', FEDERATIONS)
    .on('GET', '/api/OfficialRoles', ROLES)
    .on('GET', '/api/Officials/{id}', ({ params }) => (params.id === '7' ? official : undefined))
    .on('GET', '/api/Persons/same-name', []);
}

/** Focuses a picker, lets its popover open (which resets the query), then types. */
async function typeInPicker(user: ReturnType<typeof userEvent.setup>, id: string, text: string) {
  await user.click(input(id));
  await new Promise((done) => setTimeout(done, 50));
  await user.keyboard(text);
}

/** Picks the option named exactly `option` (Referee, not Goal Referee). */
async function choose(user: ReturnType<typeof userEvent.setup>, id: string, text: string, option: string) {
  await typeInPicker(user, id, text);
  // The option's link takes the click, not its list item.
  const item = await screen.findByRole('option', { name: option });
  await user.click(within(item).getByText(option));
}

let server: FakeApi;

beforeEach(() => {
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  resetOfficialRoles();
  signInAs(['Admin']);
  server = serve();
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('OfficialForm, adding', { timeout: 30_000 }, () => {
  it('shows the rules at their fields after Save and sends nothing', async () => {
    const user = userEvent.setup();
    render(<OfficialForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.type(input('official-title'), 'x'.repeat(201));
    expect(within(fieldGroup('official-title')).getByText('Too long input!')).toBeInTheDocument();
    await user.click(saveButton());

    expect(screen.getByText('You have to choose one of these options!')).toBeInTheDocument();
    expect(within(fieldGroup('official-role-0-federation')).getByText('Federation field is required!')).toBeInTheDocument();
    expect(within(fieldGroup('official-role-0-roles')).getByText('Roles field is required!')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Choose existing'));
    expect(within(fieldGroup('official-existing')).getByText('Profile field is required!')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Create new'));
    expect(within(fieldGroup('official-person-name')).getByText('Name field is required!')).toBeInTheDocument();
    expect(within(fieldGroup('official-person-birthDate')).getByText('Birth date field is required!')).toBeInTheDocument();

    // Without any federation row the form asks for one.
    await user.click(screen.getByRole('button', { name: 'Remove federation' }));
    expect(screen.getByText('Federation field is required!')).toBeInTheDocument();
    expect(server.writes).toHaveLength(0);
  });

  it('posts a new person, the title and two federations with roles; a federation taken in one row is disabled in the other', async () => {
    const answer = held();
    server.on('POST', '/api/Officials', () => answer.reply);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<OfficialForm onSaved={onSaved} onCancel={vi.fn()} />);
    await user.click(screen.getByLabelText('Create new'));
    await user.type(input('official-person-name'), 'Zoran');
    await user.type(input('official-person-surname'), 'Sudija');
    fireEvent.change(input('official-person-birthDate'), { target: { value: '04.05.1980.' } });
    await user.type(input('official-title'), ' FINA referee ');

    await choose(user, 'official-role-0-federation', 'VS', 'VSS');
    await choose(user, 'official-role-0-roles', 'Ref', 'Referee');
    await choose(user, 'official-role-0-roles', 'Goal', 'Goal Referee');
    await user.click(screen.getByRole('button', { name: 'Add federation' }));
    await typeInPicker(user, 'official-role-1-federation', 'S');
    const taken = await screen.findByRole('option', { name: 'VSS' });
    expect(within(taken).getByText('VSS').closest('a')).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(screen.getByRole('option', { name: 'HVS' })).getByText('HVS'));
    await choose(user, 'official-role-1-roles', 'Deleg', 'Delegate');
    fireEvent.change(input('official-role-1-active-to'), { target: { value: '31.12.2030.' } });

    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving');
    expect(server.writes[0]).toMatchObject({ method: 'POST', url: '/api/Officials' });
    expect(server.writes[0]!.body).toEqual({
      person: expect.objectContaining({ name: 'Zoran', surname: 'Sudija', birthDate: '1980-05-04' }) as unknown,
      title: 'FINA referee',
      federations: [
        { federationId: 1, roles: [600, 605], activeFrom: today(), activeTo: null },
        { federationId: 2, roles: [601], activeFrom: today(), activeTo: '2030-12-31' },
      ],
    });
    answer.send(json(201, official));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(official));
    expect(showSuccess).toHaveBeenCalledWith('Official successfully saved.');
  });

  it('clears the chosen roles when another federation is chosen', async () => {
    const user = userEvent.setup();
    render(<OfficialForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    await choose(user, 'official-role-0-federation', 'VS', 'VSS');
    await choose(user, 'official-role-0-roles', 'Ref', 'Referee');
    const roles = () => fieldGroup('official-role-0-roles').querySelectorAll(`.${Classes.TAG}`);
    expect(roles()).toHaveLength(1);
    await choose(user, 'official-role-0-federation', 'HV', 'HVS');
    expect(roles()).toHaveLength(0);
  });

  it('with a fixed federation, locks it, needs its roles and binds an existing profile', async () => {
    server
      .on('POST', '/api/Officials', official)
      .on('GET', '/api/Persons/search', [{ id: 90, name: 'Ana', surname: 'Anić', birthDate: '1990-01-02' }])
      .on('GET', '/api/Persons/{id}', ({ params }) =>
        params.id === '90' ? { id: 90, name: 'Ana', surname: 'Anić', birthDate: '1990-01-02', officialId: null } : undefined,
      );
    const user = userEvent.setup();
    render(<OfficialForm fixedFederationId={2} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('official-role-0-federation')).toHaveValue('HVS'));
    expect(input('official-role-0-federation')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add federation' })).toBeNull();

    await user.click(screen.getByLabelText('Choose existing'));
    await user.click(saveButton());
    expect(within(fieldGroup('official-role-0-roles')).getByText('Roles field is required!')).toBeInTheDocument();

    await typeInPicker(user, 'official-existing', 'Ana');
    await user.click(await screen.findByText('Ana Anić (02.01.1990.)', {}, { timeout: 3000 }));
    await choose(user, 'official-role-0-roles', 'Ref', 'Referee');
    await user.click(saveButton());
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]!.body).toEqual({
      personId: 90,
      title: null,
      federations: [{ federationId: 2, roles: [600], activeFrom: today(), activeTo: null }],
    });
  });

  it('marks a person who is an official already', async () => {
    server
      .on('GET', '/api/Persons/search', [{ id: 70, name: 'Zoran', surname: 'Sudija', birthDate: '1980-05-04' }])
      .on('GET', '/api/Persons/{id}', ({ params }) => (params.id === '70' ? { ...official.person, officialId: 7 } : undefined));
    const user = userEvent.setup();
    render(<OfficialForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByLabelText('Choose existing'));
    await typeInPicker(user, 'official-existing', 'Zor');
    await user.click(await screen.findByText('Zoran Sudija (04.05.1980.)', {}, { timeout: 3000 }));
    await user.click(saveButton());
    expect(await within(fieldGroup('official-existing')).findByText('This person is already a official!')).toBeInTheDocument();
    expect(server.writes).toHaveLength(0);
  });

  it("puts the server's messages at the row and person fields", async () => {
    server.on('POST', '/api/Officials', () =>
      failure(400, 'Validation failed.', {
        'federations[0].activeTo': ['Active to must not be before active from.'],
        'person.surname': ['Too long input!'],
      }),
    );
    const user = userEvent.setup();
    render(<OfficialForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByLabelText('Create new'));
    await user.type(input('official-person-name'), 'Zoran');
    await user.type(input('official-person-surname'), 'Sudija');
    fireEvent.change(input('official-person-birthDate'), { target: { value: '04.05.1980.' } });
    await choose(user, 'official-role-0-federation', 'VS', 'VSS');
    await choose(user, 'official-role-0-roles', 'Ref', 'Referee');
    await user.click(saveButton());
    expect(await within(fieldGroup('official-role-0-active-to')).findByText('Active to must not be before active from.')).toBeInTheDocument();
    expect(within(fieldGroup('official-person-surname')).getByText('Too long input!')).toBeInTheDocument();
    expect(showError).toHaveBeenCalledWith('Validation failed.');
  });
});

describe('OfficialForm, editing', { timeout: 30_000 }, () => {
  it('edits the title alone without a fixed federation', async () => {
    server.on('PUT', '/api/Officials/{id}', { ...official, title: 'FINA' });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<OfficialForm officialId={7} onSaved={onSaved} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('official-title')).toHaveValue('Referee'));
    expect(screen.queryByText('Roles')).toBeNull();
    expect(saveButton()).toBeDisabled();
    await user.clear(input('official-title'));
    await user.type(input('official-title'), 'FINA');
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.writes.map((call) => `${call.method} ${call.url}`)).toEqual(['PUT /api/Officials/7']);
    expect(server.writes[0]!.body).toEqual({ id: 7, title: 'FINA' });
    expect(showSuccess).toHaveBeenCalledWith('Official successfully saved.');
  });

  it("in a federation, edits the official's roles there; choosing roles sends only the role", async () => {
    server.on('PUT', '/api/FederationOfficials/{id}', official.federations[0]);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<OfficialForm officialId={7} fixedFederationId={1} onSaved={onSaved} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('official-role-0-federation')).toHaveValue('VSS'));
    expect(input('official-role-0-active-from')).toHaveValue('01.01.2025.');
    await choose(user, 'official-role-0-roles', 'Deleg', 'Delegate');
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.writes.map((call) => `${call.method} ${call.url}`)).toEqual(['PUT /api/FederationOfficials/31']);
    expect(server.writes[0]!.body).toEqual({ federationId: 1, officialId: 7, roles: [600, 601], activeFrom: '2025-01-01', activeTo: null });
  });
});
