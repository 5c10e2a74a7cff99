import { describe, expect, it } from 'vitest';
import { matchFilters, matchSearchBody } from '@/features/matches/match-search';

describe('matchSearchBody', () => {
  it('sends an empty filter and the server defaults (latest start first, page 1 of 10) for an empty query', () => {
    expect(matchSearchBody(new URLSearchParams())).toEqual({ filter: {} });
  });

  it('carries every filter, the paging and the sort', () => {
    const params = new URLSearchParams({
      'Filter.HomeTeamDisplayName': ' Partizan ',
      'Filter.AwayTeamDisplayName': 'Zvezda',
      'Filter.CompetitionId': '7',
      'Filter.Venue': 'Banjica',
      'Filter.Round': '1',
      'Filter.Status': '206',
      'Filter.StartDatePreset': 'lastWeek',
      'Filter.StartDate': 'GTE:2025-10-01',
      PageIndex: '2',
      PageSize: '25',
      SortBy: 'venue',
      SortOrder: 'descend',
    });
    expect(matchSearchBody(params)).toEqual({
      filter: {
        homeTeamDisplayName: 'Partizan',
        awayTeamDisplayName: 'Zvezda',
        competitionId: 7,
        venue: 'Banjica',
        round: '1',
        status: 206,
        startDatePreset: 'lastWeek',
        startDate: [{ value: '2025-10-01', operation: 'GTE' }],
      },
      pageIndex: 2,
      pageSize: 25,
      sortBy: 'venue',
      sortOrder: 'descend',
    });
  });

  it('reads a bare day as that day, and drops values the server would refuse', () => {
    const params = new URLSearchParams([
      ['Filter.StartDate', '2025-10-04'],
      ['Filter.StartDate', 'XX:2025-10-04'],
      ['Filter.StartDate', 'LT:04.10.2025.'],
      ['Filter.Status', '999'],
      ['Filter.CompetitionId', 'seven'],
      ['Filter.StartDatePreset', 'nextYear'],
      ['PageIndex', '0'],
      ['SortBy', 'startDate'],
    ]);
    expect(matchSearchBody(params)).toEqual({
      filter: { startDate: [{ value: '2025-10-04', operation: 'EQ' }] },
      sortBy: 'startDate',
      sortOrder: 'ascend',
    });
  });
});

describe('matchFilters', () => {
  it('offers the spec filter fields, the competitions by name, the statuses with spaces and the three date presets', () => {
    const filters = matchFilters([{ id: 7, name: 'Prva liga' }]);
    expect(filters.map((filter) => filter.name)).toEqual([
      'Filter.HomeTeamDisplayName',
      'Filter.AwayTeamDisplayName',
      'Filter.CompetitionId',
      'Filter.Venue',
      'Filter.Round',
      'Filter.Status',
      'Filter.StartDatePreset',
      'Filter.StartDate',
    ]);
    expect(filters[2]!.options).toEqual([{ value: '7', label: 'Prva liga' }]);
    expect(filters[5]!.options?.map((option) => option.label)).toContain('Not Started');
    expect(filters[6]!.options?.map((option) => option.label)).toEqual(['This week', 'This month', 'Last week']);
  });
});
