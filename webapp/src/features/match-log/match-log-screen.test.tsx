import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { KEPT_PLAYERS, referencedMessage } from '@/lib/lineup-draft';
import { showError, showSuccess } from '@/lib/toaster';
import { type FakeApi, failure, fakeApi } from '@/test/fake-api';
import { matchDetailOf } from '@/test/fixtures/matches';
import { partizanRoster, zvezdaRoster } from '@/test/fixtures/rosters';
import { signInAs } from '@/test/session';
import { session as signedIn } from '@/state/session';
import { choose, fieldGroup, input, RouterProvider, saveButton } from '@/test/dom';
import { LOG_CONFIRMED, NO_PIN_ASKED } from '@/features/match-log/confirm-log-form';
import { scoresheetSaved } from '@/features/scoresheet/export-controls';
import { LOG_SAVED, MatchLogScreen } from '@/features/match-log/match-log-screen';
import type { LoggedEvent, MatchSessionActions, MatchSessionState } from '@/features/match-session/session-types';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));
// The scoresheet's own tests draw it; here the menu only has to ask for it.
const exportScoresheet = vi.hoisted(() => vi.fn((_matchId: number) => Promise.resolve('Scoresheet_900.pdf')));
vi.mock('@/features/scoresheet/export-scoresheet', () => ({ exportScoresheet }));

let server: FakeApi;
let actions: MatchSessionActions;
/** Replaces the session the screen shows, as the data layer does when the hub says something. */
const session: { set: (state: MatchSessionState) => void } = { set: () => undefined };

const logged = (key: string, overrides: Partial<LoggedEvent>): LoggedEvent => ({
  id: Number(key.replace(/\D/g, '')) || null,
  key,
  pending: null,
  matchId: 900,
  typeId: 700,
  periodId: 1200,
  minute: 7,
  seconds: 0,
  ...overrides,
});

const goalOfMarko = logged('e1', { typeId: 705, minute: 6, seconds: 5, shot: { teamId: 31, typeId: 1100, takenById: 507, isGoal: true } });
const timeoutInSecond = logged('e2', { periodId: 1201, minute: 3, seconds: 10, timeout: { teamId: 32 } });

function sessionOf(match: Schemas['Match'] | null, events: LoggedEvent[] = [], status: MatchSessionState['status'] = 'ready'): MatchSessionState {
  return { status, error: null, match, events, waiting: 0, refused: 0, connection: 'online', clock: null, savedAt: null };
}

function Harness({ initial }: { initial: MatchSessionState }) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    session.set = setState;
  }, []);
  return <MatchLogScreen state={state} actions={actions} />;
}

function renderLog(state: MatchSessionState, path = '/match-log/900') {
  const router = createMemoryRouter(
    [
      { path: '/match-log/:matchId/*', element: <Harness initial={state} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const notStarted = (overrides: Partial<Schemas['Match']> = {}) => matchDetailOf({ status: 'Not_Started', statusId: 200, ...overrides });

beforeEach(() => {
  signInAs(['Admin']);
  actions = { saveEvent: vi.fn(), deleteEvent: vi.fn(), retry: vi.fn(), drop: vi.fn(), resync: vi.fn(() => Promise.resolve()), publishClock: vi.fn() };
  server = fakeApi()
    .on('GET', '/api/Teams/{id}', ({ params }) => (params.id === '31' ? partizanRoster() : zvezdaRoster()))
    .on('GET', '/api/Officials', [
      { id: 61, personId: 1, name: 'Zoran', surname: 'Sudija', birthDate: '1970-01-01', hasPin: true },
      { id: 62, personId: 2, name: 'Ana', surname: 'Delegat', birthDate: '1970-01-01', hasPin: true },
      { id: 63, personId: 3, name: 'Lazar', surname: 'Petković', birthDate: '1980-04-07', hasPin: true },
    ])
    .on('PUT', '/api/Matches/{id}/log', () => notStarted());
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('the match log', { timeout: 30_000 }, () => {
  it('shows Loading... until the match is there', () => {
    renderLog(sessionOf(null, [], 'loading'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it("shows the header and each period's events under its tab", async () => {
    const user = userEvent.setup();
    renderLog(sessionOf(matchDetailOf(), [goalOfMarko, timeoutInSecond]));
    expect(screen.getByLabelText('Score')).toHaveTextContent('12:9');
    // The browser tab says which screen of which match, among a secretary's other tabs.
    expect(document.title).toBe('Match log · Partizan Seniori – Zvezda Seniori · PoloDesk');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['1st Period', '2nd Period', '3rd Period', '4th Period', 'Overtime']);
    const events = screen.getByRole('group', { name: 'Events' });
    expect(within(events).getByText('#7 Marko Marković')).toBeInTheDocument();
    expect(within(events).queryByText('Timeout')).toBeNull();
    await user.click(screen.getByRole('tab', { name: '2nd Period' }));
    expect(within(screen.getByRole('group', { name: 'Events' })).getByText('Timeout')).toBeInTheDocument();
  });

  it('shows the published match clock in the header, running from the time it shows now, and none once finished', () => {
    // Only the date is fixed: the screen's own timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-26T13:00:20.400Z'));
    try {
      const playing = matchDetailOf({ status: 'Second_Period', statusId: 202 });
      renderLog({ ...sessionOf(playing), clock: { period: 1201, remainingSeconds: 185, state: 'Paused', runningSince: null } });
      const clock = () => within(screen.getByLabelText('Match')).getByRole('timer', { name: 'Match clock' });
      expect(clock()).toHaveTextContent('2nd Period 03:05 · Paused');
      act(() => session.set({ ...sessionOf(playing), clock: { period: 1201, remainingSeconds: 185, state: 'Running', runningSince: '2026-11-26T13:00:00.000Z' } }));
      expect(clock()).toHaveTextContent('2nd Period 02:45');
      act(() => session.set({ ...sessionOf(matchDetailOf()), clock: { period: 1203, remainingSeconds: 0, state: 'Stopped', runningSince: null } }));
      expect(screen.queryByRole('timer')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers Back to App, Match Report and Live scoring; Confirm Log only when finished; Export to PDF saves the scoresheet', async () => {
    const user = userEvent.setup();
    const router = renderLog(sessionOf(notStarted()));
    const menu = screen.getByRole('menu', { name: 'Match log menu' });
    expect(within(menu).getByText('Confirm Log').closest('a')).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByText('Export to PDF').closest('a')).not.toHaveAttribute('aria-disabled');
    await user.click(within(menu).getByText('Export to PDF'));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(scoresheetSaved('Scoresheet_900.pdf')));
    expect(exportScoresheet).toHaveBeenCalledWith(900);
    expect(within(menu).getByText('Live scoring').closest('a')).toHaveAttribute('href', '/live-scoring/900');
    await user.click(within(menu).getByText('Match Report'));
    expect(router.state.location.pathname).toBe('/match-report/900');
  });

  it("offers Live scoring and the log's controls only to a user who may change this match's log", async () => {
    // An official's account whose access lists another match: the log reads, nothing changes.
    signInAs(['Official']);
    signedIn.profile!.access.matches = [901];
    renderLog(sessionOf(notStarted()));
    const menu = screen.getByRole('menu', { name: 'Match log menu' });
    expect(within(menu).getByText('Match Report')).toBeInTheDocument();
    expect(within(menu).queryByText('Live scoring')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Match Log' })).toBeNull();
    // The match is theirs.
    act(() => {
      signedIn.profile!.access.matches = [900];
    });
    await waitFor(() => expect(within(menu).getByText('Live scoring').closest('a')).toHaveAttribute('href', '/live-scoring/900'));
    expect(screen.getByRole('button', { name: 'Save Match Log' })).toBeInTheDocument();
  });

  it('changes a lineup slot, a coach and an official and saves the whole log', async () => {
    const user = userEvent.setup();
    renderLog(sessionOf(notStarted()));
    await waitFor(() => expect(input('home-slot-4')).toBeInstanceOf(HTMLInputElement));
    await choose(user, 'home-slot-4', 'Fil', 'Filip Filipović');
    await choose(user, 'home-coach-501', 'Igor', 'Igor Milanović');
    await user.click(screen.getByRole('button', { name: 'Add official' }));
    await choose(user, 'official-3', 'Laz', 'Lazar Petković');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of official 3' }), 'Secretary');
    await user.click(screen.getByRole('button', { name: 'Save Match Log' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(LOG_SAVED));
    expect(server.writes.map((call) => [call.method, call.url, call.body])).toEqual([
      [
        'PUT',
        '/api/Matches/900/log',
        {
          matchId: 900,
          matchPlayers: [
            { teamId: 31, playerId: 501, number: 1, positionId: 400, capNumber: null },
            { teamId: 31, playerId: 504, number: 4, positionId: 401, capNumber: null },
            { teamId: 31, playerId: 507, number: 7, positionId: 401, capNumber: null },
            { teamId: 32, playerId: 601, number: 1, positionId: 400, capNumber: null },
            { teamId: 32, playerId: 605, number: 5, positionId: 401, capNumber: null },
          ],
          matchCoaches: [
            { teamId: 31, coachId: 81, roleId: 500 },
            { teamId: 31, coachId: 83, roleId: 501 },
            { teamId: 32, coachId: 82, roleId: 501 },
          ],
          matchOfficials: [
            { matchId: 900, officialId: 61, roleId: 600 },
            { matchId: 900, officialId: 62, roleId: 601 },
            { matchId: 900, officialId: 63, roleId: 602 },
          ],
        },
      ],
    ]);
    expect(actions.resync).toHaveBeenCalled();
  });

  it('offers a coach and an official once, and asks for the official and role of a new row', async () => {
    const user = userEvent.setup();
    renderLog(sessionOf(notStarted()));
    await waitFor(() => expect(input('home-coach-501')).toBeInstanceOf(HTMLInputElement));
    await user.click(input('home-coach-501'));
    const savic = await screen.findByRole('option', { name: /Dejan Savić/ });
    expect(savic.querySelector('a')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add official' }));
    await user.click(input('official-3'));
    const sudija = await screen.findByRole('option', { name: /Zoran Sudija/ });
    expect(sudija.querySelector('a')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save Match Log' }));
    expect(screen.getByText('Official field is required!')).toBeInTheDocument();
    expect(screen.getByText('Role field is required!')).toBeInTheDocument();
    expect(server.writes).toEqual([]);
  });

  it("keeps a player an event names with the side's message, and lists them when an event names them after they were taken out", async () => {
    const user = userEvent.setup();
    const match = notStarted();
    renderLog(sessionOf(match, [goalOfMarko]));
    await waitFor(() => expect(input('home-slot-7')).toBeInstanceOf(HTMLInputElement));
    await user.click(screen.getByRole('button', { name: 'Clear Partizan Seniori slot 7' }));
    expect(showError).toHaveBeenCalledWith(referencedMessage('home'));
    expect(input('home-slot-7')).toHaveValue('Marko Marković');

    await user.click(screen.getByRole('button', { name: 'Clear Zvezda Seniori slot 5' }));
    expect(input('away-slot-5')).toHaveValue('');
    const card = logged('e3', { typeId: 702, card: { teamId: 32, typeId: 800, cardedPlayerId: 605 } });
    act(() => session.set(sessionOf(match, [goalOfMarko, card])));
    await user.click(screen.getByRole('button', { name: 'Save Match Log' }));
    expect(showError).toHaveBeenLastCalledWith(`${KEPT_PLAYERS} #5 Luka Lukić (away).`);
    expect(server.writes).toEqual([]);
  });

  it('keeps the lineups and benches once the match has started and saves only the officials', async () => {
    const user = userEvent.setup();
    renderLog(sessionOf(matchDetailOf({ status: 'Second_Period', statusId: 202 })));
    expect(screen.getByRole('tab', { name: '2nd Period' })).toHaveAttribute('aria-selected', 'true');
    expect(document.getElementById('home-slot-1')).not.toBeInstanceOf(HTMLInputElement);
    expect(document.getElementById('home-coach-500')).not.toBeInstanceOf(HTMLInputElement);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of official 2' }), 'VAR');
    await user.click(screen.getByRole('button', { name: 'Save Match Log' }));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]!.body).toEqual({
      matchId: 900,
      matchPlayers: null,
      matchCoaches: null,
      matchOfficials: [
        { matchId: 900, officialId: 61, roleId: 600 },
        { matchId: 900, officialId: 62, roleId: 606 },
      ],
    });
  });
});

describe('the Confirm match log drawer', { timeout: 30_000 }, () => {
  it("asks for an official not yet confirmed and a four-digit PIN, with the spec's messages", async () => {
    const user = userEvent.setup();
    renderLog(sessionOf(matchDetailOf()));
    await user.click(screen.getByText('Confirm Log'));
    const messages: [string, string][] = [
      ['12a', 'Only numbers are allowed!'],
      ['12', 'Too short PIN!'],
      ['12345', 'Too long PIN!'],
    ];
    for (const [typed, message] of messages) {
      await user.clear(input('confirm-pin'));
      await user.type(input('confirm-pin'), typed);
      expect(within(fieldGroup('confirm-pin')).getByText(message)).toBeInTheDocument();
    }
    await user.clear(input('confirm-pin'));
    expect(within(fieldGroup('confirm-pin')).getByText('PIN is required!')).toBeInTheDocument();
    await user.click(saveButton());
    expect(within(fieldGroup('confirm-official')).getByText('Official field is required!')).toBeInTheDocument();
    await user.click(input('confirm-official'));
    const confirmed = await screen.findByRole('option', { name: /Zoran Sudija/ });
    expect(confirmed.querySelector('a')).toHaveAttribute('aria-disabled', 'true');
    expect(server.writes).toEqual([]);
  });

  it("shows the server's answer to a wrong PIN, then confirms with the right one", async () => {
    const user = userEvent.setup();
    server.on('PUT', '/api/Matches/{id}/confirm', ({ body }) =>
      body.pin === '1413' ? { ...matchDetailOf().officials[1]!, confirmed: true } : failure(400, 'The PIN is not right.'),
    );
    const router = renderLog(sessionOf(matchDetailOf()), '/match-log/900/confirm');
    await choose(user, 'confirm-official', 'Ana', 'Ana Delegat');
    await user.type(input('confirm-pin'), '0000');
    // Enter in the PIN field does not send the form; Save does.
    await user.keyboard('{Enter}');
    expect(server.writes).toEqual([]);
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('The PIN is not right.'));
    await user.clear(input('confirm-pin'));
    await user.type(input('confirm-pin'), '1413');
    await user.click(saveButton());
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(LOG_CONFIRMED));
    expect(server.writes.map((call) => [call.url, call.body])).toEqual([
      ['/api/Matches/92/confirm', { matchOfficialId: 92, pin: '0000' }],
      ['/api/Matches/92/confirm', { matchOfficialId: 92, pin: '1413' }],
    ]);
    expect(actions.resync).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/match-log/900');
  });

  it('asks for no PIN where the competition confirms logs without one, and says so', async () => {
    const user = userEvent.setup();
    server.on('PUT', '/api/Matches/{id}/confirm', () => ({ ...matchDetailOf().officials[1]!, confirmed: true }));
    renderLog(sessionOf(matchDetailOf({ logPinRequired: false })), '/match-log/900/confirm');
    expect(await screen.findByText(NO_PIN_ASKED)).toBeInTheDocument();
    expect(document.getElementById('confirm-pin')).toBeNull();
    await choose(user, 'confirm-official', 'Ana', 'Ana Delegat');
    await user.click(saveButton());
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(LOG_CONFIRMED));
    expect(server.writes.map((call) => [call.url, call.body])).toEqual([['/api/Matches/92/confirm', { matchOfficialId: 92 }]]);
  });
});
