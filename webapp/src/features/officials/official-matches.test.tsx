import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { formatDateTime } from '@/lib/dates';
import { matchOf } from '@/test/fixtures/matches';
import {
  confirmationOf,
  confirmationText,
  isUpcoming,
  officialRoles,
  splitMatches,
} from '@/features/officials/official-matches';
import { NO_MATCHES_TEXT, OfficialMatches } from '@/features/officials/official-matches-tab';

/** 27 November 2026, 10:00 local time. */
const NOW = new Date(2026, 10, 27, 10, 0);
const OFFICIAL = 1;
const at = (day: number, hour = 18) => new Date(2026, 10, day, hour, 0).toISOString();

const row = (
  officialId: number,
  roleId: Schemas['OfficialRole'],
  confirmedAt: string | null = null,
): Schemas['MatchOfficialView'] => ({
  id: officialId * 10 + roleId,
  matchId: 0,
  officialId,
  roleId,
  confirmed: confirmedAt !== null,
  confirmedAt,
});

const notStarted = { status: 'Not_Started', statusId: 200 } as const;
const finished = { status: 'Finished', statusId: 206 } as const;

describe('isUpcoming', () => {
  it('takes a match not finished from today on, or one under way; a finished one is played', () => {
    expect(isUpcoming(matchOf({ ...notStarted, startDate: at(28) }), NOW)).toBe(true);
    // Earlier today counts as today.
    expect(isUpcoming(matchOf({ ...notStarted, startDate: at(27, 0) }), NOW)).toBe(true);
    expect(isUpcoming(matchOf({ ...notStarted, startDate: at(26, 23) }), NOW)).toBe(false);
    expect(isUpcoming(matchOf({ status: 'Second_Period', statusId: 202, startDate: at(26, 23) }), NOW)).toBe(true);
    expect(isUpcoming(matchOf({ ...finished, startDate: at(27, 8) }), NOW)).toBe(false);
    expect(isUpcoming(matchOf({ status: 'Cancelled', statusId: 207, startDate: at(29) }), NOW)).toBe(true);
  });
});

describe('splitMatches', () => {
  it('puts the upcoming matches soonest first and the played ones latest first', () => {
    const matches = [
      matchOf({ id: 1, ...finished, startDate: at(14) }),
      matchOf({ id: 2, ...notStarted, startDate: at(30) }),
      matchOf({ id: 3, ...finished, startDate: at(21) }),
      matchOf({ id: 4, ...notStarted, startDate: at(28) }),
      matchOf({ id: 5, ...finished, startDate: at(7) }),
    ];
    const { upcoming, played } = splitMatches(matches, NOW);
    expect(upcoming.map((match) => match.id)).toEqual([4, 2]);
    expect(played.map((match) => match.id)).toEqual([3, 1, 5]);
  });
});

describe('officialRoles', () => {
  it("names this official's roles in the match by label, not the other officials'", () => {
    const match = matchOf({ officials: [row(OFFICIAL, 605), row(2, 600), row(OFFICIAL, 600), row(OFFICIAL, 600)] });
    expect(officialRoles(match, OFFICIAL)).toBe('Referee, Goal Referee');
    expect(officialRoles(match, 2)).toBe('Referee');
    expect(officialRoles(match, 3)).toBe('—');
  });
});

describe('confirmationOf', () => {
  it('is confirmed, with when, once every role the official holds in a played match is', () => {
    const match = matchOf({ ...finished, officials: [row(OFFICIAL, 600, '2026-11-14T19:13:00Z'), row(OFFICIAL, 605, '2026-11-14T19:20:00Z')] });
    const confirmation = confirmationOf(match, OFFICIAL, NOW);
    expect(confirmation).toEqual({ state: 'confirmed', at: '2026-11-14T19:20:00Z' });
    expect(confirmationText(confirmation)).toBe(`Confirmed ${formatDateTime('2026-11-14T19:20:00Z')}`);
  });

  it('is not yet while a finished match waits for one of their roles', () => {
    const match = matchOf({ ...finished, officials: [row(OFFICIAL, 600, '2026-11-14T19:13:00Z'), row(OFFICIAL, 605)] });
    expect(confirmationText(confirmationOf(match, OFFICIAL, NOW))).toBe('Not yet');
  });

  it('has nothing to confirm in an upcoming match, one never played, or one they hold no role in', () => {
    const upcoming = matchOf({ ...notStarted, startDate: at(28), officials: [row(OFFICIAL, 600)] });
    expect(confirmationOf(upcoming, OFFICIAL, NOW)).toEqual({ state: 'none' });
    expect(confirmationText(confirmationOf(upcoming, OFFICIAL, NOW))).toBe('—');
    const unplayed = matchOf({ ...notStarted, startDate: at(20), officials: [row(OFFICIAL, 600)] });
    expect(confirmationOf(unplayed, OFFICIAL, NOW)).toEqual({ state: 'none' });
    expect(confirmationOf(matchOf({ ...finished, officials: [row(2, 600)] }), OFFICIAL, NOW)).toEqual({ state: 'none' });
  });
});

describe('the Matches tab', () => {
  const cells = (tableRow: HTMLElement) => within(tableRow).getAllByRole('cell').map((cell) => cell.textContent);
  const renderTab = (matches: Schemas['Match'][]) =>
    render(
      <MemoryRouter>
        <OfficialMatches officialId={OFFICIAL} matches={matches} now={NOW} />
      </MemoryRouter>,
    );

  it('shows Upcoming above Played, each with the role and the confirmation after the start', () => {
    renderTab([
      matchOf({ id: 1, ...finished, startDate: at(14), officials: [row(OFFICIAL, 600, '2026-11-14T19:13:00Z'), row(6, 601)] }),
      matchOf({ id: 2, ...finished, startDate: at(21), officials: [row(OFFICIAL, 605)] }),
      matchOf({ id: 3, ...notStarted, startDate: at(29), officials: [row(OFFICIAL, 601)] }),
      matchOf({ id: 4, ...notStarted, startDate: at(28), homeTeamDisplayName: 'Jug', officials: [row(OFFICIAL, 600)] }),
    ]);
    const [upcoming, played] = screen.getAllByRole('region');
    expect(within(upcoming!).getByRole('heading').textContent).toBe('Upcoming 2');
    expect(within(played!).getByRole('heading').textContent).toBe('Played 2');

    const upcomingTable = screen.getByRole('table', { name: 'Upcoming matches' });
    const headers = within(upcomingTable).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Home', 'Away', 'Score', 'Start', 'Role', 'Confirmed', 'Competition', 'Venue', 'Round', 'Status', 'Actions']);
    const [, soonest, later] = within(upcomingTable).getAllByRole('row');
    expect(cells(soonest!)[0]).toBe('Jug');
    expect(cells(soonest!).slice(3, 6)).toEqual([formatDateTime(at(28)), 'Referee', '—']);
    expect(cells(later!)[4]).toBe('Delegate');

    const playedTable = screen.getByRole('table', { name: 'Played matches' });
    const [, latest, earlier] = within(playedTable).getAllByRole('row');
    expect(cells(latest!).slice(3, 6)).toEqual([formatDateTime(at(21)), 'Goal Referee', 'Not yet']);
    expect(cells(earlier!).slice(3, 6)).toEqual([formatDateTime(at(14)), 'Referee', `Confirmed ${formatDateTime('2026-11-14T19:13:00Z')}`]);
    expect(screen.queryByText(NO_MATCHES_TEXT)).toBeNull();
  });

  it('says a section has no match, and keeps the one text when there is none at all', () => {
    const { unmount } = renderTab([matchOf({ ...finished, startDate: at(14), officials: [row(OFFICIAL, 600)] })]);
    expect(within(screen.getAllByRole('region')[0]!).getByText('No upcoming match.')).toBeInTheDocument();
    expect(screen.getAllByRole('table')).toHaveLength(1);
    unmount();
    renderTab([]);
    expect(screen.getByText(NO_MATCHES_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
