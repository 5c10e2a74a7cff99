import { proxy } from 'valtio';
import { api, ApiRequestError, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import { showError } from '@/lib/toaster';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

/**
 * A federation or club as pickers show it. The server has no federations or clubs yet (a later
 * issue adds them); pickers use only these two fields of whatever it will answer.
 */
export interface NamedItem {
  id: number;
  name: string;
}

/** Reference lists that forms choose from, loaded once per session. */
export const lookups = proxy({
  countries: [] as Schemas['Country'][],
  countriesStatus: 'idle' as LoadStatus,
  federations: [] as NamedItem[],
  clubs: [] as NamedItem[],
});

/** Loads the country list unless it is already loaded or loading. */
export async function loadCountries(): Promise<void> {
  if (lookups.countriesStatus === 'loading' || lookups.countriesStatus === 'loaded') return;
  lookups.countriesStatus = 'loading';
  try {
    lookups.countries = await api.get<Schemas['Country'][]>('/api/Countries');
    lookups.countriesStatus = 'loaded';
  } catch {
    lookups.countriesStatus = 'error';
  }
}

/**
 * Loads a named list once. A 404 (the call does not exist on this server yet) is an empty list;
 * other failures show a toast and are tried again next time.
 */
function namedList(path: string, store: (items: NamedItem[]) => void): () => Promise<NamedItem[]> {
  let loading: Promise<NamedItem[]> | null = null;
  return () => {
    loading ??= api.get<NamedItem[]>(path).then(
      (items) => {
        const list = (items ?? []).map(({ id, name }) => ({ id, name }));
        store(list);
        return list;
      },
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 404) {
          store([]);
          return [];
        }
        loading = null;
        void showError(errorMessage(error, 'Error loading data.'));
        return [];
      },
    );
    return loading;
  };
}

export const loadFederations = namedList('/api/Federations', (items) => {
  lookups.federations = items;
});

export const loadClubs = namedList('/api/Clubs', (items) => {
  lookups.clubs = items;
});
