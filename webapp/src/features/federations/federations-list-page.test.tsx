import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { session } from '@/state/session';
import { profileWith, signInAs } from '@/test/session';
import { fakeApi, json } from '@/test/fake-api';
import { serveReference, vss, vsv } from '@/test/fixtures/competitions';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

let searches: string[];

function serve() {
  searches = [];
  serveReference(fakeApi()).handle(({ url }) => {
    if (!url.startsWith('/api/Federations/search')) return undefined;
    searches.push(url);
    return json(200, { pageItems: [vss, vsv], currentPage: 1, pageSize: 10, totalPages: 1, totalItems: 2 });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.status = 'loading';
});

describe('the federations list', { timeout: 30_000 }, () => {
  it("sends the URL's filters to the search and offers an admin Add federation", async () => {
    signInAs(['Admin']);
    serve();
    const router = createMemoryRouter(routes, { initialEntries: ['/federations?Filter.IsPro=true&SortBy=shortName&SortOrder=descend'] });
    render(<RouterProvider router={router} />);
    const row = (await screen.findByRole('link', { name: 'Vaterpolo savez Srbije' }, { timeout: 5000 })).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Federations' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/federations/1');
    expect(within(row).getByText('12.05.1990.')).toBeInTheDocument();
    expect(searches[0]).toBe('/api/Federations/search?Filter.IsPro=true&SortBy=shortName&SortOrder=descend');
    for (const filter of ['Universal name', 'Short name', 'Country']) {
      expect(screen.getByRole('textbox', { name: filter })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Active from')).toBeInTheDocument();
    expect(screen.getByLabelText('Active to')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Professional' })).toHaveValue('true');

    await userEvent.click(screen.getByRole('button', { name: 'Add federation' }));
    expect(router.state.location.pathname).toBe('/federations/create');
    expect(await screen.findByText('Add federation', { selector: '.bp6-heading' })).toBeInTheDocument();
  });

  it('lets a federation user edit only their own federation and add none', async () => {
    signInAs(['Federation']);
    session.profile = profileWith(['Federation'], {
      access: { admin: false, federations: [1], clubs: [], teams: [], matches: [], officials: [] },
    });
    serve();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/federations'] })} />);
    await screen.findByRole('link', { name: 'Vaterpolo savez Vojvodine' });
    expect(screen.getByRole('button', { name: 'Edit Vaterpolo savez Srbije' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Vaterpolo savez Vojvodine' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add federation' })).toBeNull();
  });
});
