/**
 * An event of the log as people read it (the match report, the match log, live scoring): its
 * period, time, team, player (cap and name) and what happened, from the event's one sub-record
 * and the match's lineups.
 */
import type { Schemas } from '@/api/types';
import {
  CARD_TYPES,
  eventTime,
  eventTypeLabel,
  EXCLUSION_TYPES,
  periodLabel,
  SHOT_TYPES,
  TURNOVER_TYPES,
} from '@/lib/match-codes';

/** What of a match names an event's teams and people. */
export type EventMatch = Pick<Schemas['Match'], 'homeTeamId' | 'awayTeamId' | 'homeTeamDisplayName' | 'awayTeamDisplayName' | 'players' | 'coaches'>;
/** An event as the server gives it, or one still waiting to be sent (no id yet). */
export type DescribedEvent = Omit<Schemas['EventView'], 'id'>;

export interface EventRow {
  period: string;
  time: string;
  team: string;
  /** `#7 Name Surname`, or the coach's name; empty for team events. */
  player: string;
  type: string;
  details: string;
}

function people(match: EventMatch) {
  const players = new Map(match.players.map((entry) => [entry.playerId, entry]));
  const coaches = new Map(match.coaches.map((entry) => [entry.coachId, entry]));
  const player = (id: number | null | undefined) => {
    if (id === null || id === undefined) return '';
    const entry = players.get(id);
    if (!entry) return `#? (player ${id})`;
    const name = entry.player ? `${entry.player.name} ${entry.player.surname}` : `player ${id}`;
    return `#${entry.capNumber} ${name}`;
  };
  const coach = (id: number | null | undefined) => {
    if (id === null || id === undefined) return '';
    const entry = coaches.get(id);
    return entry?.coach ? `${entry.coach.name} ${entry.coach.surname} (coach)` : `coach ${id}`;
  };
  return { player, coach };
}

const joined = (parts: readonly (string | number | false | null | undefined)[]) => parts.filter((part) => part).join(', ');

/** One event of the log as its row. */
export function describeEvent(event: DescribedEvent, match: EventMatch): EventRow {
  const { player, coach } = people(match);
  const teamName = (teamId: number | null | undefined) =>
    teamId === match.homeTeamId ? match.homeTeamDisplayName : teamId === match.awayTeamId ? match.awayTeamDisplayName : '';
  let teamId: number | null = null;
  let who = '';
  let details = '';
  if (event.shot) {
    const shot = event.shot;
    teamId = shot.teamId;
    who = player(shot.takenById);
    const outcome = shot.isGoal ? 'Goal' : shot.blockedById ? 'Blocked' : shot.savedById ? 'Saved' : 'Missed';
    details = joined([
      outcome,
      SHOT_TYPES[shot.typeId],
      shot.assistedById && `assisted by ${player(shot.assistedById)}`,
      shot.blockedById && `blocked by ${player(shot.blockedById)}`,
      shot.savedById && `saved by ${player(shot.savedById)}`,
      shot.isFastBreak && 'fast break',
      shot.isDirectFromFoul && 'direct from foul',
    ]);
  } else if (event.exclusion) {
    const exclusion = event.exclusion;
    teamId = exclusion.teamId;
    who = exclusion.excludedPlayerId ? player(exclusion.excludedPlayerId) : coach(exclusion.excludedCoachId);
    details = joined([
      EXCLUSION_TYPES[exclusion.typeId],
      exclusion.fouledPlayerId && `fouled ${player(exclusion.fouledPlayerId)}`,
      exclusion.isPenaltyExclusion && 'penalty exclusion',
      exclusion.isDoubleExclusion && 'double exclusion',
    ]);
  } else if (event.card) {
    teamId = event.card.teamId;
    who = event.card.cardedPlayerId ? player(event.card.cardedPlayerId) : coach(event.card.cardedCoachId);
    details = `${CARD_TYPES[event.card.typeId] ?? ''} card`.trim();
  } else if (event.turnover) {
    const turnover = event.turnover;
    teamId = turnover.teamId;
    who = player(turnover.lostPossesionPlayerId);
    details = joined([
      TURNOVER_TYPES[turnover.typeId],
      turnover.wonPossesionPlayerId && `won by ${player(turnover.wonPossesionPlayerId)}`,
    ]);
  } else if (event.swimoff) {
    const swimoff = event.swimoff;
    teamId = swimoff.winnerTeamId;
    who = player(swimoff.winnerSwimmerId);
    const loser = swimoff.winnerSwimmerId === swimoff.homeTeamSwimmerId ? swimoff.awayTeamSwimmerId : swimoff.homeTeamSwimmerId;
    details = `Won against ${player(loser)}`;
  } else if (event.timeout) {
    teamId = event.timeout.teamId;
  } else if (event.challenge) {
    teamId = event.challenge.teamId;
  }
  return {
    period: periodLabel(event.periodId),
    time: eventTime(event.minute, event.seconds),
    team: teamName(teamId),
    player: who,
    type: eventTypeLabel(event.typeId),
    details,
  };
}
