/** Federations and clubs as the pickers show them: id and names, found by a part of a name. */
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';

export type EntityRef = Schemas['EntityRef'];
/** A club with the federation it belongs to, which decides who may choose it (lib/ownership). */
export type ClubRef = EntityRef & { federationId?: number | null };

const refNames = ({ id, name, nameUniversal }: EntityRef): EntityRef => ({ id, name, nameUniversal });

/** Entities found by a part of their universal name, 50 at most, as `pick` keeps them. */
function nameSearch<T extends EntityRef, R>(path: string, pick: (item: T) => R) {
  return async (query: string): Promise<R[]> => {
    const params = new URLSearchParams({ PageSize: '50' });
    if (query.trim() !== '') params.set('Filter.NameUniversal', query.trim());
    const page = await api.get<Page<T>>(`${path}?${params.toString()}`);
    return page.pageItems.map(pick);
  };
}

/** Every entity of a list call (`/api/Clubs`), by id and names. */
function everyRef(path: string) {
  return async (): Promise<EntityRef[]> =>
    (await api.get<EntityRef[]>(path)).map(({ id, name, nameUniversal }) => ({ id, name, nameUniversal }));
}

export const allFederations = everyRef('/api/Federations');
export const allClubs = everyRef('/api/Clubs');
export const allTeams = everyRef('/api/Teams');
export const allCompetitions = everyRef('/api/Competitions');

/** The names of the entity at `${path}/{id}`. */
function refOf(path: string) {
  return async (id: number): Promise<EntityRef> => {
    const { name, nameUniversal } = await api.get<EntityRef>(`${path}/${id}`);
    return { id, name, nameUniversal };
  };
}

export const findFederations = nameSearch('/api/Federations/search', refNames);
export const findClubs = nameSearch('/api/Clubs/search', (club: Schemas['Club']): ClubRef => ({
  ...refNames(club),
  federationId: club.federationId ?? null,
}));

export const getFederationRef = refOf('/api/Federations');
export const getClubRef = refOf('/api/Clubs');
