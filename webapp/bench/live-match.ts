// A match ready for live scoring, set up through the API as the match log would: the lineups and
// benches of the demo season's last finished match between the same two clubs.
import type { Schemas } from '@/api/types';
import { apiClient } from '../e2e/officials-api';

type Match = Schemas['Match'];
type Api = ReturnType<typeof apiClient>;

/**
 * The last finished match between the two teams, in either order, with players of both: a test
 * running beside this one may have just finished a match of theirs with a lineup of one side.
 */
async function lastPlayed(api: Api, homeTeamId: number, awayTeamId: number): Promise<Match> {
  const teams = new Set([homeTeamId, awayTeamId]);
  const played = (await api.get<Match[]>('/api/Matches'))
    .filter((m) => m.status === 'Finished' && teams.has(m.homeTeamId ?? 0) && teams.has(m.awayTeamId ?? 0))
    .sort((a, b) => (b.startDate ?? '').localeCompare(a.startDate ?? ''));
  for (const { id } of played) {
    // The list leaves the lineups out; the match itself has them.
    const match = await api.get<Match>(`/api/Matches/${id}`);
    if ([...teams].every((teamId) => match.players.some((player) => player.teamId === teamId))) return match;
  }
  throw new Error(`the demo season has no finished match between teams ${homeTeamId} and ${awayTeamId} with both lineups`);
}

/** Gives `matchId` the players and coaches its teams had in their last finished match. */
export async function copyLineups(api: Api, match: Match): Promise<void> {
  const played = await lastPlayed(api, match.homeTeamId!, match.awayTeamId!);
  await api.put(`/api/Matches/${match.id}/players`, {
    matchPlayers: played.players.map(({ teamId, playerId, positionId, number, capNumber }) => ({
      teamId,
      playerId,
      positionId,
      number,
      capNumber,
    })),
  });
  await api.put(`/api/Matches/${match.id}/coaches`, {
    matchCoaches: played.coaches.map(({ teamId, coachId, roleId }) => ({ teamId, coachId, roleId })),
  });
}

/** The first demo fixture not started and without lineups yet, given its teams' last lineups. */
export async function nextDemoMatch(api: Api): Promise<Match> {
  const coming = (await api.get<Match[]>('/api/Matches'))
    .filter((m) => m.status === 'Not_Started')
    .sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''));
  for (const { id } of coming) {
    // The list leaves the lineups out; the match itself has them.
    const match = await api.get<Match>(`/api/Matches/${id}`);
    if (match.players.length > 0) continue;
    await copyLineups(api, match);
    return api.get<Match>(`/api/Matches/${id}`);
  }
  throw new Error('the demo season has no match left to play');
}

/** A new match of the demo league between the teams of its first fixture, starting now, with lineups. */
export async function freshMatch(api: Api): Promise<Match> {
  const fixture = (await api.get<Match[]>('/api/Matches')).find((m) => m.status === 'Finished');
  if (!fixture) throw new Error('the demo season has no finished match');
  const created = await api.post<Match>('/api/Matches', {
    competitionId: fixture.competitionId,
    homeTeamId: fixture.homeTeamId,
    awayTeamId: fixture.awayTeamId,
    countryId: fixture.countryId,
    cityId: fixture.cityId,
    venue: fixture.venue,
    startDate: new Date().toISOString(),
  });
  await copyLineups(api, created);
  return api.get<Match>(`/api/Matches/${created.id}`);
}
