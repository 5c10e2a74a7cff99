import { H4, HTMLTable } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';

type Stats = Schemas['Stats'];

export interface PlayerStatsRow {
  playerId: number;
  cap: number;
  name: string;
  /** Null while loading or when the call failed. */
  stats: Stats | null;
}

/** The statistics columns: title and figure. */
export const STATS_COLUMNS: readonly { title: string; help: string; value: (stats: Stats) => string | number }[] = [
  { title: 'Goals', help: 'Goals / shots', value: (s) => `${s.shots.goals}/${s.shots.totalShots}` },
  { title: 'Assists', help: 'Assisted goals', value: (s) => s.shots.assisted },
  { title: 'Blocks', help: 'Shots of the other team blocked', value: (s) => s.shots.blocks },
  { title: 'Saves', help: 'Shots of the other team saved', value: (s) => s.shots.saves },
  { title: 'Exclusions', help: 'Exclusions committed', value: (s) => s.exclusions.total },
  { title: 'Drawn', help: 'Exclusions drawn', value: (s) => s.exclusions.drawnTotal },
  { title: 'Turnovers lost', help: 'Possession lost', value: (s) => s.turnovers.lost },
  { title: 'Turnovers won', help: 'Possession won', value: (s) => s.turnovers.won },
  { title: 'Swim-offs', help: 'Swim-offs won / lost', value: (s) => `${s.swimoffs.totalWins}/${s.swimoffs.totalLoses}` },
];

interface TeamStatsTableProps {
  team: string;
  players: readonly PlayerStatsRow[];
  totals: Stats | null;
}

/** One team's players with their statistics in the match, and the team's totals. */
export function TeamStatsTable({ team, players, totals }: TeamStatsTableProps) {
  return (
    <section aria-label={`${team} statistics`} className="pd-report-section">
      <H4>{team}</H4>
      <HTMLTable compact striped className="pd-table">
        <thead>
          <tr>
            <th>Cap</th>
            <th>Player</th>
            {STATS_COLUMNS.map((column) => (
              <th key={column.title} title={column.help}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((row) => (
            <tr key={row.playerId}>
              <td>{row.cap}</td>
              <td>{row.name}</td>
              {STATS_COLUMNS.map((column) => (
                <td key={column.title}>{row.stats ? column.value(row.stats) : ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={2}>Team totals</th>
            {STATS_COLUMNS.map((column) => (
              <th key={column.title}>{totals ? column.value(totals) : ''}</th>
            ))}
          </tr>
        </tfoot>
      </HTMLTable>
    </section>
  );
}
