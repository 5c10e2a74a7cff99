/**
 * The memberships of club managers and players in clubs and teams (/api/ClubCoaches,
 * /api/TeamCoaches, /api/ClubPlayers, /api/TeamPlayers), which the person pages and the club and
 * team pages both change.
 */
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type ClubCoach = Schemas['ClubCoach'];
export type TeamCoach = Schemas['TeamCoach'];
export type ClubPlayer = Schemas['ClubPlayer'];
export type TeamPlayer = Schemas['TeamPlayer'];

export const CLUB_MANAGER_SAVED = 'Club Manager successfully saved.';
export const PLAYER_SAVED = 'Player successfully saved.';
export const DELETE_LINK_QUESTION = 'Are you sure you want to remove this entity?';

export const addClubCoach = (input: Schemas['ClubCoachInput']) => api.post<ClubCoach>('/api/ClubCoaches', input);
export const addTeamCoach = (input: Schemas['TeamCoachInput']) => api.post<TeamCoach>('/api/TeamCoaches', input);
export const addClubPlayer = (input: Schemas['ClubPlayerInput']) => api.post<ClubPlayer>('/api/ClubPlayers', input);
export const addTeamPlayer = (input: Schemas['TeamPlayerInput']) => api.post<TeamPlayer>('/api/TeamPlayers', input);

export const updateClubCoach = (id: number, input: Schemas['ClubCoachInput']) =>
  api.put<ClubCoach>(`/api/ClubCoaches/${id}`, input);
export const updateTeamCoach = (id: number, input: Schemas['TeamCoachInput']) =>
  api.put<TeamCoach>(`/api/TeamCoaches/${id}`, input);
export const updateClubPlayer = (id: number, input: Schemas['ClubPlayerInput']) =>
  api.put<ClubPlayer>(`/api/ClubPlayers/${id}`, input);
export const updateTeamPlayer = (id: number, input: Schemas['TeamPlayerInput']) =>
  api.put<TeamPlayer>(`/api/TeamPlayers/${id}`, input);

export const deleteClubCoachWithToast = (id: number) =>
  deleteWithToast(`/api/ClubCoaches/${id}`, 'Club coach successfully deleted.');
export const deleteTeamCoachWithToast = (id: number) =>
  deleteWithToast(`/api/TeamCoaches/${id}`, 'Team coach successfully deleted.');
export const deleteClubPlayerWithToast = (id: number) =>
  deleteWithToast(`/api/ClubPlayers/${id}`, 'Club player successfully deleted.');
export const deleteTeamPlayerWithToast = (id: number) =>
  deleteWithToast(`/api/TeamPlayers/${id}`, 'Team player successfully deleted.');
