import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { formatDateTime } from '@/lib/dates';

export type Match = Schemas['Match'];

/** The table's columns, in order. */
export const MATCH_COLUMNS = ['Home', 'Away', 'Score', 'Start', 'Competition', 'Venue', 'Round', 'Status'] as const;

/** The home and away goals, e.g. `12–9` (en dash). */
export const matchScore = (match: Match) => `${match.homeTeamGoalsTotal}–${match.awayTeamGoalsTotal}`;

/** The status as people read it: `Not_Started` shows as `Not Started`. */
export const matchStatusLabel = (status: string) => status.replaceAll('_', ' ');

/** Orders matches latest start first (how the details send each list; a team's two are merged). */
export const latestFirst = (a: Match, b: Match) => Date.parse(b.startDate) - Date.parse(a.startDate);

interface MatchTableProps {
  matches: readonly Match[];
  /** What the tab says when there is no match. */
  emptyText: string;
}

/**
 * The read-only Matches tab of a team, competition, club manager, player or official: one row a
 * match with its teams, score, start in local time, competition, venue, round and status.
 */
export function MatchTable({ matches, emptyText }: MatchTableProps) {
  if (matches.length === 0) return <NonIdealState icon="search" description={emptyText} className="pd-table-empty" />;
  return (
    <HTMLTable striped className="pd-table">
      <thead>
        <tr>
          {MATCH_COLUMNS.map((title) => (
            <th key={title}>{title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matches.map((match) => (
          <tr key={match.id}>
            <td>{match.homeTeamDisplayName}</td>
            <td>{match.awayTeamDisplayName}</td>
            <td>{matchScore(match)}</td>
            <td>{formatDateTime(match.startDate)}</td>
            <td>{match.competitionDisplayName}</td>
            <td>{match.venue ?? ''}</td>
            <td>{match.round ?? ''}</td>
            <td>{matchStatusLabel(match.status)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
