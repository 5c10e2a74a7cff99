/**
 * One standings table (Overall, Home or Away) from the rows it is given: the competition's
 * Standings tab and the public competition page draw it.
 */
import { H4, HTMLTable, Icon } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Schemas } from '@/api/types';
import { type SortOrder } from '@/lib/list-query';
import './standings.css';

type Ranking = Schemas['RankingView'];
type StandingGroup = Schemas['StandingGroupView'];

/** A goal difference with its sign, as the tie-break texts write it: `+5`, `0`, `−2` (U+2212). */
export const formatGoalDiff = (diff: number) => (diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '0');

const teamName = (row: Ranking) => row.team?.name ?? `#${row.teamId}`;

interface StandingColumn {
  key: string;
  title: string;
  /** What the header's tooltip says. */
  help?: string;
  /** The title a phone shows (its name stays `title`). */
  short?: string;
  /** Left out on a phone, where the figures that decide the table must fit beside the names. */
  wideOnly?: true;
  value: (row: Ranking) => number | string;
  render?: (row: Ranking) => React.ReactNode;
}

export const STANDING_COLUMNS: readonly StandingColumn[] = [
  { key: 'rank', title: 'Rank', short: '#', value: (row) => row.rank },
  { key: 'team', title: 'Team', value: teamName, render: (row) => <Link to={`/teams/${row.teamId}`}>{teamName(row)}</Link> },
  { key: 'played', title: 'Played', short: 'P', value: (row) => row.played },
  { key: 'won', title: 'Won', short: 'W', value: (row) => row.won },
  { key: 'drawn', title: 'Drawn', short: 'D', value: (row) => row.drawn },
  { key: 'lost', title: 'Lost', short: 'L', value: (row) => row.lost },
  { key: 'shootoutWon', title: 'SO won', help: 'Won in a penalty shootout', wideOnly: true, value: (row) => row.shootoutWon },
  { key: 'shootoutLost', title: 'SO lost', help: 'Lost in a penalty shootout', wideOnly: true, value: (row) => row.shootoutLost },
  { key: 'goalsScored', title: 'GF', help: 'Goals for', wideOnly: true, value: (row) => row.goalsScored },
  { key: 'goalsConceded', title: 'GA', help: 'Goals against', wideOnly: true, value: (row) => row.goalsConceded },
  { key: 'goalsDiff', title: 'GD', help: 'Goal difference', value: (row) => row.goalsDiff, render: (row) => formatGoalDiff(row.goalsDiff) },
  { key: 'points', title: 'Points', short: 'Pts', value: (row) => row.points },
  { key: 'tieBreak', title: 'Tie-break', wideOnly: true, value: (row) => row.tieBreak ?? '' },
];

interface Sort {
  key: string;
  order: SortOrder;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** The rows in `sort` order; equal rows keep the server's order (by rank). */
export function sortRankings(rows: readonly Ranking[], sort: Sort): Ranking[] {
  const column = STANDING_COLUMNS.find((entry) => entry.key === sort.key) ?? STANDING_COLUMNS[0]!;
  const direction = sort.order === 'descend' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((a, b) => {
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : collator.compare(String(a.value), String(b.value));
      return direction * order || a.index - b.index;
    })
    .map((entry) => entry.row);
}

const cellClass = (column: StandingColumn) =>
  [column.key === 'tieBreak' && 'pd-standing-note', column.wideOnly && 'pd-wide-only'].filter(Boolean).join(' ') || undefined;

const RANK_ASCENDING: Sort = { key: 'rank', order: 'ascend' };

/**
 * One table (Overall, Home or Away), unpaged, sorted by rank ascending until a header is clicked;
 * team names link to the team's page unless `linkTeams` is false (pages for visitors).
 */
export function StandingTable({ group, linkTeams = true }: { group: StandingGroup; linkTeams?: boolean }) {
  const [sort, setSort] = useState<Sort>(RANK_ASCENDING);
  const rows = sortRankings(group.rankings, sort);
  const click = (key: string) =>
    setSort((current) =>
      current.key !== key ? { key, order: 'ascend' } : current.order === 'ascend' ? { key, order: 'descend' } : RANK_ASCENDING,
    );
  return (
    <section className="pd-standing-group" aria-label={`${group.standingType} standings`}>
      <H4>{group.standingType}</H4>
      <div className="pd-standing-frame">
      <HTMLTable striped compact className="pd-table">
        <thead>
          <tr>
            {STANDING_COLUMNS.map((column) => (
              <th
                key={column.key}
                className={column.wideOnly ? 'pd-wide-only' : undefined}
                title={column.help}
                aria-sort={sort.key === column.key ? (sort.order === 'ascend' ? 'ascending' : 'descending') : 'none'}
              >
                <button type="button" className="pd-sort-button" onClick={() => click(column.key)}>
                  {column.short ? (
                    <>
                      <span className="pd-phone-sr-only">{column.title}</span>
                      <span className="pd-short-title" aria-hidden="true">
                        {column.short}
                      </span>
                    </>
                  ) : (
                    column.title
                  )}
                  {sort.key === column.key ? (
                    <Icon icon={sort.order === 'ascend' ? 'caret-up' : 'caret-down'} className="pd-sort-icon" />
                  ) : (
                    <Icon icon="double-caret-vertical" className="pd-sort-icon pd-sort-idle" />
                  )}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {STANDING_COLUMNS.map((column) => (
                <td key={column.key} className={cellClass(column)}>
                  {column.render && (linkTeams || column.key !== 'team') ? column.render(row) : column.value(row)}
                  {/* A phone has no Tie-break column: the note goes under the team's name. */}
                  {column.key === 'team' && row.tieBreak && <div className="pd-standing-note pd-phone-only">{row.tieBreak}</div>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      </div>
    </section>
  );
}

