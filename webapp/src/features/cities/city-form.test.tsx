import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { CityForm } from '@/features/cities/city-form';
import { showError, showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';
import { failure, type FakeApi, fakeApi, held, json } from '@/test/fake-api';
import { fieldGroup, saveButton } from '@/test/dom';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const serbia: Schemas['Country'] = { id: 1, name: 'Srbija', nameUniversal: 'Serbia', code: 'RS' };
const croatia: Schemas['Country'] = { id: 2, name: 'Croatia', nameUniversal: 'Hrvatska', code: 'CRO' };
const noviSad: Schemas['City'] = { id: 7, name: 'Novi Sad', nameUniversal: 'Novi Sad', countryId: 1, country: serbia };

let api: FakeApi;

beforeEach(() => {
  lookups.countries = [serbia, croatia];
  lookups.countriesStatus = 'loaded';
  api = fakeApi();
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('CityForm', () => {
  it('keeps Save disabled until the form is changed', async () => {
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.type(document.getElementById('city-name')!, 'N');
    expect(saveButton()).toBeEnabled();
  });

  it('keeps Save disabled on an existing city until a field changes', async () => {
    const user = userEvent.setup();
    render(<CityForm city={noviSad} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(document.getElementById('city-name')).toHaveValue('Novi Sad');
    expect(document.getElementById('city-country')).toHaveValue('Srbija');
    expect(saveButton()).toBeDisabled();
    await user.type(document.getElementById('city-name-universal')!, ' (NS)');
    expect(saveButton()).toBeEnabled();
  });

  it('shows the rule messages at each field and sends nothing while they fail', async () => {
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const name = document.getElementById('city-name')!;
    await user.type(name, 'x');
    await user.clear(name);
    expect(within(fieldGroup('city-name')).getByText('Required field')).toBeInTheDocument();
    expect(within(fieldGroup('city-name-universal')).queryByText('Required field')).toBeNull();

    await user.click(saveButton());
    expect(within(fieldGroup('city-name-universal')).getByText('Required field')).toBeInTheDocument();
    expect(within(fieldGroup('city-country')).getByText('Country is required!')).toBeInTheDocument();

    await user.click(name);
    await user.paste('a'.repeat(201));
    expect(within(fieldGroup('city-name')).getByText('Maximum 200 characters')).toBeInTheDocument();
    expect(api.writes).toHaveLength(0);
  });

  it('says so when no country matches', async () => {
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-country')!, 'zzz');
    expect(await screen.findByText('There are no selectable options.')).toBeInTheDocument();
  });

  it('posts exactly the three fields, shows Saving meanwhile, and reports success', async () => {
    const saved = held();
    api.on('POST', '/api/Cities', () => saved.reply);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-name')!, 'Sombor ');
    await user.type(document.getElementById('city-name-universal')!, 'Sombor');
    await user.type(document.getElementById('city-country')!, 'serb');
    await user.click(await screen.findByText('Srbija'));
    await user.click(saveButton());

    expect(saveButton()).toHaveTextContent('Saving');
    expect(saveButton()).toBeDisabled();
    expect(api.writes).toEqual([{ method: 'POST', url: '/api/Cities', body: { name: 'Sombor', nameUniversal: 'Sombor', countryId: 1 } }]);

    const created = { id: 99, name: 'Sombor', nameUniversal: 'Sombor', countryId: 1, country: serbia };
    saved.send(json(201, created));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(showSuccess).toHaveBeenCalledWith('City successfully saved.');
  });

  it("puts the server's field errors at the fields and toasts its message", async () => {
    api.on('PUT', '/api/Cities/{id}', () => failure(400, 'Validation failed.', { nameUniversal: ['Maximum 200 characters'] }));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<CityForm city={noviSad} onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-name')!, 'x');
    await user.click(saveButton());

    expect(await within(fieldGroup('city-name-universal')).findByText('Maximum 200 characters')).toBeInTheDocument();
    expect(api.writes[0]!.url).toBe('/api/Cities/7');
    expect(showError).toHaveBeenCalledWith('Validation failed.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('reports an unexpected status with the generic message', async () => {
    api.on('PUT', '/api/Cities/{id}', () => new Response('boom', { status: 502 }));
    const user = userEvent.setup();
    render(<CityForm city={noviSad} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-name')!, 'x');
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('An unexpected server error occurred.'));
  });
});
