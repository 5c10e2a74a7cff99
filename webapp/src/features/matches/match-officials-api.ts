import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { withToast } from '@/lib/delete-with-toast';

export type MatchOfficial = Schemas['MatchOfficialView'];
export type MatchOfficialInput = Schemas['MatchOfficialInput'];
type Official = Schemas['Official'];

export const OFFICIAL_REQUIRED = 'Official field is required!';
export const ROLE_REQUIRED = 'Role field is required!';
export const REMOVE_MATCH_OFFICIAL_QUESTION = 'Are you sure you want to remove this official?';

export const createMatchOfficial = (input: MatchOfficialInput) => api.post<MatchOfficial>('/api/MatchOfficials', input);
export const updateMatchOfficial = (id: number, input: MatchOfficialInput) =>
  api.put<MatchOfficial>(`/api/MatchOfficials/${id}`, { id, ...input });

/** Takes an official off a match; a failure says only 'Error deleting data.' (spec 02 §8). */
export const deleteMatchOfficialWithToast = (id: number) =>
  withToast(
    () =>
      api.delete(`/api/MatchOfficials/${id}`).catch(() => {
        throw new Error('not deleted');
      }),
    'Match official successfully deleted.',
    'Error deleting data.',
  );

/** The largest page the search gives, so a federation's officials come in few calls. */
const PAGE_SIZE = 100;

/**
 * The officials a match can take: those of its federation (every official when it has none),
 * by surname, all pages of the search.
 */
export async function officialsOf(federationId: number | null | undefined): Promise<Official[]> {
  if (federationId === null || federationId === undefined) return api.get<Official[]>('/api/Officials');
  const found: Official[] = [];
  for (let pageIndex = 1; ; pageIndex += 1) {
    const query = new URLSearchParams({ 'Filter.Federation': String(federationId), PageIndex: String(pageIndex), PageSize: String(PAGE_SIZE) });
    const page = await api.get<Page<Official>>(`/api/Officials/search?${query.toString()}`);
    found.push(...page.pageItems);
    if (pageIndex >= page.totalPages) return found;
  }
}
