import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toaster';
import { session } from '@/state/session';
import { renderAt } from '@/test/dom';
import { type FakeApi, fakeApi, page } from '@/test/fake-api';
import { serveReference, standardPoints, vss } from '@/test/fixtures/competitions';
import { profileWith, signInAs } from '@/test/session';
import { confirmDeletion } from '@/test/dialogs';
import type { Club, FederationDetail } from '@/features/federations/federations-api';
import { federationScreen } from '@/features/federations/federation-page';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const ref = (id: number, name: string) => ({ id, name, nameUniversal: name });
const partizan: Club = { id: 3, name: 'VK Partizan', nameUniversal: 'Partizan Water Polo Club', federationId: 1, isPro: true, isNational: false };

let federation: FederationDetail;
let api: FakeApi;

function serve() {
  api = serveReference(fakeApi())
    .on('GET', '/api/Federations/{id}', ({ params }) => (params.id === '1' ? federation : undefined))
    .on('DELETE', '/api/Federations/{id}')
    .on('PUT', '/api/Clubs/{id}/remove', () => {
      federation = { ...federation, clubs: [] };
      return { ...partizan, federationId: null };
    })
    .on('GET', '/api/Federations/search', page([]));
  return api;
}

beforeEach(() => {
  signInAs(['Admin']);
  federation = {
    ...vss,
    shortName: 'VSS',
    categoryIds: [1],
    // The server names a federation's categories by their universal names.
    categories: [{ categoryId: 1, category: 'Senior Men' }],
    clubs: [partizan],
    competitions: [
      {
        id: 7,
        name: 'Prva liga',
        nameUniversal: 'First League',
        federationId: 1,
        category: ref(1, 'Seniori'),
        season: '2025/26',
        matchLogTemplateLanguage: 'en',
        isPro: true,
        isInternational: false,
        gameLogPinConfirmationRequired: false,
        points: standardPoints,
      },
    ],
    officials: [
      {
        id: 40,
        federationId: 1,
        officialId: 12,
        official: { id: 12, personId: 5, name: 'Marko', surname: 'Petrović' },
        activeFrom: '2024-09-01',
        roles: [600, 601],
        officialRoles: [
          { roleId: 600, role: 'Referee' },
          { roleId: 601, role: 'Delegate' },
        ],
      },
    ],
  };
});

afterEach(() => {
  vi.clearAllMocks();
  session.status = 'loading';
});

describe('federationScreen', () => {
  it('reads the tab and drawer from the path', () => {
    expect(federationScreen([])).toEqual({ tab: 'details', drawer: null, officialId: null });
    expect(federationScreen(['edit'])).toEqual({ tab: 'details', drawer: 'edit', officialId: null });
    expect(federationScreen(['clubs', 'create'])).toEqual({ tab: 'clubs', drawer: 'add-club', officialId: null });
    expect(federationScreen(['competitions', 'create'])).toEqual({ tab: 'competitions', drawer: 'add-competition', officialId: null });
    expect(federationScreen(['officials', 'create'])).toEqual({ tab: 'officials', drawer: 'add-official', officialId: null });
    expect(federationScreen(['officials', '12', 'edit'])).toEqual({ tab: 'officials', drawer: 'edit-official', officialId: 12 });
  });
});

describe('the federation page', { timeout: 30_000 }, () => {
  it('shows each tab at its own route with its rows', async () => {
    serve();
    const user = userEvent.setup();
    const router = renderAt('/federations/1');
    expect(await screen.findByRole('heading', { name: 'Vaterpolo savez Srbije' })).toBeInTheDocument();
    expect(screen.getByText('12.05.1990.')).toBeInTheDocument();
    expect(screen.getByText('Senior Men')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Clubs' }));
    expect(router.state.location.pathname).toBe('/federations/1/clubs');
    expect(screen.getByRole('link', { name: 'VK Partizan' })).toHaveAttribute('href', '/clubs/3');
    expect(screen.getByRole('button', { name: 'Add club' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Competitions' }));
    expect(router.state.location.pathname).toBe('/federations/1/competitions');
    expect(screen.getByRole('link', { name: 'Prva liga' })).toHaveAttribute('href', '/competitions/7');
    await user.click(screen.getByRole('button', { name: 'Add competition' }));
    expect(router.state.location.pathname).toBe('/federations/1/competitions/create');
    await waitFor(() => expect(document.getElementById('competition-federation')).toHaveValue('Vaterpolo savez Srbije'));
    expect(document.getElementById('competition-federation')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/federations/1/competitions');

    await user.click(screen.getByRole('tab', { name: 'Officials' }));
    expect(router.state.location.pathname).toBe('/federations/1/officials');
    const row = screen.getByRole('link', { name: 'Marko Petrović' }).closest('tr')!;
    // In a federation, the row leads to the official's edit drawer there (spec 01 §2).
    expect(within(row).getByRole('link', { name: 'Marko Petrović' })).toHaveAttribute('href', '/federations/1/officials/12/edit');
    expect(within(row).getByText('Referee, Delegate')).toBeInTheDocument();
  });

  it.each([
    ['clubs', 'There are no clubs in this federation.'],
    ['competitions', 'There are no competitions in this federation.'],
    ['officials', 'There are no officials in this federation.'],
  ])('says when the %s tab is empty', async (tab, text) => {
    federation = { ...federation, clubs: [], competitions: [], officials: [] };
    serve();
    renderAt(`/federations/1/${tab}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('removes a club from the federation after the confirmation', async () => {
    serve();
    const user = userEvent.setup();
    renderAt('/federations/1/clubs');
    await user.click(await screen.findByRole('button', { name: 'Remove VK Partizan from the federation' }));
    await confirmDeletion(user, 'Are you sure you want to remove this entity?');
    expect(await screen.findByText('There are no clubs in this federation.')).toBeInTheDocument();
    expect(api.log).toContain('PUT /api/Clubs/3/remove');
    expect(showSuccess).toHaveBeenCalledWith('Club successfully removed from federation.');
  });

  it('deletes the federation with its warning and returns to the list', async () => {
    serve();
    const user = userEvent.setup();
    const router = renderAt('/federations/1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await confirmDeletion(user, /also deletes all its clubs, teams, competitions, matches and users with a Federation or Club role/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/federations'));
    expect(showSuccess).toHaveBeenCalledWith('Federation successfully deleted.');
  });

  it('opens the edit drawer of a deep link with the federation loaded', async () => {
    serve();
    renderAt('/federations/1/edit');
    expect(await screen.findByText('Edit federation')).toBeInTheDocument();
    expect(document.getElementById('federation-name')).toHaveValue('Vaterpolo savez Srbije');
  });

  it('shows a federation user Edit on their own federation only, and never Delete', async () => {
    serve();
    const access = { admin: false, federations: [1], clubs: [], teams: [], matches: [], officials: [] };
    session.profile = profileWith(['Federation'], { access });
    renderAt('/federations/1');
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("hides Edit and the Add buttons from a federation user on another federation", async () => {
    serve();
    const access = { admin: false, federations: [2], clubs: [], teams: [], matches: [], officials: [] };
    session.profile = profileWith(['Federation'], { access });
    const user = userEvent.setup();
    renderAt('/federations/1/clubs');
    expect(await screen.findByRole('link', { name: 'VK Partizan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add club' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove VK Partizan from the federation' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Officials' }));
    expect(screen.getByRole('link', { name: 'Marko Petrović' })).toHaveAttribute('href', '/officials/12');
    expect(screen.queryByRole('button', { name: 'Add official' })).toBeNull();
  });

  it('hides the Officials tab from a club user', async () => {
    serve();
    signInAs(['Club']);
    renderAt('/federations/1');
    expect(await screen.findByRole('tab', { name: 'Clubs' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Officials' })).toBeNull();
  });
});
