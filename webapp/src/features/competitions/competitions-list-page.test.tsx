import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { signInAs } from '@/test/session';
import type { Competition } from '@/features/competitions/competitions-api';
import { fakeApi, json } from '@/test/fake-api';
import { seniors, serveReference, standardPoints, vss } from '@/test/fixtures/competitions';
import { confirmDeletion } from '@/test/dialogs';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

/** Prva liga of the federation vss for seniors, a professional league from 04.10.2025. */
const league: Competition = {
  id: 7, name: 'Prva liga', nameUniversal: 'First League', startDate: '2025-10-04', isPro: true,
  federationId: vss.id, federation: vss, category: seniors,
  matchLogTemplateLanguage: 'en', isInternational: false, gameLogPinConfirmationRequired: false, points: standardPoints,
};

let searches: string[];
let competitions: Competition[];

function serve() {
  searches = [];
  return serveReference(fakeApi()).handle(({ method, url }) => {
    if (url.startsWith('/api/Competitions/search')) {
      searches.push(url);
      return json(200, { pageItems: competitions, currentPage: 1, pageSize: 10, totalPages: 1, totalItems: competitions.length });
    }
    if (url === '/api/Competitions/7' && method === 'DELETE') {
      competitions = [];
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

beforeEach(() => {
  competitions = [league];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.status = 'loading';
});

describe('the competitions list', { timeout: 30_000 }, () => {
  it("asks the server for the URL's page and filters and shows the rows with a Details link", async () => {
    signInAs(['Admin']);
    serve();
    const router = createMemoryRouter(routes, { initialEntries: ['/competitions?Filter.Category=Sen&PageSize=25'] });
    render(<RouterProvider router={router} />);
    const row = (await screen.findByRole('link', { name: 'Prva liga' })).closest('tr')!;
    expect(within(row).getByText('04.10.2025.')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/competitions/7');
    expect(searches[0]).toBe('/api/Competitions/search?Filter.Category=Sen&PageSize=25');
    for (const filter of ['Universal name', 'Federation', 'Category', 'Competition type', 'Country', 'City']) {
      expect(screen.getByRole('textbox', { name: filter })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Start date')).toBeInTheDocument();
    expect(screen.getByLabelText('End date')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Professional' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add competition' }));
    expect(router.state.location.pathname).toBe('/competitions/create');
    expect(await screen.findByText('Add competition', { selector: 'h6, .bp6-heading' })).toBeInTheDocument();
  });

  it('deletes a competition after the confirmation', async () => {
    signInAs(['Admin']);
    serve();
    const user = userEvent.setup();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/competitions'] })} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Prva liga' }));
    await confirmDeletion(user, 'Are you sure you want to delete this competition?');
    expect(await screen.findByText('There are no competitions.')).toBeInTheDocument();
    expect(showSuccess).toHaveBeenCalledWith('Competition successfully deleted.');
  });

  it('offers no Add, Edit or Delete to a club user', async () => {
    signInAs(['Club']);
    serve();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/competitions'] })} />);
    await screen.findByRole('link', { name: 'Prva liga' });
    expect(screen.queryByRole('button', { name: 'Add competition' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Prva liga' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Prva liga' })).toBeNull();
    await waitFor(() => expect(searches).toHaveLength(1));
  });
});
