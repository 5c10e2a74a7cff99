// The match the editor's tests play: home team 10 (players 101–113, caps 1–13, keeper 101) against
// away team 20 (players 201–213, caps 1–13, keeper 201), each with a head coach.
import type { EventFields, EventMatch } from '@/lib/event-rules';
import { editorSides } from './editor-sides';
import { type EditorMatch, openEditor, type OpenEditorArgs } from './editor-state';

export const HOME = 10;
export const AWAY = 20;
export const MATCH: EditorMatch = { id: 1, homeTeamId: HOME, awayTeamId: AWAY };
export const KEEPERS = { [HOME]: 101, [AWAY]: 201 };

const caps = Array.from({ length: 13 }, (_, index) => index + 1);
const lineup = (teamId: number, first: number) =>
  caps.map((cap) => ({
    id: first + cap,
    matchId: MATCH.id,
    teamId,
    playerId: first + cap,
    capNumber: cap,
    number: cap,
    positionId: cap === 1 || cap === 13 ? (400 as const) : (401 as const),
    player: { name: teamId === HOME ? 'Home' : 'Away', surname: `Player${cap}` },
  }));

/** The match as the API gives it, as far as the editor reads it. */
export const API_MATCH = {
  homeTeamId: HOME,
  awayTeamId: AWAY,
  homeTeamDisplayName: 'Jadran',
  awayTeamDisplayName: 'Partizan',
  matchSegmentLength: 8,
  players: [...lineup(HOME, 100), ...lineup(AWAY, 200)],
  coaches: [
    { id: 1, matchId: MATCH.id, teamId: HOME, coachId: 15, roleId: 500 as const, coach: { name: 'Ivo', surname: 'Coach' } },
    { id: 2, matchId: MATCH.id, teamId: AWAY, coachId: 25, roleId: 500 as const, coach: { name: 'Zoran', surname: 'Coach' } },
  ],
};

export const RULES_MATCH: EventMatch = {
  homeTeamId: HOME,
  awayTeamId: AWAY,
  segmentLength: 8,
  players: API_MATCH.players.map(({ teamId, playerId }) => ({ teamId, playerId })),
  coaches: API_MATCH.coaches.map(({ teamId, coachId }) => ({ teamId, coachId })),
};

export const SIDES = editorSides(API_MATCH, []);

/** A new event of `typeId` at 1st period 05:30, with the test match and keepers. */
export const open = (typeId: OpenEditorArgs['typeId'], rest: Partial<OpenEditorArgs> = {}) =>
  openEditor({ match: MATCH, keepers: KEEPERS, typeId, period: 1200, minute: 5, seconds: 30, ...rest });

/** A logged exclusion of `playerId` (home) of `typeId`. */
export const exclusionOf = (id: number, playerId: number, typeId: 1000 | 1001 | 1002 | 1003 = 1000): EventFields & { id: number } => ({
  id,
  matchId: MATCH.id,
  typeId: 704,
  periodId: 1200,
  minute: 7,
  seconds: id,
  exclusion: { teamId: HOME, typeId, excludedPlayerId: playerId, isDoubleExclusion: false, isPenaltyExclusion: false },
});
