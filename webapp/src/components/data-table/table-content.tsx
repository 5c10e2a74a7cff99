import { Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** What a table needs of a column to lay it out. */
interface ColumnHead {
  key: string;
  title: string;
  className?: string;
}

/** A sortable column's order now (null when the list is sorted by another) and what a click does. */
export interface ColumnSort {
  order: 'ascend' | 'descend' | null;
  onSort: () => void;
}

interface TableContentProps<T, C extends ColumnHead> {
  columns: readonly C[];
  items: readonly T[];
  rowKey: (item: T) => string | number;
  cell: (column: C, item: T) => ReactNode;
  /** How a column sorts; a column without it has a plain title. */
  sort?: (column: C) => ColumnSort | undefined;
}

/**
 * A table's head and rows (inside its `HTMLTable`): one row an item, one cell a column. A cell's
 * content sits in `pd-cell`, which wraps a long unbroken name instead of stretching the table.
 */
export function TableContent<T, C extends ColumnHead>({ columns, items, rowKey, cell, sort }: TableContentProps<T, C>) {
  return (
    <>
      <thead>
        <tr>
          {columns.map((column) => {
            const sorting = sort?.(column);
            if (!sorting) {
              return (
                <th key={column.key} className={column.className}>
                  {column.title}
                </th>
              );
            }
            const { order, onSort } = sorting;
            return (
              <th
                key={column.key}
                className={column.className}
                aria-sort={order === null ? 'none' : order === 'ascend' ? 'ascending' : 'descending'}
              >
                <button type="button" className="pd-sort-button" onClick={onSort}>
                  {column.title}
                  {order === null ? (
                    <Icon icon="double-caret-vertical" className="pd-sort-icon pd-sort-idle" />
                  ) : (
                    <Icon icon={order === 'ascend' ? 'caret-up' : 'caret-down'} className="pd-sort-icon" />
                  )}
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={rowKey(item)}>
            {columns.map((column) => (
              <td key={column.key} className={column.className}>
                <div className="pd-cell">{cell(column, item)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
}

/** A plain table's head row; `actions` adds the Actions column's title at the end. */
export function TableHead({ titles, actions = false }: { titles: readonly string[]; actions?: boolean }) {
  return (
    <thead>
      <tr>
        {titles.map((title) => (
          <th key={title}>{title}</th>
        ))}
        {actions && <th className="pd-actions-cell">Actions</th>}
      </tr>
    </thead>
  );
}
