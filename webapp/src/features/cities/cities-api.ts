import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type City = Schemas['City'];
export type CityInput = Schemas['CityInput'];

export const listCities = () => api.get<City[]>('/api/Cities');
export const getCity = (id: number) => api.get<City>(`/api/Cities/${id}`);
export const createCity = (input: CityInput) => api.post<City>('/api/Cities', input);
export const updateCity = (id: number, input: CityInput) => api.put<City>(`/api/Cities/${id}`, input);

export const DELETE_CITY_QUESTION = 'Are you sure you want to delete this city?';

/** Deletes a city and reports the outcome in a toast; resolves to whether it was deleted. */
export const deleteCityWithToast = (id: number) => deleteWithToast(`/api/Cities/${id}`, 'City successfully deleted');
