import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { PublishedClock } from '@/components/live-clock/live-clock';

const START = Date.parse('2026-11-24T18:30:00.000Z');
const running: Schemas['Clock'] = { period: 1201, remainingSeconds: 185, state: 'Running', runningSince: '2026-11-24T18:30:00.000Z' };
const timer = () => screen.getByRole('timer', { name: 'Match clock' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START + 20_400);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the published match clock', () => {
  it('shows the period and the time left at once, then counts down each second while it runs', () => {
    render(<PublishedClock clock={running} statusId={202} />);
    expect(timer()).toHaveTextContent('2nd Period 02:45');
    expect(timer()).not.toHaveTextContent('Running');
    // The next second shows on its boundary counted from runningSince, not a second after mounting.
    act(() => vi.advanceTimersByTime(599));
    expect(timer()).toHaveTextContent('02:45');
    act(() => vi.advanceTimersByTime(1));
    expect(timer()).toHaveTextContent('02:44');
    act(() => vi.advanceTimersByTime(64_000));
    expect(timer()).toHaveTextContent('2nd Period 01:40');
    expect(vi.getTimerCount()).toBe(1);
  });

  it('stops at 00:00 and sets no more timers', () => {
    render(<PublishedClock clock={{ ...running, remainingSeconds: 22 }} statusId={202} />);
    expect(timer()).toHaveTextContent('00:02');
    act(() => vi.advanceTimersByTime(5000));
    expect(timer()).toHaveTextContent('2nd Period 00:00 · Stopped');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a paused or stopped clock frozen, with its state, and sets no timer', () => {
    const { rerender } = render(<PublishedClock clock={{ ...running, state: 'Paused', runningSince: null }} statusId={202} />);
    expect(timer()).toHaveTextContent('2nd Period 03:05 · Paused');
    act(() => vi.advanceTimersByTime(10_000));
    expect(timer()).toHaveTextContent('03:05');
    expect(vi.getTimerCount()).toBe(0);
    rerender(<PublishedClock clock={{ period: 1204, remainingSeconds: 180, state: 'Stopped', runningSince: null }} statusId={205} />);
    expect(timer()).toHaveTextContent('Overtime 03:00 · Stopped');
  });

  it('reads a newly published clock from the instant it arrives', () => {
    const { rerender } = render(<PublishedClock clock={{ ...running, state: 'Stopped', runningSince: null }} statusId={202} />);
    act(() => vi.advanceTimersByTime(30_000));
    rerender(<PublishedClock clock={running} statusId={202} />);
    expect(timer()).toHaveTextContent('02:15');
  });

  it('clears its timer when it goes away', () => {
    const { unmount } = render(<PublishedClock clock={running} statusId={202} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows nothing without a published clock, or once the match is finished or cancelled', () => {
    const { container, rerender } = render(<PublishedClock clock={null} statusId={202} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<PublishedClock clock={running} statusId={206} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<PublishedClock clock={running} statusId={207} />);
    expect(container).toBeEmptyDOMElement();
  });
});
