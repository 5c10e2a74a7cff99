// The match report page (/match-report/:matchId) against the fake API: the header with the
// shootout, the team comparison, the shot maps, the log, the statistics from one call, the officials.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { type FakeApi, failure, fakeApi } from '@/test/fake-api';
import { matchDetailOf, statsOf } from '@/test/fixtures/matches';
import { signInAs } from '@/test/session';
import { renderAt } from '@/test/dom';
import { NO_EVENTS, STATS_FAILED } from '@/features/matches/match-report-page';

let match: Schemas['Match'];
let events: Schemas['EventView'][];
let server: FakeApi;

// Match 900 is the only one; other ids fall through to the fake's 404.
const nine = <T,>(answer: () => T) => ({ params }: { params: Record<string, string> }) => (params.id === '900' ? answer() : undefined);

function serve(): FakeApi {
  return fakeApi()
    .on('GET', '/api/Matches/{id}', nine(() => match))
    .on('GET', '/api/Events/{id}', nine(() => events))
    .on(
      'GET',
      '/api/Matches/{id}/stats',
      nine(() => ({
        home: statsOf({ goals: 12, totalShots: 20, exclusions: 4 }),
        away: statsOf({ goals: 9, totalShots: 18 }),
        players: match.players.map((entry) => ({
          playerId: entry.playerId,
          teamId: entry.teamId,
          stats: statsOf(entry.playerId === 507 ? { goals: 3, totalShots: 5, assisted: 1 } : {}),
        })),
      })),
    );
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

beforeEach(() => {
  signInAs(['Admin']);
  match = matchDetailOf();
  events = [];
  server = serve();
});

describe('the match report', { timeout: 30_000 }, () => {
  it('shows the header with the shootout, the team comparison, the log in order, each player\'s statistics with team totals from one stats call, and the officials, without the sidebar', async () => {
    match = matchDetailOf({ homeTeamGoalsQ4: 0, homeTeamGoalsOT: 4, homeTeamGoalsTotal: 13, awayTeamGoalsOT: 3, awayTeamGoalsTotal: 12, decidedByShootout: true });
    events = [
      { id: 1, matchId: 900, typeId: 701, periodId: 1200, minute: 8, seconds: 0, swimoff: { homeTeamSwimmerId: 507, awayTeamSwimmerId: 605, winnerSwimmerId: 507, winnerTeamId: 31 } },
      { id: 2, matchId: 900, typeId: 705, periodId: 1200, minute: 6, seconds: 30, shot: { teamId: 31, typeId: 1100, takenById: 507, isGoal: true } },
      { id: 3, matchId: 900, typeId: 700, periodId: 1201, minute: 2, seconds: 15, timeout: { teamId: 32 } },
    ];
    renderAt('/match-report/900');
    // 9–9 after regular time (the totals less the overtime column), 4–3 in the shootout.
    expect(await screen.findByLabelText('Final score')).toHaveTextContent(/^9–9, 4–3 pen\.$/);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Score by period' })).getByRole('columnheader', { name: 'Overtime / Shootout' })).toBeInTheDocument();
    const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([detail('Venue'), detail('City'), detail('Status')]).toEqual(['Banjica', 'Beograd', 'Finished']);

    const log = screen.getByRole('table', { name: 'Match log' });
    expect(within(log).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['1st Period', '08:00', 'Partizan Seniori', '#7 Marko Marković', 'Swim-off', 'Won against #5 Luka Lukić'],
      ['1st Period', '06:30', 'Partizan Seniori', '#7 Marko Marković', 'Shot', 'Goal, Regular attack'],
      ['2nd Period', '02:15', 'Zvezda Seniori', '', 'Timeout', ''],
    ]);

    const home = screen.getByRole('region', { name: 'Partizan Seniori statistics' });
    await waitFor(() => expect(cells(within(home).getByText('Marko Marković').closest('tr')!).slice(0, 4)).toEqual(['7', 'Marko Marković', '3/5', '1']));
    await waitFor(() => expect(within(home).getByText('Team totals').closest('tr')).toHaveTextContent('Team totals12/20'));
    expect(cells(within(home).getByText('Novak Đurić').closest('tr')!).slice(0, 3)).toEqual(['1', 'Novak Đurić', '0/0']);
    expect(server.reads.filter((url) => url.includes('stats'))).toEqual(['/api/Matches/900/stats']);

    const comparison = screen.getByRole('table', { name: 'Team comparison' });
    const row = (label: string) => within(comparison).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(cells(row('Goals / shots'))).toEqual(['12/20 (60%)', '9/18 (50%)']);
    expect(cells(row('Exclusions committed'))).toEqual(['4', '0']);
    // Zvezda's one timeout event.
    expect(cells(row('Timeouts'))).toEqual(['0', '1']);

    const officials = screen.getByRole('table', { name: 'Match officials' });
    expect(within(officials).getByText('Zoran Sudija').closest('tr')).toHaveTextContent('Referee');
    expect(screen.getByRole('button', { name: 'Match details' })).toHaveAttribute('href', '/matches/900');
  });

  it('marks each team\'s shots on the pool and the goal by outcome, and narrows them to one shooter', async () => {
    const user = userEvent.setup();
    const shot = (id: number, fields: Partial<Schemas['Shot']> & { teamId: number; takenById: number }): Schemas['EventView'] => ({
      id,
      matchId: 900,
      typeId: 705,
      periodId: 1200,
      minute: 8 - id,
      seconds: 0,
      shot: { typeId: 1100, ...fields },
    });
    events = [
      shot(1, { teamId: 31, takenById: 507, isGoal: true, locationX: 0.5, locationY: 0.3, targetX: 0.3, targetY: 0.5 }),
      shot(2, { teamId: 31, takenById: 507, savedById: 601, locationX: 0.4, locationY: 0.4, targetX: 0.5, targetY: 0.7 }),
      shot(3, { teamId: 31, takenById: 501, locationX: 0.9, locationY: 0.6 }),
      shot(4, { teamId: 31, takenById: 507, blockedById: 605 }),
      shot(5, { teamId: 32, takenById: 605, isGoal: true, locationX: 0.5, locationY: 0.2 }),
    ];
    renderAt('/match-report/900');
    const home = await screen.findByRole('region', { name: 'Partizan Seniori shots' });
    const marks = (picture: string) => {
      const svg = within(home).getByRole('img', { name: picture });
      return Object.fromEntries(['goal', 'saved', 'blocked', 'missed'].map((outcome) => [outcome, svg.querySelectorAll(`[data-outcome="${outcome}"]`).length]));
    };
    expect(marks('Shot locations')).toEqual({ goal: 1, saved: 1, blocked: 0, missed: 1 });
    expect(marks('Goal targets')).toEqual({ goal: 1, saved: 1, blocked: 0, missed: 0 });
    expect(within(home).getByText('Shot locations').closest('figcaption')).toHaveTextContent('1 shot without a location');
    expect(within(home).getByText('Goal targets').closest('figcaption')).toHaveTextContent('2 shots without a target');
    const legend = within(home).getByRole('list', { name: 'Partizan Seniori shot outcomes' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Goal 1', 'Saved 1', 'Blocked 1', 'Missed 1']);

    const player = within(home).getByRole('combobox', { name: 'Player' });
    expect(within(player).getAllByRole('option').map((option) => option.textContent)).toEqual(['All players', '#1 Novak Đurić', '#7 Marko Marković']);
    await user.selectOptions(player, '#7 Marko Marković');
    expect(marks('Shot locations')).toEqual({ goal: 1, saved: 1, blocked: 0, missed: 0 });
    expect(within(home).getByText('Shot locations').closest('figcaption')).toHaveTextContent('1 shot without a location');
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Goal 1', 'Saved 1', 'Blocked 1', 'Missed 0']);

    const away = screen.getByRole('region', { name: 'Zvezda Seniori shots' });
    expect(within(away).getByRole('img', { name: 'Shot locations' }).querySelectorAll('[data-outcome]')).toHaveLength(1);
  });

  it('says when no event was logged, and shows the plain score of a match no shootout decided', async () => {
    renderAt('/match-report/900');
    expect(await screen.findByText(NO_EVENTS)).toBeInTheDocument();
    expect(screen.getByLabelText('Final score')).toHaveTextContent(/^12–9$/);
  });

  it('says when the statistics cannot be loaded, and shows the rest of the report', async () => {
    server.on('GET', '/api/Matches/{id}/stats', () => failure(500, 'Boom.'));
    renderAt('/match-report/900');
    expect(await screen.findByText(STATS_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Team comparison' })).toBeNull();
    const home = screen.getByRole('region', { name: 'Partizan Seniori statistics' });
    expect(cells(within(home).getByText('Marko Marković').closest('tr')!).slice(0, 3)).toEqual(['7', 'Marko Marković', '']);
    expect(screen.getByRole('table', { name: 'Match officials' })).toBeInTheDocument();
  });
});
