import { HTMLTable, InputGroup, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { applyListQuery, type FieldValue, type ListField, type ListQuery, nextSort, readListQuery, writeListQuery } from '@/lib/list-query';
import { Pager } from '@/components/data-table/pager';
import { TableContent } from '@/components/data-table/table-content';
import { TableFrame } from '@/components/table-frame/table-frame';
import { useQueryUpdate } from '@/lib/use-query-update';

export interface Column<T> {
  key: string;
  title: string;
  /** The value filtered and sorted on; columns without one are neither. */
  value?: (item: T) => FieldValue;
  /** How the cell shows; defaults to the value. */
  render?: (item: T) => ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  items: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (item: T) => string | number;
  emptyText: string;
  filterPlaceholder?: string;
}

/**
 * A list filtered, sorted and paged in the browser. The list state (filter, sort, page, page
 * size) lives in the URL query, so a reload or a shared link shows the same rows.
 */
export function DataTable<T>({ items, columns, rowKey, emptyText, filterPlaceholder = 'Filter' }: DataTableProps<T>) {
  const [searchParams, setQuery] = useQueryUpdate();
  const query = readListQuery(searchParams);
  const fields: ListField<T>[] = columns.flatMap((column) =>
    column.value ? [{ key: column.key, value: column.value }] : [],
  );
  const page = applyListQuery(items, query, fields);

  // Changes apply to the URL's latest state, so quick successive clicks build on each other.
  const update = (change: (current: ListQuery) => Partial<ListQuery>, replace = false) =>
    setQuery((params) => {
      const current = readListQuery(params);
      return writeListQuery({ ...current, ...change(current) });
    }, replace);

  return (
    <div className="pd-data-table">
      <InputGroup
        className="pd-table-filter"
        leftIcon="search"
        placeholder={filterPlaceholder}
        aria-label={filterPlaceholder}
        value={query.filter}
        onValueChange={(filter) => update(() => ({ filter, page: 1 }), true)}
      />
      <TableFrame>
        <HTMLTable striped interactive className="pd-table">
          <TableContent
            columns={columns}
            items={page.pageItems}
            rowKey={rowKey}
            cell={(column, item) => (column.render ? column.render(item) : String(column.value?.(item) ?? ''))}
            sort={(column) =>
              column.value && {
                order: query.sortBy === column.key ? query.sortOrder : null,
                onSort: () => update((current) => nextSort(current, column.key)),
              }
            }
          />
        </HTMLTable>
      </TableFrame>
      {page.totalItems === 0 && <NonIdealState icon="search" description={emptyText} className="pd-table-empty" />}
      <Pager
        currentPage={page.currentPage}
        totalPages={page.totalPages}
        totalItems={page.totalItems}
        pageSize={page.pageSize}
        onPage={(next) => update(() => ({ page: next }))}
        onPageSize={(pageSize) => update(() => ({ pageSize, page: 1 }))}
      />
    </div>
  );
}
