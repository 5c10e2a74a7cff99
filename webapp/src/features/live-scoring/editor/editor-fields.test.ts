import { describe, expect, it } from 'vitest';
import { DOUBLE_NEEDS_FOULED } from '@/lib/event-rules';
import { capKey } from './cap-keys';
import { errorsByField, fieldEnabled, fieldOfPath, firstEmptyPlayer, firstNeeded, firstWithError, nextField } from './editor-fields';
import { editorReducer } from './editor-state';
import { AWAY, HOME, open } from './editor-test-match';

describe('typing a cap', () => {
  const caps = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

  it('picks a cap no other cap extends at once', () => {
    expect(capKey('', '7', caps)).toEqual({ kind: 'pick', cap: 7, typed: '', done: true });
  });

  it('picks cap 1 but waits while 10 to 13 may follow', () => {
    expect(capKey('', '1', caps)).toEqual({ kind: 'pick', cap: 1, typed: '1', done: false });
    expect(capKey('1', '2', caps)).toEqual({ kind: 'pick', cap: 12, typed: '', done: true });
  });

  it('hands a digit that extends nothing to the next field', () => {
    expect(capKey('1', '5', caps)).toEqual({ kind: 'next' });
    expect(capKey('', '0', caps)).toEqual({ kind: 'none' });
  });

  it('waits when only longer caps start with the digit, and completes a single one', () => {
    expect(capKey('', '2', [20, 21])).toEqual({ kind: 'wait', typed: '2' });
    expect(capKey('2', '1', [20, 21])).toEqual({ kind: 'pick', cap: 21, typed: '', done: true });
    expect(capKey('', '2', [1, 21])).toEqual({ kind: 'pick', cap: 21, typed: '', done: true });
  });
});

describe('the fields', () => {
  it('sends focus to the first field still needed', () => {
    expect(firstNeeded(open(705))).toBe('team');
    expect(firstNeeded(open(705, { teamId: HOME }))).toBe('takenBy');
    expect(firstNeeded(open(705, { teamId: HOME, playerId: 107 }))).toBeNull();
    expect(firstNeeded(open(700, { teamId: AWAY }))).toBeNull();
    expect(firstNeeded(open(701))).toBe('homeSwimmer');
    const double = editorReducer(open(704, { teamId: HOME, playerId: 103 }), { type: 'doubleExclusion', on: true });
    expect(firstNeeded(double)).toBe('fouled');
  });

  it('sends a cap typed outside the player fields to the first player still empty', () => {
    expect(firstEmptyPlayer(open(705))).toBeNull();
    expect(firstEmptyPlayer(open(705, { teamId: HOME, isGoal: true }))).toBe('takenBy');
    expect(firstEmptyPlayer(open(705, { teamId: HOME, playerId: 107, isGoal: true }))).toBe('assistedBy');
    expect(firstEmptyPlayer(open(703, { teamId: HOME, playerId: 104 }))).toBe('wonBy');
    expect(firstEmptyPlayer(open(704, { teamId: HOME, playerId: 103 }))).toBe('fouled');
    expect(firstEmptyPlayer(open(700, { teamId: HOME }))).toBeNull();
  });

  it('walks to the next usable field: the assist after a goal’s scorer, the block after a miss’s', () => {
    const goal = open(705, { teamId: HOME, isGoal: true });
    expect(nextField(goal, 'takenBy')).toBe('assistedBy');
    expect(nextField(open(705, { teamId: HOME }), 'takenBy')).toBe('blockedBy');
    expect(nextField(goal, 'time')).toBeNull();
  });

  it('disables what the rules do not allow', () => {
    const penalty = open(705, { teamId: HOME, subTypeId: 1101 });
    expect(fieldEnabled(penalty, 'fastBreak')).toBe(false);
    expect(fieldEnabled(penalty, 'directFromFoul')).toBe(false);
    expect(fieldEnabled(open(704, { teamId: HOME }), 'penaltyExclusion')).toBe(false);
    expect(fieldEnabled(open(704, { teamId: HOME, subTypeId: 1003 }), 'penaltyExclusion')).toBe(true);
    expect(fieldEnabled(open(705), 'takenBy')).toBe(false);
  });

  it('puts each message at its field, and the rest above the form', () => {
    expect(fieldOfPath('exclusion.fouledPlayerId')).toBe('fouled');
    expect(fieldOfPath('timeout.teamId')).toBe('team');
    expect(fieldOfPath('minute')).toBe('time');
    expect(fieldOfPath('swimoff')).toBeNull();
    const errors = { swimoff: ['This period already has a swim-off.'], 'exclusion.fouledPlayerId': [DOUBLE_NEEDS_FOULED] };
    expect(errorsByField(errors)).toEqual({ fields: { fouled: DOUBLE_NEEDS_FOULED }, general: ['This period already has a swim-off.'] });
    expect(firstWithError(open(704, { teamId: HOME }), errors)).toBe('fouled');
  });
});
