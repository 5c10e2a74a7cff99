import { useEffect, useState } from 'react';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { matchSearchBody } from '@/features/matches/match-search';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type Match = Schemas['Match'];
export type MatchListItem = Schemas['Page_Match']['pageItems'][number];
export type MatchEvent = Schemas['EventView'];
export type Stats = Schemas['Stats'];
export type MatchStats = Schemas['MatchStats'];

export const DELETE_MATCH_QUESTION = 'Are you sure you want to delete this match?';
export const NO_OFFICIALS = 'There are no officials in this federation.';

/** One page of the match search for a page's URL query (spec 02 §7 POST /api/Matches/search). */
export const searchMatches = (params: URLSearchParams): Promise<Page<MatchListItem>> =>
  api.post<Page<MatchListItem>>('/api/Matches/search', matchSearchBody(params));

export const getMatch = (id: number) => api.get<Match>(`/api/Matches/${id}`);

/** The match's events in log order (by period, then the clock). */
export const getEvents = (matchId: number) => api.get<MatchEvent[]>(`/api/Events/${matchId}`);

/** Both teams' and every lineup player's statistics over the match, in one answer. */
export const getMatchStats = (matchId: number) => api.get<MatchStats>(`/api/Matches/${matchId}/stats`);

/** A competition as the choices show it, with the federation that decides who may choose it. */
export type CompetitionName = { id: number; name: string; federationId?: number | null };

/**
 * The competitions by id and name, for the competition choices: none until they load, and none
 * when they cannot (the page around works on without them).
 */
export function useCompetitionNames(): CompetitionName[] {
  const [competitions, setCompetitions] = useState<CompetitionName[]>([]);
  useEffect(() => {
    let current = true;
    api.get<Schemas['Competition'][]>('/api/Competitions').then(
      (items) => current && setCompetitions(items.map(({ id, name, federationId }) => ({ id, name, federationId }))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return competitions;
}

/** Deletes a match and reports the outcome in a toast; resolves to whether it was deleted. */
export const deleteMatchWithToast = (id: number) => deleteWithToast(`/api/Matches/${id}`, 'Match successfully deleted.');
