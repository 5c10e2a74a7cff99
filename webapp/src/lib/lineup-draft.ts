/**
 * The lineups of a match while they are edited (spec 02 §5 "Lineup and log"): 16 cap slots a
 * team, keepers in 1 and 13, each player once per team, and a player an event names never
 * leaves the lineup. Pure: the lineup editor of the match details and the match log draw it.
 */
import type { Schemas } from '@/api/types';
import { KEEPER_SLOTS, LINEUP_SLOTS } from '@/lib/match-codes';
import type { DescribedEvent } from '@/lib/match-events';

type Match = Pick<Schemas['Match'], 'homeTeamId' | 'awayTeamId' | 'players'>;
export type MatchPlayerInput = Schemas['MatchPlayerInput'];

export type Side = 'home' | 'away';
export const SIDES: readonly Side[] = ['home', 'away'];

/** A player a slot can hold: from the match's lineup or the team's roster. */
export interface SlotPlayer {
  playerId: number;
  name: string;
  /** The cap the player wears: the lineup's, else the roster's; null when neither gives one. */
  capNumber: number | null;
}

/** A team's slots 1 to 16 (index 0 is slot 1), each with its player or null. */
export type TeamSlots = readonly (SlotPlayer | null)[];
export type Lineups = Readonly<Record<Side, TeamSlots>>;

export const GOALKEEPER = 400;
export const DRIVER = 401;

/** The server's message for a lineup player an event names (spec 02 §5). */
export const referencedMessage = (side: Side) =>
  `This ${side} team player cannot be deleted because he is referenced by an event!`;

/** The save-time message that lists the players an event names who were taken out. */
export const KEPT_PLAYERS = 'These players are referenced by an event and cannot be removed:';

export const teamOf = (match: Pick<Match, 'homeTeamId' | 'awayTeamId'>, side: Side) =>
  side === 'home' ? match.homeTeamId : match.awayTeamId;

export const personName = (person: { name: string; surname: string } | null | undefined, fallback: string) =>
  person ? `${person.name} ${person.surname}` : fallback;

/** The cap a slot's player wears: their own, else the slot's number (as the server gives it). */
export const capOf = (player: SlotPlayer, slot: number) => player.capNumber ?? slot;

/** `#7 Marko Marković`. */
export const capAndName = (player: SlotPlayer, slot: number) => `#${capOf(player, slot)} ${player.name}`;

/** A slot's position: goalkeeper in slots 1 and 13, driver in the rest. */
export const positionOf = (slot: number) => (KEEPER_SLOTS.includes(slot) ? GOALKEEPER : DRIVER);

/** Both teams' slots as the match has them. */
export function lineupsOf(match: Match): Lineups {
  const slots = (teamId: number): TeamSlots =>
    Array.from({ length: LINEUP_SLOTS }, (_, index) => {
      const entry = match.players.find((player) => player.teamId === teamId && player.number === index + 1);
      if (!entry) return null;
      return { playerId: entry.playerId, name: personName(entry.player, `Player ${entry.playerId}`), capNumber: entry.capNumber };
    });
  return { home: slots(match.homeTeamId), away: slots(match.awayTeamId) };
}

/** The players an event names, in any of its roles. */
export function namedPlayers(events: readonly DescribedEvent[]): ReadonlySet<number> {
  const named = new Set<number>();
  for (const event of events) {
    const { shot, exclusion, card, turnover, swimoff } = event;
    const ids = [
      shot?.takenById,
      shot?.blockedById,
      shot?.assistedById,
      shot?.savedById,
      exclusion?.excludedPlayerId,
      exclusion?.fouledPlayerId,
      card?.cardedPlayerId,
      turnover?.lostPossesionPlayerId,
      turnover?.wonPossesionPlayerId,
      swimoff?.homeTeamSwimmerId,
      swimoff?.awayTeamSwimmerId,
      swimoff?.winnerSwimmerId,
    ];
    for (const id of ids) if (id !== null && id !== undefined) named.add(id);
  }
  return named;
}

/** The players in a team's slots other than `slot`: a player is once per team. */
export function usedElsewhere(slots: TeamSlots, slot: number): ReadonlySet<number> {
  return new Set(slots.flatMap((player, index) => (player && index + 1 !== slot ? [player.playerId] : [])));
}

export type SlotChange = { lineups: Lineups } | { refused: string };

/**
 * Puts `player` in `slot` of `side`, or empties it (null). The player who was there may not
 * leave when an event names them; a player already in another slot of the team is not taken.
 */
export function setSlot(lineups: Lineups, side: Side, slot: number, player: SlotPlayer | null, named: ReadonlySet<number>): SlotChange {
  const slots = lineups[side];
  const leaving = slots[slot - 1] ?? null;
  if (leaving !== null && leaving.playerId !== player?.playerId && named.has(leaving.playerId)) {
    return { refused: referencedMessage(side) };
  }
  if (player !== null && usedElsewhere(slots, slot).has(player.playerId)) return { lineups };
  return { lineups: { ...lineups, [side]: slots.map((held, index) => (index + 1 === slot ? player : held)) } };
}

/** The players of `saved` an event names who are no longer in `draft`, as `#7 Name (home)`. */
export function removedReferenced(saved: Lineups, draft: Lineups, named: ReadonlySet<number>): string[] {
  return SIDES.flatMap((side) =>
    saved[side].flatMap((player, index) => {
      if (player === null || !named.has(player.playerId)) return [];
      const stays = draft[side].some((other) => other?.playerId === player.playerId);
      return stays ? [] : [`${capAndName(player, index + 1)} (${side})`];
    }),
  );
}

/** The lineups as `PUT /api/Matches/{id}/players` and the match log take them. */
export function lineupInput(match: Match, lineups: Lineups): MatchPlayerInput[] {
  return SIDES.flatMap((side) =>
    lineups[side].flatMap((player, index) =>
      player === null
        ? []
        : [
            {
              teamId: teamOf(match, side),
              playerId: player.playerId,
              number: index + 1,
              positionId: positionOf(index + 1),
              // A player who stays keeps their cap; a new one gets the roster's (or the slot).
              capNumber: null,
            },
          ],
    ),
  );
}

/** Whether two lineups put the same players in the same slots. */
export const sameLineups = (a: Lineups, b: Lineups) =>
  SIDES.every((side) => a[side].every((player, index) => (player?.playerId ?? null) === (b[side][index]?.playerId ?? null)));
