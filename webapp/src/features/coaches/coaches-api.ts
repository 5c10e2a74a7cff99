import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type Coach = Schemas['Coach'];
export type CoachDetail = Schemas['CoachDetail'];
export type CoachInput = Schemas['CoachInput'];

/** Spec 01 §8 asks "similar questions for club manager"; it names no toast for a deleted one. */
export const DELETE_COACH_QUESTION = 'Are you sure you want to remove this club manager?';
export const COACH_DELETED = 'Club Manager successfully deleted.';

export const searchCoaches = (params: URLSearchParams) => api.get<Page<Coach>>(`/api/Coaches/search?${params.toString()}`);
export const getCoach = (id: number) => api.get<CoachDetail>(`/api/Coaches/${id}`);
export const createCoach = (input: CoachInput) => api.post<CoachDetail>('/api/Coaches', input);

export const deleteCoachWithToast = (id: number) => deleteWithToast(`/api/Coaches/${id}`, COACH_DELETED);
