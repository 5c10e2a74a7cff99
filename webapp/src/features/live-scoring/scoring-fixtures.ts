// A match in play for the live scoring tests: Partizan (home, white) and Zvezda (away, blue), caps 1
// to 13 each (1 and 13 the goalkeepers), no events yet; and logged events as the session gives them.
import type { Schemas } from '@/api/types';
import type { LoggedEvent } from '@/features/match-session/session-types';
import { matchDetailOf } from '@/test/fixtures/matches';

export const HOME = 31;
export const AWAY = 32;

/** The player id of a cap: home caps are 500 + cap, away caps 600 + cap. */
export const homePlayer = (cap: number) => 500 + cap;
export const awayPlayer = (cap: number) => 600 + cap;

function lineup(teamId: number, base: number): Schemas['MatchPlayerView'][] {
  return Array.from({ length: 13 }, (_, index) => {
    const cap = index + 1;
    return {
      id: base * 10 + cap,
      matchId: 900,
      teamId,
      playerId: base + cap,
      number: cap,
      capNumber: cap,
      positionId: cap === 1 || cap === 13 ? 400 : 401,
      player: { name: teamId === HOME ? 'Home' : 'Away', surname: `Player${cap}` },
    };
  });
}

export function liveMatch(overrides: Partial<Schemas['Match']> = {}): Schemas['Match'] {
  return matchDetailOf({
    status: 'First_Period',
    statusId: 201,
    homeTeamGoalsQ1: 0,
    homeTeamGoalsQ2: 0,
    homeTeamGoalsQ3: 0,
    homeTeamGoalsQ4: 0,
    homeTeamGoalsTotal: 0,
    awayTeamGoalsQ1: 0,
    awayTeamGoalsQ2: 0,
    awayTeamGoalsQ3: 0,
    awayTeamGoalsQ4: 0,
    awayTeamGoalsTotal: 0,
    logClosed: false,
    players: [...lineup(HOME, 500), ...lineup(AWAY, 600)],
    ...overrides,
  });
}

let serial = 0;

/** A logged event of match 900 in `periodId` at `minute:seconds`, with its one sub-record. */
export function loggedEvent(fields: Partial<LoggedEvent> & Pick<LoggedEvent, 'typeId'>): LoggedEvent {
  serial += 1;
  return {
    id: serial,
    key: `event-${serial}`,
    matchId: 900,
    periodId: 1200,
    minute: 8,
    seconds: 0,
    clientId: null,
    pairedEventId: null,
    pending: null,
    ...fields,
  };
}

/** The first period's swim-off, won by home cap 7 against away cap 7. */
export const swimOffEvent = (periodId: LoggedEvent['periodId'] = 1200) =>
  loggedEvent({
    typeId: 701,
    periodId,
    swimoff: { homeTeamSwimmerId: homePlayer(7), awayTeamSwimmerId: awayPlayer(7), winnerSwimmerId: homePlayer(7), winnerTeamId: HOME },
  });
