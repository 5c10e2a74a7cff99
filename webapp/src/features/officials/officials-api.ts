import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { deleteWithToast } from '@/lib/delete-with-toast';
import { showError } from '@/lib/toaster';

export type Official = Schemas['Official'];
export type OfficialDetail = Schemas['OfficialDetail'];
export type NewOfficialInput = Schemas['NewOfficialInput'];
export type FederationOfficial = Schemas['FederationOfficial'];
export type FederationOfficialInput = Schemas['FederationOfficialInput'];
export type OfficialRole = Schemas['OfficialRole'];
export type CodeItem = Schemas['CodeItem'];

export const searchOfficials = (params: URLSearchParams) => {
  const query = params.toString();
  return api.get<Page<Official>>(`/api/Officials/search${query ? `?${query}` : ''}`);
};
export const getOfficial = (id: number) => api.get<OfficialDetail>(`/api/Officials/${id}`);
export const createOfficial = (input: NewOfficialInput) => api.post<OfficialDetail>('/api/Officials', input);
export const updateOfficialTitle = (id: number, title: string | null) =>
  api.put<OfficialDetail>(`/api/Officials/${id}`, { id, title });
export const setOfficialPin = (id: number, pin: string) => api.put<void>(`/api/Officials/${id}/pin`, { id, pin });

export const createFederationOfficial = (input: FederationOfficialInput) =>
  api.post<FederationOfficial>('/api/FederationOfficials', input);
export const updateFederationOfficial = (id: number, input: FederationOfficialInput) =>
  api.put<FederationOfficial>(`/api/FederationOfficials/${id}`, input);

let officialRoles: Promise<CodeItem[]> | null = null;

/** The official role codes (GET /api/OfficialRoles), loaded once; a failure is tried again next time. */
export function loadOfficialRoles(): Promise<CodeItem[]> {
  officialRoles ??= api.get<CodeItem[]>('/api/OfficialRoles').catch((error: unknown) => {
    officialRoles = null;
    void showError(errorMessage(error, 'Error loading data.'));
    return [];
  });
  return officialRoles;
}

/** Forgets the loaded role codes (for tests). */
export function resetOfficialRoles(): void {
  officialRoles = null;
}

export const DELETE_OFFICIAL_QUESTION = 'Are you sure you want to delete this official?';
export const DELETE_ROLE_QUESTION = 'Are you sure you want to remove this entity?';

/** Deletes an official (its federation roles go with it); resolves to whether it was deleted. */
export const deleteOfficialWithToast = (id: number) =>
  deleteWithToast(`/api/Officials/${id}`, 'Official successfully deleted.');

/** Deletes one federation role of an official; resolves to whether it was deleted. */
export const deleteFederationOfficialWithToast = (id: number) =>
  deleteWithToast(`/api/FederationOfficials/${id}`, 'Federation official successfully deleted.');

/** "Name Surname". */
export const officialName = (official: Pick<Official, 'name' | 'surname'>) => `${official.name} ${official.surname}`;
