// The pages for visitors against the fake API and a fake hub, signed out: /live with two
// competitions and its days, a match that is not available, a match followed live, the
// scoreboard, the embedded score and a competition's page.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { session } from '@/state/session';
import { renderAt } from '@/test/dom';
import { type FakeApi, failure, fakeApi } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { matchDetailOf, matchOf, statsOf } from '@/test/fixtures/matches';
import { signInAs } from '@/test/session';
import { localDay, shiftDay } from '@/features/live/live-scores';
import type { PublicCompetition } from '@/features/live/public-api';

type Match = Schemas['Match'];

let server: FakeApi;
let day: Match[];
let detail: Match;
let events: Schemas['EventView'][];
let stats: Schemas['MatchStats'] | null;
let nearest: Schemas['MatchDays'];

const PUBLIC = /^\/api\/Public\/(Matches(?:\/(\d+)(\/events|\/stats)?)?|Competitions(?:\/(\d+))?|MatchDays)$/;

/** The public API: the list of any day is `day`, its nearest days `nearest`, match 900 is `detail`; others are not public. */
function serve(extra: { competition?: PublicCompetition } = {}): FakeApi {
  return fakeApi().handle(({ method, url }) => {
    const [path = ''] = url.split('?');
    const found = method === 'GET' ? PUBLIC.exec(path) : null;
    if (!found) return undefined;
    const [, what, matchId, part, competitionId] = found;
    if (what === 'MatchDays') return nearest;
    if (what === 'Competitions') return [{ id: 7, name: 'Prva liga', nameUniversal: 'First League', season: '2026/27' }];
    if (competitionId) return competitionId === '7' && extra.competition ? extra.competition : failure(404, 'Not found.');
    if (!matchId) return day;
    if (matchId !== '900') return failure(404, 'The match was not found.');
    if (part === '/events') return events;
    if (part === '/stats') return stats ?? failure(404, 'none');
    return detail;
  });
}

const playing = (overrides: Partial<Match> = {}) =>
  matchDetailOf({
    statusId: 202,
    status: 'Second_Period',
    revision: 5,
    homeTeamGoalsQ2: 0,
    homeTeamGoalsQ3: 0,
    homeTeamGoalsQ4: 0,
    homeTeamGoalsTotal: 3,
    awayTeamGoalsQ3: 0,
    awayTeamGoalsQ4: 0,
    awayTeamGoalsTotal: 4,
    ...overrides,
  });

/** The hub connection open, with `matchId` joined at `seq`. */
function hubJoins(matchId: number, seq = 3): FakeSocket {
  const socket = FakeSocket.last!;
  act(() => {
    if (socket.readyState !== 1) socket.open();
    socket.receive({ type: 'Joined', matchId, seq });
  });
  return socket;
}

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  session.user = null;
  session.profile = null;
  day = [];
  detail = playing();
  events = [];
  stats = null;
  nearest = { previous: null, next: null };
  server = serve();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the pages for visitors', { timeout: 30_000 }, () => {
  it('lists the day per competition, with scores, states and links, and moves to other days', async () => {
    const start = new Date();
    start.setHours(19, 30, 0, 0);
    day = [
      matchOf({ id: 900, statusId: 202, status: 'Second_Period', homeTeamGoalsTotal: 3, awayTeamGoalsTotal: 4 }),
      matchOf({ id: 901, statusId: 200, startDate: start.toISOString(), homeTeamDisplayName: 'Jadran', awayTeamDisplayName: 'Crvena zvezda' }),
      matchOf({
        id: 902,
        competitionId: 9,
        competitionDisplayName: 'Kup Srbije',
        // 9–9 in regular time, 4–3 in the shootout (the overtime column): never 13:12.
        homeTeamGoalsQ4: 0,
        homeTeamGoalsOT: 4,
        homeTeamGoalsTotal: 13,
        awayTeamGoalsOT: 3,
        awayTeamGoalsTotal: 12,
        decidedByShootout: true,
        homeTeamDisplayName: 'Vojvodina',
        awayTeamDisplayName: 'Šabac',
      }),
    ];
    const user = userEvent.setup();
    renderAt('/live');
    const liga = await screen.findByRole('region', { name: 'Prva liga' });
    const kup = screen.getByRole('region', { name: 'Kup Srbije' });
    expect(within(liga).getByRole('link', { name: 'Prva liga' })).toHaveAttribute('href', '/live/competition/7');
    const rows = within(liga).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Q2Partizan Seniori3:4Zvezda Seniori', '19:30Jadran–:–Crvena zvezda']);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/live/900');
    expect(within(kup).getByRole('listitem')).toHaveTextContent('Final (4–3 pen.)Vojvodina9:9Šabac');
    const today = localDay(new Date());
    expect(server.reads).toContain(`/api/Public/Matches?date=${today}&tzOffset=${-new Date().getTimezoneOffset()}`);
    // Every public competition is a link too, so a day without matches is no dead end.
    const competitions = await screen.findByRole('navigation', { name: 'Competitions' });
    expect(within(competitions).getByRole('link', { name: 'Prva liga' })).toHaveAttribute('href', '/live/competition/7');
    expect(competitions).toHaveTextContent('Prva liga · 2026/27');
    expect(document.title).toMatch(/^Live matches .* · PoloDesk$/);

    // The match in progress is followed on the hub, without a token: its new score shows at once.
    const socket = hubJoins(900);
    expect(socket.url).not.toContain('access_token');
    expect(socket.sent).toContainEqual({ type: 'JoinGroup', matchId: 900 });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent(/^Live$/));
    act(() =>
      socket.receive({ type: 'Event', matchId: 900, seq: 4, action: 'created', event: { id: 1 }, match: { ...day[0]!, revision: 2, homeTeamGoalsTotal: 4 } }),
    );
    expect(rows[0]).toHaveTextContent('Partizan Seniori4:4Zvezda Seniori');
    act(() => socket.receive({ type: 'Clock', matchId: 900, seq: 5, period: 1201, remainingSeconds: 125, state: 'Stopped', runningSince: null }));
    expect(within(rows[0]!).getByRole('timer')).toHaveTextContent('Q2 02:05');
    // Once it is over, it says so and its group is left.
    act(() =>
      socket.receive({ type: 'Match', matchId: 900, seq: 6, match: { ...day[0]!, revision: 3, homeTeamGoalsTotal: 4, statusId: 206, status: 'Finished' }, players: [], coaches: [], officials: [] }),
    );
    expect(rows[0]).toHaveTextContent('FinalPartizan Seniori4:4Zvezda Seniori');
    expect(socket.sent).toContainEqual({ type: 'LeaveGroup', matchId: 900 });

    day = [];
    nearest = { previous: '2026-11-21', next: '2026-12-05' };
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No matches on this day.')).toBeInTheDocument();
    expect(server.reads).toContain(`/api/Public/Matches?date=${shiftDay(today, 1)}&tzOffset=${-new Date().getTimezoneOffset()}`);
    // A day without matches offers the nearest days with them.
    const next = await screen.findByRole('button', { name: 'Next matches: Sat 05.12.2026.' });
    expect(server.reads).toContain(`/api/Public/MatchDays?date=${shiftDay(today, 1)}&tzOffset=${-new Date().getTimezoneOffset()}`);
    expect(screen.getByRole('button', { name: 'Last matches: Sat 21.11.2026.' })).toBeInTheDocument();
    await user.click(next);
    expect(await screen.findByRole('heading', { name: 'Sat 05.12.2026.' })).toBeInTheDocument();
    expect(server.reads).toContain(`/api/Public/Matches?date=2026-12-05&tzOffset=${-new Date(2026, 11, 5, 12).getTimezoneOffset()}`);
    // Nothing before or after: no buttons.
    nearest = { previous: null, next: null };
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(server.reads.at(-1)).toContain('/api/Public/MatchDays?date=2026-12-06&'));
    expect(screen.queryByRole('button', { name: /^(Next|Last) matches/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(server.reads.at(-1)).toContain(`date=${today}&`));
  });

  it('says a match that does not exist or is not public is not available', async () => {
    // Public calls never carry a signed-in user's token.
    signInAs(['Admin']);
    renderAt('/live/999');
    expect(await screen.findByText('This match is not available.')).toBeInTheDocument();
    expect(server.reads).toContain('/api/Public/Matches/999');
    expect(document.title).toBe('Match not available · PoloDesk');
    const [, init] = server.fetch.mock.calls[0]!;
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it('says an address without a match id is not available, without asking the server', async () => {
    renderAt('/live/abc');
    expect(await screen.findByText('This match is not available.')).toBeInTheDocument();
    expect(server.reads).toEqual([]);
  });

  it('says a competition that is not public is not available', async () => {
    renderAt('/live/competition/77');
    expect(await screen.findByText('This competition is not available.')).toBeInTheDocument();
    expect(server.reads).toEqual(['/api/Public/Competitions/77']);
  });

  it('follows a match live: the score, the clock, the timeouts, the play-by-play, the lineups and officials', async () => {
    events = [{ id: 1, matchId: 900, typeId: 700, periodId: 1201, minute: 6, seconds: 0, timeout: { teamId: 32 } }];
    renderAt('/live/900');
    expect(await screen.findByLabelText('Score')).toHaveTextContent('3:4');
    expect(document.title).toBe('Partizan Seniori 3:4 Zvezda Seniori · PoloDesk');
    expect(screen.getByRole('img', { name: 'Zvezda Seniori: 1 timeout left' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Partizan Seniori: 2 timeouts left' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Prva liga/ })).toHaveAttribute('href', '/live/competition/7');
    expect(screen.getByRole('button', { name: 'Scoreboard' })).toHaveAttribute('href', '/live/900/scoreboard');
    expect(within(screen.getByRole('region', { name: 'Partizan Seniori lineup' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1 Novak Đurić',
      '7 Marko Marković',
    ]);
    expect(within(screen.getByRole('region', { name: 'Officials' })).getByText('Zoran Sudija')).toBeInTheDocument();

    const socket = hubJoins(900);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent(/^Live$/));
    act(() => {
      socket.receive({ type: 'Clock', matchId: 900, seq: 3, period: 1201, remainingSeconds: 200, state: 'Paused', runningSince: null });
      socket.receive({
        type: 'Event',
        matchId: 900,
        seq: 4,
        action: 'created',
        event: { id: 2, matchId: 900, typeId: 705, periodId: 1201, minute: 3, seconds: 20, shot: { teamId: 31, typeId: 1100, takenById: 507, isGoal: true } },
        match: { ...detail, revision: 6, homeTeamGoalsTotal: 4 },
      });
    });
    expect(screen.getByLabelText('Score')).toHaveTextContent('4:4');
    expect(screen.getByRole('timer', { name: 'Match clock' })).toHaveTextContent('Q2 03:20');
    const plays = within(screen.getByRole('table', { name: 'Play-by-play' })).getAllByRole('row').slice(1);
    expect(plays.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Q2', '03:20', 'Partizan Seniori', '#7 Marko Marković', 'Shot: Goal, Regular attack', '1–0'],
      ['Q2', '06:00', 'Zvezda Seniori', '', 'Timeout', ''],
    ]);

    // The shot maps show once the statistics count shots.
    expect(screen.queryByRole('region', { name: 'Partizan Seniori shots' })).toBeNull();
    stats = { home: statsOf({ goals: 1, totalShots: 1 }), away: statsOf(), players: [] };

    // A gap in the hub's messages loads the match again.
    const loads = server.reads.filter((url) => url === '/api/Public/Matches/900').length;
    act(() => socket.receive({ type: 'Clock', matchId: 900, seq: 9, period: 1201, remainingSeconds: 190, state: 'Paused', runningSince: null }));
    await waitFor(() => expect(server.reads.filter((url) => url === '/api/Public/Matches/900')).toHaveLength(loads + 1));
    expect(await screen.findByRole('region', { name: 'Partizan Seniori shots' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Team comparison' })).toBeInTheDocument();

    // The connection breaks: the page says so until it is back.
    act(() => socket.drop());
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent('Reconnecting…');
    await waitFor(() => expect(FakeSocket.last).not.toBe(socket));
    const again = hubJoins(900, 9);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent(/^Live$/));

    // Final: the state says so, and no "Live" beside the competition any more.
    act(() =>
      again.receive({
        type: 'Match',
        matchId: 900,
        seq: 10,
        match: { ...detail, revision: 7, homeTeamGoalsTotal: 4, statusId: 206, status: 'Finished' },
        players: [],
        coaches: [],
        officials: [],
      }),
    );
    expect(screen.getByLabelText('Match state')).toHaveTextContent('Final');
    expect(screen.queryByRole('status', { name: 'Connection' })).toBeNull();
  });

  it('shows the scoreboard with the clock the secretary publishes and the timeouts as dots', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-27T18:00:10.500Z'));
    renderAt('/live/900/scoreboard');
    expect(await screen.findByLabelText('Score')).toHaveTextContent('3:4');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
    const socket = hubJoins(900);
    act(() => socket.receive({ type: 'Clock', matchId: 900, seq: 3, period: 1202, remainingSeconds: 300, state: 'Running', runningSince: '2026-11-27T18:00:00.000Z' }));
    expect(screen.getByRole('timer', { name: 'Match clock' })).toHaveTextContent('04:50');
    expect(screen.getByText('Q3')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /2 timeouts left/ })).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent(/^Live$/);

    // Final: the board says so, and no "Live" in its corner any more.
    act(() =>
      socket.receive({
        type: 'Match',
        matchId: 900,
        seq: 4,
        match: { ...detail, revision: 7, statusId: 206, status: 'Finished' },
        players: [],
        coaches: [],
        officials: [],
      }),
    );
    expect(screen.getByLabelText('Score')).toHaveTextContent('3:4');
    expect(screen.getByText('Final')).toBeInTheDocument();
    expect(screen.queryByRole('timer', { name: 'Match clock' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Connection' })).toBeNull();
  });

  it('embeds the score with a link to follow the match live', async () => {
    renderAt('/embed/match/900');
    const widget = await screen.findByLabelText('Live score');
    expect(within(widget).getByLabelText('Score')).toHaveTextContent('3:4');
    expect(widget).toHaveTextContent('Partizan Seniori');
    expect(widget).toHaveTextContent('Zvezda Seniori');
    expect(within(widget).getByText('Q2')).toBeInTheDocument();
    expect(within(widget).getAllByRole('img', { name: /crest$/ })).toHaveLength(2);
    const follow = within(widget).getByRole('link', { name: 'Follow live' });
    expect(follow).toHaveAttribute('href', '/live/900');
    expect(follow).toHaveAttribute('target', '_blank');
    expect(follow).toHaveAttribute('rel', 'noopener');
    expect(screen.queryByText('PoloDesk')).toBeNull();
    expect(document.body.style.background).toBe('transparent');
    // The widget asks for what it shows only: no statistics.
    await new Promise((done) => setTimeout(done, 300));
    expect(server.reads.filter((url) => url.endsWith('/stats'))).toEqual([]);
  });

  it("shows a competition's live matches, its round's results and its standings", async () => {
    const ranking = (teamId: number, name: string, rank: number, points: number) => ({
      id: teamId,
      competitionId: 7,
      teamId,
      team: { id: teamId, name, nameUniversal: name },
      rank,
      played: 1,
      won: points > 0 ? 1 : 0,
      drawn: 0,
      lost: points > 0 ? 0 : 1,
      shootoutWon: 0,
      shootoutLost: 0,
      goalsScored: 12,
      goalsConceded: 9,
      goalsDiff: points > 0 ? 3 : -3,
      points,
    });
    server = serve({
      competition: {
        id: 7,
        name: 'Prva liga',
        nameUniversal: 'First league',
        season: '2026/27',
        logo: null,
        live: [playing({ id: 900 })],
        round: '1',
        roundMatches: [matchOf({ id: 905, homeTeamDisplayName: 'Jadran', awayTeamDisplayName: 'Vojvodina' })],
        standings: [
          { standingType: 'Overall', rankings: [ranking(31, 'Partizan', 1, 3), ranking(32, 'Zvezda', 2, 0)] },
          { standingType: 'Home', rankings: [] },
          { standingType: 'Away', rankings: [] },
        ],
      },
    });
    renderAt('/live/competition/7');
    expect(await screen.findByRole('heading', { name: 'Prva liga' })).toBeInTheDocument();
    expect(screen.getByText('Season 2026/27')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Live matches' })).getByRole('listitem')).toHaveTextContent('Partizan Seniori3:4Zvezda Seniori');
    expect(within(screen.getByRole('list', { name: 'Round 1 matches' })).getByRole('listitem')).toHaveTextContent('FinalJadran12:9Vojvodina');
    const table = within(screen.getByRole('region', { name: 'Overall standings' }));
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Partizan', 'Zvezda']);
    expect(table.queryByRole('link', { name: 'Partizan' })).toBeNull();
    expect(document.title).toBe('Prva liga · PoloDesk');
  });
});
