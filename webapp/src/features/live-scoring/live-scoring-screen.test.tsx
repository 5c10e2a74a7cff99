import { render, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveClock, LoggedEvent } from '@/features/match-session/session-types';
import { CHEAT_SHEET_TITLE } from '@/features/live-scoring/cheat-sheet';
import { fakeActions, FakeSessionScreen } from '@/features/live-scoring/fake-session';
import { KEY_HELP } from '@/features/live-scoring/key-help';
import { HOME, homePlayer, liveMatch, loggedEvent, swimOffEvent } from '@/features/live-scoring/scoring-fixtures';
import { KEEPERS_PROMPT } from '@/features/live-scoring/scoring-state';
import { FINISH_QUESTION } from '@/features/live-scoring/scoring-menu';
import { PAIR_GOES_TOO } from '@/features/live-scoring/live-scoring-screen';
import { fakeApi, noContent } from '@/test/fake-api';

function renderScreen(events: LoggedEvent[] = [swimOffEvent()], match = liveMatch(), clock: LiveClock | null = null) {
  const actions = fakeActions();
  render(
    <MemoryRouter>
      <FakeSessionScreen match={match} events={events} actions={actions} clock={clock} />
    </MemoryRouter>,
  );
  return { actions, user: userEvent.setup() };
}

const timeLeft = () => screen.getByLabelText('Time left');

// Whole-screen renders with Blueprint overlays take seconds each on a loaded machine.
describe('the live scoring screen', { timeout: 20_000 }, () => {
  it('logs a goal by white 7 with w 7 g Enter and keeps the keys working after the save', async () => {
    const { actions, user } = renderScreen();
    await user.keyboard('w7g');
    const editor = screen.getByRole('form', { name: 'New Goal' });
    expect(editor).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Enter}');
    expect(actions.saveEvent).toHaveBeenCalledWith(
      expect.objectContaining({ typeId: 705, periodId: 1200, minute: 8, seconds: 0, shot: expect.objectContaining({ teamId: HOME, takenById: homePlayer(7), isGoal: true }) }),
      undefined,
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('group', { name: 'Events' })).toHaveTextContent('#7 Home Player7');
    await user.keyboard('[[');
    expect(timeLeft()).toHaveTextContent('07:59');
  });

  it('goes on from the clock published on the hub when reloaded mid-period: running, from the time it shows now', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-26T13:00:20.400Z'));
    try {
      // The events say 2nd period, 5:12; the hub's clock ran on from 5:05 since 13:00:00.
      const events = [swimOffEvent(), swimOffEvent(1201), loggedEvent({ typeId: 700, periodId: 1201, minute: 5, seconds: 12, timeout: { teamId: HOME } })];
      const { actions } = renderScreen(events, liveMatch(), { period: 1201, remainingSeconds: 305, state: 'Running', runningSince: '2026-11-26T13:00:00.000Z' });
      expect(screen.getByRole('tab', { name: '2nd Period', selected: true })).toBeInTheDocument();
      expect(timeLeft()).toHaveTextContent('04:45');
      expect(screen.getByText('Running')).toBeInTheDocument();
      // In step with the published clock: its next second is due 0.6 s from now.
      act(() => vi.advanceTimersByTime(600));
      expect(timeLeft()).toHaveTextContent('04:44');
      act(() => vi.advanceTimersByTime(1000));
      expect(timeLeft()).toHaveTextContent('04:43');
      expect(actions.publishClock).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the event u would take back in the question, and marks its row', async () => {
    const goal = loggedEvent({ typeId: 705, minute: 6, seconds: 5, shot: { teamId: HOME, typeId: 1100, takenById: homePlayer(7), isGoal: true } });
    const { actions, user } = renderScreen([swimOffEvent(), goal]);
    await user.keyboard('u');
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Are you sure you want to delete this event?');
    expect(within(question).getByLabelText('Event to delete')).toHaveTextContent('06:05 Partizan Seniori · #7 Home Player7 · Shot · Goal, Regular attack');
    expect(screen.getByRole('row', { selected: true })).toHaveTextContent('#7 Home Player7');
    await user.keyboard('{Enter}');
    expect(actions.deleteEvent).toHaveBeenCalledWith({ key: goal.key });
  });

  it('says that undoing half of a double exclusion deletes the other half too', async () => {
    const excluded = loggedEvent({
      typeId: 704,
      minute: 6,
      pairedEventId: 77,
      exclusion: { teamId: HOME, typeId: 1000, excludedPlayerId: homePlayer(4), isDoubleExclusion: true },
    });
    const { user } = renderScreen([swimOffEvent(), excluded]);
    await user.keyboard('u');
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByLabelText('Event to delete')).toHaveTextContent(PAIR_GOES_TOO);
  });

  it('takes a timeout with t w at once, and shows one timeout left', async () => {
    const { actions, user } = renderScreen();
    const white = screen.getByRole('region', { name: /Partizan Seniori/ });
    expect(within(white).getByRole('button', { name: 'Timeouts left: 2' })).toBeEnabled();
    await user.keyboard('tw');
    expect(actions.saveEvent).toHaveBeenCalledWith(expect.objectContaining({ typeId: 700, timeout: { teamId: HOME } }), undefined);
    expect(within(white).getByRole('button', { name: 'Timeouts left: 1' })).toBeInTheDocument();
  });

  it('runs the clock from the keys: adjustments while stopped, space to start and stop, n for the next period', async () => {
    const { actions, user } = renderScreen();
    await user.keyboard('-[[');
    expect(timeLeft()).toHaveTextContent('06:59');
    await user.keyboard('=}');
    expect(timeLeft()).toHaveTextContent('08:00');
    await user.keyboard(' ');
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(actions.publishClock).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'Running', remainingSeconds: 480 }));
    await user.keyboard(']');
    expect(screen.getByText('Stop the clock before adjusting it.')).toBeInTheDocument();
    await user.keyboard(' n');
    expect(screen.getByRole('tab', { name: '2nd Period', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
  });

  it('asks to confirm the goalkeepers when the period has no swim-off, then logs the swim-off and starts the clock', async () => {
    const { actions, user } = renderScreen([]);
    await user.keyboard(' ');
    const prompt = await screen.findByRole('region', { name: KEEPERS_PROMPT });
    expect(within(prompt).getByLabelText(/Partizan Seniori/)).toHaveDisplayValue('#1 Home Player1');
    await user.keyboard('{Enter}');
    const editor = await screen.findByRole('form', { name: 'New Swim-off' });
    expect(screen.queryByRole('region', { name: KEEPERS_PROMPT })).toBeNull();
    await waitFor(() => expect(editor).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('77');
    await user.click(within(editor).getByRole('radio', { name: /Away Player7/ }));
    await user.keyboard('{Enter}');
    expect(actions.saveEvent).toHaveBeenCalledWith(
      expect.objectContaining({ typeId: 701, swimoff: { homeTeamSwimmerId: homePlayer(7), awayTeamSwimmerId: 607, winnerSwimmerId: 607, winnerTeamId: 32 } }),
      undefined,
    );
    expect(screen.getByText('Running')).toBeInTheDocument();
  });

  it('shows every key in the cheat sheet on ?, and closes it with Escape', async () => {
    const { user } = renderScreen();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: CHEAT_SHEET_TITLE });
    for (const { group, keys } of KEY_HELP) {
      expect(within(sheet).getByRole('heading', { name: group })).toBeInTheDocument();
      for (const help of keys) expect(within(sheet).getByText(help.action)).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: CHEAT_SHEET_TITLE }));
    // The sheet opens from inside the event editor too, whose fields take every other key.
    await user.keyboard('w7x');
    expect(screen.getByRole('form', { name: 'New Exclusion' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: CHEAT_SHEET_TITLE })).toBeInTheDocument();
  });

  it('finishes the match after asking, sending the whole match as Finished, and reloads the session', async () => {
    const server = fakeApi().on('PUT', '/api/Matches/{id}', () => noContent());
    const { actions, user } = renderScreen();
    await user.click(screen.getByRole('menuitem', { name: 'Finish Match' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(FINISH_QUESTION);
    await user.click(within(question).getByRole('button', { name: 'Finish Match' }));
    await waitFor(() => expect(actions.resync).toHaveBeenCalled());
    expect(server.writes).toEqual([
      { method: 'PUT', url: '/api/Matches/900', body: expect.objectContaining({ id: 900, homeTeamId: HOME, statusId: 206, status: 'Finished' }) },
    ]);
  });

  it('offers Finish Match no more once the match is Finished', () => {
    renderScreen([swimOffEvent()], liveMatch({ statusId: 206, status: 'Finished' }));
    expect(screen.getByRole('menuitem', { name: 'Match Log' })).toHaveAttribute('href', '/match-log/900');
    expect(screen.queryByRole('menuitem', { name: 'Finish Match' })).toBeNull();
    // The fixture's referee confirmed the log, its delegate not yet.
    expect(screen.getByText('This match is finished and 1 of 2 officials confirmed its log: a change here clears their confirmations.')).toBeInTheDocument();
  });

  it('says nothing of corrections while the match is played', () => {
    renderScreen([swimOffEvent()]);
    expect(screen.queryByText(/This match is finished/)).toBeNull();
  });
});
