import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Changes `next`, a copy of the address's latest query, in place, or returns the query to use instead. */
export type QueryChange = (next: URLSearchParams) => URLSearchParams | void;

/**
 * The address's query, and a change that builds on its latest state and renders at once.
 * - React Router's own function form hands each call the query of the last render, so two
 *   changes before the next render (a filter whose pause ends just after another's) would keep
 *   only the second.
 * - React Router renders a navigation as a transition, and React cannot control a text input
 *   from a transition: the keystroke's own render puts the input back to the old text, so fast
 *   typing lost letters and a letter typed mid-word sent the cursor to the end. `flushSync`
 *   renders the new query in the keystroke's render.
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
      setSearchParams(next, { replace, flushSync: true });
    },
    [setSearchParams],
  );
  return [searchParams, update];
}
