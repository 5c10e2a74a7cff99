/** Federations and clubs as the pickers show them: id and names, found by a part of a name. */
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';

export type EntityRef = Schemas['EntityRef'];

/** Entities found by a part of their universal name, 50 at most. */
function nameSearch(path: string) {
  return async (query: string): Promise<EntityRef[]> => {
    const params = new URLSearchParams({ PageSize: '50' });
    if (query.trim() !== '') params.set('Filter.NameUniversal', query.trim());
    const page = await api.get<Page<EntityRef>>(`${path}?${params.toString()}`);
    return page.pageItems.map(({ id, name, nameUniversal }) => ({ id, name, nameUniversal }));
  };
}

/** The names of the entity at `${path}/{id}`. */
function refOf(path: string) {
  return async (id: number): Promise<EntityRef> => {
    const { name, nameUniversal } = await api.get<EntityRef>(`${path}/${id}`);
    return { id, name, nameUniversal };
  };
}

export const findFederations = nameSearch('/api/Federations/search');
export const findClubs = nameSearch('/api/Clubs/search');
export const getFederationRef = refOf('/api/Federations');
export const getClubRef = refOf('/api/Clubs');
