/**
 * The Matches page's list state in its URL query (spec 02 §2 "Matches list"), and the search body
 * it stands for. The query uses the same `Filter.*`, paging and sort names as the other server
 * lists, so the shared table reads and writes it; the match search takes them as a JSON body.
 */
import type { Schemas } from '@/api/types';
import type { ServerFilter } from '@/components/server-table/server-table';
import { codeLabel, MATCH_STATUSES } from '@/lib/match-codes';

export type MatchSearch = Schemas['MatchSearch'];
export type DatePreset = Schemas['DatePreset'];

const OPERATORS = ['EQ', 'GT', 'LT', 'GTE', 'LTE', 'CONTAINS'] as const;
type Operator = (typeof OPERATORS)[number];

/** The date presets (ranges in UTC, weeks from Monday). */
export const DATE_PRESETS: readonly { value: DatePreset; label: string }[] = [
  { value: 'thisWeek', label: 'This week' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastWeek', label: 'Last week' },
];

/** The filters of the Matches page; competitions are chosen by name. */
export function matchFilters(competitions: readonly { id: number; name: string }[]): ServerFilter[] {
  return [
    { name: 'Filter.HomeTeamDisplayName', label: 'Home team', kind: 'text' },
    { name: 'Filter.AwayTeamDisplayName', label: 'Away team', kind: 'text' },
    {
      name: 'Filter.CompetitionId',
      label: 'Competition',
      kind: 'select',
      options: competitions.map((competition) => ({ value: String(competition.id), label: competition.name })),
    },
    { name: 'Filter.Venue', label: 'Venue', kind: 'text' },
    { name: 'Filter.Round', label: 'Round', kind: 'text' },
    {
      name: 'Filter.Status',
      label: 'Status',
      kind: 'select',
      options: MATCH_STATUSES.map((status) => ({ value: String(status.id), label: codeLabel(status.name) })),
    },
    { name: 'Filter.StartDatePreset', label: 'Start', kind: 'select', options: DATE_PRESETS },
    { name: 'Filter.StartDate', label: 'Start date', kind: 'date', operators: ['EQ', 'GT', 'LT', 'GTE', 'LTE'] },
  ];
}

const positive = (raw: string | null) => (raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
const text = (raw: string | null) => (raw === null || raw.trim() === '' ? null : raw.trim());

/** The search body of a page's URL query; values that cannot be sent are left out. */
export function matchSearchBody(params: URLSearchParams): MatchSearch {
  const filter: NonNullable<MatchSearch['filter']> = {};
  const home = text(params.get('Filter.HomeTeamDisplayName'));
  if (home) filter.homeTeamDisplayName = home;
  const away = text(params.get('Filter.AwayTeamDisplayName'));
  if (away) filter.awayTeamDisplayName = away;
  const competition = positive(params.get('Filter.CompetitionId'));
  if (competition !== null) filter.competitionId = competition;
  const venue = text(params.get('Filter.Venue'));
  if (venue) filter.venue = venue;
  const round = text(params.get('Filter.Round'));
  if (round) filter.round = round;
  const status = positive(params.get('Filter.Status'));
  const known = MATCH_STATUSES.find((entry) => entry.id === status);
  if (known) filter.status = known.id;
  const preset = params.get('Filter.StartDatePreset');
  const knownPreset = DATE_PRESETS.find((entry) => entry.value === preset);
  if (knownPreset) filter.startDatePreset = knownPreset.value;
  // One condition per value: `OP:YYYY-MM-DD`, or a bare day meaning that day.
  const conditions = params.getAll('Filter.StartDate').flatMap((value) => {
    const match = /^(?:([A-Z]+):)?(\d{4}-\d{2}-\d{2})$/.exec(value.trim());
    if (!match) return [];
    const operation = (match[1] ?? 'EQ') as Operator;
    return OPERATORS.includes(operation) ? [{ value: match[2]!, operation }] : [];
  });
  if (conditions.length > 0) filter.startDate = conditions;

  const body: MatchSearch = { filter };
  const pageIndex = positive(params.get('PageIndex'));
  if (pageIndex !== null) body.pageIndex = pageIndex;
  const pageSize = positive(params.get('PageSize'));
  if (pageSize !== null) body.pageSize = pageSize;
  const sortBy = text(params.get('SortBy'));
  if (sortBy) {
    body.sortBy = sortBy;
    body.sortOrder = params.get('SortOrder') === 'descend' ? 'descend' : 'ascend';
  }
  return body;
}
