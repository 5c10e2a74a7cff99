import { Button, H4, HTMLTable, Icon, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/api/client';
import { Loading } from '@/components/loading/loading';
import { type SortOrder } from '@/lib/list-query';
import { showError, showSuccess } from '@/lib/toaster';
import {
  getStandings,
  NO_STANDINGS,
  type Ranking,
  recalculateStandings,
  type StandingGroup,
} from '@/features/competitions/competitions-api';

/** A goal difference with its sign, as the tie-break texts write it: `+5`, `0`, `−2` (U+2212). */
export const formatGoalDiff = (diff: number) => (diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '0');

const teamName = (row: Ranking) => row.team?.name ?? `#${row.teamId}`;

interface StandingColumn {
  key: string;
  title: string;
  /** What the header's tooltip says. */
  help?: string;
  value: (row: Ranking) => number | string;
  render?: (row: Ranking) => React.ReactNode;
}

export const STANDING_COLUMNS: readonly StandingColumn[] = [
  { key: 'rank', title: 'Rank', value: (row) => row.rank },
  { key: 'team', title: 'Team', value: teamName, render: (row) => <Link to={`/teams/${row.teamId}`}>{teamName(row)}</Link> },
  { key: 'played', title: 'Played', value: (row) => row.played },
  { key: 'won', title: 'Won', value: (row) => row.won },
  { key: 'drawn', title: 'Drawn', value: (row) => row.drawn },
  { key: 'lost', title: 'Lost', value: (row) => row.lost },
  { key: 'shootoutWon', title: 'SO won', help: 'Won in a penalty shootout', value: (row) => row.shootoutWon },
  { key: 'shootoutLost', title: 'SO lost', help: 'Lost in a penalty shootout', value: (row) => row.shootoutLost },
  { key: 'goalsScored', title: 'GF', help: 'Goals for', value: (row) => row.goalsScored },
  { key: 'goalsConceded', title: 'GA', help: 'Goals against', value: (row) => row.goalsConceded },
  { key: 'goalsDiff', title: 'GD', help: 'Goal difference', value: (row) => row.goalsDiff, render: (row) => formatGoalDiff(row.goalsDiff) },
  { key: 'points', title: 'Points', value: (row) => row.points },
  { key: 'tieBreak', title: 'Tie-break', value: (row) => row.tieBreak ?? '' },
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

const RANK_ASCENDING: Sort = { key: 'rank', order: 'ascend' };

/** One table (Overall, Home or Away), unpaged, sorted by rank ascending until a header is clicked. */
function StandingTable({ group }: { group: StandingGroup }) {
  const [sort, setSort] = useState<Sort>(RANK_ASCENDING);
  const rows = sortRankings(group.rankings, sort);
  const click = (key: string) =>
    setSort((current) =>
      current.key !== key ? { key, order: 'ascend' } : current.order === 'ascend' ? { key, order: 'descend' } : RANK_ASCENDING,
    );
  return (
    <section className="pd-standing-group" aria-label={`${group.standingType} standings`}>
      <H4>{group.standingType}</H4>
      <HTMLTable striped compact className="pd-table">
        <thead>
          <tr>
            {STANDING_COLUMNS.map((column) => (
              <th
                key={column.key}
                title={column.help}
                aria-sort={sort.key === column.key ? (sort.order === 'ascend' ? 'ascending' : 'descending') : 'none'}
              >
                <button type="button" className="pd-sort-button" onClick={() => click(column.key)}>
                  {column.title}
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
                <td key={column.key}>{column.render ? column.render(row) : column.value(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

type Loaded = { key: string; groups: StandingGroup[] | null };

interface StandingsPanelProps {
  competitionId: number;
  /** Update Standings needs create on Matches (spec 02 §2). */
  canUpdate: boolean;
}

/**
 * The Standings tab of a competition: its Overall, Home and Away tables, and the Update
 * Standings action that recomputes them from the match logs.
 */
export function StandingsPanel({ competitionId, canUpdate }: StandingsPanelProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [updating, setUpdating] = useState(false);
  const key = String(competitionId);

  useEffect(() => {
    let current = true;
    getStandings(competitionId).then(
      (groups) => current && setLoaded({ key: String(competitionId), groups }),
      () => current && setLoaded({ key: String(competitionId), groups: null }),
    );
    return () => {
      current = false;
    };
  }, [competitionId]);

  const update = async () => {
    setUpdating(true);
    try {
      const groups = await recalculateStandings(competitionId);
      setLoaded({ key, groups });
      void showSuccess('Standings successfully updated.');
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
    } finally {
      setUpdating(false);
    }
  };

  const groups = loaded?.key === key ? loaded.groups : undefined;
  const empty = groups === null || (groups !== undefined && groups.every((group) => group.rankings.length === 0));
  return (
    <div>
      {canUpdate && (
        <div className="pd-page-actions" style={{ marginBottom: 12 }}>
          <Button intent={Intent.PRIMARY} icon="refresh" text="Update Standings" loading={updating} onClick={() => void update()} />
        </div>
      )}
      {groups === undefined && <Loading />}
      {empty && <NonIdealState icon="th-list" description={NO_STANDINGS} className="pd-table-empty" />}
      {groups && !empty && groups.map((group) => <StandingTable key={group.standingType} group={group} />)}
    </div>
  );
}
