import { HTMLSelect, HTMLTable, InputGroup, NonIdealState } from '@blueprintjs/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/api/client';
import { Pager } from '@/components/data-table/pager';
import { TableContent } from '@/components/data-table/table-content';
import { DayInput } from '@/components/form-fields/form-fields';
import { Loading } from '@/components/loading/loading';
import { DEFAULT_PAGE_SIZE, type Page, PAGE_SIZES } from '@/lib/list-query';
import { useQueryUpdate } from '@/lib/use-query-update';
import {
  apiSearchParams,
  type DateOperator,
  nextServerSort,
  type ServerFilter,
  TEXT_FILTER_DELAY_MS,
} from './server-query';
import { TableFrame } from '@/components/table-frame/table-frame';

export type { ServerFilter } from './server-query';

export interface ServerColumn<T> {
  key: string;
  title: string;
  /** The API's SortBy name; columns without one do not sort. */
  sortKey?: string;
  render: (item: T) => ReactNode;
  className?: string;
}

interface ServerTableProps<T> {
  columns: readonly ServerColumn<T>[];
  filters: readonly ServerFilter[];
  /** Loads a page; `params` hold the API's Filter.*, PageIndex, PageSize, SortBy and SortOrder. */
  load: (params: URLSearchParams) => Promise<Page<T>>;
  rowKey: (item: T) => string | number;
  emptyText: string;
  /** Changing it loads the page again (after a save or delete). */
  reloadKey?: number;
}

type Loaded<T> = { key: string; page: Page<T>; error: null } | { key: string; page: null; error: string };

/**
 * A list filtered, sorted and paged by the server (spec 01 §3 "List filter and sort fields").
 * The page's URL query holds exactly the API's query, so a filtered page can be bookmarked.
 */
export function ServerTable<T>({ columns, filters, load, rowKey, emptyText, reloadKey = 0 }: ServerTableProps<T>) {
  const [searchParams, update] = useQueryUpdate();
  const params = apiSearchParams(searchParams);
  const key = `${params.toString()}#${reloadKey}`;
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);

  useEffect(() => {
    let current = true;
    load(new URLSearchParams(key.slice(0, key.lastIndexOf('#')))).then(
      (page) => current && setLoaded({ key, page, error: null }),
      (error: unknown) => current && setLoaded({ key, page: null, error: errorMessage(error, 'Error loading data.') }),
    );
    return () => {
      current = false;
    };
    // `load` is recreated on every render of the page; the query and reload key decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const setFilter = (name: string, value: string) =>
    update((next) => {
      if (value === '') next.delete(name);
      else next.set(name, value);
      next.delete('PageIndex');
    }, true);

  const sortBy = params.get('SortBy');
  const sortOrder = params.get('SortOrder');
  const page = loaded?.key === key ? loaded.page : null;
  return (
    <div className="pd-data-table">
      {filters.length > 0 && (
        <div className="pd-server-filters">
          {filters.map((filter) => (
            <FilterInput
              key={filter.name}
              filter={filter}
              value={params.get(filter.name) ?? ''}
              onChange={(value) => setFilter(filter.name, value)}
            />
          ))}
        </div>
      )}
      <TableFrame>
        <HTMLTable striped interactive className="pd-table">
          <TableContent
            columns={columns}
            items={page?.pageItems ?? []}
            rowKey={rowKey}
            cell={(column, item) => column.render(item)}
            sort={({ sortKey }) =>
              sortKey
                ? {
                    order: sortBy === sortKey ? (sortOrder === 'descend' ? 'descend' : 'ascend') : null,
                    onSort: () =>
                      update((next) => {
                        const sort = nextServerSort(sortBy, sortOrder, sortKey);
                        if (sort === null) {
                          next.delete('SortBy');
                          next.delete('SortOrder');
                        } else {
                          next.set('SortBy', sort.sortBy);
                          next.set('SortOrder', sort.sortOrder);
                        }
                      }),
                  }
                : undefined
            }
          />
        </HTMLTable>
      </TableFrame>
      {(loaded === null || loaded.key !== key) && <Loading />}
      {loaded?.key === key && loaded.error !== null && (
        <NonIdealState icon="error" title="The list could not be loaded" description={loaded.error} />
      )}
      {page !== null && page.totalItems === 0 && (
        <NonIdealState icon="search" description={emptyText} className="pd-table-empty" />
      )}
      {page !== null && (
        <Pager
          currentPage={page.currentPage}
          totalPages={page.totalPages}
          totalItems={page.totalItems}
          pageSize={page.pageSize}
          onPage={(next) => update((query) => query.set('PageIndex', String(next)))}
          onPageSize={(size) =>
            update((query) => {
              if (size === DEFAULT_PAGE_SIZE || !PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]))
                query.delete('PageSize');
              else query.set('PageSize', String(size));
              query.delete('PageIndex');
            })
          }
        />
      )}
    </div>
  );
}

interface FilterInputProps {
  filter: ServerFilter;
  value: string;
  onChange: (value: string) => void;
}

const DATE_OPERATOR_LABELS: Readonly<Record<DateOperator, string>> = {
  EQ: 'on',
  GT: 'after',
  LT: 'before',
  GTE: 'from',
  LTE: 'until',
};
const DEFAULT_DATE_OPERATORS: readonly DateOperator[] = ['EQ', 'GTE', 'LTE'];

/** One filter: text (sent after a pause in typing), yes/no, or a date with its operator. */
function FilterInput({ filter, value, onChange }: FilterInputProps) {
  // What is being typed, until the pause sends it; otherwise the URL's value shows.
  const [draft, setDraft] = useState<string | null>(null);
  const send = useRef(onChange);
  useEffect(() => {
    send.current = onChange;
  });
  useEffect(() => {
    if (draft === null) return undefined;
    const timer = setTimeout(() => {
      send.current(draft.trim());
      setDraft(null);
    }, TEXT_FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  if (filter.kind === 'boolean') {
    return (
      <HTMLSelect
        aria-label={filter.label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={[
          { value: '', label: `${filter.label}: any` },
          { value: 'true', label: `${filter.label}: yes` },
          { value: 'false', label: `${filter.label}: no` },
        ]}
      />
    );
  }
  if (filter.kind === 'select') {
    return (
      <HTMLSelect
        aria-label={filter.label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={[{ value: '', label: `${filter.label}: any` }, ...(filter.options ?? [])]}
      />
    );
  }
  if (filter.kind === 'date') {
    const [operator, date] = value.includes(':') ? value.split(':', 2) : ['EQ', value];
    return (
      <span className="pd-date-filter">
        <HTMLSelect
          aria-label={`${filter.label} operator`}
          value={operator}
          options={(filter.operators ?? DEFAULT_DATE_OPERATORS).map((o) => ({
            value: o,
            label: `${filter.label} ${DATE_OPERATOR_LABELS[o]}`,
          }))}
          onChange={(event) => date && onChange(`${event.currentTarget.value}:${date}`)}
        />
        <DayInput
          ariaLabel={filter.label}
          value={date ?? ''}
          onChange={(day) => onChange(day ? `${operator}:${day}` : '')}
        />
      </span>
    );
  }
  return (
    <InputGroup
      leftIcon="search"
      placeholder={filter.label}
      aria-label={filter.label}
      value={draft ?? value}
      onValueChange={setDraft}
    />
  );
}
