import { HTMLTable } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { PERIODS } from '@/lib/match-codes';
import { TableFrame } from '@/components/table-frame/table-frame';

type Score = Schemas['MatchScore'];

const PERIOD_GOALS = [
  ['homeTeamGoalsQ1', 'awayTeamGoalsQ1'],
  ['homeTeamGoalsQ2', 'awayTeamGoalsQ2'],
  ['homeTeamGoalsQ3', 'awayTeamGoalsQ3'],
  ['homeTeamGoalsQ4', 'awayTeamGoalsQ4'],
  ['homeTeamGoalsOT', 'awayTeamGoalsOT'],
] as const satisfies readonly (readonly [keyof Score, keyof Score])[];

/** The Overtime column's title: it doubles as the penalty shootout column (spec 02 §9). */
export const overtimeTitle = (score: Score) => (score.decidedByShootout ? 'Overtime / Shootout' : 'Overtime');

/** A column's title, shown short on a phone (app.css); its name stays the long one. */
function ColumnTitle({ label, short }: { label: string; short: string }) {
  return (
    <th>
      <span className="pd-phone-sr-only">{label}</span>
      <span className="pd-short-title" aria-hidden="true">
        {short}
      </span>
    </th>
  );
}

interface MatchScoreTableProps {
  score: Score;
  homeName: string;
  awayName: string;
}

/** Goals per period and in total for both teams: 1st to 4th Period, Overtime, Total. */
export function MatchScoreTable({ score, homeName, awayName }: MatchScoreTableProps) {
  const row = (name: string, side: 0 | 1, total: number) => (
    <tr>
      <th scope="row">{name}</th>
      {PERIOD_GOALS.map((pair) => (
        <td key={pair[side]}>{score[pair[side]] as number}</td>
      ))}
      <td>
        <strong>{total}</strong>
      </td>
    </tr>
  );
  return (
    <TableFrame>
      <HTMLTable compact bordered className="pd-score-table" aria-label="Score by period">
        <thead>
          <tr>
            <th>Team</th>
            {PERIODS.map((period) =>
              period.id === 1204 ? (
                <ColumnTitle key={period.id} label={overtimeTitle(score)} short={score.decidedByShootout ? 'OT/SO' : period.short} />
              ) : (
                <ColumnTitle key={period.id} label={period.label} short={period.short} />
              ),
            )}
            <th>Total</th>
          </tr>
        </thead>
        <tbody>
          {row(homeName, 0, score.homeTeamGoalsTotal)}
          {row(awayName, 1, score.awayTeamGoalsTotal)}
        </tbody>
      </HTMLTable>
    </TableFrame>
  );
}
