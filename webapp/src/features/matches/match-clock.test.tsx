import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { renderAt } from '@/test/dom';
import { fakeApi } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { matchDetailOf } from '@/test/fixtures/matches';
import { signInAs } from '@/test/session';

let match: Schemas['Match'];

/** The hub's connection opened, the page's match joined, and the clock it holds sent, as the server does on join. */
function hubSends(clock: Schemas['Clock']) {
  const socket = FakeSocket.last!;
  act(() => {
    if (socket.readyState !== 1) socket.open();
    socket.receive({ type: 'Joined', matchId: 900, seq: 3 });
    socket.receive({ type: 'Clock', matchId: 900, seq: 3, ...clock });
  });
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  // Only the date is fixed: the pages' own timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-26T13:00:20.400Z'));
  signInAs(['Admin']);
  match = matchDetailOf({ status: 'Second_Period', statusId: 202 });
  fakeApi()
    .on('GET', '/api/Matches/{id}', () => match)
    .on('GET', '/api/Events/{id}', []);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const clock = () => screen.getByRole('timer', { name: 'Match clock' });

describe('the match clock on the pages that follow a match', { timeout: 20_000 }, () => {
  it('shows on the match details the clock the hub holds, as soon as it comes', async () => {
    renderAt('/matches/900');
    await screen.findByRole('heading', { name: 'Partizan Seniori – Zvezda Seniori' });
    expect(screen.queryByRole('timer')).toBeNull();
    hubSends({ period: 1201, remainingSeconds: 185, state: 'Paused', runningSince: null });
    expect(clock()).toHaveTextContent('2nd Period 03:05 · Paused');
  });

  it('shows on the match report the running clock from the time it shows now', async () => {
    renderAt('/match-report/900');
    const header = (await screen.findByLabelText('Final score')).closest<HTMLElement>('.pd-report-header')!;
    hubSends({ period: 1201, remainingSeconds: 185, state: 'Running', runningSince: '2026-11-26T13:00:00.000Z' });
    expect(within(header).getByRole('timer', { name: 'Match clock' })).toHaveTextContent('2nd Period 02:45');
  });

  it('shows no clock once the match is finished', async () => {
    match = matchDetailOf();
    renderAt('/match-report/900');
    await screen.findByLabelText('Final score');
    hubSends({ period: 1203, remainingSeconds: 0, state: 'Stopped', runningSince: null });
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
