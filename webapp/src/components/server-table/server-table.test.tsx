import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '@/lib/list-query';
import { type ServerColumn, ServerTable } from './server-table';

interface Row {
  id: number;
  name: string;
}

const columns: ServerColumn<Row>[] = [{ key: 'name', title: 'Name', sortKey: 'name', render: (row) => row.name }];

function pageOf(params: URLSearchParams): Page<Row> {
  const index = Number(params.get('PageIndex') ?? 1);
  const name = params.get('Filter.Name') ?? 'club';
  return { pageItems: [{ id: index, name: `${name} ${index}` }], currentPage: index, pageSize: 10, totalPages: 3, totalItems: 21 };
}

function renderAt(url: string, load: (params: URLSearchParams) => Promise<Page<Row>>) {
  const router = createMemoryRouter(
    [
      {
        path: '/clubs',
        element: (
          <ServerTable
            columns={columns}
            filters={[
              { name: 'Filter.Name', label: 'Name', kind: 'text' },
              { name: 'Filter.StartDate', label: 'Start date', kind: 'date' },
            ]}
            load={load}
            rowKey={(row) => row.id}
            emptyText="No clubs"
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ServerTable', () => {
  it('asks the server for the page the URL names and keeps paging, sorting and filters in the URL', async () => {
    const load = vi.fn((params: URLSearchParams) => Promise.resolve(pageOf(params)));
    const router = renderAt('/clubs?PageIndex=2&tab=x', load);
    expect(await screen.findByText('club 2')).toBeTruthy();
    expect(load.mock.calls[0]?.[0].toString()).toBe('PageIndex=2');
    expect(screen.getByText('21 items')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('club 3')).toBeTruthy();
    expect(router.state.location.search).toContain('PageIndex=3');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toContain('SortBy=name'));
    expect(router.state.location.search).toContain('SortOrder=ascend');

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Jug');
    expect(await screen.findByText('Jug 1')).toBeTruthy();
    const last = load.mock.calls.at(-1)?.[0];
    expect(last?.get('Filter.Name')).toBe('Jug');
    expect(last?.get('PageIndex'), 'a new filter starts at the first page').toBeNull();
  });

  it('sends a date filter typed as DD.MM.YYYY. with its operator', async () => {
    const load = vi.fn((params: URLSearchParams) => Promise.resolve(pageOf(params)));
    const router = renderAt('/clubs', load);
    await screen.findByText('club 1');
    const input = screen.getByPlaceholderText('DD.MM.YYYY.');
    expect(input.getAttribute('aria-label')).toBe('Start date');
    // Typed without a pause between keys: the date input re-renders on each one.
    const user = userEvent.setup({ delay: null });
    await user.type(input, '01.02.2026.');
    await user.tab();
    await waitFor(() => expect(load.mock.calls.at(-1)?.[0].get('Filter.StartDate')).toBe('EQ:2026-02-01'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Start date operator' }), 'GTE');
    await waitFor(() => expect(router.state.location.search).toContain('Filter.StartDate=GTE%3A2026-02-01'));
  });

  it('shows the empty text when nothing matches', async () => {
    renderAt('/clubs', () =>
      Promise.resolve({ pageItems: [], currentPage: 1, pageSize: 10, totalPages: 0, totalItems: 0 }),
    );
    expect(await screen.findByText('No clubs')).toBeTruthy();
  });
});
