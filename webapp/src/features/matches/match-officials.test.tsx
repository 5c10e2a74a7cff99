import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { showError, showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { type FakeApi, failure, fakeApi, noContent, page } from '@/test/fake-api';
import { matchDetailOf } from '@/test/fixtures/matches';
import { profileWith, signInAs } from '@/test/session';
import { choose, fieldGroup, input, renderAt, saveButton, typeInPicker } from '@/test/dom';
import { confirmDeletion } from '@/test/dialogs';
import { checkMatchOfficial } from '@/features/matches/match-official-form';
import {
  OFFICIAL_REQUIRED,
  REMOVE_MATCH_OFFICIAL_QUESTION,
  ROLE_REQUIRED,
} from '@/features/matches/match-officials-api';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const official = (id: number, name: string, surname: string): Schemas['Official'] => ({ id, personId: id + 100, name, surname, birthDate: '1980-01-01', hasPin: true });

// Federation 1's officials: the match's referee (61) and delegate (62) and two free ones.
const federationOfficials = [official(61, 'Zoran', 'Sudija'), official(62, 'Ana', 'Delegat'), official(63, 'Milan', 'Sudić'), official(64, 'Iva', 'Zapisnik')];

let match: Schemas['Match'];
let server: FakeApi;

function serve(): FakeApi {
  return fakeApi()
    .on('GET', '/api/Matches/{id}', ({ params }) => (params.id === '900' ? match : undefined))
    .on('GET', '/api/Officials/search', ({ query }) => (query.get('Filter.Federation') === '1' ? page(federationOfficials) : undefined))
    .on('POST', '/api/MatchOfficials', ({ body }) => {
      const added = { id: 93, matchId: 900, officialId: body.officialId!, roleId: body.roleId!, confirmed: false, official: { name: 'Milan', surname: 'Sudić' } };
      match = { ...match, officials: [...match.officials, added] };
      return added;
    })
    .on('PUT', '/api/MatchOfficials/{id}', ({ params, body }) => {
      match = { ...match, officials: match.officials.map((o) => (o.id === Number(params.id) ? { ...o, roleId: body.roleId! } : o)) };
      return match.officials.find((o) => o.id === Number(params.id))!;
    })
    .on('DELETE', '/api/MatchOfficials/{id}', ({ params }) => {
      match = { ...match, officials: match.officials.filter((o) => o.id !== Number(params.id)) };
      return noContent();
    });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const roleOf = (name: string) => within(rowOf(name)).getAllByRole('cell')[1]!.textContent;

beforeEach(() => {
  signInAs(['Admin']);
  match = matchDetailOf();
  server = serve();
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('the match official form\'s rules', () => {
  it('requires the official and the role', () => {
    expect(checkMatchOfficial({ officialId: null, roleId: null })).toEqual({ officialId: OFFICIAL_REQUIRED, roleId: ROLE_REQUIRED });
    expect(checkMatchOfficial({ officialId: 63, roleId: 603 })).toEqual({});
  });
});

describe('the Officials tab', { timeout: 30_000 }, () => {
  it('adds an official: the match\'s officials disabled, the role required, then listed', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches/900/officials');
    await user.click(await screen.findByRole('button', { name: 'Add official' }));
    expect(router.state.location.pathname).toBe('/matches/900/officials/create');
    await user.click(input('match-official-official'));
    const taken = await screen.findByRole('option', { name: /Zoran Sudija/ });
    expect(within(taken).getByText('Zoran Sudija').closest('a')).toHaveAttribute('aria-disabled', 'true');
    expect(within(screen.getByRole('option', { name: /Ana Delegat/ })).getByText('Ana Delegat').closest('a')).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(screen.getByRole('option', { name: /Milan Sudić/ })).getByText('Milan Sudić'));
    await user.click(saveButton());
    expect(within(fieldGroup('match-official-role')).getByText(ROLE_REQUIRED)).toBeInTheDocument();
    expect(server.writes).toEqual([]);
    await choose(user, 'match-official-role', 'Time', 'Timekeeper');
    await user.click(saveButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/900/officials'));
    expect(server.writes.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/MatchOfficials', { matchId: 900, officialId: 63, roleId: 603 }],
    ]);
    expect(server.reads).toContain('/api/Officials/search?Filter.Federation=1&PageIndex=1&PageSize=100');
    expect(showSuccess).toHaveBeenCalledWith('Official successfully saved.');
    await waitFor(() => expect(roleOf('Milan Sudić')).toBe('Timekeeper'));
  });

  it('edits a row\'s role at /officials/:officialId/edit', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches/900/officials');
    await user.click(await screen.findByRole('button', { name: 'Edit Ana Delegat' }));
    expect(router.state.location.pathname).toBe('/matches/900/officials/62/edit');
    await waitFor(() => expect(input('match-official-official')).toHaveValue('Ana Delegat'));
    expect(input('match-official-role')).toHaveValue('Delegate');
    // Not Goal Referee: the option that reads Referee alone.
    await typeInPicker(user, 'match-official-role', 'Ref');
    const referee = (await screen.findAllByRole('option')).find((option) => option.textContent === 'Referee')!;
    await user.click(within(referee).getByText('Referee'));
    await user.click(saveButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/matches/900/officials'));
    expect(server.writes.map((call) => [call.method, call.url, call.body])).toEqual([
      ['PUT', '/api/MatchOfficials/92', { id: 92, matchId: 900, officialId: 62, roleId: 600 }],
    ]);
    expect(showSuccess).toHaveBeenCalledWith('Official successfully saved.');
    await waitFor(() => expect(roleOf('Ana Delegat')).toBe('Referee'));
  });

  it('removes an official after the question; a failure says only Error deleting data.', async () => {
    const user = userEvent.setup();
    renderAt('/matches/900/officials');
    await user.click(await screen.findByRole('button', { name: 'Remove Ana Delegat' }));
    await confirmDeletion(user, REMOVE_MATCH_OFFICIAL_QUESTION);
    await waitFor(() => expect(screen.queryByText('Ana Delegat')).toBeNull());
    expect(server.log).toContain('DELETE /api/MatchOfficials/92');
    expect(showSuccess).toHaveBeenCalledWith('Match official successfully deleted.');

    server.on('DELETE', '/api/MatchOfficials/{id}', () => failure(409, 'The official confirmed the log.'));
    await user.click(screen.getByRole('button', { name: 'Remove Zoran Sudija' }));
    await confirmDeletion(user, REMOVE_MATCH_OFFICIAL_QUESTION);
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error deleting data.'));
    expect(screen.getByText('Zoran Sudija')).toBeInTheDocument();
  });

  it('lets an official of the match edit rows, but not add or remove officials', async () => {
    session.profile = profileWith(['Official'], { access: { ...profileWith([]).access, matches: [900] } });
    renderAt('/matches/900/officials');
    expect(await screen.findByRole('button', { name: 'Edit Zoran Sudija' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add official' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Zoran Sudija' })).toBeNull();
  });

  it('shows a federation user of another federation the officials read only', async () => {
    session.profile = profileWith(['Federation'], { access: { ...profileWith([]).access, federations: [2] } });
    renderAt('/matches/900/officials');
    await screen.findByRole('table', { name: 'Match officials' });
    expect(screen.queryByRole('button', { name: 'Add official' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Remove) / })).toBeNull();
  });
});

describe('the match details\' Match log link', () => {
  it('opens /match-log/:matchId', async () => {
    const user = userEvent.setup();
    const router = renderAt('/matches/900');
    const log = await screen.findByRole('button', { name: 'Match log' });
    expect(log).toHaveAttribute('href', '/match-log/900');
    await user.click(log);
    expect(router.state.location.pathname).toBe('/match-log/900');
  });
});
