import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { CoachForm } from '@/features/coaches/coach-form';
import { fieldGroup, input, saveButton, typeInPicker } from '@/test/dom';
import { type FakeApi, failure, fakeApi, held, json } from '@/test/fake-api';
import { partizan, serveClubs, teamOf } from '@/test/fixtures/clubs';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const JUG = partizan({ id: 5, name: 'VK Jug', nameUniversal: 'VK Jug' });
const PARTIZAN = partizan({ id: 4 });
const U19 = teamOf(PARTIZAN, { id: 7, name: 'Partizan U19' });

/** The lookups every coach form loads; a test's own routes, added after, take precedence. */
function serve(): FakeApi {
  return serveClubs(fakeApi(), { clubs: [PARTIZAN, JUG], teams: [U19] }).on('GET', '/api/Persons/same-name', []);
}

async function fillNewPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Create new'));
  await user.type(input('coach-profile-person-name'), 'Dejan');
  await user.type(input('coach-profile-person-surname'), 'Savić');
  fireEvent.change(input('coach-profile-person-birthDate'), { target: { value: '01.01.1975.' } });
}

let server: FakeApi;

beforeEach(() => {
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  server = serve();
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('CoachForm', { timeout: 30_000 }, () => {
  it('keeps Save disabled until a change, then shows every message at its field and sends nothing', async () => {
    const user = userEvent.setup();
    render(<CoachForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add club' }));
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());

    expect(screen.getByText('You have to choose one of these options!')).toBeInTheDocument();
    expect(within(fieldGroup('coach-clubs-0-club')).getByText('Club field is required!')).toBeInTheDocument();
    expect(screen.queryByText('Club or Team field is required.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove clubs row 1' }));
    expect(screen.getByText('Club or Team field is required.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Create new'));
    expect(within(fieldGroup('coach-profile-person-name')).getByText('Name field is required!')).toBeInTheDocument();
    expect(within(fieldGroup('coach-profile-person-surname')).getByText('Surname field is required!')).toBeInTheDocument();
    expect(within(fieldGroup('coach-profile-person-birthDate')).getByText('Birth date field is required!')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Choose existing'));
    expect(within(fieldGroup('coach-profile-existing')).getByText('Profile field is required.')).toBeInTheDocument();
    expect(server.writes).toHaveLength(0);
  });

  it('creates a coach with a new person, a club and a team as head coach, disabling a club already chosen', async () => {
    const answer = held();
    server.on('POST', '/api/Coaches', () => answer.reply);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<CoachForm onSaved={onSaved} onCancel={vi.fn()} />);
    await fillNewPerson(user);

    await user.click(screen.getByRole('button', { name: 'Add club' }));
    await typeInPicker(user, 'coach-clubs-0-club', 'Parti');
    await user.click(await screen.findByText('VK Partizan'));
    expect(input('coach-clubs-0-club')).toHaveValue('VK Partizan');

    // A second club row offers VK Partizan, but disabled while the first row holds it.
    await user.click(screen.getByRole('button', { name: 'Add club' }));
    await typeInPicker(user, 'coach-clubs-1-club', 'VK');
    const taken = (await screen.findByRole('option', { name: 'VK Partizan' })).querySelector('a');
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: 'VK Jug' }).querySelector('a')).not.toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Remove clubs row 2' }));

    await user.click(screen.getByRole('button', { name: 'Add team' }));
    await waitFor(() => expect(input('coach-teams-0-role')).toHaveValue('500'));
    await typeInPicker(user, 'coach-teams-0-team', 'U19');
    await user.click(await screen.findByText('Partizan U19'));
    fireEvent.change(input('coach-teams-0-activeFrom'), { target: { value: '01.09.2026.' } });

    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving');
    expect(server.writes[0]).toMatchObject({ method: 'POST', url: '/api/Coaches' });
    expect(server.writes[0]!.body).toEqual({
      person: {
        name: 'Dejan',
        surname: 'Savić',
        birthDate: '1975-01-01',
        nationality: null,
        countryOfBirthId: null,
        cityOfBirthId: null,
        address: null,
        email: null,
        phone: null,
        facebook: null,
        youtube: null,
        twitter: null,
        instagram: null,
      },
      clubs: [{ clubId: 4, activeFrom: null, activeTo: null }],
      teams: [{ teamId: 7, roleId: 500, activeFrom: '2026-09-01', activeTo: null }],
    });
    const created = { id: 12, personId: 30, name: 'Dejan', surname: 'Savić', birthDate: '1975-01-01' };
    answer.send(json(201, created));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(showSuccess).toHaveBeenCalledWith('Club Manager successfully saved.');
  });

  it("puts the server's field errors at the fields by their paths and toasts its message", async () => {
    server.on('POST', '/api/Coaches', () =>
      failure(400, 'Validation failed.', {
        'person.surname': ['Too long input!'],
        'teams[0].activeTo': ['Active to must not be before active from.'],
      }),
    );
    const user = userEvent.setup();
    render(<CoachForm fixedTeamId={7} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await fillNewPerson(user);
    await user.click(saveButton());

    expect(await within(fieldGroup('coach-profile-person-surname')).findByText('Too long input!')).toBeInTheDocument();
    expect(within(fieldGroup('coach-teams-0-activeTo')).getByText('Active to must not be before active from.')).toBeInTheDocument();
    expect(showError).toHaveBeenCalledWith('Validation failed.');
    // The message goes once the field changes.
    await user.type(input('coach-profile-person-surname'), 'x');
    expect(within(fieldGroup('coach-profile-person-surname')).queryByText('Too long input!')).toBeNull();
  });

  it('starts with the fixed team, which cannot be changed or removed', async () => {
    render(<CoachForm fixedTeamId={7} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('coach-teams-0-team')).toHaveValue('Partizan U19'));
    expect(input('coach-teams-0-team')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove teams row 1' })).toBeNull();
    expect(saveButton()).toBeDisabled();
  });

  it('shows the server\'s profile message above a new person and sends the fixed club', async () => {
    server.on('POST', '/api/Coaches', () =>
      failure(400, 'Validation failed.', { personId: ['This person is already a coach!'] }),
    );
    const user = userEvent.setup();
    render(<CoachForm fixedClubId={5} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('coach-clubs-0-club')).toHaveValue('VK Jug'));
    await fillNewPerson(user);
    await user.click(saveButton());
    expect(await screen.findByText('This person is already a coach!')).toBeInTheDocument();
    expect((server.writes[0]!.body as { clubs: unknown }).clubs).toEqual([{ clubId: 5, activeFrom: null, activeTo: null }]);
  });
});
