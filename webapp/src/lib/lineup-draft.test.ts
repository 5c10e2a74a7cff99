import { describe, expect, it } from 'vitest';
import {
  lineupInput,
  lineupsOf,
  namedPlayers,
  referencedMessage,
  removedReferenced,
  setSlot,
  type SlotPlayer,
  usedElsewhere,
} from '@/lib/lineup-draft';
import type { DescribedEvent } from '@/lib/match-events';
import { matchDetailOf } from '@/test/fixtures/matches';

const match = matchDetailOf();
const saved = lineupsOf(match);
const filip: SlotPlayer = { playerId: 504, name: 'Filip Filipović', capNumber: 4 };
const marko: SlotPlayer = { playerId: 507, name: 'Marko Marković', capNumber: 7 };

const goalBy = (takenById: number, assistedById?: number): DescribedEvent => ({
  matchId: 900,
  typeId: 705,
  periodId: 1200,
  minute: 6,
  seconds: 0,
  shot: { teamId: 31, typeId: 1100, takenById, assistedById, isGoal: true },
});

describe('lineup draft', () => {
  it("puts the match's players in their slots 1 to 16 with their caps", () => {
    expect(saved.home).toHaveLength(16);
    expect(saved.home[0]).toEqual({ playerId: 501, name: 'Novak Đurić', capNumber: 1 });
    expect(saved.home[6]).toEqual(marko);
    expect(saved.away[4]).toEqual({ playerId: 605, name: 'Luka Lukić', capNumber: 5 });
    expect(saved.home.filter((player) => player !== null)).toHaveLength(2);
  });

  it('takes each player once per team: the players of the other slots are not offered', () => {
    expect([...usedElsewhere(saved.home, 3)]).toEqual([501, 507]);
    expect([...usedElsewhere(saved.home, 7)]).toEqual([501]);
    const same = setSlot(saved, 'home', 3, marko, new Set());
    expect(same).toEqual({ lineups: saved });
    const added = setSlot(saved, 'home', 4, filip, new Set());
    expect('lineups' in added && added.lineups.home[3]).toEqual(filip);
  });

  it("refuses to take out a player an event names, with the side's message", () => {
    const named = namedPlayers([goalBy(507, 501)]);
    expect(setSlot(saved, 'home', 7, null, named)).toEqual({ refused: referencedMessage('home') });
    expect(setSlot(saved, 'home', 7, filip, named)).toEqual({ refused: referencedMessage('home') });
    expect(referencedMessage('home')).toBe('This home team player cannot be deleted because he is referenced by an event!');
    expect(referencedMessage('away')).toBe('This away team player cannot be deleted because he is referenced by an event!');
    const awayNamed = namedPlayers([{ ...goalBy(0), shot: null, card: { teamId: 32, typeId: 800, cardedPlayerId: 605 } }]);
    expect(setSlot(saved, 'away', 5, null, awayNamed)).toEqual({ refused: referencedMessage('away') });
    expect('lineups' in setSlot(saved, 'home', 7, null, awayNamed)).toBe(true);
  });

  it('lists the named players a lineup dropped, for the save-time message', () => {
    const dropped = { ...saved, home: saved.home.map((player) => (player?.playerId === 507 ? null : player)) };
    expect(removedReferenced(saved, dropped, namedPlayers([goalBy(507)]))).toEqual(['#7 Marko Marković (home)']);
    expect(removedReferenced(saved, dropped, namedPlayers([goalBy(501)]))).toEqual([]);
  });

  it('sends keepers in slots 1 and 13 and drivers elsewhere, each team with its id', () => {
    const withKeeper = setSlot(saved, 'home', 13, { playerId: 513, name: 'Branislav Mitrović', capNumber: 13 }, new Set());
    if (!('lineups' in withKeeper)) throw new Error('refused');
    expect(lineupInput(match, withKeeper.lineups)).toEqual([
      { teamId: 31, playerId: 501, number: 1, positionId: 400, capNumber: null },
      { teamId: 31, playerId: 507, number: 7, positionId: 401, capNumber: null },
      { teamId: 31, playerId: 513, number: 13, positionId: 400, capNumber: null },
      { teamId: 32, playerId: 601, number: 1, positionId: 400, capNumber: null },
      { teamId: 32, playerId: 605, number: 5, positionId: 401, capNumber: null },
    ]);
  });
});
