// The live match page's state: the match session's reducer fed by the public API and the hub,
// read as the page draws it (play-by-play newest first with the running score, the score, the
// clock, the timeouts left), and a gap in the hub's messages asking for a reload.
import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { Hub, type MatchMessage } from '@/lib/hub';
import { FakeSocket } from '@/test/fake-socket';
import { matchDetailOf } from '@/test/fixtures/matches';
import {
  initialModel,
  loggedEvents,
  type SessionAction,
  type SessionModel,
  sessionReducer,
} from '@/features/match-session/session-reducer';
import { hasShots, lineup, playByPlay, timeoutsLeft } from '@/features/live/live-match';

type EventView = Schemas['EventView'];

const PARTIZAN = 31;
const ZVEZDA = 32;
const match = matchDetailOf({
  statusId: 202,
  status: 'Second_Period',
  revision: 10,
  homeTeamGoalsQ1: 1,
  homeTeamGoalsQ2: 0,
  homeTeamGoalsQ3: 0,
  homeTeamGoalsQ4: 0,
  homeTeamGoalsTotal: 1,
  awayTeamGoalsQ1: 0,
  awayTeamGoalsQ2: 0,
  awayTeamGoalsQ3: 0,
  awayTeamGoalsQ4: 0,
  awayTeamGoalsTotal: 0,
});
const score = (revision: number, home: number, away: number): Schemas['MatchScore'] => ({
  ...match,
  revision,
  homeTeamGoalsTotal: home,
  awayTeamGoalsTotal: away,
});
const goal = (id: number, teamId: number, takenById: number, periodId: EventView['periodId'], minute: number): EventView => ({
  id,
  matchId: 900,
  typeId: 705,
  periodId,
  minute,
  seconds: 0,
  shot: { teamId, typeId: 1100, takenById, isGoal: true },
});
const timeout = (id: number, teamId: number): EventView => ({ id, matchId: 900, typeId: 700, periodId: 1201, minute: 6, seconds: 10, timeout: { teamId } });

const hub = (fields: Record<string, unknown>, seq: number): SessionAction => ({ type: 'hub', message: { matchId: 900, seq, ...fields } as MatchMessage });
const run = (actions: SessionAction[], from: SessionModel = initialModel(900)) => actions.reduce(sessionReducer, from);
const view = (model: SessionModel) => {
  const events = loggedEvents(model) as EventView[];
  return { events, plays: playByPlay(model.match!, events), score: `${model.match!.homeTeamGoalsTotal}:${model.match!.awayTeamGoalsTotal}` };
};

const opened = run([{ type: 'loaded', match, events: [goal(1, PARTIZAN, 507, 1200, 5)] }]);

describe('the live match page state', () => {
  it('adds a goal from the hub to the top of the play-by-play with the running score, and moves the score', () => {
    const next = run([hub({ type: 'Event', action: 'created', event: goal(2, ZVEZDA, 605, 1201, 7), match: score(11, 1, 1) }, 5)], opened);
    const { plays, score: shown } = view(next);
    expect(shown).toBe('1:1');
    expect(plays.map((row) => [row.period, row.time, row.team, row.player, row.type, row.score])).toEqual([
      ['Q2', '07:00', 'Zvezda Seniori', '#5 Luka Lukić', 'Shot', '1–1'],
      ['Q1', '05:00', 'Partizan Seniori', '#7 Marko Marković', 'Shot', '1–0'],
    ]);
    expect(plays[0]!.details).toMatch(/^Goal/);
  });

  it('takes a corrected event in place and a deleted one out, with the score the hub sends', () => {
    const corrected = run(
      [hub({ type: 'Event', action: 'updated', event: { ...goal(1, PARTIZAN, 501, 1200, 4), shot: { teamId: PARTIZAN, typeId: 1100, takenById: 501, isGoal: false } }, match: score(11, 0, 0) }, 5)],
      opened,
    );
    expect(view(corrected).plays.map((row) => [row.player, row.score, row.details.split(',')[0]])).toEqual([['#1 Novak Đurić', null, 'Missed']]);
    expect(view(corrected).score).toBe('0:0');
    const removed = run([hub({ type: 'Event', action: 'deleted', event: { id: 1 }, match: score(12, 0, 0) }, 6)], corrected);
    expect(view(removed).plays).toEqual([]);
  });

  it('keeps the newer score when an older message comes late', () => {
    const late = run([hub({ type: 'Event', action: 'created', event: goal(3, ZVEZDA, 605, 1201, 6), match: score(9, 0, 1) }, 5)], opened);
    expect(view(late).score).toBe('1:0');
  });

  it('keeps the published clock', () => {
    const clocked = run([hub({ type: 'Clock', period: 1201, remainingSeconds: 301, state: 'Running', runningSince: '2026-11-27T18:00:00.000Z' }, 5)], opened);
    expect(clocked.clock).toEqual({ period: 1201, remainingSeconds: 301, state: 'Running', runningSince: '2026-11-27T18:00:00.000Z' });
  });

  it('loads again on a match change (its status moves at once) and on missed messages', () => {
    const changed = run([hub({ type: 'Match', match: { ...score(11, 1, 0), statusId: 206, status: 'Finished' }, players: [], coaches: [], officials: [] }, 5)], opened);
    expect(changed.match!.statusId).toBe(206);
    expect(changed.reloads).toBe(opened.reloads + 1);
    expect(run([{ type: 'resync' }], opened).reloads).toBe(opened.reloads + 1);
  });

  it('asks for a reload when the hub skips a message', () => {
    const sockets: FakeSocket[] = [];
    const connection = new Hub({ url: () => 'ws://test/hubs/match', createSocket: (url) => sockets[sockets.push(new FakeSocket(url)) - 1]!, log: () => {} });
    let model = opened;
    connection.watchMatch(900, (feed) => {
      model = sessionReducer(model, feed.kind === 'resync' ? { type: 'resync' } : { type: 'hub', message: feed.message });
    });
    const socket = sockets[0]!;
    socket.open();
    expect(socket.url).not.toContain('access_token');
    socket.receive({ type: 'Joined', matchId: 900, seq: 4 });
    socket.receive({ type: 'Event', matchId: 900, seq: 5, action: 'created', event: goal(2, ZVEZDA, 605, 1201, 7), match: score(11, 1, 1) });
    expect(model.reloads).toBe(opened.reloads);
    socket.receive({ type: 'Event', matchId: 900, seq: 7, action: 'created', event: goal(4, ZVEZDA, 605, 1201, 3), match: score(13, 1, 3) });
    expect(model.reloads).toBe(opened.reloads + 1);
    connection.close();
  });

  it('writes a shootout goal\'s score as the regular time\'s with the shootout so far beside it, never the two added up', () => {
    const shootoutGoal = (id: number, teamId: number, isGoal = true): EventView => ({
      ...goal(id, teamId, teamId === PARTIZAN ? 507 : 605, 1204, 0),
      shot: { teamId, typeId: 1103, takenById: teamId === PARTIZAN ? 507 : 605, isGoal },
    });
    const events = [
      goal(1, PARTIZAN, 507, 1200, 5),
      goal(2, ZVEZDA, 605, 1203, 1),
      shootoutGoal(3, PARTIZAN),
      shootoutGoal(4, ZVEZDA, false),
      shootoutGoal(5, ZVEZDA),
      shootoutGoal(6, PARTIZAN),
    ];
    expect(playByPlay(match, events).map((row) => row.score)).toEqual(['1–1, 2–1 pen.', '1–1, 1–1 pen.', null, '1–1, 1–0 pen.', '1–1', '1–0']);
  });

  it('counts the timeouts left: two a match per team, less those called', () => {
    expect(timeoutsLeft(match, [])).toEqual({ home: 2, away: 2 });
    expect(timeoutsLeft(match, [timeout(1, ZVEZDA)])).toEqual({ home: 2, away: 1 });
    expect(timeoutsLeft(match, [timeout(1, ZVEZDA), timeout(2, ZVEZDA), timeout(3, ZVEZDA), timeout(4, PARTIZAN)])).toEqual({ home: 1, away: 0 });
  });

  it('lists the lineups by cap and knows when there are shots to map', () => {
    expect(lineup(match, PARTIZAN)).toEqual([
      { cap: 1, name: 'Novak Đurić' },
      { cap: 7, name: 'Marko Marković' },
    ]);
    expect(hasShots([timeout(1, ZVEZDA)])).toBe(false);
    expect(hasShots([goal(1, PARTIZAN, 507, 1200, 5)])).toBe(true);
  });
});
