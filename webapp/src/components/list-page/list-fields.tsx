import { Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { yesNo } from '@/components/details-list/details-list';
import type { ServerColumn, ServerFilter } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';

type Text = string | null | undefined;
type Ref = { id: number; name: string } | null | undefined;

/** The members the registry lists show; each list's rows have some of them. */
export interface ListRow {
  id: number;
  name: string;
  nameUniversal?: string;
  shortName?: Text;
  surname?: string;
  title?: Text;
  season?: Text;
  primaryPosition?: Text;
  federation?: Ref;
  club?: Ref;
  category?: Ref;
  competitionType?: Ref;
  country?: Ref;
  city?: Ref;
  countryOfBirth?: Ref;
  cityOfBirth?: Ref;
  birthDate?: Text;
  activeFrom?: Text;
  activeTo?: Text;
  startDate?: Text;
  endDate?: Text;
  isPro?: boolean;
}

type Column = ServerColumn<ListRow>;

/** A column the server sorts by the member it shows. */
const sorted = (key: keyof ListRow, title: string, render: (row: ListRow) => ReactNode): Column => ({ key, title, sortKey: key, render });
const refName = (ref: Ref) => ref?.name ?? '';

/**
 * The registry lists' columns by name (spec 01 §3), so a member has one title and one cell in
 * every list. `name` links to the row's details; `professional` and `pro` both show `isPro`.
 */
const COLUMNS = {
  nameUniversal: sorted('nameUniversal', 'Universal name', (row) => row.nameUniversal),
  shortName: sorted('shortName', 'Short name', (row) => row.shortName ?? ''),
  surname: sorted('surname', 'Surname', (row) => row.surname),
  title: { key: 'title', title: 'Title', render: (row) => row.title ?? '' },
  season: { key: 'season', title: 'Season', render: (row) => row.season ?? '' },
  position: { key: 'position', title: 'Primary position', render: (row) => row.primaryPosition ?? '' },
  federation: sorted('federation', 'Federation', (row) => refName(row.federation)),
  club: sorted('club', 'Club', ({ club }) => (club ? <Link to={`/clubs/${club.id}`}>{club.name}</Link> : '')),
  category: sorted('category', 'Category', (row) => refName(row.category)),
  competitionType: sorted('competitionType', 'Type', (row) => refName(row.competitionType)),
  country: sorted('country', 'Country', (row) => refName(row.country)),
  city: sorted('city', 'City', (row) => refName(row.city)),
  countryOfBirth: sorted('countryOfBirth', 'Country of birth', (row) => refName(row.countryOfBirth)),
  cityOfBirth: sorted('cityOfBirth', 'City of birth', (row) => refName(row.cityOfBirth)),
  birthDate: sorted('birthDate', 'Birth date', (row) => formatDate(row.birthDate)),
  activeFrom: sorted('activeFrom', 'Active from', (row) => formatDate(row.activeFrom)),
  activeTo: sorted('activeTo', 'Active to', (row) => formatDate(row.activeTo)),
  startDate: sorted('startDate', 'Start date', (row) => formatDate(row.startDate)),
  endDate: sorted('endDate', 'End date', (row) => formatDate(row.endDate)),
  professional: sorted('isPro', 'Professional', (row) => yesNo(row.isPro)),
  pro: sorted('isPro', 'Pro', (row) => (row.isPro ? <Icon icon="tick" aria-label="Professional" /> : null)),
} satisfies Record<string, Column>;

export type ListColumn = 'name' | keyof typeof COLUMNS;

/** The named columns of a list whose rows' details are at `${path}/:id`. */
export function listColumns(path: string, names: readonly ListColumn[]): Column[] {
  return names.map((name) =>
    name === 'name'
      ? sorted('name', 'Name', (row) => <Link to={`${path}/${row.id}`}>{row.name}</Link>)
      : COLUMNS[name],
  );
}

/** The registry searches' filters by their API name after `Filter.` (spec 01 §3), labelled alike in every list. */
const FILTERS = {
  Name: { label: 'Name', kind: 'text' },
  Surname: { label: 'Surname', kind: 'text' },
  NameUniversal: { label: 'Universal name', kind: 'text' },
  ShortName: { label: 'Short name', kind: 'text' },
  StartDate: { label: 'Start date', kind: 'date' },
  EndDate: { label: 'End date', kind: 'date' },
  ActiveFrom: { label: 'Active from', kind: 'date' },
  ActiveTo: { label: 'Active to', kind: 'date' },
  IsPro: { label: 'Professional', kind: 'boolean' },
  Federation: { label: 'Federation', kind: 'text' },
  Club: { label: 'Club', kind: 'text' },
  Team: { label: 'Team', kind: 'text' },
  Category: { label: 'Category', kind: 'text' },
  CompetitionType: { label: 'Competition type', kind: 'text' },
  Country: { label: 'Country', kind: 'text' },
  City: { label: 'City', kind: 'text' },
  CountryOfBirth: { label: 'Country of birth', kind: 'text' },
  CityOfBirth: { label: 'City of birth', kind: 'text' },
} satisfies Record<string, Omit<ServerFilter, 'name'>>;

export type ListFilter = keyof typeof FILTERS;

/** The named filters, as the search's query names them. */
export const listFilters = (names: readonly ListFilter[]): ServerFilter[] =>
  names.map((name) => ({ name: `Filter.${name}`, ...FILTERS[name] }));

/** A person's filters (Name, Surname, CountryOfBirth, CityOfBirth), which every people search has. */
export const PERSON_FILTERS: readonly ListFilter[] = ['Name', 'Surname', 'CountryOfBirth', 'CityOfBirth'];
