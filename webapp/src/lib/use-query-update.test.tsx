import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { describe, expect, it } from 'vitest';
import { type QueryChange, useQueryUpdate } from './use-query-update';

async function renderAt(url: string) {
  const seen: { update?: (change: QueryChange, replace?: boolean) => void; query?: string } = {};
  function Probe() {
    const [query, update] = useQueryUpdate();
    seen.update = update;
    seen.query = query.toString();
    return null;
  }
  const router = createMemoryRouter([{ path: '/teams', element: <Probe /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  await waitFor(() => expect(seen.update).toBeDefined());
  return { router, seen };
}

describe('useQueryUpdate', () => {
  it('keeps both of two changes made before the next render', async () => {
    const { router, seen } = await renderAt('/teams?PageIndex=3');
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

  it("renders the new query in the change's own render, as a typed letter needs", async () => {
    const { seen } = await renderAt('/teams');
    let during: string | undefined;
    act(() => {
      seen.update?.((next) => next.set('filter', 'b'), true);
      // A transition would render after this callback; the input would show the old text.
      during = seen.query;
    });
    expect(during).toBe('filter=b');
  });

  it('builds on a query the user reached another way (back)', async () => {
    const { router, seen } = await renderAt('/teams?SortBy=name');
    act(() => seen.update?.((next) => next.set('PageIndex', '2')));
    expect(router.state.location.search).toBe('?SortBy=name&PageIndex=2');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?SortBy=name');
    act(() => seen.update?.((next) => next.set('PageSize', '50')));
    expect(router.state.location.search).toBe('?SortBy=name&PageSize=50');
  });
});
