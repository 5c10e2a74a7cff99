import { proxy } from 'valtio';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';

type LoadStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** Reference lists that forms choose from, loaded once per session. */
export const lookups = proxy({
  countries: [] as Schemas['Country'][],
  countriesStatus: 'idle' as LoadStatus,
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
