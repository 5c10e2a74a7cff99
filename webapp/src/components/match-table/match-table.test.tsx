import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { matchOf } from '@/test/fixtures/matches';
import { latestFirst, MatchTable as Table, matchStatusLabel, personNames } from '@/components/match-table/match-table';

/** The table links to the match pages, so it renders inside a router. */
const MatchTable = (props: Parameters<typeof Table>[0]): ReactNode => (
  <MemoryRouter>
    <Table {...props} />
  </MemoryRouter>
);

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('MatchTable', () => {
  it('shows one row a match under the Home, Away, Score, Start, Competition, Venue, Round and Status columns', () => {
    const start = new Date(2025, 9, 4, 20, 15);
    render(
      <MatchTable
        emptyText="There are no matches for this team."
        matches={[
          matchOf({ startDate: start.toISOString() }),
          matchOf({
            id: 901,
            homeTeamDisplayName: 'Jug',
            awayTeamDisplayName: 'Mladost',
            homeTeamGoalsTotal: 0,
            awayTeamGoalsTotal: 0,
            startDate: new Date(2025, 10, 1, 9, 5).toISOString(),
            competitionDisplayName: 'Regionalna liga',
            venue: null,
            round: null,
            status: 'Not_Started',
            statusId: 200,
          }),
        ]}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Home', 'Away', 'Score', 'Start', 'Competition', 'Venue', 'Round', 'Status', 'Actions']);
    const [, first, second] = screen.getAllByRole('row');
    expect(cells(first!)).toEqual(['Partizan Seniori', 'Zvezda Seniori', '12–9', '04.10.2025. 20:15', 'Prva liga', 'Banjica', '1', 'Finished', 'DetailsReport']);
    expect(cells(second!)).toEqual(['Jug', 'Mladost', '—', '01.11.2025. 09:05', 'Regionalna liga', '', '', 'Not Started', 'DetailsReport']);
    expect(within(second!).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/matches/901');
    expect(within(second!).getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/match-report/901');
    expect(screen.queryByText('There are no matches for this team.')).toBeNull();
  });

  it('shows a match a shootout decided as the regular time\'s score with the shootout beside it, on one line', () => {
    // 9–9 in regular time, 4–3 in the shootout (the overtime column), 13–12 in the totals.
    const shootout = matchOf({ id: 902, homeTeamGoalsQ4: 0, homeTeamGoalsOT: 4, homeTeamGoalsTotal: 13, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true });
    render(<MatchTable emptyText="none" matches={[shootout, matchOf({ id: 903 })]} />);
    const [, decided, plain] = screen.getAllByRole('row');
    expect(cells(decided!)[2]).toBe('9–9, 4–3 pen.');
    expect(within(decided!).getAllByRole('cell')[2]).toHaveClass('pd-score-cell');
    expect(screen.getByRole('columnheader', { name: 'Score' })).toHaveClass('pd-score-cell');
    expect(cells(plain!)[2]).toBe('12–9');
  });

  it('shows the start of an RFC 3339 UTC time in local time', () => {
    render(<MatchTable emptyText="none" matches={[matchOf({ startDate: '2026-03-14T19:45:00Z' })]} />);
    const row = screen.getAllByRole('row')[1]!;
    expect(cells(row)[3]).toBe(formatDateTime('2026-03-14T19:45:00Z'));
    expect(cells(row)[3]).toMatch(/^\d{2}\.\d{2}\.\d{4}\. \d{2}:\d{2}$/);
  });

  it("puts a tab's own columns after Start, and names the table when asked", () => {
    const match = matchOf({ officials: [{ id: 1, matchId: 900, officialId: 4, roleId: 600, confirmed: false }] });
    render(
      <MemoryRouter>
        <Table
          emptyText="none"
          label="Played matches"
          matches={[match]}
          extraColumns={[{ key: 'officials', title: 'Officials', render: (row) => row.officials.length }]}
        />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Played matches' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Home', 'Away', 'Score', 'Start', 'Officials', 'Competition', 'Venue', 'Round', 'Status', 'Actions']);
    expect(cells(within(table).getAllByRole('row')[1]!)[4]).toBe('1');
  });

  it('says the empty text, without a table, when there is no match', () => {
    render(<MatchTable emptyText="This player does not participate in any match." matches={[]} />);
    expect(screen.getByText('This player does not participate in any match.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('matchStatusLabel and latestFirst', () => {
  it('shows underscores as spaces', () => {
    expect(matchStatusLabel('Not_Started')).toBe('Not Started');
    expect(matchStatusLabel('First_Period')).toBe('First Period');
    expect(matchStatusLabel('Finished')).toBe('Finished');
  });

  it('names people as name and surname, comma separated', () => {
    expect(personNames([{ name: 'Zoran', surname: 'Sudija' }, { name: 'Ana', surname: 'Delegat' }])).toBe('Zoran Sudija, Ana Delegat');
    expect(personNames([])).toBe('');
  });

  it('orders matches latest start first', () => {
    const early = matchOf({ id: 1, startDate: '2025-09-01T18:00:00Z' });
    const late = matchOf({ id: 2, startDate: '2025-10-01T18:00:00Z' });
    const middle = matchOf({ id: 3, startDate: '2025-09-15T18:00:00+02:00' });
    expect([early, late, middle].sort(latestFirst).map((match) => match.id)).toEqual([2, 3, 1]);
  });
});
