import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type QueryChange, useQueryUpdate } from './use-query-update';

function renderAt(url: string) {
  const seen: { update?: (change: QueryChange, replace?: boolean) => void; query?: string } = {};
  function Probe() {
    const [query, update] = useQueryUpdate();
    seen.update = update;
    seen.query = query.toString();
    return null;
  }
  const router = createMemoryRouter([{ path: '/teams', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, seen };
}

describe('useQueryUpdate', () => {
  it('keeps both of two changes made before the next render', () => {
    const { router, seen } = renderAt('/teams?PageIndex=3');
    act(() => {
      seen.update?.((next) => next.set('Filter.NameUniversal', 'E2E Team'), true);
      seen.update?.((next) => {
        next.set('Filter.Club', 'Partizan');
        next.delete('PageIndex');
      }, true);
    });
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('Filter.NameUniversal')).toBe('E2E Team');
    expect(query.get('Filter.Club')).toBe('Partizan');
    expect(query.has('PageIndex')).toBe(false);
    expect(seen.query).toBe(query.toString());
  });

  it('builds on a query the user reached another way (back)', async () => {
    const { router, seen } = renderAt('/teams?SortBy=name');
    act(() => seen.update?.((next) => next.set('PageIndex', '2')));
    expect(router.state.location.search).toBe('?SortBy=name&PageIndex=2');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?SortBy=name');
    act(() => seen.update?.((next) => next.set('PageSize', '50')));
    expect(router.state.location.search).toBe('?SortBy=name&PageSize=50');
  });
});
