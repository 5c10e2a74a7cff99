import { describe, expect, it } from 'vitest';
import type { LiveClock, LoggedEvent } from '@/features/match-session/session-types';
import {
  awayPlayer,
  AWAY,
  HOME,
  homePlayer,
  liveMatch,
  loggedEvent,
  swimOffEvent,
} from '@/features/live-scoring/scoring-fixtures';
import {
  callsLeft,
  type Effect,
  initialScoring,
  KEEPERS_PROMPT,
  NOTHING_TO_UNDO,
  PICK_FIRST,
  type ScoringAction,
  type ScoringState,
  step,
} from '@/features/live-scoring/scoring-state';
import { NO_TIMEOUTS_LEFT } from '@/lib/event-rules';
import { HOME_SWIMMER_REQUIRED, TAKEN_BY_REQUIRED } from '@/features/live-scoring/editor/editor-state';

const AT = '2026-11-26T13:00:00.000Z';
const LATER = '2026-11-26T13:00:01.000Z';

/** The screen after the session gave the match with `events`, and the effects of `actions` after that. */
function run(events: LoggedEvent[], actions: ScoringAction[]): { state: ScoringState; effects: Effect[] } {
  let state = step(initialScoring, { type: 'session', match: liveMatch(), events, published: null, at: AT }).state;
  const effects: Effect[] = [];
  for (const action of actions) {
    const next = step(state, action);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

const keys = (text: string): ScoringAction[] =>
  text.split(' ').flatMap((word) => (word === 'Enter' || word === 'Escape' || word === 'space' ? [word === 'space' ? ' ' : word] : [...word])).map((key) => ({ type: 'key', key, at: AT }));

const saved = (effects: Effect[]) => effects.flatMap((effect) => (effect.kind === 'saveEvent' ? [effect] : []));
const published = (effects: Effect[]) => effects.flatMap((effect) => (effect.kind === 'publishClock' ? [effect.clock] : []));

describe('the live scoring screen state', () => {
  it('restores the clock from the latest event of the highest period on load, and selects cap 1 as each keeper', () => {
    const { state, effects } = run([swimOffEvent(1201), loggedEvent({ typeId: 700, periodId: 1201, minute: 5, seconds: 12, timeout: { teamId: HOME } })], []);
    expect(state.clock).toMatchObject({ period: 1201, remainingSeconds: 312, state: 'Stopped' });
    expect(state.keepers).toEqual({ home: homePlayer(1), away: awayPlayer(1) });
    expect(effects).toEqual([]);
  });

  it('logs a goal by white 7 with w7g Enter: the editor opens pausing the clock, the save stops it', () => {
    const { state } = run([swimOffEvent()], [{ type: 'startStop', at: AT }, ...keys('w7g')]);
    expect(state.editor?.state).toMatchObject({ teamId: HOME, shot: { takenById: homePlayer(7), isGoal: true } });
    expect(state.clock?.state).toBe('Paused');
    const after = step(state, { type: 'key', key: 'Enter', at: LATER });
    expect(saved(after.effects)).toEqual([
      {
        kind: 'saveEvent',
        input: expect.objectContaining({ typeId: 705, periodId: 1200, minute: 8, seconds: 0, shot: expect.objectContaining({ takenById: homePlayer(7), isGoal: true }) }),
      },
    ]);
    expect(after.state.editor).toBeNull();
    expect(after.state.clock?.state).toBe('Stopped');
    expect(published(after.effects).map((clock) => clock.state)).toEqual(['Stopped']);
  });

  it('opens an event for a team alone with w g, its scorer to be typed in the editor', () => {
    const { state, effects } = run([swimOffEvent()], keys('wg Enter'));
    expect(state.editor?.state).toMatchObject({ teamId: HOME, shot: { takenById: null, isGoal: true }, submitted: true });
    expect(state.message).toBe(TAKEN_BY_REQUIRED);
    expect(saved(effects)).toEqual([]);
  });

  it('saves an exclusion with b5x Enter', () => {
    const { state, effects } = run([swimOffEvent()], keys('b5x Enter'));
    expect(state.editor).toBeNull();
    expect(saved(effects)[0]!.input.exclusion).toMatchObject({ teamId: AWAY, typeId: 1000, excludedPlayerId: awayPlayer(5) });
  });

  it('saves what the editor sends, and keeps a 5m penalty (p) stopping the clock', () => {
    const { state, effects } = run([swimOffEvent()], [...keys('space w4p'), { type: 'editor', action: { type: 'fouledBy', playerId: awayPlayer(2) } }, ...keys('Enter')]);
    expect(saved(effects)[0]!.input.exclusion).toMatchObject({ teamId: HOME, typeId: 1003, excludedPlayerId: homePlayer(4), fouledPlayerId: awayPlayer(2) });
    expect(state.clock?.state).toBe('Stopped');
  });

  it('saves a timeout at once with tw, stopping the running clock, and counts the timeouts left', () => {
    const { state, effects } = run([swimOffEvent()], [{ type: 'startStop', at: AT }, ...keys('tw')]);
    expect(saved(effects)[0]!.input).toMatchObject({ typeId: 700, timeout: { teamId: HOME } });
    expect(state.clock?.state).toBe('Stopped');
    expect(published(effects).map((clock) => clock.state)).toEqual(['Running', 'Stopped']);
    const both = [swimOffEvent(), loggedEvent({ typeId: 700, timeout: { teamId: HOME } }), loggedEvent({ typeId: 700, timeout: { teamId: HOME } })];
    const third = run(both, keys('tw'));
    expect(callsLeft(third.state, 'timeout', 'home')).toBe(0);
    expect(callsLeft(third.state, 'timeout', 'away')).toBe(2);
    expect(saved(third.effects)).toEqual([]);
    expect(third.state.message).toBe(NO_TIMEOUTS_LEFT);
  });

  it('asks to confirm the goalkeepers before the clock starts in a period without a swim-off, then starts a swim-off that starts the clock when saved', () => {
    const { state: asked } = run([], keys('space'));
    expect(asked.keepersPrompt).toBe(true);
    expect(asked.clock?.state).toBe('Stopped');
    expect(KEEPERS_PROMPT).toBe('Please confirm selected active goalkeepers');
    const { state: open } = run([], [...keys('space'), { type: 'keeper', side: 'away', playerId: awayPlayer(13) }, ...keys('Enter')]);
    expect(open.keepers.away).toBe(awayPlayer(13));
    expect(open.editor?.state).toMatchObject({ typeId: 701, keepers: { [AWAY]: awayPlayer(13) } });
    expect(run([], keys('space Enter Enter')).state.message).toBe(HOME_SWIMMER_REQUIRED);
    const { state, effects } = run([], [
      ...keys('space Enter'),
      { type: 'editor', action: { type: 'homeSwimmer', playerId: homePlayer(7) } },
      ...keys('b7f Enter'),
    ]);
    expect(saved(effects)[0]!.input.swimoff).toEqual({
      homeTeamSwimmerId: homePlayer(7),
      awayTeamSwimmerId: awayPlayer(7),
      winnerSwimmerId: awayPlayer(7),
      winnerTeamId: AWAY,
    });
    expect(state.clock?.state).toBe('Running');
  });

  it('opens the next swim-off between the last swimmers, won by the player picked with f', () => {
    const { effects } = run([swimOffEvent(1200)], keys('n b7f Enter'));
    expect(saved(effects)[0]!.input).toMatchObject({
      periodId: 1201,
      swimoff: { homeTeamSwimmerId: homePlayer(7), awayTeamSwimmerId: awayPlayer(7), winnerSwimmerId: awayPlayer(7), winnerTeamId: AWAY },
    });
  });

  it('adjusts the clock only when it is not running, and publishes each change', () => {
    const { state, effects } = run([swimOffEvent()], keys('[ ] } } = -'));
    expect(state.clock?.remainingSeconds).toBe(420);
    expect(published(effects).map((clock) => clock.remainingSeconds)).toEqual([479, 480, 420]);
    const running = run([swimOffEvent()], keys('space ['));
    expect(running.state.clock?.remainingSeconds).toBe(480);
    expect(running.state.message).toBe('Stop the clock before adjusting it.');
  });

  it('ticks the running clock without publishing every second', () => {
    const { state, effects } = run([swimOffEvent()], [...keys('space'), { type: 'tick', at: LATER }, { type: 'tick', at: LATER }]);
    expect(state.clock?.remainingSeconds).toBe(478);
    expect(published(effects)).toHaveLength(1);
  });

  it('publishes the clock when a tick runs it out, as it stops then', () => {
    const last = loggedEvent({ typeId: 700, minute: 0, seconds: 1, timeout: { teamId: HOME } });
    const { state, effects } = run([swimOffEvent(), last], [...keys('space'), { type: 'tick', at: LATER }]);
    expect(state.clock).toMatchObject({ remainingSeconds: 0, state: 'Stopped' });
    expect(published(effects).map((clock) => clock.state)).toEqual(['Running', 'Stopped']);
  });

  it('goes to the next period with n, which resets the clock', () => {
    const { state } = run([swimOffEvent()], keys('{ n'));
    expect(state.clock).toMatchObject({ period: 1201, remainingSeconds: 480 });
  });

  it('asks before undoing the last event of the period, and deletes it on Enter', () => {
    const goal = loggedEvent({ typeId: 705, minute: 6, shot: { teamId: HOME, typeId: 1100, takenById: homePlayer(7), isGoal: true } });
    const { state: asking } = run([swimOffEvent(), goal], keys('u'));
    expect(asking.deleting).toBe(goal.key);
    // The row marked is the one asked about, not a row marked before.
    const swimOff = swimOffEvent();
    const marked = run([swimOff, goal], [{ type: 'cursor', key: swimOff.key }, ...keys('u')]).state;
    expect(marked).toMatchObject({ deleting: goal.key, cursor: goal.key });
    const { state, effects } = run([swimOffEvent(), goal], keys('u Enter'));
    expect(state.deleting).toBeNull();
    expect(effects).toEqual([{ kind: 'deleteEvent', key: goal.key }]);
    expect(run([], keys('u')).state.message).toBe(NOTHING_TO_UNDO);
  });

  it('edits the highlighted event with Enter, pausing the clock, and saves it as a correction', () => {
    const goal = loggedEvent({ typeId: 705, minute: 6, shot: { teamId: HOME, typeId: 1100, takenById: homePlayer(7), isGoal: true } });
    const { state, effects } = run([swimOffEvent(), goal], [...keys('space'), { type: 'key', key: 'ArrowDown', at: AT }, { type: 'key', key: 'ArrowDown', at: AT }, ...keys('Enter')]);
    expect(state.editor).toMatchObject({ target: { key: goal.key }, state: { eventId: goal.id } });
    expect(state.clock?.state).toBe('Paused');
    const done = step(state, { type: 'key', key: 'Enter', at: LATER });
    expect(saved(done.effects)).toEqual([{ kind: 'saveEvent', input: expect.objectContaining({ id: goal.id, typeId: 705 }), target: { key: goal.key } }]);
    expect(published(effects).map((clock) => clock.state)).toEqual(['Running', 'Paused']);
    expect(done.state.clock?.state).toBe('Running');
  });

  it('needs a picked player for an event key, and refuses a player who is out of the match', () => {
    expect(run([swimOffEvent()], keys('g')).state.message).toBe(PICK_FIRST);
    const brutality = loggedEvent({ typeId: 704, exclusion: { teamId: HOME, typeId: 1002, excludedPlayerId: homePlayer(4) } });
    const { state } = run([swimOffEvent(), brutality], keys('w4'));
    expect(state.selection).toBeNull();
    expect(state.message).toBe('Cap 4 of white is out of the match.');
  });

  it('cancels the open event with Escape, resuming the paused clock', () => {
    const { state, effects } = run([swimOffEvent()], keys('space w7s Escape'));
    expect(state.editor).toBeNull();
    expect(state.clock?.state).toBe('Running');
    expect(saved(effects)).toEqual([]);
  });
});

describe('the clock published on the hub', () => {
  const events = [swimOffEvent(1201), loggedEvent({ typeId: 700, periodId: 1201, minute: 5, seconds: 12, timeout: { teamId: HOME } })];
  const session = (published: LiveClock | null, logged = events): ScoringAction => ({ type: 'session', match: liveMatch(), events: logged, published, at: AT });
  // Published 10 s before AT, running from 5:00 of the 2nd period.
  const runningClock: LiveClock = { period: 1201, remainingSeconds: 300, state: 'Running', runningSince: '2026-11-26T12:59:50.000Z' };

  it('takes over the clock restored from the events on load: a running one keeps running from the time it shows now', () => {
    const loaded = step(initialScoring, session(runningClock));
    expect(loaded.state.clock).toEqual({ period: 1201, remainingSeconds: 290, state: 'Running', runningSince: AT, segmentSeconds: 480 });
    // Taking it on tells viewers nothing new.
    expect(loaded.effects).toEqual([]);
    const ticked = step(loaded.state, { type: 'tick', at: LATER });
    expect(ticked.state.clock).toMatchObject({ remainingSeconds: 289, state: 'Running' });
  });

  it('is taken when it comes after the match loaded, until the secretary changes the clock here', () => {
    const loaded = step(initialScoring, session(null)).state;
    expect(loaded.clock).toMatchObject({ period: 1201, remainingSeconds: 312, state: 'Stopped' });
    const followed = step(loaded, session({ period: 1202, remainingSeconds: 480, state: 'Stopped', runningSince: null })).state;
    expect(followed.clock).toMatchObject({ period: 1202, remainingSeconds: 480, state: 'Stopped' });
    const adjusted = step(followed, { type: 'adjust', seconds: -10 });
    expect(published(adjusted.effects)).toEqual([{ period: 1202, remainingSeconds: 470, state: 'Stopped', runningSince: null }]);
    // From now on this screen's clock is the match's: another published clock does not move it.
    const later = step(adjusted.state, session({ ...runningClock, period: 1203 }));
    expect(later.state.clock).toMatchObject({ period: 1202, remainingSeconds: 470, state: 'Stopped' });
  });

  it('is left aside once the log holds a write not yet sent: the events are newer than any clock the hub heard', () => {
    const waiting = { ...events[1]!, id: null, pending: { kind: 'create' as const, state: 'waiting' as const, message: null } };
    const offline = step(initialScoring, session(runningClock, [events[0]!, waiting])).state;
    expect(offline.clock).toMatchObject({ period: 1201, remainingSeconds: 312, state: 'Stopped' });
    // Sent once back online, the hub's older clock still does not take over.
    const online = step(offline, session(runningClock)).state;
    expect(online.clock).toMatchObject({ period: 1201, remainingSeconds: 312, state: 'Stopped' });
  });

  it("is left aside when it is of an earlier period than the events' latest", () => {
    const { state } = step(initialScoring, session({ period: 1200, remainingSeconds: 30, state: 'Paused', runningSince: null }));
    expect(state.clock).toMatchObject({ period: 1201, remainingSeconds: 312, state: 'Stopped' });
  });
});
