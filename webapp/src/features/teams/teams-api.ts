import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type Team = Schemas['Team'];
export type TeamDetail = Schemas['TeamDetail'];
export type TeamInput = Schemas['TeamInput'];
export type Gender = Schemas['Gender'];

export const searchTeams = (params: URLSearchParams) => api.get<Page<Team>>(`/api/Teams/search?${params.toString()}`);
export const getTeam = (id: number) => api.get<TeamDetail>(`/api/Teams/${id}`);
export const createTeam = (input: TeamInput) => api.post<Team>('/api/Teams', input);
export const updateTeam = (id: number, input: TeamInput) => api.put<Team>(`/api/Teams/${id}`, input);

export const DELETE_TEAM_QUESTION = 'Are you sure you want to remove this team?';
export const DELETE_TEAM_WARNING =
  'Deleting a team will remove it from all competitions and delete all matches it participated in.';
export const DELETE_TEAM_COACH_QUESTION = 'Are you sure you want to remove this club manager from the team?';
export const DELETE_TEAM_PLAYER_QUESTION = 'Are you sure you want to remove this player from the team?';

export const deleteTeamWithToast = (id: number) => deleteWithToast(`/api/Teams/${id}`, 'Team successfully deleted.');
