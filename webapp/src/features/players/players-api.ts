import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Page } from '@/lib/list-query';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type Player = Schemas['Player'];
export type PlayerDetail = Schemas['PlayerDetail'];
export type Hand = Schemas['Hand'];

export const DELETE_PLAYER_QUESTION = 'Are you sure you want to delete this player?';
export const PLAYER_DELETED = 'Player successfully deleted.';

export const HANDS: readonly { value: Hand; label: string }[] = [
  { value: 'L', label: 'Left' },
  { value: 'R', label: 'Right' },
];

export const handText = (hand: Hand | null | undefined) => HANDS.find((h) => h.value === hand)?.label ?? '';

export const searchPlayers = (params: URLSearchParams) =>
  api.get<Page<Player>>(`/api/Players/search?${params.toString()}`);
export const getPlayer = (id: number) => api.get<PlayerDetail>(`/api/Players/${id}`);
export const createPlayer = (input: Schemas['NewPlayerInput']) => api.post<PlayerDetail>('/api/Players', input);
export const updatePlayer = (id: number, input: Schemas['PlayerInput']) => api.put<PlayerDetail>(`/api/Players/${id}`, input);

export const deletePlayerWithToast = (id: number) => deleteWithToast(`/api/Players/${id}`, PLAYER_DELETED);
