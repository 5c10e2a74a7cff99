/**
 * Filtering, sorting and paging of lists held in the browser (spec 01 §3: users and cities),
 * and the list state's round trip through the URL query.
 */

export type SortOrder = 'ascend' | 'descend';

export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface ListQuery {
  /** Free text; an item matches when any filterable field contains it. */
  filter: string;
  sortBy: string | null;
  sortOrder: SortOrder;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_QUERY: ListQuery = {
  filter: '',
  sortBy: null,
  sortOrder: 'ascend',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** Same shape as the server's paged results. */
export interface Page<T> {
  pageItems: T[];
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalItems: number;
}

export type FieldValue = string | number | boolean | null | undefined;

/** One field of a list item that can be filtered and sorted. */
export interface ListField<T> {
  key: string;
  value: (item: T) => FieldValue;
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/** Reads the list state from the URL query, falling back to the defaults for missing or bad values. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const size = positiveInt(params.get('pageSize'));
  const order = params.get('sortOrder');
  return {
    filter: params.get('filter') ?? '',
    sortBy: params.get('sortBy') || null,
    sortOrder: order === 'descend' ? 'descend' : 'ascend',
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Writes the list state to a URL query, leaving out values that equal the defaults. */
export function writeListQuery(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.filter !== '') params.set('filter', query.filter);
  if (query.sortBy !== null) {
    params.set('sortBy', query.sortBy);
    params.set('sortOrder', query.sortOrder);
  }
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** Lower case without diacritics, so "cacak" finds "Čačak". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

function matchesFilter<T>(item: T, needle: string, fields: readonly ListField<T>[]): boolean {
  return fields.some((field) => {
    const value = field.value(item);
    return value !== null && value !== undefined && foldText(String(value)).includes(needle);
  });
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function isMissing(value: FieldValue): boolean {
  return value === null || value === undefined || value === '';
}

function compareValues(a: FieldValue, b: FieldValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Filters, sorts and pages `items`. The page is clamped to the last page that exists. */
export function applyListQuery<T>(items: readonly T[], query: ListQuery, fields: readonly ListField<T>[]): Page<T> {
  const needle = foldText(query.filter.trim());
  let rows = needle === '' ? [...items] : items.filter((item) => matchesFilter(item, needle, fields));
  const sortField = fields.find((field) => field.key === query.sortBy);
  if (sortField) {
    const direction = query.sortOrder === 'descend' ? -1 : 1;
    // Missing values stay last whichever the direction.
    rows = rows
      .map((item, index) => ({ item, index, value: sortField.value(item) }))
      .sort((a, b) => {
        if (isMissing(a.value) !== isMissing(b.value)) return isMissing(a.value) ? 1 : -1;
        return direction * compareValues(a.value, b.value) || a.index - b.index;
      })
      .map((entry) => entry.item);
  }
  const totalItems = rows.length;
  const totalPages = Math.max(1, Math.ceil(totalItems / query.pageSize));
  const currentPage = Math.min(Math.max(1, query.page), totalPages);
  const start = (currentPage - 1) * query.pageSize;
  return {
    pageItems: rows.slice(start, start + query.pageSize),
    currentPage,
    pageSize: query.pageSize,
    totalPages,
    totalItems,
  };
}

/** The next sort state when a column header is clicked: ascend, then descend, then unsorted. */
export function nextSort(query: ListQuery, key: string): Pick<ListQuery, 'sortBy' | 'sortOrder'> {
  if (query.sortBy !== key) return { sortBy: key, sortOrder: 'ascend' };
  if (query.sortOrder === 'ascend') return { sortBy: key, sortOrder: 'descend' };
  return { sortBy: null, sortOrder: 'ascend' };
}
