import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Changes `next`, a copy of the address's latest query, in place, or returns the query to use instead. */
export type QueryChange = (next: URLSearchParams) => URLSearchParams | void;

/**
 * The address's query, and a change that builds on its latest state. React Router's own
 * function form hands each call the query of the last render, so two changes before the next
 * render (a filter whose pause ends just after another's) would keep only the second.
 */
export function useQueryUpdate(): [URLSearchParams, (change: QueryChange, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const update = useCallback(
    (change: QueryChange, replace = false) => {
      const copy = new URLSearchParams(latest.current);
      const next = change(copy) ?? copy;
      latest.current = next;
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );
  return [searchParams, update];
}
