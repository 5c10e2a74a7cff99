import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { deleteWithToast, withToast } from '@/lib/delete-with-toast';

export type Federation = Schemas['Federation'];
export type FederationDetail = Schemas['FederationDetail'];
export type FederationInput = Schemas['FederationInput'];
export type FederationOfficial = Schemas['FederationOfficial'];
export type Club = Schemas['Club'];

/** The paged search; `params` hold the API's Filter.*, PageIndex, PageSize, SortBy and SortOrder. */
export const searchFederations = (params: URLSearchParams) =>
  api.get<Page<Federation>>(`/api/Federations/search?${params.toString()}`);
export const getFederation = (id: number) => api.get<FederationDetail>(`/api/Federations/${id}`);
export const createFederation = (input: FederationInput) => api.post<Federation>('/api/Federations', input);
export const updateFederation = (id: number, input: FederationInput) => api.put<Federation>(`/api/Federations/${id}`, input);

/** Spec 01 §8: the federation warning names everything that goes with it. */
export const DELETE_FEDERATION_QUESTION =
  'Are you sure you want to delete this federation? Deleting a federation also deletes all its clubs, teams, competitions, matches and users with a Federation or Club role in it.';
/** Spec 01 §8's general question, for taking a club out of a federation (the club stays). */
export const REMOVE_CLUB_QUESTION = 'Are you sure you want to remove this entity?';
export const REMOVE_OFFICIAL_QUESTION = 'Are you sure you want to remove this official?';

/** Deletes a federation and reports the outcome in a toast; resolves to whether it was deleted. */
export const deleteFederationWithToast = (id: number) =>
  deleteWithToast(`/api/Federations/${id}`, 'Federation successfully deleted.');

/** Takes a club out of its federation (PUT /api/Clubs/{id}/remove); the club itself stays. */
export const removeClubWithToast = (clubId: number) =>
  withToast(
    () => api.put<Club>(`/api/Clubs/${clubId}/remove`, undefined),
    'Club successfully removed from federation.',
    'Error saving data.',
  );

/** Ends an official's roles in a federation (deletes the federation-official link). */
export const deleteFederationOfficialWithToast = (linkId: number) =>
  deleteWithToast(`/api/FederationOfficials/${linkId}`, 'Federation official successfully deleted.');
