import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { refreshToken } from '@/state/session';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type Club = Schemas['Club'];
export type ClubDetail = Schemas['ClubDetail'];
export type ClubInput = Schemas['ClubInput'];

export const searchClubs = (params: URLSearchParams) => api.get<Page<Club>>(`/api/Clubs/search?${params.toString()}`);
export const getClub = (id: number) => api.get<ClubDetail>(`/api/Clubs/${id}`);

/**
 * Creates a club. The session token is renewed afterwards (spec 01 §4), in the background: the
 * current token stays valid meanwhile.
 */
export async function createClub(input: ClubInput): Promise<Club> {
  const club = await api.post<Club>('/api/Clubs', input);
  void refreshToken();
  return club;
}

export const updateClub = (id: number, input: ClubInput) => api.put<Club>(`/api/Clubs/${id}`, input);

export const DELETE_CLUB_QUESTION = 'Are you sure you want to remove this club?';
export const DELETE_CLUB_WARNING =
  'All teams of this club and all users with a Club role in it will also be deleted.';
export const DELETE_CLUB_COACH_QUESTION = 'Are you sure you want to remove this club manager?';
export const DELETE_CLUB_PLAYER_QUESTION = 'Are you sure you want to remove this player?';

/** Deletes a club (its teams and Club-role users go with it) and renews the session token. */
export async function deleteClubWithToast(id: number): Promise<boolean> {
  const deleted = await deleteWithToast(`/api/Clubs/${id}`, 'Club successfully deleted.');
  if (deleted) void refreshToken();
  return deleted;
}
