import { describe, expect, it } from 'vitest';
import { apiSearchParams, nextServerSort } from './server-query';

describe('server list query', () => {
  it('passes the filters and paging fields that have a value, and nothing else', () => {
    const query = new URLSearchParams('Filter.Name=ana&Filter.Surname=&PageIndex=2&tab=clubs&SortBy=surname');
    expect(apiSearchParams(query).toString()).toBe('Filter.Name=ana&PageIndex=2&SortBy=surname');
  });

  it('keeps a date filter with its operator', () => {
    const query = new URLSearchParams({ 'Filter.ActiveFrom': 'GTE:2026-01-01' });
    expect(apiSearchParams(query).get('Filter.ActiveFrom')).toBe('GTE:2026-01-01');
  });

  it('cycles a column through ascending, descending and the default order', () => {
    expect(nextServerSort(null, null, 'name')).toEqual({ sortBy: 'name', sortOrder: 'ascend' });
    expect(nextServerSort('name', 'ascend', 'name')).toEqual({ sortBy: 'name', sortOrder: 'descend' });
    expect(nextServerSort('name', 'descend', 'name')).toBeNull();
    expect(nextServerSort('name', 'descend', 'surname')).toEqual({ sortBy: 'surname', sortOrder: 'ascend' });
  });
});
