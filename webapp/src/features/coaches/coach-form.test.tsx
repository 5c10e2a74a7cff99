import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { CoachForm } from '@/features/coaches/coach-form';
import { fieldGroup, input, saveButton } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const CLUBS = [
  { id: 4, name: 'VK Partizan' },
  { id: 5, name: 'VK Jug' },
];
const TEAMS = [{ id: 7, name: 'Partizan U19', club: { id: 4, name: 'VK Partizan', nameUniversal: 'VK Partizan' } }];
const ROLES = [
  { id: 500, name: 'Head_Coach', label: 'Head Coach' },
  { id: 501, name: 'Assistant_Coach', label: 'Assistant Coach' },
];

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

/** The lookups every coach form loads, and `handler` for the rest. */
function serve(handler: Handler = () => undefined) {
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const answer = await handler(url, init);
    if (answer) return answer;
    if (url === '/api/Clubs') return jsonResponse(200, CLUBS);
    if (url === '/api/Teams') return jsonResponse(200, TEAMS);
    if (url === '/api/CoachRoles') return jsonResponse(200, ROLES);
    if (url.startsWith('/api/Persons/same-name')) return jsonResponse(200, []);
    return jsonResponse(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
}

const writes = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET');

/** Focuses a picker, lets its popover open (which resets the query), then types. */
async function typeInPicker(user: ReturnType<typeof userEvent.setup>, id: string, text: string) {
  await user.click(input(id));
  await new Promise((done) => setTimeout(done, 50));
  await user.keyboard(text);
}

async function fillNewPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Create new'));
  await user.type(input('coach-profile-person-name'), 'Dejan');
  await user.type(input('coach-profile-person-surname'), 'Savić');
  fireEvent.change(input('coach-profile-person-birthDate'), { target: { value: '01.01.1975.' } });
}

beforeEach(() => {
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  serve();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('CoachForm', () => {
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
    expect(writes()).toHaveLength(0);
  });

  it('creates a coach with a new person, a club and a team as head coach, disabling a club already chosen', async () => {
    let answer: (response: Response) => void = () => {};
    serve((url, init) =>
      url === '/api/Coaches' && init.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
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
    const [url, init] = writes()[0]!;
    expect(url).toBe('/api/Coaches');
    expect(JSON.parse(String(init.body))).toEqual({
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
    answer(jsonResponse(201, created));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(showSuccess).toHaveBeenCalledWith('Club Manager successfully saved.');
  });

  it("puts the server's field errors at the fields by their paths and toasts its message", async () => {
    serve((url, init) =>
      url === '/api/Coaches' && init.method === 'POST'
        ? jsonResponse(400, {
            message: 'Validation failed.',
            errors: {
              'person.surname': ['Too long input!'],
              'teams[0].activeTo': ['Active to must not be before active from.'],
            },
          })
        : undefined,
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
    serve((url, init) =>
      url === '/api/Coaches' && init.method === 'POST'
        ? jsonResponse(400, { message: 'Validation failed.', errors: { personId: ['This person is already a coach!'] } })
        : undefined,
    );
    const user = userEvent.setup();
    render(<CoachForm fixedClubId={5} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('coach-clubs-0-club')).toHaveValue('VK Jug'));
    await fillNewPerson(user);
    await user.click(saveButton());
    expect(await screen.findByText('This person is already a coach!')).toBeInTheDocument();
    expect(JSON.parse(String(writes()[0]![1].body)).clubs).toEqual([{ clubId: 5, activeFrom: null, activeTo: null }]);
  });
});
