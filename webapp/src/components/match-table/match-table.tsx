import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { TableContent } from '@/components/data-table/table-content';
import { type LogLinkRule, MatchLinks } from '@/components/match-table/match-links';
import type { ServerColumn } from '@/components/server-table/server-table';
import { formatDateTime } from '@/lib/dates';
import { listedResult } from '@/lib/match-result';
import { codeLabel } from '@/lib/match-codes';
import { TableFrame } from '@/components/table-frame/table-frame';

export type Match = Schemas['Match'];
/** A match as lists give it: the search's rows and the details' match lists. */
export type MatchRow = Pick<
  Match,
  | 'id'
  | 'homeTeamDisplayName'
  | 'awayTeamDisplayName'
  | 'homeTeamGoalsTotal'
  | 'awayTeamGoalsTotal'
  | 'homeTeamGoalsOT'
  | 'awayTeamGoalsOT'
  | 'decidedByShootout'
  | 'startDate'
  | 'competitionDisplayName'
  | 'venue'
  | 'round'
  | 'status'
  | 'referees'
  | 'delegates'
  | 'federationId'
>;

/** The status as people read it: `Not_Started` shows as `Not Started`. */
export const matchStatusLabel = codeLabel;

/** Orders matches latest start first (how the details send each list; a team's two are merged). */
export const latestFirst = (a: Pick<Match, 'startDate'>, b: Pick<Match, 'startDate'>) =>
  Date.parse(b.startDate) - Date.parse(a.startDate);

/** `Name Surname` of each person, comma separated. */
export const personNames = (people: readonly Schemas['PersonName'][]) =>
  people.map((person) => `${person.name} ${person.surname}`).join(', ');

/**
 * The columns of every match list, in order, with the search's sort names. The Matches page adds
 * the id, referees and delegates (spec 02 §2); the entity tabs show these.
 */
export const MATCH_COLUMNS: readonly ServerColumn<MatchRow>[] = [
  { key: 'home', title: 'Home', render: (match) => match.homeTeamDisplayName },
  { key: 'away', title: 'Away', render: (match) => match.awayTeamDisplayName },
  // "12–9", or "9–9, 4–3 pen." after a shootout, on one line (pd-score-cell); "—" before the start.
  { key: 'score', title: 'Score', className: 'pd-score-cell', render: (match) => listedResult(match) },
  { key: 'start', title: 'Start', sortKey: 'startDate', render: (match) => formatDateTime(match.startDate) },
  { key: 'competition', title: 'Competition', sortKey: 'competition', render: (match) => match.competitionDisplayName },
  { key: 'venue', title: 'Venue', sortKey: 'venue', render: (match) => match.venue ?? '' },
  { key: 'round', title: 'Round', sortKey: 'round', render: (match) => match.round ?? '' },
  { key: 'status', title: 'Status', sortKey: 'status', render: (match) => matchStatusLabel(match.status) },
];

/** The Matches page's columns (spec 02 §2 "Matches list"). */
export const MATCH_LIST_COLUMNS: readonly ServerColumn<MatchRow>[] = [
  { key: 'id', title: 'Id', sortKey: 'id', render: (match) => match.id },
  ...MATCH_COLUMNS.slice(0, 5),
  { key: 'referees', title: 'Referees', render: (match) => personNames(match.referees) },
  { key: 'delegates', title: 'Delegates', render: (match) => personNames(match.delegates) },
  ...MATCH_COLUMNS.slice(5),
];

/** The actions column of a match list: Details, Log as `logRule` allows, and Report. */
export const matchActionsColumn = (logRule: LogLinkRule = 'read'): ServerColumn<MatchRow> => ({
  key: 'actions',
  title: 'Actions',
  className: 'pd-actions-cell',
  render: (match) => <MatchLinks match={match} logRule={logRule} />,
});

interface MatchTableProps<T extends MatchRow> {
  matches: readonly T[];
  /** What the tab says when there is no match. */
  emptyText: string;
  /** Who sees the Log links; an official's page narrows them (spec 02 §2). */
  logRule?: LogLinkRule;
  /** What the tab tells of each match beyond the common columns (an official's role), after Start. */
  extraColumns?: readonly ServerColumn<T>[];
  /** The table's accessible name, when a tab shows more than one. */
  label?: string;
}

/**
 * The read-only Matches tab of a team, competition, club manager, player or official: one row a
 * match with its teams, score, start in local time, competition, venue, round and status, and
 * links to its details, log and report.
 */
export function MatchTable<T extends MatchRow>({ matches, emptyText, logRule = 'read', extraColumns = [], label }: MatchTableProps<T>) {
  if (matches.length === 0) return <NonIdealState icon="search" description={emptyText} className="pd-table-empty" />;
  const start = MATCH_COLUMNS.findIndex((column) => column.key === 'start') + 1;
  const columns: ServerColumn<T>[] = [
    ...MATCH_COLUMNS.slice(0, start),
    ...extraColumns,
    ...MATCH_COLUMNS.slice(start),
    matchActionsColumn(logRule),
  ];
  return (
    <TableFrame>
      <HTMLTable striped className="pd-table" aria-label={label}>
        <TableContent columns={columns} items={matches} rowKey={(match) => match.id} cell={(column, match) => column.render(match)} />
      </HTMLTable>
    </TableFrame>
  );
}
