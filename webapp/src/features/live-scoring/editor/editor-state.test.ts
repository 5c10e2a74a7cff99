import { describe, expect, it } from 'vitest';
import {
  ASSIST_NOT_GOAL,
  DOUBLE_NEEDS_FOULED,
  EXCLUDED_FOR_GOOD,
  NO_TIMEOUTS_LEFT,
  PLAYER_OR_COACH_REQUIRED,
} from '@/lib/event-rules';
import { editorSides } from './editor-sides';
import {
  checkEditor,
  type EditorAction,
  editorReducer,
  type EditorState,
  missingFields,
  openEditor,
  shownErrors,
  TAKEN_BY_REQUIRED,
  TEAM_REQUIRED,
  toEventInput,
  WINNER_REQUIRED,
} from './editor-state';
import { API_MATCH, AWAY, exclusionOf, HOME, KEEPERS, MATCH, open, RULES_MATCH } from './editor-test-match';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

describe('opening the editor', () => {
  it('starts a goal with its team and scorer at the clock time', () => {
    const state = open(705, { teamId: HOME, playerId: 107, isGoal: true });
    expect(state).toMatchObject({ eventId: null, typeId: 705, periodId: 1200, minute: 5, seconds: 30, teamId: HOME });
    expect(state.shot).toMatchObject({ typeId: 1100, takenById: 107, isGoal: true });
  });

  it('starts a 5m exclusion, a red card and a turnover with their sub-type and player', () => {
    expect(open(704, { teamId: HOME, playerId: 103, subTypeId: 1003 }).exclusion).toMatchObject({ typeId: 1003, excluded: { playerId: 103 } });
    expect(open(702, { teamId: AWAY, playerId: 204, subTypeId: 801 }).card).toEqual({ typeId: 801, carded: { playerId: 204 } });
    expect(open(703, { teamId: AWAY, playerId: 205, subTypeId: 902 }).turnover).toMatchObject({ typeId: 902, lostPossesionPlayerId: 205 });
  });

  it('puts a swimmer on the side of his team', () => {
    expect(open(701, { teamId: AWAY, playerId: 206 }).swimoff).toEqual({ homeTeamSwimmerId: null, awayTeamSwimmerId: 206, winnerSwimmerId: null });
  });

  it('takes a logged shot apart and sends it back unchanged, with its id', () => {
    const existing = {
      id: 42,
      matchId: MATCH.id,
      typeId: 705 as const,
      periodId: 1201 as const,
      minute: 3,
      seconds: 12,
      clientId: '7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f',
      shot: {
        teamId: AWAY,
        typeId: 1102 as const,
        takenById: 203,
        assistedById: 204,
        blockedById: null,
        savedById: null,
        isGoal: true,
        isFastBreak: true,
        isDirectFromFoul: false,
        locationX: 0.5,
        locationY: 0.25,
        targetX: 0.2,
        targetY: 0.9,
      },
    };
    const state = openEditor({ match: MATCH, keepers: KEEPERS, typeId: 700, period: 1200, minute: 0, seconds: 0, existing });
    expect(state).toMatchObject({ eventId: 42, typeId: 705, periodId: 1201, minute: 3, seconds: 12, teamId: AWAY });
    expect(toEventInput(state)).toEqual(existing);
  });
});

describe('shot rules (spec 02 §4)', () => {
  const shot = open(705, { teamId: HOME, playerId: 107 });

  it('toggling goal clears blocked-by and assisted-by, both ways', () => {
    const goal = run(shot, { type: 'goal', isGoal: true }, { type: 'assistedBy', playerId: 105 });
    expect(goal.shot.assistedById).toBe(105);
    expect(run(goal, { type: 'goal', isGoal: false }).shot).toMatchObject({ isGoal: false, assistedById: null, blockedById: null });
    const blocked = run(shot, { type: 'blockedBy', playerId: 204 });
    expect(run(blocked, { type: 'goal', isGoal: true }).shot).toMatchObject({ isGoal: true, assistedById: null, blockedById: null });
  });

  it('selecting blocked-by clears assisted-by and saved-by', () => {
    const saved = run(shot, { type: 'savedBy', playerId: 201 });
    expect(run(saved, { type: 'blockedBy', playerId: 204 }).shot).toMatchObject({ blockedById: 204, savedById: null, assistedById: null });
  });

  it('selecting assisted-by clears blocked-by', () => {
    // Only a goal is assisted, and a goal is never blocked; the rule holds on the draft itself.
    const draft = { ...shot, shot: { ...shot.shot, isGoal: true, blockedById: 204 } };
    expect(run(draft, { type: 'assistedBy', playerId: 105 }).shot).toMatchObject({ assistedById: 105, blockedById: null });
  });

  it('offers blocked-by only for misses and assisted-by only for goals', () => {
    expect(run(shot, { type: 'assistedBy', playerId: 105 }).shot.assistedById).toBeNull();
    const goal = run(shot, { type: 'goal', isGoal: true });
    expect(run(goal, { type: 'blockedBy', playerId: 204 }).shot.blockedById).toBeNull();
  });

  it.each([1101, 1103] as const)('penalty type %i resets and refuses fast break and direct from foul', (typeId) => {
    const fast = run(shot, { type: 'fastBreak', on: true }, { type: 'directFromFoul', on: true });
    const penalty = run(fast, { type: 'shotType', typeId });
    expect(penalty.shot).toMatchObject({ typeId, isFastBreak: false, isDirectFromFoul: false });
    expect(run(penalty, { type: 'fastBreak', on: true }, { type: 'directFromFoul', on: true }).shot).toMatchObject({ isFastBreak: false, isDirectFromFoul: false });
    expect(run(penalty, { type: 'shotType', typeId: 1102 }, { type: 'fastBreak', on: true }).shot.isFastBreak).toBe(true);
  });

  // The bounds and every edge of the rule are the shared vectors (lib/shot-target.test.ts); these
  // check that each action of the form runs it.
  it('a target inside the goal area on a miss is saved by the opposing keeper', () => {
    expect(run(shot, { type: 'target', point: { x: 0.5, y: 0.7 } }).shot).toMatchObject({ target: { x: 0.5, y: 0.7 }, savedById: 201 });
    const away = open(705, { teamId: AWAY, playerId: 207 });
    expect(run(away, { type: 'target', point: { x: 0.168, y: 0.347 } }).shot.savedById).toBe(101);
    expect(run(shot, { type: 'target', point: { x: 0.5, y: 0.346 } }).shot.savedById).toBeNull();
  });

  it('a goal or a blocked shot on target is not saved', () => {
    const goal = run(shot, { type: 'goal', isGoal: true }, { type: 'target', point: { x: 0.5, y: 0.7 } });
    expect(goal.shot.savedById).toBeNull();
    const blocked = run(shot, { type: 'blockedBy', playerId: 204 }, { type: 'target', point: { x: 0.5, y: 0.7 } });
    expect(blocked.shot.savedById).toBeNull();
  });

  it('a shot on target becomes saved again when it stops being a goal or blocked', () => {
    const onTarget = run(shot, { type: 'goal', isGoal: true }, { type: 'target', point: { x: 0.5, y: 0.7 } });
    expect(run(onTarget, { type: 'goal', isGoal: false }).shot.savedById).toBe(201);
    const blocked = run(shot, { type: 'target', point: { x: 0.5, y: 0.7 } }, { type: 'blockedBy', playerId: 204 });
    expect(blocked.shot.savedById).toBeNull();
    expect(run(blocked, { type: 'blockedBy', playerId: null }).shot.savedById).toBe(201);
  });

  it('the save a target set goes when the target leaves the goal area; a save picked by hand stays', () => {
    const saved = run(shot, { type: 'target', point: { x: 0.5, y: 0.7 } });
    expect(run(saved, { type: 'target', point: { x: 0.9, y: 0.9 } }).shot.savedById).toBeNull();
    const picked = run(saved, { type: 'savedBy', playerId: 213 });
    expect(picked.shot.savedById).toBe(213);
    expect(run(picked, { type: 'target', point: { x: 0.9, y: 0.9 } }).shot.savedById).toBe(213);
    expect(run(saved, { type: 'savedBy', playerId: null }, { type: 'fastBreak', on: true }).shot.savedById).toBeNull();
  });

  it("a shot on target changing team is saved by the new opponent's keeper", () => {
    const saved = run(shot, { type: 'target', point: { x: 0.5, y: 0.7 } });
    expect(run(saved, { type: 'team', teamId: AWAY }).shot.savedById).toBe(101);
  });

  it('keeps coordinates within 0..1 to three decimals', () => {
    const state = run(shot, { type: 'target', point: { x: 0.12345, y: 1.2 } }, { type: 'location', point: { x: -0.1, y: 0.66666 } });
    expect(state.shot.target).toEqual({ x: 0.123, y: 1 });
    expect(state.shot.location).toEqual({ x: 0, y: 0.667 });
  });

  it('changing team drops the players picked for the other side', () => {
    const picked = run(shot, { type: 'blockedBy', playerId: 204 }, { type: 'team', teamId: AWAY });
    expect(picked.shot).toMatchObject({ takenById: null, blockedById: null, savedById: null });
  });

  it('builds the shot record', () => {
    const goal = run(shot, { type: 'goal', isGoal: true }, { type: 'assistedBy', playerId: 105 }, { type: 'location', point: { x: 0.4, y: 0.2 } });
    expect(toEventInput(goal)).toEqual({
      matchId: 1,
      typeId: 705,
      periodId: 1200,
      minute: 5,
      seconds: 30,
      shot: {
        teamId: HOME,
        typeId: 1100,
        takenById: 107,
        assistedById: 105,
        blockedById: null,
        savedById: null,
        isGoal: true,
        isFastBreak: false,
        isDirectFromFoul: false,
        locationX: 0.4,
        locationY: 0.2,
        targetX: null,
        targetY: null,
      },
    });
  });
});

describe('exclusion rules', () => {
  const exclusion = open(704, { teamId: HOME, playerId: 103 });

  it('allows the penalty exclusion only with the 5m type, and drops it when the type changes', () => {
    expect(run(exclusion, { type: 'penaltyExclusion', on: true }).exclusion.isPenaltyExclusion).toBe(false);
    const penalty = run(exclusion, { type: 'exclusionType', typeId: 1003 }, { type: 'penaltyExclusion', on: true });
    expect(penalty.exclusion.isPenaltyExclusion).toBe(true);
    expect(run(penalty, { type: 'exclusionType', typeId: 1001 }).exclusion.isPenaltyExclusion).toBe(false);
  });

  it('refuses a double exclusion without a fouled player, with the rules’ message', () => {
    const double = run(exclusion, { type: 'doubleExclusion', on: true });
    expect(checkEditor(double, RULES_MATCH, [])).toMatchObject({ input: null, errors: { 'exclusion.fouledPlayerId': [DOUBLE_NEEDS_FOULED] } });
  });

  it('shows the double exclusion’s mirrored twin for the other team', () => {
    const double = run(exclusion, { type: 'doubleExclusion', on: true }, { type: 'fouledBy', playerId: 206 });
    const check = checkEditor(double, RULES_MATCH, []);
    expect(check.errors).toBeNull();
    expect(check.twin?.exclusion).toMatchObject({ teamId: AWAY, excludedPlayerId: 206, fouledPlayerId: 103, isDoubleExclusion: true });
  });

  it('takes a coach as the excluded person', () => {
    const coach = run(exclusion, { type: 'excluded', person: { coachId: 15 } });
    expect(toEventInput(coach)?.exclusion).toMatchObject({ excludedPlayerId: null, excludedCoachId: 15 });
  });

  it('refuses a player already out for good, leaving out the exclusion being corrected', () => {
    const events = [exclusionOf(1, 103), exclusionOf(2, 103), exclusionOf(3, 103)];
    expect(checkEditor(exclusion, RULES_MATCH, events).errors).toEqual({ 'exclusion.excludedPlayerId': [EXCLUDED_FOR_GOOD] });
    const correcting = openEditor({ match: MATCH, keepers: KEEPERS, typeId: 704, period: 1200, minute: 0, seconds: 0, existing: events[2] });
    expect(checkEditor(correcting, RULES_MATCH, events).errors).toBeNull();
  });

  it('leaves out a correction still waiting in the outbox by its clientId', () => {
    const clientId = '7f0c8d6e-2f0a-4c8b-9d0e-1a2b3c4d5e6f';
    const waiting = { ...exclusionOf(3, 103), id: null, clientId };
    const events = [exclusionOf(1, 103), exclusionOf(2, 103), waiting];
    const correcting = openEditor({ match: MATCH, keepers: KEEPERS, typeId: 704, period: 1200, minute: 0, seconds: 0, existing: waiting });
    expect(toEventInput(correcting)).toMatchObject({ clientId });
    expect(toEventInput(correcting)).not.toHaveProperty('id');
    expect(checkEditor(correcting, RULES_MATCH, events).errors).toBeNull();
    expect(checkEditor(open(704, { teamId: HOME, playerId: 103 }), RULES_MATCH, events).errors).toEqual({ 'exclusion.excludedPlayerId': [EXCLUDED_FOR_GOOD] });
  });
});

describe('the other types', () => {
  it('changing the turnover type clears the winner of possession', () => {
    const turnover = run(open(703, { teamId: HOME, playerId: 104 }), { type: 'wonBy', playerId: 205 });
    expect(turnover.turnover.wonPossesionPlayerId).toBe(205);
    expect(run(turnover, { type: 'turnoverType', typeId: 901 }).turnover).toEqual({ typeId: 901, lostPossesionPlayerId: 104, wonPossesionPlayerId: null });
  });

  it('gives a swim-off its winner’s team, and forgets a winner who no longer swims', () => {
    const swimoff = run(open(701), { type: 'homeSwimmer', playerId: 105 }, { type: 'awaySwimmer', playerId: 206 }, { type: 'swimOffWinner', playerId: 206 });
    expect(toEventInput(swimoff)?.swimoff).toEqual({ homeTeamSwimmerId: 105, awayTeamSwimmerId: 206, winnerSwimmerId: 206, winnerTeamId: AWAY });
    expect(run(swimoff, { type: 'awaySwimmer', playerId: 207 }).swimoff.winnerSwimmerId).toBeNull();
    expect(missingFields(run(swimoff, { type: 'awaySwimmer', playerId: 207 }))).toEqual({ 'swimoff.winnerSwimmerId': [WINNER_REQUIRED] });
  });

  it('refuses a third timeout with the rules’ message', () => {
    const timeouts = [1, 2].map((id) => ({ id, matchId: 1, typeId: 700 as const, periodId: 1200 as const, minute: 6, seconds: id, timeout: { teamId: HOME } }));
    const timeout = open(700, { teamId: HOME });
    expect(toEventInput(timeout)).toEqual({ matchId: 1, typeId: 700, periodId: 1200, minute: 5, seconds: 30, timeout: { teamId: HOME } });
    expect(checkEditor(timeout, RULES_MATCH, timeouts).errors).toEqual({ 'timeout.teamId': [NO_TIMEOUTS_LEFT] });
    expect(checkEditor(open(706, { teamId: HOME }), RULES_MATCH, timeouts).input).toEqual({ matchId: 1, typeId: 706, periodId: 1200, minute: 5, seconds: 30, challenge: { teamId: HOME } });
  });
});

describe('messages', () => {
  it('names what is missing and sends nothing', () => {
    const state = open(705);
    expect(missingFields(state)).toEqual({ 'shot.teamId': [TEAM_REQUIRED], 'shot.takenById': [TAKEN_BY_REQUIRED] });
    expect(toEventInput(state)).toBeNull();
  });

  it('keeps "required" messages back until a save is tried, and shows the others at once', () => {
    const card = open(702, { teamId: HOME });
    const errors = checkEditor(card, RULES_MATCH, []).errors;
    expect(errors).toEqual({ 'card.cardedPlayerId': [PLAYER_OR_COACH_REQUIRED] });
    expect(shownErrors(card, errors)).toEqual({});
    expect(shownErrors(run(card, { type: 'submitted' }), errors)).toEqual(errors);
    const mixed = { 'shot.assistedById': [ASSIST_NOT_GOAL], 'shot.takenById': [TAKEN_BY_REQUIRED] };
    expect(shownErrors(card, mixed)).toEqual({ 'shot.assistedById': [ASSIST_NOT_GOAL] });
  });
});

describe('the sides', () => {
  it.each([
    ['three exclusions', [exclusionOf(1, 103), exclusionOf(2, 103), exclusionOf(3, 103)]],
    ['a suspension', [exclusionOf(1, 103, 1001)]],
    ['a brutality', [exclusionOf(1, 103, 1002)]],
  ])('disables a player after %s', (_, events) => {
    const sides = editorSides(API_MATCH, events);
    expect(sides.home.players.find((player) => player.playerId === 103)?.disabled).toBe(true);
    expect(sides.home.players.filter((player) => player.disabled)).toHaveLength(1);
  });

  it('keeps a player with two exclusions', () => {
    const sides = editorSides(API_MATCH, [exclusionOf(1, 103), exclusionOf(2, 103)]);
    expect(sides.home.players.every((player) => !player.disabled)).toBe(true);
    expect(sides.home.players.map((player) => player.cap)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(sides.away.coaches).toEqual([{ coachId: 25, name: 'Zoran Coach', role: 'Head Coach' }]);
  });
});
