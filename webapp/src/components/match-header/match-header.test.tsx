import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MatchHeader } from '@/components/match-header/match-header';
import { matchDetailOf } from '@/test/fixtures/matches';

describe('MatchHeader', () => {
  it('shows the teams around the score, the goals of each period, venue, city and status', () => {
    render(<MatchHeader match={matchDetailOf()} />);
    const header = screen.getByLabelText('Match');
    expect(within(header).getByLabelText('Score')).toHaveTextContent('12:9');
    expect(header).toHaveTextContent('Partizan Seniori');
    expect(header).toHaveTextContent('Zvezda Seniori');
    expect(within(header).getByLabelText('Status')).toHaveTextContent('Finished');
    const periods = within(header).getByRole('table', { name: 'Score by period' });
    // The columns by their names, in order; a phone shows them short (Q1 … OT), hidden from screen readers.
    const titles = ['Team', '1st Period', '2nd Period', '3rd Period', '4th Period', 'Overtime', 'Total'];
    const headers = within(periods).getAllByRole('columnheader');
    expect(titles.map((name) => within(periods).getByRole('columnheader', { name }))).toEqual(headers);
    expect(headers.slice(1, 6).map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'OT']);
    const home = within(periods).getByRole('row', { name: /Partizan Seniori/ });
    expect(within(home).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', '3', '3', '3', '0', '12']);
    expect(header).toHaveTextContent('VenueBanjica');
    expect(header).toHaveTextContent('CityBeograd');
  });

  it('names the Overtime column the shootout when the log holds one, and shows statuses with spaces', () => {
    render(<MatchHeader match={matchDetailOf({ decidedByShootout: true, status: 'Fourth_Period', statusId: 204 })} />);
    expect(screen.getByRole('columnheader', { name: 'Overtime / Shootout' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveTextContent('Fourth Period');
  });

  it('shows the regular time\'s score with the shootout beside it when a shootout decided the match', () => {
    render(
      <MatchHeader
        match={matchDetailOf({ homeTeamGoalsQ4: 0, homeTeamGoalsOT: 4, homeTeamGoalsTotal: 13, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true })}
      />,
    );
    expect(screen.getByLabelText('Score')).toHaveTextContent(/^9:9, 4–3 pen\.$/);
    expect(screen.getByTitle('Penalty shootout 4–3')).toHaveTextContent(', 4–3 pen.');
  });

  it('shows the competition logo when the match gives one', () => {
    const { rerender } = render(<MatchHeader match={matchDetailOf()} />);
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<MatchHeader match={matchDetailOf({ competitionLogo: 'iVBORw0KGgo=' })} />);
    expect(screen.getByRole('img', { name: 'Prva liga logo' })).toHaveAttribute('src', expect.stringContaining('iVBORw0KGgo='));
  });
});
