import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { signInAs } from '@/test/session';
import type { Competition } from '@/features/competitions/competitions-api';
import { CompetitionForm } from '@/features/competitions/competition-form';
import { fakeApi, json } from '@/test/fake-api';
import { serveReference, standardPoints } from '@/test/fixtures/competitions';
import { withCountries } from '@/test/countries';
import { choose, fieldGroup, input, saveButton } from '@/test/dom';
import { expectMessages, pasteLong } from '@/test/form-messages';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const cup: Competition = {
  id: 7,
  name: 'Kup Srbije',
  nameUniversal: 'Serbian Cup',
  federationId: 1,
  federation: { id: 1, name: 'Vaterpolo savez Srbije', nameUniversal: 'Water Polo Federation of Serbia' },
  countryId: 1,
  cityId: 10,
  city: { id: 10, name: 'Beograd', nameUniversal: 'Belgrade' },
  matchLogTemplateLanguage: 'rs',
  isPro: true,
  isInternational: false,
  gameLogPinConfirmationRequired: true,
  isPublic: true,
  startDate: '2025-10-01',
  endDate: '2026-03-01',
  points: standardPoints,
};

beforeEach(() => {
  signInAs(['Admin']);
});
withCountries();

// Typing through several pickers takes a while on a busy machine.
describe('CompetitionForm', { timeout: 30_000 }, () => {
  it('keeps Save disabled until a change, then shows the required messages at their fields', async () => {
    const server = serveReference(fakeApi());
    const user = userEvent.setup();
    render(<CompetitionForm competition={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Professional' }));
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    expectMessages({
      'competition-name': 'Name field is required!',
      'competition-nameUniversal': 'Universal name field is required!',
      'competition-federation': 'Federation field is required!',
    });
    expect(server.writes).toHaveLength(0);
  });

  it('checks limits, phone, email and the date order while typing', async () => {
    serveReference(fakeApi());
    const user = userEvent.setup();
    render(<CompetitionForm competition={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await pasteLong(user, 'competition-web', 101);
    expect(within(fieldGroup('competition-web')).getByText('Too long input!')).toBeInTheDocument();
    await pasteLong(user, 'competition-venue', 200);
    expect(within(fieldGroup('competition-venue')).queryByText('Too long input!')).toBeNull();
    await user.type(input('competition-phone'), '011/123');
    expect(within(fieldGroup('competition-phone')).getByText('Only numbers and plus sign are allowed!')).toBeInTheDocument();
    await user.type(input('competition-email'), 'office@');
    expect(within(fieldGroup('competition-email')).getByText('Wrong e-mail format!')).toBeInTheDocument();
    await user.type(input('competition-endDate'), '01.01.2025.');
    await user.type(input('competition-startDate'), '01.02.2025.');
    expect(within(fieldGroup('competition-endDate')).getByText('End date must not be before start date.')).toBeInTheDocument();
  });

  it('posts every field, with template language en by default, and reports success', async () => {
    const created = { ...cup, id: 8 };
    const server = serveReference(fakeApi()).handle(({ method, url }) => (url === '/api/Competitions' && method === 'POST' ? json(201, created) : undefined));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<CompetitionForm competition={null} onSaved={onSaved} onCancel={vi.fn()} />);
    expect(screen.getByRole('radio', { name: 'en' })).toBeChecked();
    await user.type(input('competition-name'), 'Prva liga ');
    await user.type(input('competition-nameUniversal'), 'First League');
    await user.type(input('competition-season'), '2025/26');
    await choose(user, 'competition-federation', 'Vojv', 'Vaterpolo savez Vojvodine');
    await choose(user, 'competition-category', 'Jun', 'Juniori');
    await choose(user, 'competition-type', 'Lig', 'Liga');
    await choose(user, 'competition-country', 'Hrv', 'Hrvatska');
    await choose(user, 'competition-city', 'Spl', 'Split');
    await user.click(screen.getByRole('checkbox', { name: 'International' }));
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(server.writes[0]!.url).toBe('/api/Competitions');
    expect(server.writes[0]!.body).toEqual({
      name: 'Prva liga',
      nameUniversal: 'First League',
      shortName: null,
      description: null,
      season: '2025/26',
      federationId: 2,
      categoryId: 2,
      competitionTypeId: 1,
      startDate: null,
      endDate: null,
      countryId: 2,
      cityId: 20,
      venue: null,
      address: null,
      phone: null,
      web: null,
      email: null,
      facebook: null,
      twitter: null,
      instagram: null,
      youtube: null,
      matchLogTemplateLanguage: 'en',
      isPro: false,
      isInternational: true,
      gameLogPinConfirmationRequired: false,
      isPublic: true,
      logo: null,
      points: { win: 3, draw: 1, loss: 0, shootoutWin: 2, shootoutLoss: 1 },
    });
    expect(showSuccess).toHaveBeenCalledWith('Competition successfully saved.');
  });

  it('locks a fixed federation and sends it', async () => {
    const server = serveReference(fakeApi()).on('POST', '/api/Competitions', { ...cup, id: 9 });
    const user = userEvent.setup();
    render(<CompetitionForm competition={null} fixedFederationId={2} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('competition-federation')).toBeDisabled();
    await waitFor(() => expect(input('competition-federation')).toHaveValue('Vaterpolo savez Vojvodine'));
    await user.type(input('competition-name'), 'Kup');
    await user.type(input('competition-nameUniversal'), 'Cup');
    await user.click(saveButton());
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]!.body).toMatchObject({ federationId: 2, name: 'Kup' });
  });

  it('edits a competition: shows its values, a new country clears the city, and PUTs', async () => {
    const server = serveReference(fakeApi()).handle(({ method, url }) =>
      url === '/api/Competitions/7' && method === 'PUT'
        ? json(400, { message: 'Validation failed.', errors: { season: ['Too long input!'] } })
        : undefined,
    );
    const user = userEvent.setup();
    render(<CompetitionForm competition={cup} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('competition-name')).toHaveValue('Kup Srbije');
    expect(screen.getByRole('radio', { name: 'rs' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Game log PIN confirmation required' })).toBeChecked();
    await waitFor(() => expect(input('competition-city')).toHaveValue('Beograd'));
    expect(saveButton()).toBeDisabled();
    await choose(user, 'competition-country', 'Hrv', 'Hrvatska');
    expect(input('competition-country')).toHaveValue('Hrvatska');
    expect(input('competition-city')).toHaveValue('');
    const isPublic = screen.getByRole('checkbox', { name: /^Public/ });
    expect(isPublic).toBeChecked();
    await user.click(isPublic);
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Validation failed.'));
    expect(within(fieldGroup('competition-season')).getByText('Too long input!')).toBeInTheDocument();
    expect(server.writes[0]!.url).toBe('/api/Competitions/7');
    expect(server.writes[0]!.body).toMatchObject({ countryId: 2, cityId: null, matchLogTemplateLanguage: 'rs', isPublic: false });
  });

  describe('points', () => {
    const POINT_FIELDS = [
      ['Points for a win', 'competition-pointsWin'],
      ['Points for a draw', 'competition-pointsDraw'],
      ['Points for a loss', 'competition-pointsLoss'],
      ['Points for a shootout win', 'competition-pointsShootoutWin'],
      ['Points for a shootout loss', 'competition-pointsShootoutLoss'],
    ] as const;
    const shown = () => POINT_FIELDS.map(([, id]) => input(id).value);
    const custom = { win: 2, draw: 0, loss: 0, shootoutWin: 1, shootoutLoss: 1 };

    it('starts a new competition with 3, 1, 0, 2 and 1 points under their labels', () => {
      serveReference(fakeApi());
      render(<CompetitionForm competition={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
      for (const [label, id] of POINT_FIELDS) expect(screen.getByLabelText(new RegExp(`^${label}\\b`))).toBe(input(id));
      expect(shown()).toEqual(['3', '1', '0', '2', '1']);
    });

    it('loads an edited competition\'s points and sends them back unchanged', async () => {
      const server = serveReference(fakeApi()).handle(({ method, url }) =>
        url === '/api/Competitions/7' && method === 'PUT' ? json(200, { ...cup, name: 'Kup' }) : undefined,
      );
      const onSaved = vi.fn();
      const user = userEvent.setup();
      render(<CompetitionForm competition={{ ...cup, points: custom }} onSaved={onSaved} onCancel={vi.fn()} />);
      expect(shown()).toEqual(['2', '0', '0', '1', '1']);
      await user.type(input('competition-shortName'), 'KS');
      await user.click(saveButton());
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(server.writes[0]!.url).toBe('/api/Competitions/7');
      expect(server.writes[0]!.body).toMatchObject({ shortName: 'KS', points: custom });
    });

    it('sends a changed value', async () => {
      const server = serveReference(fakeApi()).handle(({ method, url }) =>
        url === '/api/Competitions/7' && method === 'PUT' ? json(200, cup) : undefined,
      );
      const user = userEvent.setup();
      render(<CompetitionForm competition={cup} onSaved={vi.fn()} onCancel={vi.fn()} />);
      await user.clear(input('competition-pointsShootoutWin'));
      await user.type(input('competition-pointsShootoutWin'), '3');
      await user.click(saveButton());
      await waitFor(() => expect(server.writes).toHaveLength(1));
      expect(server.writes[0]!.body).toMatchObject({ points: { win: 3, draw: 1, loss: 0, shootoutWin: 3, shootoutLoss: 1 } });
    });

    it('refuses what is not a whole number from 0 to 10 under its field', async () => {
      const server = serveReference(fakeApi());
      const user = userEvent.setup();
      render(<CompetitionForm competition={cup} onSaved={vi.fn()} onCancel={vi.fn()} />);
      const message = 'Points must be a whole number from 0 to 10.';
      await user.clear(input('competition-pointsWin'));
      await user.type(input('competition-pointsWin'), '11');
      expect(within(fieldGroup('competition-pointsWin')).getByText(message)).toBeInTheDocument();
      await user.clear(input('competition-pointsWin'));
      await user.type(input('competition-pointsWin'), '10');
      expect(within(fieldGroup('competition-pointsWin')).queryByText(message)).toBeNull();
      await user.clear(input('competition-pointsDraw'));
      await user.type(input('competition-pointsDraw'), '1.5');
      expect(within(fieldGroup('competition-pointsDraw')).getByText(message)).toBeInTheDocument();
      await user.clear(input('competition-pointsLoss'));
      expect(within(fieldGroup('competition-pointsLoss')).getByText(message)).toBeInTheDocument();
      await user.click(saveButton());
      expect(within(fieldGroup('competition-pointsDraw')).getByText(message)).toBeInTheDocument();
      expect(within(fieldGroup('competition-pointsWin')).queryByText(message)).toBeNull();
      expect(server.writes).toHaveLength(0);
    });
  });
});
