import { HTMLTable } from '@blueprintjs/core';
import { Fragment } from 'react';
import { barShares, type ComparisonRow } from '@/features/matches/report/team-comparison';

interface TeamComparisonTableProps {
  homeName: string;
  awayName: string;
  rows: readonly ComparisonRow[];
}

/** A side's part of the two-sided bar, as a width. */
const width = (share: number) => `${Math.round(share * 100)}%`;

/** Home and away side by side: a row per figure, the bar between them showing each side's share. */
export function TeamComparisonTable({ homeName, awayName, rows }: TeamComparisonTableProps) {
  return (
    <HTMLTable compact className="pd-table pd-comparison" aria-label="Team comparison">
      <thead>
        <tr>
          <th className="pd-comparison-home">{homeName}</th>
          <th className="pd-comparison-label" />
          <th className="pd-comparison-away">{awayName}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const shares = barShares(row);
          const opensGroup = row.group !== undefined && rows[index - 1]?.group !== row.group;
          return (
            <Fragment key={row.label}>
              {opensGroup && (
                <tr className="pd-comparison-group">
                  <th colSpan={3}>{row.group}</th>
                </tr>
              )}
              <tr>
                <td className="pd-comparison-home">{row.home.text}</td>
                <th scope="row" className="pd-comparison-label" title={row.help}>
                  <span className={row.group ? 'pd-comparison-grouped' : undefined}>{row.label}</span>
                  <span className="pd-comparison-bar" aria-hidden="true">
                    <span className="pd-comparison-half">
                      <span className="pd-comparison-fill-home" style={{ width: width(shares.home) }} />
                    </span>
                    <span className="pd-comparison-half">
                      <span className="pd-comparison-fill-away" style={{ width: width(shares.away) }} />
                    </span>
                  </span>
                </th>
                <td className="pd-comparison-away">{row.away.text}</td>
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
