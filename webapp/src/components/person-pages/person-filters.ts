import type { ServerFilter } from '@/components/server-table/server-table';

/** The people searches' filters (spec 01 §3: Name, Surname, CountryOfBirth, CityOfBirth). */
export const PERSON_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.Name', label: 'Name', kind: 'text' },
  { name: 'Filter.Surname', label: 'Surname', kind: 'text' },
  { name: 'Filter.CountryOfBirth', label: 'Country of birth', kind: 'text' },
  { name: 'Filter.CityOfBirth', label: 'City of birth', kind: 'text' },
];

/** The club managers' and players' filters: a person's, and Club and Team. */
export const MEMBER_FILTERS: readonly ServerFilter[] = [
  ...PERSON_FILTERS,
  { name: 'Filter.Club', label: 'Club', kind: 'text' },
  { name: 'Filter.Team', label: 'Team', kind: 'text' },
];
