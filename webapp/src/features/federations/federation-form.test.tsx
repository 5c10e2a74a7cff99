import { Classes } from '@blueprintjs/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { fakeApi, json } from '@/test/fake-api';
import { serveReference, vss } from '@/test/fixtures/competitions';
import { withCountries } from '@/test/countries';
import { FederationForm } from '@/features/federations/federation-form';
import { choose, fieldGroup, input, saveButton } from '@/test/dom';
import { expectMessages, pasteLong } from '@/test/form-messages';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

withCountries();

describe('FederationForm', { timeout: 30_000 }, () => {
  it('shows the required messages of spec 01 §5 at their fields and sends nothing', async () => {
    const server = serveReference(fakeApi());
    const user = userEvent.setup();
    render(<FederationForm federation={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Professional' }));
    await user.click(saveButton());
    expectMessages({
      'federation-name': 'Name field is required!',
      'federation-nameUniversal': 'Universal name field is required!',
      'federation-country': 'Country field is required!',
      'federation-activeFrom': 'Active from field is required!',
    });
    await user.type(input('federation-phone'), 'abc');
    expect(within(fieldGroup('federation-phone')).getByText('Only numbers and plus sign are allowed!')).toBeInTheDocument();
    await pasteLong(user, 'federation-president', 201);
    expect(within(fieldGroup('federation-president')).getByText('Too long input!')).toBeInTheDocument();
    await pasteLong(user, 'federation-instagram', 101);
    expect(within(fieldGroup('federation-instagram')).getByText('Too long input!')).toBeInTheDocument();
    expect(server.writes).toHaveLength(0);
  });

  it('posts every field with the chosen categories and reports success', async () => {
    const created = { ...vss, id: 5 };
    const server = serveReference(fakeApi()).handle(({ method, url }) => (url === '/api/Federations' && method === 'POST' ? json(201, created) : undefined));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<FederationForm federation={null} onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(input('federation-name'), 'Hrvatski vaterpolski savez');
    await user.type(input('federation-nameUniversal'), 'Croatian Water Polo Federation');
    await user.type(input('federation-shortName'), 'HVS');
    await choose(user, 'federation-country', 'Hrv', 'Hrvatska');
    await choose(user, 'federation-city', 'Spl', 'Split');
    await user.type(input('federation-activeFrom'), '25.06.1991.');
    await choose(user, 'federation-categories', 'Sen', 'Seniori');
    await choose(user, 'federation-categories', 'Jun', 'Juniori');
    // A chosen category is a tag that can be removed again.
    const tags = fieldGroup('federation-categories');
    expect(within(tags).getByText('Seniori')).toBeInTheDocument();
    await user.click(within(within(tags).getByText('Seniori').closest(`.${Classes.TAG}`)!).getByRole('button'));
    expect(within(tags).queryByText('Seniori')).toBeNull();
    await user.type(input('federation-email'), 'office@hvs.hr');
    await user.type(input('federation-phone'), '+385 (1) 555');
    await user.click(screen.getByRole('checkbox', { name: 'Professional' }));
    await user.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(server.writes[0]!.body).toEqual({
      name: 'Hrvatski vaterpolski savez',
      nameUniversal: 'Croatian Water Polo Federation',
      shortName: 'HVS',
      description: null,
      president: null,
      secretary: null,
      countryId: 2,
      cityId: 20,
      activeFrom: '1991-06-25',
      activeTo: null,
      categories: [2],
      address: null,
      phone: '+385 (1) 555',
      web: null,
      email: 'office@hvs.hr',
      facebook: null,
      twitter: null,
      youtube: null,
      instagram: null,
      isPro: true,
      logo: null,
    });
    expect(showSuccess).toHaveBeenCalledWith('Federation successfully saved.');
  });

  it('edits a federation: its values, the date order rule, and the server message on failure', async () => {
    const federation = { ...vss, cityId: 10, city: { id: 10, name: 'Beograd', nameUniversal: 'Belgrade' }, categoryIds: [1], categories: [{ categoryId: 1, category: 'Seniori' }] };
    const server = serveReference(fakeApi()).handle(({ method, url }) =>
      url === '/api/Federations/1' && method === 'PUT' ? new Response('boom', { status: 502 }) : undefined,
    );
    const user = userEvent.setup();
    render(<FederationForm federation={federation} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('federation-name')).toHaveValue('Vaterpolo savez Srbije');
    expect(input('federation-activeFrom')).toHaveValue('12.05.1990.');
    await waitFor(() => expect(input('federation-city')).toHaveValue('Beograd'));
    await waitFor(() => expect(within(fieldGroup('federation-categories')).getByText('Seniori')).toBeInTheDocument());
    expect(saveButton()).toBeDisabled();
    await user.type(input('federation-activeTo'), '01.01.1980.');
    expect(within(fieldGroup('federation-activeTo')).getByText('Active to must not be before active from.')).toBeInTheDocument();
    await user.clear(input('federation-activeTo'));
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('An unexpected server error occurred.'));
    expect(server.writes[0]!.url).toBe('/api/Federations/1');
    expect(server.writes[0]!.body).toMatchObject({ categories: [1], cityId: 10, activeTo: null });
  });
});
