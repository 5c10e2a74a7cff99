import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { TableFrame } from '@/components/table-frame/table-frame';

/** A table of rows, or the empty text when there are none. */
export function RowsTable<T>({
  rows,
  head,
  row,
  rowKey,
  emptyText,
}: {
  rows: readonly T[];
  head: string[];
  row: (item: T) => ReactNode[];
  rowKey: (item: T) => number;
  emptyText: string;
}) {
  if (rows.length === 0) return <NonIdealState icon="search" description={emptyText} className="pd-table-empty" />;
  return (
    <TableFrame>
      <HTMLTable striped className="pd-table">
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title}>{title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={rowKey(item)}>
              {row(item).map((cell, index) => (
                <td key={head[index]}>
                <div className="pd-cell">{cell}</div>
              </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableFrame>
  );
}
