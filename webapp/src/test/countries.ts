import { afterEach, beforeEach, vi } from 'vitest';
import { lookups } from '@/state/lookups';
import { session } from '@/state/session';
import { croatia, serbia } from '@/test/fixtures/reference';

/**
 * The hooks of a test file of forms and pages with a country picker: Serbia and Croatia are the
 * loaded countries, and every test starts with fresh mocks and no session.
 */
export function withCountries(): void {
  beforeEach(() => {
    lookups.countries = [serbia, croatia];
    lookups.countriesStatus = 'loaded';
  });
  afterEach(() => {
    vi.clearAllMocks();
    session.status = 'loading';
  });
}
