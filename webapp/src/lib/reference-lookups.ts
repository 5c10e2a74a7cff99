/**
 * Reference lists the federation and competition forms choose from: categories, competition
 * types, the cities of a country, federations and teams. Each form loads them when it opens, so
 * a list never shows a stale answer after another screen changed it.
 */
import { useEffect, useState } from 'react';
import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import { showError } from '@/lib/toaster';

export type Category = Schemas['Category'];
export type CompetitionType = Schemas['CompetitionType'];
export type CountryDetail = Schemas['CountryDetail'];
export type City = Schemas['City'];
export type Team = Schemas['Team'];
export type FederationSummary = Schemas['Federation'];

export const listCategories = () => api.get<Category[]>('/api/Categories');
export const listCompetitionTypes = () => api.get<CompetitionType[]>('/api/CompetitionTypes');
export const listFederations = () => api.get<FederationSummary[]>('/api/Federations');
export const citiesOfCountry = async (countryId: number) =>
  (await api.get<CountryDetail>(`/api/Countries/${countryId}`)).cities;
/** Teams, only those of one federation when `federationId` is given. */
export const listTeams = (federationId?: number | null) =>
  api.get<Team[]>(federationId == null ? '/api/Teams' : `/api/Teams?federationId=${federationId}`);

let categories: Promise<Schemas['Category'][]> | null = null;

/** The categories (reference data), loaded once; a failure is tried again next time. */
export function categoriesOnce(): Promise<Schemas['Category'][]> {
  categories ??= api.get<Schemas['Category'][]>('/api/Categories').catch((error: unknown) => {
    categories = null;
    throw error;
  });
  return categories;
}

export const listCitiesOf = (countryId: number) =>
  api.get<Schemas['City'][]>(`/api/Cities?${new URLSearchParams({ countryId: String(countryId) }).toString()}`);

/**
 * The items `load` answers, loaded again whenever `key` changes; null while loading, and an empty
 * list (with an error toast) when loading failed. A null `key` means nothing to load.
 */
export function useLoaded<T>(load: (() => Promise<T[]>) | null, key: string | number | null): T[] | null {
  const [loaded, setLoaded] = useState<{ key: string | number | null; items: T[] } | null>(null);
  useEffect(() => {
    if (load === null || key === null) return undefined;
    let current = true;
    load().then(
      (items) => current && setLoaded({ key, items }),
      (error: unknown) => {
        if (!current) return;
        void showError(errorMessage(error, 'Error loading data.'));
        setLoaded({ key, items: [] });
      },
    );
    return () => {
      current = false;
    };
    // `load` is recreated by the caller on every render; `key` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (load === null || key === null) return [];
  return loaded?.key === key ? loaded.items : null;
}
