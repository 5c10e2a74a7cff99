/**
 * The query of a server-paged list (spec 01 §3): the page's URL query holds exactly the API's
 * names, so the list state round-trips through a bookmark and goes to the server as it is.
 */

/** A filter of a search call, by the API's query name (e.g. `Filter.NameUniversal`). */
export interface ServerFilter {
  name: string;
  label: string;
  /** Text matches a part (case and accents ignored); a date is `OP:YYYY-MM-DD`; a select is one of `options`. */
  kind: 'text' | 'boolean' | 'date' | 'select';
  /** The choices of a select filter (an empty value means any). */
  options?: readonly { value: string; label: string }[];
  /** The operators a date filter offers; on, from and until unless given. */
  operators?: readonly DateOperator[];
}

export type DateOperator = 'EQ' | 'GT' | 'LT' | 'GTE' | 'LTE';

/** How long typing pauses before a text filter is sent (spec 01 §9 autocomplete delay). */
export const TEXT_FILTER_DELAY_MS = 300;

const PAGING = ['PageIndex', 'PageSize', 'SortBy', 'SortOrder'];

/** The API's part of a page's URL query: the filters that have a value, and the paging fields. */
export function apiSearchParams(query: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of query) {
    if ((name.startsWith('Filter.') || PAGING.includes(name)) && value.trim() !== '') params.set(name, value);
  }
  params.sort();
  return params;
}

/** A click on a sortable column: ascending, then descending, then the server's default order. */
export function nextServerSort(
  sortBy: string | null,
  sortOrder: string | null,
  column: string,
): { sortBy: string; sortOrder: 'ascend' | 'descend' } | null {
  if (sortBy !== column) return { sortBy: column, sortOrder: 'ascend' };
  return sortOrder === 'descend' ? null : { sortBy: column, sortOrder: 'descend' };
}
