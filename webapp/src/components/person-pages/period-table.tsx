import { HTMLTable, type HTMLTableProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { formatDate } from '@/lib/dates';
import { TableFrame } from '@/components/table-frame/table-frame';

/** A membership or role held for a period. */
export interface PeriodRow {
  id: number;
  activeFrom?: string | null;
  activeTo?: string | null;
}

export interface PeriodColumn<R> {
  title: string;
  render: (row: R) => ReactNode;
}

interface PeriodTableProps<R extends PeriodRow> extends Omit<HTMLTableProps, 'children'> {
  rows: readonly R[];
  /** The columns before Active from and Active to. */
  columns: readonly PeriodColumn<R>[];
  /** The Actions cell of a row; the table has no Actions column without it. */
  actions?: (row: R) => ReactNode;
}

/** What someone belongs to or holds, with the period: clubs, teams, federation roles. */
export function PeriodTable<R extends PeriodRow>({ rows, columns, actions, ...table }: PeriodTableProps<R>) {
  return (
    <TableFrame>
      <HTMLTable className="pd-table" {...table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.title}>{column.title}</th>
            ))}
            <th>Active from</th>
            <th>Active to</th>
            {actions && <th className="pd-actions-cell">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.title}>
                  <div className="pd-cell">{column.render(row)}</div>
                </td>
              ))}
              <td>{formatDate(row.activeFrom)}</td>
              <td>{formatDate(row.activeTo)}</td>
              {actions && <td className="pd-actions-cell">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableFrame>
  );
}
