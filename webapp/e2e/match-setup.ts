// A fresh match to log in the browser, made through the API as the admin: two demo teams (VK
// Partizan at home, VK Crvena zvezda away) with their whole squads and head coaches, in a
// competition of their own that asks for PIN confirmation (no demo competition does), with two
// demo referees whose PINs fixtures/demo/officials.json gives. Plus what the live tests read of
// the server: the match's events, and the published clock as a viewer of the hub gets it.
import type { Page } from 'playwright-core';
import type { ApiClient } from './officials-api';

interface Named {
  id: number;
  name: string;
}

interface TeamView extends Named {
  federationId: number;
  categoryId: number;
  players: { playerId: number; capNumber: number; positionId: number; player: { name: string; surname: string } }[];
  coaches: { coachId: number; roleId: number }[];
}

interface OfficialView {
  id: number;
  name: string;
  surname: string;
}

/** A demo referee with the PIN the demo data gives them. */
export interface Referee {
  name: string;
  pin: string;
  /** The match official row's id, once on the match. */
  matchOfficialId: number;
}

export interface LiveMatch {
  id: number;
  competitionId: number;
  home: { id: number; name: string; capOf: (cap: number) => number };
  away: { id: number; name: string; capOf: (cap: number) => number };
  referees: [Referee, Referee];
}

const HOME_TEAM = 'VK Partizan';
const AWAY_TEAM = 'VK Crvena zvezda';
/** Two referees (role 600) of the Serbian federation, with their demo PINs. */
const REFEREES = [
  { name: 'Lazar', surname: 'Petković', pin: '1413' },
  { name: 'Relja', surname: 'Antić', pin: '4374' },
] as const;
const REFEREE_ROLE = 600;
const HEAD_COACH = 500;

async function teamNamed(api: ApiClient, name: string): Promise<TeamView> {
  const teams = await api.get<Named[]>('/api/Teams');
  const found = teams.find((team) => team.name === name);
  if (!found) throw new Error(`The demo data has no team ${name}.`);
  return api.get<TeamView>(`/api/Teams/${found.id}`);
}

/** Creates the match (8-minute quarters, starting now) with lineups, coaches and two referees. */
export async function createLiveMatch(api: ApiClient, label: string): Promise<LiveMatch> {
  const home = await teamNamed(api, HOME_TEAM);
  const away = await teamNamed(api, AWAY_TEAM);
  const competition = await api.post<Named>('/api/Competitions', {
    name: `${label} League`,
    nameUniversal: `${label} League`,
    federationId: home.federationId,
    categoryId: home.categoryId,
    gameLogPinConfirmationRequired: true,
  });
  for (const team of [home, away]) {
    await api.post('/api/CompetitionTeams', { competitionId: competition.id, teamId: team.id });
  }
  const startDate = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const match = await api.post<Named>('/api/Matches', {
    homeTeamId: home.id,
    awayTeamId: away.id,
    competitionId: competition.id,
    startDate,
    venue: `${label} Pool`,
    round: '1',
  });
  const officials = await api.get<OfficialView[]>('/api/Officials');
  const referees = REFEREES.map(({ name, surname, pin }) => {
    const official = officials.find((candidate) => candidate.name === name && candidate.surname === surname);
    if (!official) throw new Error(`The demo data has no official ${name} ${surname}.`);
    return { officialId: official.id, name: `${name} ${surname}`, pin };
  });
  const lineup = (team: TeamView) => team.players.map((row) => ({ teamId: team.id, playerId: row.playerId, number: row.capNumber }));
  const headCoach = (team: TeamView) =>
    team.coaches.filter((row) => row.roleId === HEAD_COACH).map((row) => ({ teamId: team.id, coachId: row.coachId, roleId: HEAD_COACH }));
  await api.put(`/api/Matches/${match.id}/log`, {
    matchId: match.id,
    matchPlayers: [...lineup(home), ...lineup(away)],
    matchCoaches: [...headCoach(home), ...headCoach(away)],
    matchOfficials: referees.map(({ officialId }) => ({ officialId, roleId: REFEREE_ROLE })),
  });
  const stored = await api.get<{ officials: { id: number; officialId: number }[]; coaches: unknown[]; players: unknown[] }>(
    `/api/Matches/${match.id}`,
  );
  if (stored.players.length !== home.players.length + away.players.length || stored.coaches.length !== 2) {
    throw new Error(`The lineups of match ${match.id} were not stored whole.`);
  }
  const [first, second] = referees.map((referee) => {
    const row = stored.officials.find((official) => official.officialId === referee.officialId);
    if (!row) throw new Error(`${referee.name} is not on match ${match.id}.`);
    return { name: referee.name, pin: referee.pin, matchOfficialId: row.id };
  }) as [Referee, Referee];
  const side = (team: TeamView) => ({
    id: team.id,
    name: team.name,
    capOf: (cap: number) => {
      const row = team.players.find((player) => player.capNumber === cap);
      if (!row) throw new Error(`${team.name} has no cap ${cap}.`);
      return row.playerId;
    },
  });
  return { id: match.id, competitionId: competition.id, home: side(home), away: side(away), referees: [first, second] };
}

/** An event as GET /api/Events/{matchId} gives it (the fields the tests read). */
export interface ServerEvent {
  id: number;
  typeId: number;
  periodId: number;
  minute: number;
  seconds: number;
  clientId: string | null;
  pairedEventId: number | null;
  shot: {
    teamId: number;
    takenById: number;
    isGoal: boolean;
    savedById: number | null;
    assistedById: number | null;
    locationX: number | null;
    locationY: number | null;
    targetX: number | null;
    targetY: number | null;
  } | null;
  exclusion: { teamId: number; typeId: number; excludedPlayerId: number | null; fouledPlayerId: number | null; isDoubleExclusion: boolean } | null;
  card: { teamId: number; typeId: number; cardedPlayerId: number | null } | null;
  turnover: { teamId: number; lostPossesionPlayerId: number | null } | null;
  timeout: { teamId: number } | null;
  challenge: { teamId: number } | null;
  swimoff: { homeTeamSwimmerId: number; awayTeamSwimmerId: number; winnerSwimmerId: number; winnerTeamId: number } | null;
}

export const serverEvents = (api: ApiClient, matchId: number) => api.get<ServerEvent[]>(`/api/Events/${matchId}`);

/**
 * The match clock a viewer's page shows (the published clock, counting down while it runs):
 * its period, mm:ss and state, or null while it shows none.
 */
export async function shownClock(page: Page): Promise<{ period: string; time: string; state: string } | null> {
  const timer = page.getByRole('timer', { name: 'Match clock' });
  if ((await timer.count()) === 0) return null;
  const found = /^(.+) (\d\d:\d\d)(?: · (\w+))?$/.exec((await timer.innerText()).trim());
  return found ? { period: found[1]!, time: found[2]!, state: found[3] ?? 'Running' } : null;
}
