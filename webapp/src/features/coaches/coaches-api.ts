import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { showError, showSuccess } from '@/lib/toaster';

export type Coach = Schemas['Coach'];
export type CoachDetail = Schemas['CoachDetail'];
export type CoachInput = Schemas['CoachInput'];
export type ClubCoach = Schemas['ClubCoach'];
export type TeamCoach = Schemas['TeamCoach'];

export const COACH_SAVED = 'Club Manager successfully saved.';
/** Spec 01 §8 asks "similar questions for club manager"; it names no toast for a deleted one. */
export const DELETE_COACH_QUESTION = 'Are you sure you want to remove this club manager?';
export const COACH_DELETED = 'Club Manager successfully deleted.';
export const DELETE_LINK_QUESTION = 'Are you sure you want to remove this entity?';
/** Head coach, the default role on a team's bench (spec 01 §3). */
export const HEAD_COACH = 500;

export const searchCoaches = (params: URLSearchParams) => api.get<Page<Coach>>(`/api/Coaches/search?${params.toString()}`);
export const getCoach = (id: number) => api.get<CoachDetail>(`/api/Coaches/${id}`);
export const createCoach = (input: CoachInput) => api.post<CoachDetail>('/api/Coaches', input);
export const addClubCoach = (input: Schemas['ClubCoachInput']) => api.post<ClubCoach>('/api/ClubCoaches', input);
export const addTeamCoach = (input: Schemas['TeamCoachInput']) => api.post<TeamCoach>('/api/TeamCoaches', input);

/** Runs a delete call and reports it in a toast; resolves to whether it worked. */
async function deleteWithToast(path: string, success: string): Promise<boolean> {
  try {
    await api.delete(path);
    void showSuccess(success);
    return true;
  } catch (error) {
    void showError(errorMessage(error, 'Error deleting data.'));
    return false;
  }
}

export const deleteCoachWithToast = (id: number) => deleteWithToast(`/api/Coaches/${id}`, COACH_DELETED);
export const deleteClubCoachWithToast = (id: number) =>
  deleteWithToast(`/api/ClubCoaches/${id}`, 'Club coach successfully deleted.');
export const deleteTeamCoachWithToast = (id: number) =>
  deleteWithToast(`/api/TeamCoaches/${id}`, 'Team coach successfully deleted.');
