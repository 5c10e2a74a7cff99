import { describe, expect, it } from 'vitest';
import {
  applyListQuery,
  DEFAULT_LIST_QUERY,
  type ListField,
  type ListQuery,
  nextSort,
  readListQuery,
  writeListQuery,
} from '@/lib/list-query';

interface Row {
  id: number;
  name: string;
  country: string;
  rank: number | null;
}

const rows: Row[] = [
  { id: 1, name: 'Novi Sad', country: 'Serbia', rank: 3 },
  { id: 2, name: 'Čačak', country: 'Serbia', rank: null },
  { id: 3, name: 'Split', country: 'Croatia', rank: 1 },
  { id: 4, name: 'Budapest', country: 'Hungary', rank: 2 },
  { id: 5, name: 'Zagreb', country: 'Croatia', rank: 10 },
];

const fields: ListField<Row>[] = [
  { key: 'name', value: (row) => row.name },
  { key: 'country', value: (row) => row.country },
  { key: 'rank', value: (row) => row.rank },
];

const query = (change: Partial<ListQuery>): ListQuery => ({ ...DEFAULT_LIST_QUERY, ...change });
const ids = (items: Row[]) => items.map((row) => row.id);

describe('applyListQuery', () => {
  it('filters by text contained in any field, ignoring case and diacritics', () => {
    expect(ids(applyListQuery(rows, query({ filter: 'CRO' }), fields).pageItems)).toEqual([3, 5]);
    expect(ids(applyListQuery(rows, query({ filter: 'cacak' }), fields).pageItems)).toEqual([2]);
    expect(ids(applyListQuery(rows, query({ filter: '  split ' }), fields).pageItems)).toEqual([3]);
    expect(applyListQuery(rows, query({ filter: 'Belgrade' }), fields).totalItems).toBe(0);
  });

  it('sorts text ascending and descending', () => {
    expect(ids(applyListQuery(rows, query({ sortBy: 'name' }), fields).pageItems)).toEqual([4, 2, 1, 3, 5]);
    expect(ids(applyListQuery(rows, query({ sortBy: 'name', sortOrder: 'descend' }), fields).pageItems)).toEqual([
      5, 3, 1, 2, 4,
    ]);
  });

  it('sorts numbers numerically and keeps missing values last in both directions', () => {
    expect(ids(applyListQuery(rows, query({ sortBy: 'rank' }), fields).pageItems)).toEqual([3, 4, 1, 5, 2]);
    expect(ids(applyListQuery(rows, query({ sortBy: 'rank', sortOrder: 'descend' }), fields).pageItems)).toEqual([
      5, 1, 4, 3, 2,
    ]);
  });

  it('keeps the input order for an unknown sort key and for equal values', () => {
    expect(ids(applyListQuery(rows, query({ sortBy: 'nope' }), fields).pageItems)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(applyListQuery(rows, query({ sortBy: 'country' }), fields).pageItems)).toEqual([3, 5, 4, 1, 2]);
  });

  it('pages the filtered and sorted rows', () => {
    const page = applyListQuery(rows, query({ sortBy: 'name', page: 2, pageSize: 2 }), fields);
    expect(ids(page.pageItems)).toEqual([1, 3]);
    expect(page).toMatchObject({ currentPage: 2, pageSize: 2, totalPages: 3, totalItems: 5 });
  });

  it('clamps a page past the end to the last page, and an empty list to page 1', () => {
    const page = applyListQuery(rows, query({ page: 9, pageSize: 2 }), fields);
    expect(page.currentPage).toBe(3);
    expect(ids(page.pageItems)).toEqual([5]);
    const empty = applyListQuery([], query({ page: 4 }), fields);
    expect(empty).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 0, pageItems: [] });
  });
});

describe('list query in the URL', () => {
  it('defaults to page 1 of 10 unsorted and unfiltered', () => {
    expect(readListQuery(new URLSearchParams())).toEqual({
      filter: '',
      sortBy: null,
      sortOrder: 'ascend',
      page: 1,
      pageSize: 10,
    });
  });

  it('round-trips a full state and leaves defaults out', () => {
    const state = query({ filter: 'novi', sortBy: 'name', sortOrder: 'descend', page: 3, pageSize: 25 });
    const params = writeListQuery(state);
    expect(params.toString()).toBe('filter=novi&sortBy=name&sortOrder=descend&page=3&pageSize=25');
    expect(readListQuery(params)).toEqual(state);
    expect(writeListQuery(DEFAULT_LIST_QUERY).toString()).toBe('');
  });

  it('rejects page sizes outside 5, 10, 25, 50 and bad page numbers', () => {
    const read = readListQuery(new URLSearchParams('pageSize=7&page=-2&sortOrder=sideways'));
    expect(read.pageSize).toBe(10);
    expect(read.page).toBe(1);
    expect(read.sortOrder).toBe('ascend');
    expect(readListQuery(new URLSearchParams('pageSize=5&page=0')).pageSize).toBe(5);
  });
});

describe('nextSort', () => {
  it('cycles a column through ascend, descend and unsorted', () => {
    const first = nextSort(DEFAULT_LIST_QUERY, 'name');
    expect(first).toEqual({ sortBy: 'name', sortOrder: 'ascend' });
    const second = nextSort(query(first), 'name');
    expect(second).toEqual({ sortBy: 'name', sortOrder: 'descend' });
    expect(nextSort(query(second), 'name')).toEqual({ sortBy: null, sortOrder: 'ascend' });
    expect(nextSort(query(second), 'country')).toEqual({ sortBy: 'country', sortOrder: 'ascend' });
  });
});
