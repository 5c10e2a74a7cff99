import { useEffect, useState } from 'react';
import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';

export type FederationDetail = Schemas['FederationDetail'];
export type ClubDetail = Schemas['ClubDetail'];
export type TeamDetail = Schemas['TeamDetail'];
export type OfficialDetail = Schemas['OfficialDetail'];

/** How many items a server-paged list holds: its search's totalItems, asked for one item. */
export async function countOf(searchPath: string): Promise<number> {
  return (await api.get<Page<unknown>>(`${searchPath}?PageSize=1`)).totalItems;
}

/** How many items a list that is not paged by the server holds (users, cities). */
export async function lengthOf(listPath: string): Promise<number> {
  return (await api.get<unknown[]>(listPath)).length;
}

export const getFederation = (id: number) => api.get<FederationDetail>(`/api/Federations/${id}`);
export const getClub = (id: number) => api.get<ClubDetail>(`/api/Clubs/${id}`);
export const getTeam = (id: number) => api.get<TeamDetail>(`/api/Teams/${id}`);
export const getOfficial = (id: number) => api.get<OfficialDetail>(`/api/Officials/${id}`);

export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'error'; message: string };

/**
 * Runs `load` once per `key` and tells where it stands; an answer for an older key is dropped.
 * `load` may change identity between renders: the key decides when to load again.
 */
export function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ key, loaded: { status: 'loaded', data } }),
      (error: unknown) => current && setState({ key, loaded: { status: 'error', message: errorMessage(error, 'Error loading data.') } }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state !== null && state.key === key ? state.loaded : { status: 'loading' };
}
